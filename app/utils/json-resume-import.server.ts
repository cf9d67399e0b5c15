/**
 * Reads a JSON Resume document (https://jsonresume.org/schema): it must validate against the
 * official schema (the @jsonresume/schema package, checked with ajv), then its sections are
 * mapped to Tagg's (docs/decisions/012-resume-interchange.md).
 */
import { createRequire } from 'node:module'
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { env } from './env.server'
import { countryName, NETWORKS } from './json-resume'
import { type SocialField } from './profile-schemas'
import { jsonNestsTooDeep, MAX_JSON_DEPTH } from './json-depth'
import { ImportError, type RawImport, type SkippedItem } from './resume-import'

const require = createRequire(import.meta.url)

let validator: ValidateFunction | undefined
/** The official JSON Resume schema, compiled once. */
export function jsonResumeValidator(): ValidateFunction {
	if (!validator) {
		const ajv = new Ajv({ allErrors: false, strict: false })
		addFormats(ajv)
		validator = ajv.compile(require('@jsonresume/schema/schema.json') as object)
	}
	return validator
}

const SECTIONS = ['basics', 'work', 'education', 'skills', 'certificates', 'awards'] as const

/** Other tools write empty strings for fields they have no value for: those are no values. */
function dropEmptyStrings(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(dropEmptyStrings)
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value)
				.filter(([, field]) => !(typeof field === 'string' && field.trim() === ''))
				.map(([key, field]) => [key, dropEmptyStrings(field)]),
		)
	}
	return value
}

function describe(error: ErrorObject) {
	const where = error.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'the document'
	if (error.keyword === 'pattern')
		return `${where} must be a date such as 2020-01-15, 2020-01 or 2020`
	if (error.keyword === 'format' && error.params.format === 'email')
		return `${where} must be an email address`
	if (error.keyword === 'format') return `${where} must be a full link (such as https://…)`
	return `${where} ${error.message ?? 'is not valid'}`
}

type Json = Record<string, unknown>
const str = (value: unknown) => (typeof value === 'string' ? value : '')
const strings = (value: unknown) =>
	Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
const objects = (value: unknown) =>
	Array.isArray(value)
		? value.filter((item): item is Json => Boolean(item) && typeof item === 'object')
		: []

const PROFILE_URLS: Record<string, (user: string) => string> = {
	linkedInUrl: (user) => `https://www.linkedin.com/in/${user}`,
	xUrl: (user) => `https://x.com/${user}`,
	igUrl: (user) => `https://www.instagram.com/${user}`,
	fbUrl: (user) => `https://www.facebook.com/${user}`,
	ytUrl: (user) => `https://www.youtube.com/@${user}`,
}

const NETWORK_ALIASES: Record<string, SocialField> = {
	twitter: 'xUrl',
	'x (twitter)': 'xUrl',
	'whatsapp business': 'whatAppBusUrl',
	homepage: 'companySite',
	portfolio: 'companySite',
	blog: 'companySite',
	web: 'companySite',
	site: 'companySite',
}

function socialField(network: string): SocialField | null {
	const key = network.trim().toLowerCase()
	const known = NETWORKS.find(([, name]) => name.toLowerCase() === key)
	return known ? known[0] : (NETWORK_ALIASES[key] ?? null)
}

const NOT_IMPORTED: Record<string, string> = {
	projects: 'Tagg keeps projects as portfolio case studies, which an import does not create',
	volunteer: 'Tagg’s resume has no volunteering section',
	publications: 'Tagg’s resume has no publications section',
	languages: 'Tagg’s resume has no languages section',
	interests: 'Tagg’s resume has no interests section',
	references: 'Tagg’s resume has no references section',
}

