/**
 * Whether visitors see the owner's resume, in the owner's words. SPEC.md's rule stays: the whole
 * resume shows only when all five lists have content (./text.ts `resumeVisibility`); the builder
 * says so, naming the empty lists, wherever a list is edited or imported
 * (docs/decisions/030-owner-is-told-and-heard.md).
 */
import { type I18n } from '@lingui/core'
import { msg } from '~/utils/i18n-macro'
import { resumeVisibility, type ResumeLists } from './text'

const TITLES = {
	workExp: msg`Work Experience`,
	education: msg`Education`,
	skills: msg`Skills`,
	certificates: msg`Certificates`,
	achievements: msg`Achievements`,
} as const
/**
 * The five lists, in the resume's order, by the names the builder shows (English strings, shown
 * with `translate(i18n, title)`).
 */
export const RESUME_LIST_TITLES = {
	workExp: TITLES.workExp.message,
	education: TITLES.education.message,
	skills: TITLES.skills.message,
	certificates: TITLES.certificates.message,
	achievements: TITLES.achievements.message,
} as const
export type ResumeListKey = keyof typeof RESUME_LIST_TITLES
export const RESUME_LIST_KEYS = Object.keys(RESUME_LIST_TITLES) as ResumeListKey[]

/** The lists with no entry, in the resume's order: while any is empty, visitors see no resume. */
export function emptyResumeLists(resume: ResumeLists): ResumeListKey[] {
	const visible = resumeVisibility(resume)
	return RESUME_LIST_KEYS.filter((key) => !visible[key])
}

/** 'A', 'A and B', 'A, B and C'. */
function joinNames(names: readonly string[]) {
	if (names.length <= 1) return names.join('')
	return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

const PUBLIC = msg`Your resume is public: visitors see all five lists`
export const RESUME_PUBLIC = PUBLIC.message

const HIDDEN_UNTIL = msg`{count, plural, one {Your resume is hidden from visitors until {lists} has an entry} other {Your resume is hidden from visitors until {lists} have an entry}}`

/**
 * What the builder says about the resume: public, or hidden until the named lists have an entry
 * ('Your resume is hidden from visitors until Certificates has an entry'). With the page's
 * `i18n`, in its language; without, in English.
 */
export function resumeNotice(resume: ResumeLists, i18n?: I18n): { hidden: boolean; text: string } {
	const empty = emptyResumeLists(resume)
	if (!empty.length) return { hidden: false, text: i18n ? i18n._(PUBLIC) : RESUME_PUBLIC }
	return { hidden: true, text: hiddenUntil(empty, i18n) }
}

/**
 * 'Your resume is hidden from visitors until Education and Skills have an entry': the lists
 * named in the page's language (`i18n`) and joined as it joins them ('A, B y C', 'A وB وC').
 */
export function hiddenUntil(empty: readonly ResumeListKey[], i18n?: I18n) {
	const names = empty.map((key) => RESUME_LIST_TITLES[key])
	if (!i18n) {
		return `Your resume is hidden from visitors until ${joinNames(names)} ${names.length === 1 ? 'has' : 'have'} an entry`
	}
	// English joins as SPEC.md writes it, with no comma before 'and' (en-GB's way).
	const lists = new Intl.ListFormat(i18n.locale === 'en' ? 'en-GB' : i18n.locale, {
		type: 'conjunction',
	}).format(empty.map((key) => i18n._(TITLES[key])))
	return i18n._(HIDDEN_UNTIL.id, { count: names.length, lists }, { message: HIDDEN_UNTIL.message })
}

/**
 * Whether emptying `list` would hide a resume visitors see now (each other list has content):
 * then removing its last entry asks first.
 */
export function emptyingHidesResume(resume: ResumeLists, list: ResumeListKey) {
	return emptyResumeLists(resume).every((key) => key === list)
}
