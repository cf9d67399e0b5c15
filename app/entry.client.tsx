import { RemixBrowser } from '@remix-run/react'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { loadClientMessages } from './locales/client'
import { guardDataRequests } from './utils/data-fetch-guard'
import { registerI18n, setFallbackLocale } from './utils/i18n'
import { isLocale, DEFAULT_LOCALE } from './utils/locales'

guardDataRequests(window)

// The page's language is the one the server rendered it in (<html lang>): its catalogs load
// first (one hashed, immutable file per language), so the first render matches the server's.
const lang = document.documentElement.lang
const locale = isLocale(lang) ? lang : DEFAULT_LOCALE

void loadClientMessages(locale).then((messages) => {
	registerI18n(locale, messages)
	setFallbackLocale(() => locale)
	startTransition(() => {
		hydrateRoot(
			document,
			<StrictMode>
				<RemixBrowser />
			</StrictMode>,
		)
	})
})
