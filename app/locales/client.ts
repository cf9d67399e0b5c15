/**
 * The catalogs a browser may render, one chunk per language (written by `npm run i18n` as
 * app/locales/{locale}/client.ts), loaded by entry.client.tsx before it hydrates.
 */
import { type Messages } from '@lingui/core'
import { type Locale } from '~/utils/locales'

const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
	en: () => import('./en/client'),
	es: () => import('./es/client'),
	fr: () => import('./fr/client'),
	de: () => import('./de/client'),
	'pt-BR': () => import('./pt-BR/client'),
	ar: () => import('./ar/client'),
}

export async function loadClientMessages(locale: Locale): Promise<Messages> {
	return (await loaders[locale]()).messages
}
