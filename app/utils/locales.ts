/**
 * The languages Tagg speaks (ARCHITECTURE.md, "Languages"): English in SPEC.md's wording is the
 * default; Arabic is written right to left. Which one a request gets: the owner's choice for
 * their public pages; for the builder and the signed-out pages `?lang=`, then the owner's own
 * setting, then the browser's `Accept-Language`, then English.
 */
export const LOCALES = ['en', 'es', 'fr', 'de', 'pt-BR', 'ar'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

/** Each language by its own name, as a switcher lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
	en: 'English',
	es: 'Español',
	fr: 'Français',
	de: 'Deutsch',
	'pt-BR': 'Português (Brasil)',
	ar: 'العربية',
}

export function isLocale(value: unknown): value is Locale {
	return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
	return locale === 'ar' ? 'rtl' : 'ltr'
}

/**
 * The supported language a tag stands for: exact (`pt-BR`), else by its primary language
 * (`pt-PT` and `pt` → `pt-BR`, `es-MX` → `es`, `ar-EG` → `ar`), case-insensitive; null otherwise.
 */
export function matchLocale(tag: string): Locale | null {
	const wanted = tag.trim().toLowerCase()
	if (!wanted || wanted.length > 35) return null
	const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted)
	if (exact) return exact
	const primary = wanted.split(/[-_]/)[0]
	return LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === primary) ?? null
}

/**
 * The best supported language of an `Accept-Language` header (RFC 9110 §12.5.4: quality values,
 * `*` ignored, ties kept in header order), or null. At most 20 entries are read.
 */
export function negotiateLocale(header: string | null | undefined): Locale | null {
	if (!header) return null
	const ranges = header
		.slice(0, 1000)
		.split(',')
		.slice(0, 20)
		.map((part, index) => {
			const [tag = '', ...params] = part.split(';')
			const q = params
				.map((param) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param)?.[1])
				.find((value) => value !== undefined)
			return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index }
		})
		.filter((range) => range.tag && range.tag !== '*' && range.q > 0)
		.sort((a, b) => b.q - a.q || a.index - b.index)
	for (const range of ranges) {
		const locale = matchLocale(range.tag)
		if (locale) return locale
	}
	return null
}

/**
 * The language of a builder or signed-out page: `?lang=` (the switcher, no script needed), then
 * the owner's own setting, then the browser's, then English.
 */
export function pickUiLocale({
	query,
	ownerSetting,
	acceptLanguage,
}: {
	query?: string | null
	ownerSetting?: string | null
	acceptLanguage?: string | null
}): Locale {
	if (query) {
		const chosen = matchLocale(query)
		if (chosen) return chosen
	}
	if (isLocale(ownerSetting)) return ownerSetting
	return negotiateLocale(acceptLanguage) ?? DEFAULT_LOCALE
}
