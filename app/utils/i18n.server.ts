/**
 * The server's languages: every catalog of every language, registered once at start-up
 * (app/utils/i18n.ts). Imported by entry.server.tsx and by the code tsx runs (the mailer), so
 * `i18nFor(locale)` answers in any language there.
 */
import { MESSAGES } from '~/locales/index.server'
import { i18nFor, registerI18n, setFallbackLocale } from './i18n'
import { currentLocale, requestLocale } from './locale.server'
import { LOCALES, type Locale } from './locales'

for (const locale of LOCALES) registerI18n(locale, MESSAGES[locale])
// A page no loader answered (a 404 of an unknown address) speaks the request's language.
setFallbackLocale(currentLocale)

/** The instance of a language on the server (every catalog loaded). */
export const serverI18n = (locale: Locale | string | null | undefined) => i18nFor(locale)

/**
 * The instance for an action or a loader of the builder or a signed-out page: `?lang=`, the
 * owner's own setting when given, the cookie, then the browser's language.
 */
export const requestI18n = (request: Request, ownerSetting?: string | null) =>
	serverI18n(requestLocale(request, ownerSetting))
