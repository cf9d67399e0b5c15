/**
 * The builder's sections and the data each one edits. A section's version (sent to the page with
 * its data, echoed by the editor as a hidden `version`) changes only when that section's data
 * changes: a save from a stale tab is refused (412) without false alarms from other sections.
 */
import { type z } from 'zod'
import { portfolioHead, type PortfolioItem } from '~/models/portfolio.server'
import { type ProfileData } from '~/models/profile.server'
import {
	replaceAchievements,
	replaceCertificates,
	replaceEducation,
	replaceSkills,
	replaceWorkExp,
	type Resume,
} from '~/models/resume.server'
import { type Precondition, versionOf } from '~/utils/etag.server'
import { type PortfolioSection } from '~/utils/portfolio-schemas'
import {
	AchievementsListSchema,
	CertificatesListSchema,
	EducationListSchema,
	SkillsListSchema,
	WorkExpListSchema,
} from '~/utils/profile-schemas'

export const PROFILE_SECTIONS = {
	name: (profile: ProfileData) => ({
		name: profile.name,
		designation: profile.designation,
		city: profile.city,
		country: profile.country,
	}),
	tagline: (profile: ProfileData) => profile.tagline,
	social: (profile: ProfileData) => ({
		socialLinks: profile.socialLinks,
		hideEmail: profile.hideEmail,
	}),
	highlights: (profile: ProfileData) => profile.carHighlights,
	bio: (profile: ProfileData) => profile.bio,
	appearance: (profile: ProfileData) => profile.appearance,
} as const

export const RESUME_SECTIONS = {
	workexp: (resume: Resume) => resume.workExp,
	education: (resume: Resume) => resume.education,
	skills: (resume: Resume) => resume.skills,
	certificates: (resume: Resume) => resume.certificates,
	achievements: (resume: Resume) => resume.achievements,
} as const

export const PORTFOLIO_SECTIONS_DATA = {
	head: (item: PortfolioItem) => ({ ...portfolioHead(item), link: item.link }),
	skills: (item: PortfolioItem) => item.skills,
	challenges: (item: PortfolioItem) => item.challenges,
	solutions: (item: PortfolioItem) => item.solution,
	result: (item: PortfolioItem) => item.results,
} as const satisfies Record<PortfolioSection, (item: PortfolioItem) => unknown>

const resumeList = <S extends z.ZodType>(
	schema: S,
	replace: (customerId: string, body: z.output<S>, check?: Precondition<Resume>) => Promise<Resume>,
) => ({ schema, replace })

/**
 * How each resume section is saved, by the same word (the builder's intent, the /one URL's
 * section): the body that carries its whole list, and the write that replaces the list with it
 * and answers the whole resume.
 */
export const RESUME_LISTS = {
	workexp: resumeList(WorkExpListSchema, (id, body, check) =>
		replaceWorkExp(id, body.workExp, check),
	),
	education: resumeList(EducationListSchema, (id, body, check) =>
		replaceEducation(id, body.education, check),
	),
	skills: resumeList(SkillsListSchema, (id, body, check) => replaceSkills(id, body.skills, check)),
	certificates: resumeList(CertificatesListSchema, (id, body, check) =>
		replaceCertificates(id, body.certificates, check),
	),
	achievements: resumeList(AchievementsListSchema, (id, body, check) =>
		replaceAchievements(id, body.achievements, check),
	),
} as const satisfies Record<keyof typeof RESUME_SECTIONS, unknown>

export function isResumeList(name: string | undefined): name is keyof typeof RESUME_LISTS {
	return typeof name === 'string' && Object.prototype.hasOwnProperty.call(RESUME_LISTS, name)
}

export type ProfileSection = keyof typeof PROFILE_SECTIONS | keyof typeof RESUME_SECTIONS

/** The version of each of `sections`, read from `value`. */
function versionsOf<T, Section extends string>(
	sections: Record<Section, (value: T) => unknown>,
	value: T,
) {
	const versions = {} as Record<Section, string>
	for (const [section, read] of Object.entries<(value: T) => unknown>(sections)) {
		versions[section as Section] = versionOf(read(value))
	}
	return versions
}

/** The version of every section of the profile page. */
export function profileVersions(profile: ProfileData, resume: Resume) {
	return { ...versionsOf(PROFILE_SECTIONS, profile), ...versionsOf(RESUME_SECTIONS, resume) }
}

/** The version of every section of a project. */
export const portfolioVersions = (item: PortfolioItem) => versionsOf(PORTFOLIO_SECTIONS_DATA, item)
