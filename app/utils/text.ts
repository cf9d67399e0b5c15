/**
 * Small pure text rules of the profile and portfolio pages (SPEC 2, 3, 4, 5). No Node-only
 * imports: used by the client components and the server loaders and actions alike.
 */
import { type I18n } from '@lingui/core'
import { msg } from '~/utils/i18n-macro'

const ELLIPSIS = '...'

let segmenter: Intl.Segmenter | undefined

/**
 * The characters of a text as a reader sees them (grapheme clusters): an emoji, a flag, a
 * family or a letter with its accents is one character, never split.
 */
export function graphemes(text: string): string[] {
	segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })
	return Array.from(segmenter.segment(text), (part) => part.segment)
}

/**
 * `text` unchanged when at most `max` characters long, else its first `cut` characters + '...'.
 * Characters are grapheme clusters ({@link graphemes}), so a cut never splits one.
 */
export function truncate(text: string, max: number, cut = max): string {
	// Every grapheme holds at least one UTF-16 unit: a short text needs no segmenting.
	if (text.length <= max) return text
	const parts = graphemes(text)
	return parts.length <= max ? text : parts.slice(0, cut).join('') + ELLIPSIS
}

/** `name` unchanged when at most `max` characters long, else its first `cut` characters + '...'. */
export function shortenName(name: string, max: number, cut = max): string {
	return truncate(name, max, cut)
}

/** A project name on the profile's portfolio carousel: shortened when longer than 30. */
export function profileCardName(name: string): string {
	return shortenName(name, 30)
}

/** A project name on the portfolio list page: shortened when longer than 32, cut at 30. */
export function listCardName(name: string): string {
	return shortenName(name, 32, 30)
}

/** A card teaser: the first summary paragraph, cut at 92 characters + '...'; '' when none. */
export function teaser(summary: readonly string[]): string {
	return truncate(summary[0] ?? '', 92)
}

/** What a social button does with its value. */
export type SocialHref =
	{ kind: 'url'; href: string } | { kind: 'tel'; href: string } | { kind: 'none' }

/**
 * A phone number as a social value: 7 to 15 ASCII digits with an optional leading plus, after
 * trimming. Internal spaces, dashes or brackets are not allowed.
 */
export const PHONE_PATTERN = /^\+?\d{7,15}$/

/**
 * What no address may hold: characters a reader cannot see (every default-ignorable code point:
 * zero-width spaces and joiners, the soft hyphen, word joiner, byte order mark, bidirectional
 * controls, variation selectors), control characters, and whitespace. A URL parser drops most of
 * them (`https://exa\u200Bmple.com` opens example.com; tabs and line breaks vanish anywhere), so
 * the address a visitor reads would not be the one their browser opens. Every URL field checks
 * its (trimmed) value with {@link urlHasHiddenCharacters}.
 */
const HIDDEN_IN_URL = /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{White_Space}]/u

/** Whether `url` holds a character no address may hold (see HIDDEN_IN_URL). */
export const urlHasHiddenCharacters = (url: string) => HIDDEN_IN_URL.test(url)

function parseHttpUrl(value: string): URL | null {
	const trimmed = value.trim()
	if (urlHasHiddenCharacters(trimmed)) return null
	try {
		const url = new URL(trimmed)
		return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
	} catch {
		return null
	}
}

/**
 * True when `value` (trimmed) parses as an absolute URL whose protocol is http: or https:, and
 * holds no hidden character ({@link urlHasHiddenCharacters}).
 */
export function isSafeHttpUrl(value: string): boolean {
	return typeof value === 'string' && parseHttpUrl(value) !== null
}

/**
 * What a social button click does (SPEC 2): an http or https URL opens (`href` is the parsed,
 * normalised URL); 7 to 15 digits with an optional leading plus call `tel:` + the number as
 * typed (no plus is added); anything else (javascript:, data:, mailto:, text) does nothing.
 */
