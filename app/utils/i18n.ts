/**
 * The door every string a person reads goes through (docs/decisions/032-i18n-lingui.md).
 *
 * One Lingui instance per language, made once and never switched: requests render side by side
 * on the server, and an instance that never changes its language is safe to share. The server
 * registers all six with every catalog (`i18n.server.ts`); the browser registers the one its page
 * was rendered in (`entry.client.tsx`, before hydrating). Components read theirs from
 * `<I18nProvider>` (`useLingui()`); code without React (meta functions, actions, the mailer)
 * asks `i18nFor(locale)`.
 */
import { setupI18n, type I18n, type MessageDescriptor, type Messages } from '@lingui/core'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales'

const instances = new Map<Locale, I18n>()

/** Makes (or replaces) the instance of `locale` with these compiled messages. */
export function registerI18n(locale: Locale, messages: Messages): I18n {
	const i18n = setupI18n({ locale, messages: { [locale]: messages } })
	instances.set(locale, i18n)
	return i18n
}

/** Whether this side has the catalogs of a language (the browser has its page's only). */
export const hasI18n = (locale: Locale) => instances.has(locale)

/** The instance of a language; English (then an empty English) when it is not loaded here. */
export function i18nFor(locale: string | null | undefined): I18n {
	const wanted = isLocale(locale) ? locale : DEFAULT_LOCALE
	return (
		instances.get(wanted) ??
		instances.get(DEFAULT_LOCALE) ??
		instances.values().next().value ??
		(unloaded ??= setupI18n({ locale: DEFAULT_LOCALE, messages: { [DEFAULT_LOCALE]: {} } }))
	)
}

/** What answers before any catalog is loaded (never registered: `hasI18n` stays honest). */
let unloaded: I18n | undefined

/**
 * A message a person reads that was made away from the page: a descriptor (translated with its
 * values) or a plain English string from code that predates the catalogs or passes SPEC.md's
 * wording along (an API error, a form error). A string is translated when the catalogs hold it
 * (its id is the hash of its English text, as the macros make it) and shown as it is otherwise:
 * an owner's own words, a message with details in it.
 */
export type Translatable = string | (MessageDescriptor & { values?: Record<string, unknown> })

export function translate(i18n: I18n, message: Translatable): string {
	if (typeof message !== 'string') {
		// A value may itself be a message ('{entry} was cut to {max} characters', where the entry
		// is 'Work entry “{name}”'): translated first, in the same language.
		const values = message.values
			? Object.fromEntries(
					Object.entries(message.values).map(([key, value]) => [
						key,
						isDescriptor(value) ? translate(i18n, value) : value,
					]),
				)
			: undefined
		return i18n._(values ? { ...message, values } : message)
	}
	const id = generateMessageId(message)
	return i18n.messages[id] === undefined ? message : i18n._(id)
}

const isDescriptor = (value: unknown): value is MessageDescriptor =>
	typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string'

/** A message in English, on the server (where no page's language applies: a log, the CLI). */
export function inEnglish(message: Translatable): string {
	return translate(i18nFor(DEFAULT_LOCALE), message)
}

/** A descriptor with the values its placeholders take. */
export const withValues = (
	descriptor: MessageDescriptor,
	values: Record<string, unknown>,
): Translatable => ({ ...descriptor, values })

let fallbackLocale: () => Locale = () => DEFAULT_LOCALE

/**
 * The language of a page no loader answered (an address no route knows): on the server the
 * request's (`?lang=`, the cookie, the browser's: app/utils/i18n.server.ts), in the browser the
 * one its document was rendered in (app/entry.client.tsx), so both render the same.
 */
export function setFallbackLocale(fallback: () => Locale) {
	fallbackLocale = fallback
}

/**
 * The language of the page being rendered: the deepest route whose data names one (a visitor's
 * page: its owner's; the builder: the owner's own), else the root's (the request's), else the
 * fallback's. Used by the document (`<html lang dir>`, the provider) and by meta functions.
 */
export function localeOfMatches(matches: ReadonlyArray<{ data?: unknown } | undefined>): Locale {
	for (let i = matches.length - 1; i >= 0; i--) {
		const locale = (matches[i]?.data as { locale?: unknown } | null | undefined)?.locale
		if (isLocale(locale)) return locale
	}
	return fallbackLocale()
}

/** The instance for a meta function: `metaI18n(matches)._(msg\`…\`)`. */
export const metaI18n = (matches: ReadonlyArray<{ data?: unknown } | undefined>) =>
	i18nFor(localeOfMatches(matches))
