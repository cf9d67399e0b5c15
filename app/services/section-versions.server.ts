/**
 * The builder's sections and the data each one edits. A section's version (sent to the page with
 * its data, echoed by the editor as a hidden `version`) changes only when that section's data
 * changes: a save from a stale tab is refused (412) without false alarms from other sections.
 */
import { type PortfolioItem } from '~/models/portfolio.server'
import { type ProfileData } from '~/models/profile.server'
import { type Resume } from '~/models/resume.server'
import { versionOf } from '~/utils/etag.server'
import { type PortfolioSection } from '~/utils/portfolio-schemas'

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
	head: (item: PortfolioItem) => ({
		productName: item.productName,
		company: item.company,
		role: item.role,
		projectSummary: item.projectSummary,
		duration: item.duration,
		industries: item.industries,
		categories: item.categories,
	}),
	skills: (item: PortfolioItem) => item.skills,
	challenges: (item: PortfolioItem) => item.challenges,
	solutions: (item: PortfolioItem) => item.solution,
	result: (item: PortfolioItem) => item.results,
} as const satisfies Record<PortfolioSection, (item: PortfolioItem) => unknown>

export type ProfileSection = keyof typeof PROFILE_SECTIONS | keyof typeof RESUME_SECTIONS

/** The version of every section of the profile page. */
export function profileVersions(profile: ProfileData, resume: Resume) {
	const versions = {} as Record<ProfileSection, string>
	for (const [section, read] of Object.entries(PROFILE_SECTIONS)) {
		versions[section as ProfileSection] = versionOf(read(profile))
	}
	for (const [section, read] of Object.entries(RESUME_SECTIONS)) {
		versions[section as ProfileSection] = versionOf(read(resume))
	}
	return versions
}

/** The version of every section of a project. */
export function portfolioVersions(item: PortfolioItem) {
	const versions = {} as Record<PortfolioSection, string>
	for (const [section, read] of Object.entries(PORTFOLIO_SECTIONS_DATA)) {
		versions[section as PortfolioSection] = versionOf(read(item))
	}
	return versions
}
