/**
 * An owner's public page as a JSON Resume 1.0.0 document (https://jsonresume.org/schema): what
 * it holds is what a visitor of /{pname} may see, nothing more (SPEC 'Resume visibility').
 * Mapping rules: docs/decisions/012-resume-interchange.md.
 */
import { type PortfolioItem } from '~/models/portfolio.server'
import { type ProfileData } from '~/models/profile.server'
import { type Resume } from '~/models/resume.server'
import { brandIcon } from '~/data/brand-icons'
import { countryCode, NETWORKS } from '~/utils/json-resume'
import { isWebLink, profileUsername, type ShownLink } from '~/utils/links'
import { fullName } from '~/utils/seo'
import { resumeVisibility } from '~/utils/text'

export const JSON_RESUME_SCHEMA =
	'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json'

type Location = { city?: string; countryCode?: string; region?: string }
type Profile = { network: string; url: string; username?: string }

export type JsonResume = {
	$schema: string
	basics: {
		name?: string
		label?: string
		image?: string
		email?: string
		phone?: string
		url: string
		summary?: string
		location?: Location
		profiles?: Profile[]
	}
	work?: Array<{
		name?: string
		position?: string
		startDate?: string
		endDate?: string
		highlights?: string[]
	}>
	education?: Array<{
		institution?: string
		studyType?: string
		area?: string
		startDate?: string
		endDate?: string
	}>
	skills?: Array<{ name: string; level: string; keywords?: string[] }>
	certificates?: Array<{ name?: string; issuer?: string; url?: string; date?: string }>
	awards?: Array<{ title: string; date?: string; awarder?: string; summary?: string }>
	projects?: Array<{
		name?: string
		description?: string
		highlights?: string[]
		roles?: string[]
		entity?: string
		keywords?: string[]
		url: string
	}>
	meta: { canonical: string; version: string }
}

// ---------------------------------------------------------------- the document

/** 'YYYY-MM-01' as JSON Resume's 'YYYY-MM'; '' (and 'Ongoing') give undefined. */
const month = (date: string) => (/^\d{4}-\d{2}/.test(date) ? date.slice(0, 7) : undefined)
const year = (value: number | null) => (value ? String(value) : undefined)
const text = (value: string | null | undefined) => value?.trim() || undefined
const list = <T>(items: T[]) => (items.length ? items : undefined)

/** Drops the keys whose value is undefined, so the document has no empty fields. */
function compact<T extends Record<string, unknown>>(object: T): T {
	return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T
}

/**
 * The network a custom link names in `basics.profiles`: its brand's name (from its icon), else
 * its host without `www.`.
 */
function networkOf(link: ShownLink): string {
	const brand = brandIcon(link.icon)
	if (brand) return brand.title
	try {
		return new URL(link.url).hostname.replace(/^www\./, '')
	} catch {
		return link.title
	}
}

export function toJsonResume({
	profile,
	resume,
	email,
	projects,
	profileUrl,
	links = [],
}: {
	profile: ProfileData
	resume: Resume
	/** The email the public page shows, or null. */
	email: string | null
	/** The owner's active portfolio items (the ones visitors see). */
	projects: PortfolioItem[]
	profileUrl: string
	/**
	 * The owner's own links live now: the web ones join the social links in
	 * `basics.profiles` (a mail address or a phone number is no profile).
	 */
	links?: readonly ShownLink[]
}): JsonResume {
	const country = profile.country.trim()
	const code = country ? countryCode(country) : null
	const location = compact<Location>({
		city: text(profile.city),
		countryCode: code ?? undefined,
		region: country && !code ? country : undefined,
	})
	const profiles: Profile[] = NETWORKS.flatMap(([field, network]) => {
		const url = profile.socialLinks[field]
		return url ? [{ network, url }] : []
	})
	const listed = new Set(profiles.map((entry) => entry.url))
	for (const link of links) {
		if (!isWebLink(link.url) || listed.has(link.url)) continue
		listed.add(link.url)
		const username = profileUsername(link.url)
		// As a URI (JSON Resume's format): a non-ASCII path or host written out in ASCII.
		const url = new URL(link.url).href
		profiles.push({ network: networkOf(link), url, ...(username ? { username } : {}) })
	}
	const showResume = resumeVisibility(resume).showResume
	return compact({
		$schema: JSON_RESUME_SCHEMA,
		basics: compact({
			name: text(fullName(profile.name)),
			label: text(profile.designation),
			image: profile.pictureUrl ?? undefined,
			email: text(email),
			phone: text(profile.socialLinks.mobileNumber),
			url: profileUrl,
			summary: text(profile.bio.join('\n\n')),
			location: Object.keys(location).length ? location : undefined,
			profiles: list(profiles),
		}),
		work: showResume
			? resume.workExp.map((item) =>
					compact({
						name: text(item.company),
						position: text(item.role),
						startDate: month(item.startDate),
						endDate: month(item.endDate),
						highlights: list(item.experience),
					}),
				)
			: undefined,
		education: showResume
			? resume.education.map((item) =>
					compact({
						institution: text(item.eduInstitution),
						studyType: text(item.eduName),
						startDate: year(item.eduStartYear),
						endDate: year(item.endDate),
					}),
				)
			: undefined,
		skills: showResume
			? resume.skills.map((item) => ({ name: item.skillName, level: `${item.rating}/5` }))
			: undefined,
		certificates: showResume
			? resume.certificates.map((item) =>
					compact({
						name: text(item.crtName),
						issuer: text(item.crtPlat),
						url: text(item.crtUrl),
						date: year(item.endDate),
					}),
				)
			: undefined,
		awards: showResume ? resume.achievements.map((title) => ({ title })) : undefined,
		projects: list(
			projects.map((item) =>
				compact({
					name: text(item.productName),
					description: text(item.projectSummary.join('\n\n')),
					highlights: list(item.results),
					roles: item.role.trim() ? [item.role.trim()] : undefined,
					entity: text(item.company),
					keywords: list(item.skills),
					url: `${profileUrl}/portfolio/${item.portfolioId}`,
				}),
			),
		),
		meta: { canonical: `${profileUrl}/resume.json`, version: 'v1.0.0' },
	})
}
