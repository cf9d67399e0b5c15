/**
 * Which language a request is answered in, on the server (app/utils/locales.ts has the rules that
 * need no request). Visitors' pages speak their owner's language (their loaders say so); the
 * builder, the signed-out pages and the API's messages follow `?lang=` (the switcher, kept in a
 * cookie), then the owner's own setting, then the cookie, then `Accept-Language`, then English.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { parse, serialize } from 'cookie'
import { env } from './env.server'
import { isLocale, matchLocale, negotiateLocale, DEFAULT_LOCALE, type Locale } from './locales'

export const LANG_COOKIE = 'tagg_lang'
const YEAR = 365 * 24 * 60 * 60

/** The language `?lang=` asks for, when it names one of ours. */
export function queryLocale(request: Request): Locale | null {
	const wanted = new URL(request.url).searchParams.get('lang')
	return wanted ? matchLocale(wanted) : null
}

export function cookieLocale(request: Request): Locale | null {
	const value = parse(request.headers.get('cookie') ?? '')[LANG_COOKIE]
	return isLocale(value) ? value : null
}

/**
 * The language a request asks for itself (`?lang=`, the switcher's cookie, Accept-Language), or
 * null when it names none of ours: what a sign-up keeps for the owner's emails.
 */
export function askedLocale(request: Request): Locale | null {
	return (
		queryLocale(request) ??
		cookieLocale(request) ??
		negotiateLocale(request.headers.get('accept-language'))
	)
}

/** The language of a builder or signed-out page, or of an API message. */
export function requestLocale(request: Request, ownerSetting?: string | null): Locale {
	return localeOf({
		query: new URL(request.url).searchParams.get('lang'),
		ownerSetting,
		cookie: request.headers.get('cookie'),
		acceptLanguage: request.headers.get('accept-language'),
	})
}

/** The same from the parts of a request (the HTTP server's, before Remix). */
export function localeOf(parts: {
	query?: string | null
	ownerSetting?: string | null
	cookie?: string | null
	acceptLanguage?: string | null
}): Locale {
	const cookie = parse(parts.cookie ?? '')[LANG_COOKIE]
	return (
		(parts.query ? matchLocale(parts.query) : null) ??
		(isLocale(parts.ownerSetting) ? parts.ownerSetting : null) ??
		(isLocale(cookie) ? cookie : null) ??
		negotiateLocale(parts.acceptLanguage) ??
		DEFAULT_LOCALE
	)
}

/** The cookie that keeps a language chosen with the switcher or in Settings. */
export function langCookie(locale: Locale) {
	return serialize(LANG_COOKIE, locale, {
		path: '/',
		maxAge: YEAR,
		sameSite: 'lax',
		httpOnly: true,
		secure: new URL(env().PUBLIC_SITE_URL).protocol === 'https:',
	})
}

/**
 * The language of the request being answered, for code far from it (the API's error envelope):
 * set by the HTTP server for each request (server/app.ts); English outside a request.
 */
// One store for the server's own modules and the Remix build's copy of this one.
const KEY = Symbol.for('tagg.request-locale')
const globals = globalThis as { [KEY]?: AsyncLocalStorage<Locale> }
const current = (globals[KEY] ??= new AsyncLocalStorage<Locale>())

export const runInLocale = <T>(locale: Locale, fn: () => T): T => current.run(locale, fn)
export const currentLocale = (): Locale => current.getStore() ?? DEFAULT_LOCALE