/** Maps a JSON Resume document (as text) to what Tagg can import; throws ImportError. */
export function readJsonResume(text: string): RawImport {
	if (jsonNestsTooDeep(text)) {
		throw new ImportError(
			400,
			`This file nests deeper than ${MAX_JSON_DEPTH} levels, so it cannot be a JSON Resume file.`,
		)
	}
	let parsed: unknown
	try {
		parsed = JSON.parse(text)
	} catch {
		throw new ImportError(400, 'This file is not valid JSON, so it cannot be a JSON Resume file.')
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw new ImportError(400, 'A JSON Resume file holds one JSON object.')
	}
	const document = dropEmptyStrings(parsed) as Json
	if (!SECTIONS.some((section) => section in document)) {
		throw new ImportError(
			400,
			'This JSON file is not a JSON Resume: it has none of basics, work, education, skills, certificates or awards.',
		)
	}
	const validate = jsonResumeValidator()
	if (!validate(document)) {
		const problem = validate.errors?.[0]
		throw new ImportError(
			400,
			`This is not a valid JSON Resume file: ${problem ? describe(problem) : 'it does not match the schema'}.`,
		)
	}

	const skipped: SkippedItem[] = []
	const raw: RawImport = { source: 'json-resume', skipped }

	const basics = (document.basics ?? {}) as Json
	if (Object.keys(basics).length) {
		const [firstName = '', ...rest] = str(basics.name).trim().split(/\s+/)
		const location = (basics.location ?? {}) as Json
		const code = str(location.countryCode)
		const profile: NonNullable<RawImport['profile']> = {
			firstName,
			lastName: rest.join(' '),
			designation: str(basics.label),
			city: str(location.city),
			country: (code && countryName(code)) || str(location.region),
			bio: str(basics.summary),
			email: str(basics.email),
			mobileNumber: str(basics.phone),
		}
		for (const entry of objects(basics.profiles)) {
			const network = str(entry.network)
			const field = socialField(network)
			const user = str(entry.username).trim().replace(/^@/, '')
			const url = str(entry.url) || (field && user && PROFILE_URLS[field]?.(user)) || ''
			if (field && url && !profile[field]) profile[field] = url
			else if (!field) {
				skipped.push({
					section: 'profile',
					value: [network || 'Profile', url || user].filter(Boolean).join(': '),
					reason: 'Tagg has no link of this kind',
				})
			}
		}
		// basics.url: the owner's own site, unless it is a page of this Tagg (an export of it).
		const site = str(basics.url)
		if (site && !profile.companySite) {
			let own = false
			try {
				own = new URL(site).host === new URL(env().PUBLIC_SITE_URL).host
			} catch {
				own = false
			}
			if (!own) profile.companySite = site
		}
		if (basics.image) {
			skipped.push({
				section: 'profile',
				value: 'Picture',
				reason: 'upload your display picture in the builder',
			})
		}
		raw.profile = profile
	}

	if (Array.isArray(document.work)) {
		raw.workExp = objects(document.work).map((entry) => ({
			company: str(entry.name) || str(entry.company),
			role: str(entry.position),
			startDate: str(entry.startDate),
			endDate: str(entry.endDate),
			lines: [...str(entry.summary).split(/\r?\n/), ...strings(entry.highlights)],
		}))
	}
	if (Array.isArray(document.education)) {
		raw.education = objects(document.education).map((entry) => ({
			degree: [str(entry.studyType), str(entry.area)].filter(Boolean).join(' in '),
			institution: str(entry.institution),
			startDate: str(entry.startDate),
			endDate: str(entry.endDate),
		}))
	}
	if (Array.isArray(document.skills)) {
		raw.skills = objects(document.skills).map((entry) => ({
			name: str(entry.name),
			level: typeof entry.level === 'number' ? String(entry.level) : str(entry.level),
			keywords: strings(entry.keywords),
		}))
	}
	if (Array.isArray(document.certificates)) {
		raw.certificates = objects(document.certificates).map((entry) => ({
			name: str(entry.name),
			issuer: str(entry.issuer),
			url: str(entry.url),
			date: str(entry.date),
		}))
	}
	if (Array.isArray(document.awards)) {
		raw.achievements = objects(document.awards).map((entry) => {
			const year = /^\d{4}/.exec(str(entry.date))?.[0]
			const title = str(entry.title).trim() || str(entry.summary).trim()
			return [title, str(entry.awarder).trim(), year].filter(Boolean).join(', ')
		})
	}
	for (const [section, reason] of Object.entries(NOT_IMPORTED)) {
		const count = Array.isArray(document[section]) ? (document[section] as unknown[]).length : 0
		if (count) {
			skipped.push({
				section,
				value: `${count} ${count === 1 ? 'entry' : 'entries'}`,
				reason,
			})
		}
	}
	return raw
}