export function socialHref(value: string | null | undefined): SocialHref {
	if (typeof value !== 'string') return { kind: 'none' }
	const trimmed = value.trim()
	if (!trimmed) return { kind: 'none' }
	if (PHONE_PATTERN.test(trimmed)) return { kind: 'tel', href: `tel:${trimmed}` }
	const url = parseHttpUrl(trimmed)
	return url ? { kind: 'url', href: url.href } : { kind: 'none' }
}

/** A host name with a dot (`www.dana.design`, `linkedin.com`), an optional port, then a path. */
const BARE_DOMAIN =
	/^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}[\p{L}\p{N}-]*(?::\d{1,5})?(?:[/?#]|$)/u

/**
 * A link typed without its scheme gets `https://` (`linkedin.com/in/x`, `www.dana.design`);
 * anything else (a full URL, `javascript:`, text) is returned trimmed and unchanged.
 */
export function withHttps(value: string): string {
	const trimmed = value.trim()
	return BARE_DOMAIN.test(trimmed) ? `https://${trimmed}` : trimmed
}

/** A social or contact input as stored: a trimmed string, or null when empty or not a string. */
export function normaliseLinkInput(value: unknown): string | null {
	if (typeof value !== 'string') return null
	const trimmed = value.trim()
	return trimmed ? trimmed : null
}

const MONTH_ABBR = [
	'Jan',
	'Feb',
	'Mar',
	'Apr',
	'May',
	'Jun',
	'Jul',
	'Aug',
	'Sep',
	'Oct',
	'Nov',
	'Dec',
] as const

const MONTH_NAMES = [
	'january',
	'february',
	'march',
	'april',
	'may',
	'june',
	'july',
	'august',
	'september',
	'october',
	'november',
	'december',
] as const

/** Lower-cased month words ('jan', 'january', 'sept') to month numbers 1..12. */
const MONTH_WORDS: ReadonlyMap<string, number> = new Map([
	...MONTH_ABBR.map((m, i) => [m.toLowerCase(), i + 1] as const),
	...MONTH_NAMES.map((m, i) => [m, i + 1] as const),
	['sept', 9],
])

const MIN_YEAR = 1900
const MAX_YEAR = 2100

/** The stored value of an ongoing work entry's end date. */
export const ONGOING = 'Ongoing'

function daysInMonth(year: number, month: number): number {
	return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function monthDate(year: number, month: number): string {
	if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12) return ''
	return `${year}-${String(month).padStart(2, '0')}-01`
}

/**
 * A work date as stored (SPEC 5): 'Jan 2020', 'jan 2020', 'January 2020' or 'Sept 2020' (a dot
 * after the month is allowed), 'YYYY-MM' and 'YYYY-MM-DD' (a real day of that month) all give
 * 'YYYY-MM-01'; 'Ongoing' in any case gives 'Ongoing'; anything else, or a year outside
 * 1900..2100, gives ''.
 */
export function toMonthDate(input: string | null | undefined): string {
	if (typeof input !== 'string') return ''
	const value = input.trim()
	if (!value) return ''
	if (isOngoing(value)) return ONGOING

	const worded = /^([A-Za-z]+)\.?\s+(\d{4})$/.exec(value)
	if (worded) {
		const month = MONTH_WORDS.get(worded[1]!.toLowerCase())
		return month ? monthDate(Number(worded[2]), month) : ''
	}

	const iso = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(value)
	if (iso) {
		const year = Number(iso[1])
		const month = Number(iso[2])
		const result = monthDate(year, month)
		if (!result) return ''
		if (iso[3] !== undefined) {
			const day = Number(iso[3])
			if (day < 1 || day > daysInMonth(year, month)) return ''
		}
		return result
	}
	return ''
}

/** True when a work end date is 'Ongoing' in any case (surrounding spaces ignored). */
export function isOngoing(value: string | null | undefined): boolean {
	return typeof value === 'string' && value.trim().toLowerCase() === 'ongoing'
}

/**
 * A work date for display: 'YYYY-MM-01' (or any input {@link toMonthDate} accepts) gives
 * 'Jan 2020', 'Ongoing' gives 'Present', anything else ''.
 */
const PRESENT = msg`Present`

/**
 * A stored work date for display: 'Jan 2020', 'Present' for 'Ongoing'. With the page's `i18n`
 * the month is named in its language (`Intl`: 'ene 2020', 'janv. 2020', 'يناير 2020').
 */
export function formatMonth(value: string | null | undefined, i18n?: I18n): string {
	const date = toMonthDate(value)
	if (!date) return ''
	if (date === ONGOING) return i18n ? i18n._(PRESENT) : PRESENT.message
	const monthIndex = Number(date.slice(5, 7)) - 1
	const month = MONTH_ABBR[monthIndex]
	if (!month) return ''
	if (!i18n) return `${month} ${date.slice(0, 4)}`
	return i18n.date(new Date(Date.UTC(Number(date.slice(0, 4)), monthIndex, 1)), {
		month: 'short',
		year: 'numeric',
		timeZone: 'UTC',
	})
}

/** A work entry's period for display: 'Jan 2020 – Present', 'Mar 2018 – Jan 2020', or one end. */
export const workPeriod = (
	start: string | null | undefined,
	end: string | null | undefined,
	i18n?: I18n,
) => [formatMonth(start, i18n), formatMonth(end, i18n)].filter(Boolean).join(' – ')

/** A list field edited one item per line: one trimmed item per line, empty lines dropped. */
export function splitLines(text: string): string[] {
	if (typeof text !== 'string') return []
	return text
		.split(/\r\n|\r|\n/)
		.map((line) => line.trim())
		.filter((line) => line !== '')
}

/**
 * The bio edited as one text: paragraphs are separated by one or more blank (or whitespace-only)
 * lines. Line endings are normalised to '\n'; single newlines inside a paragraph are kept; each
 * paragraph is trimmed and empty ones are dropped.
 */
export function splitParagraphs(text: string): string[] {
	if (typeof text !== 'string') return []
	return text
		.replace(/\r\n?/g, '\n')
		.split(/\n[^\S\n]*\n\s*/)
		.map((p) => p.trim())
		.filter((p) => p !== '')
}

/** The bio's paragraphs as one editable text: trimmed, empty ones dropped, blank line between. */
export function joinParagraphs(p: readonly string[]): string {
	return p
		.map((para) => para.replace(/\r\n?/g, '\n').trim())
		.filter((para) => para !== '')
		.join('\n\n')
}

function initial(part: string | null | undefined, fallback: string): string {
	const first = typeof part === 'string' ? Array.from(part.trim())[0] : undefined
	if (!first) return fallback
	const upper = first.toUpperCase()
	// 'ß'.toUpperCase() is 'SS': keep one character per name part.
	return Array.from(upper).length === 1 ? upper : first
}

/**
 * The profile header's initials: the first letter of each name part, upper-cased; a missing or
 * blank first name gives 'T' and a missing or blank last name gives 'M' (so no name gives 'TM').
 */
export function initials(firstName?: string | null, lastName?: string | null): string {
	return initial(firstName, 'T') + initial(lastName, 'M')
}

/** The five resume lists as read from the server; a missing list counts as empty. */
export type ResumeLists = {
	workExp?: readonly unknown[] | null
	education?: readonly unknown[] | null
	skills?: readonly unknown[] | null
	certificates?: readonly unknown[] | null
	achievements?: readonly unknown[] | null
}

/** Which resume blocks a visitor sees. */
export type ResumeVisibility = {
	showResume: boolean
	workExp: boolean
	education: boolean
	skills: boolean
	certificates: boolean
	achievements: boolean
}

function hasContent(list: readonly unknown[] | null | undefined): boolean {
	if (!Array.isArray(list)) return false
	return list.some(
		(item) => item !== null && item !== undefined && !(typeof item === 'string' && !item.trim()),
	)
}

/**
 * Resume visibility for visitors (SPEC 2): each list shows only when it has content (an item
 * that is not null, undefined or a blank string), and the whole resume only when all five do.
 * The owner in builder mode sees every block regardless.
 */
export function resumeVisibility(resume: ResumeLists): ResumeVisibility {
	const workExp = hasContent(resume.workExp)
	const education = hasContent(resume.education)
	const skills = hasContent(resume.skills)
	const certificates = hasContent(resume.certificates)
	const achievements = hasContent(resume.achievements)
	return {
		showResume: workExp && education && skills && certificates && achievements,
		workExp,
		education,
		skills,
		certificates,
		achievements,
	}
}

/** A skill rating in half steps (1..10) as a rating 0.5..5; anything else gives null. */
export function halvesToRating(h: number): number | null {
	return Number.isInteger(h) && h >= 1 && h <= 10 ? h / 2 : null
}

/**
 * A number typed as plain decimal digits ('4', '4.5', '.5', '-2'; spaces around are ignored), or
 * null. Unlike Number(), hexadecimal, binary, octal, exponents, 'Infinity' and '' are refused.
 */
export function parseDecimal(text: string): number | null {
	const value = text.trim()
	return /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/.test(value) ? Number(value) : null
}

/** A whole number typed as decimal digits only ('2021'), or null ('2e3', '0x7E5', '20.0'...). */
export function parseWholeNumber(text: string): number | null {
	const value = text.trim()
	return /^[+-]?\d{1,15}$/.test(value) ? Number(value) : null
}

/**
 * The one date-order rule of the resume (work dates 'YYYY-MM-01', education years): true when
 * both ends are known and the end comes before the start. The same month or year is fine.
 */
export function endsBeforeStart<T extends string | number>(
	start: T | null | undefined,
	end: T | null | undefined,
): boolean {
	if (start === null || start === undefined || start === '') return false
	if (end === null || end === undefined || end === '') return false
	return end < start
}

/** English strings (zod passes them along), translated where shown (`translate(i18n, message)`). */
export const DATE_ORDER_MESSAGES = {
	work: msg`The end date cannot be before the start date`.message,
	education: msg`The end year cannot be before the start year`.message,
} as const

/**
 * A skill rating (0.5..5 in 0.5 steps; a number or decimal text such as a form value) as half
 * steps 1..10; anything else (including '0x5', '2e0' or '') gives null.
 */
export function ratingToHalves(r: number | string | null | undefined): number | null {
	let n: number
	if (typeof r === 'number') n = r
	else if (typeof r === 'string') n = parseDecimal(r) ?? Number.NaN
	else return null
	const halves = n * 2
	return Number.isInteger(halves) && halves >= 1 && halves <= 10 ? halves : null
}

const RATING = msg`{rating} of 5`

/**
 * A rating in half steps (1..10) as read out, e.g. 7 gives '3.5 of 5' (with the page's `i18n`:
 * '3,5 de 5', '3,5 von 5', '3.5 من 5'); invalid gives ''.
 */
export function ratingLabel(halves: number, i18n?: I18n): string {
	const rating = halvesToRating(halves)
	if (rating === null) return ''
	if (!i18n) return `${rating} of 5`
	return i18n._(RATING.id, { rating: i18n.number(rating) }, { message: RATING.message })
}

/**
 * An owner's place as one line ("Lisbon, Portugal"): a place written in Arabic script takes the
 * Arabic comma ("الرياض، السعودية"), whatever the page's language; empty parts are left out.
 */
export function placeName(city: string | null | undefined, country: string | null | undefined) {
	const parts = [city, country].filter((part): part is string => Boolean(part?.trim()))
	return parts.join(placeSeparator(parts[0] ?? ''))
}

/** What joins a place's parts after `first`: the Arabic comma after Arabic script. */
export function placeSeparator(first: string) {
	return /^[^\p{L}]*\p{Script=Arabic}/u.test(first) ? '، ' : ', '
}
