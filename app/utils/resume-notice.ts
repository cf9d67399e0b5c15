/**
 * Whether visitors see the owner's resume, in the owner's words. SPEC.md's rule stays: the whole
 * resume shows only when all five lists have content (./text.ts `resumeVisibility`); the builder
 * says so, naming the empty lists, wherever a list is edited or imported
 * (docs/decisions/030-owner-is-told-and-heard.md).
 */
import { resumeVisibility, type ResumeLists } from './text'

/** The five lists, in the resume's order, by the names the builder shows. */
export const RESUME_LIST_TITLES = {
	workExp: 'Work Experience',
	education: 'Education',
	skills: 'Skills',
	certificates: 'Certificates',
	achievements: 'Achievements',
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

export const RESUME_PUBLIC = 'Your resume is public: visitors see all five lists'

/**
 * What the builder says about the resume: public, or hidden until the named lists have an entry
 * ('Your resume is hidden from visitors until Certificates has an entry').
 */
export function resumeNotice(resume: ResumeLists): { hidden: boolean; text: string } {
	const empty = emptyResumeLists(resume)
	if (!empty.length) return { hidden: false, text: RESUME_PUBLIC }
	return { hidden: true, text: hiddenUntil(empty) }
}

export function hiddenUntil(empty: readonly ResumeListKey[]) {
	const names = empty.map((key) => RESUME_LIST_TITLES[key])
	return `Your resume is hidden from visitors until ${joinNames(names)} ${names.length === 1 ? 'has' : 'have'} an entry`
}

/**
 * Whether emptying `list` would hide a resume visitors see now (each other list has content):
 * then removing its last entry asks first.
 */
export function emptyingHidesResume(resume: ResumeLists, list: ResumeListKey) {
	return emptyResumeLists(resume).every((key) => key === list)
}
