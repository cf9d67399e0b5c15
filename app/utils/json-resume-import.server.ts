/**
 * Reads a JSON Resume document (https://jsonresume.org/schema): it must validate against the
 * official schema (the @jsonresume/schema package, checked with ajv), then its sections are
 * mapped to Tagg's (docs/decisions/012-resume-interchange.md). What it says of a file is in
 * import-texts.server.ts.
 */
import { createRequire } from 'node:module'
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv'
import addFormats from 'ajv-formats'
import { brandIcon, iconForUrl } from '~/data/brand-icons'
import { env } from './env.server'
import { countryName, NETWORKS } from './json-resume'
import { type SocialField } from './profile-schemas'
import { hostileJsonKey, jsonNestsTooDeep, MAX_JSON_DEPTH } from './json-depth'
import {
	clipValue,
	ImportError,
	type ImportText,
	type RawImport,
	type SkippedItem,
} from './resume-import'
import { type Descriptor, msg } from '~/utils/i18n-macro'
import {
	KEEPS_CITY_AND_COUNTRY,
	NO_FIELD_FOR_IT,
	NO_PROJECTS,
	NO_SECTION,
	PICTURE,
	PROFILE,
	entryCount,
	importError,
	inEntry,
	labelled,
	noFieldReason,
	quoted,
} from './import-texts.server'

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

/**
 * The title of a link the file names by its address only: the brand's name (`GitHub`), else
 * its host without `www.` (`zoe.dev`), else the address as written (a `mailto:` address).
 */
export function linkTitle(url: string): string {
	const brand = brandIcon(iconForUrl(url))
	if (brand) return brand.title
	try {
		const { hostname } = new URL(url)
		if (hostname) return hostname.replace(/^www\./, '')
	} catch {
		// not an address: its words are its title
	}
	return url.replace(/^(mailto|tel):/i, '')
}

/** The profile fields a brand's address fills (a website on linkedin.com is the LinkedIn link). */
const BRAND_FIELDS: Partial<Record<string, Exclude<SocialField, 'email' | 'mobileNumber'>>> = {
	linkedin: 'linkedInUrl',
	x: 'xUrl',
	instagram: 'igUrl',
	facebook: 'fbUrl',
	youtube: 'ytUrl',
	whatsapp: 'whatAppBusUrl',
}

/** The social field an address is the link of, by its host; null for any other address. */
export const socialFieldOfUrl = (url: string) => BRAND_FIELDS[iconForUrl(url)] ?? null

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
	return known ? known[0] : Object.hasOwn(NETWORK_ALIASES, key) ? NETWORK_ALIASES[key]! : null
}

/**
 * The fields Tagg reads of each entry of a section; any other field with a value is listed as
 * skipped (with the reason below, or as one Tagg has no place for), so nothing is dropped
 * unsaid. `meta` and `$schema` describe the file, not the owner, and are not listed.
 */
const READ = {
	basics: ['name', 'label', 'image', 'email', 'phone', 'url', 'summary', 'location', 'profiles'],
	location: ['city', 'countryCode', 'region'],
	work: ['name', 'company', 'position', 'startDate', 'endDate', 'summary', 'highlights'],
	education: ['institution', 'area', 'studyType', 'startDate', 'endDate'],
	skills: ['name', 'level', 'keywords'],
	certificates: ['name', 'date', 'url', 'issuer'],
	awards: ['title', 'date', 'awarder', 'summary'],
} as const
const FILE_FIELDS = new Set(['meta', '$schema'])

/** The file's section, as Tagg's section it is imported into, and how the reasons name it. */
const SECTION_OF = {
	basics: { section: 'profile', noun: 'profile has' },
	location: { section: 'profile', noun: 'profile has' },
	work: { section: 'workExp', noun: 'work entries have' },
	education: { section: 'education', noun: 'education entries have' },
	skills: { section: 'skills', noun: 'skills have' },
	certificates: { section: 'certificates', noun: 'certificates have' },
	awards: { section: 'achievements', noun: 'achievements have' },
} as const

/** How a reason names a field of the schema (others by their own name). */
const FIELD_WORDS: Record<string, string> = {
	address: 'street address',
	postalCode: 'postal code',
	url: 'link',
	location: 'place',
	description: 'description',
	score: 'grade',
	courses: 'course list',
}

/** A field's value as the owner reads it: text, a list's items, an object's values. */
function shown(value: unknown): string {
	if (typeof value === 'string') return value
	if (typeof value === 'number' || typeof value === 'boolean') return String(value)
	if (Array.isArray(value)) return value.map(shown).filter(Boolean).join(', ')
	if (value && typeof value === 'object')
		return Object.values(value).map(shown).filter(Boolean).join(', ')
	return ''
}

/** Lists every field of `entry` (at `path` in the file) that Tagg does not read as skipped. */
function skipUnread(
	skipped: SkippedItem[],
	kind: keyof typeof SECTION_OF,
	path: string,
	entryName: ImportText | null,
	entry: Json,
) {
	const { section, noun } = SECTION_OF[kind]
	const read = READ[kind] as readonly string[]
	for (const [key, value] of Object.entries(entry)) {
		if (read.includes(key)) continue
		const text = shown(value).trim()
		if (!text) continue
		// Own keys only: a file's `toString` is a field like any other, not Object's method.
		const named = Object.hasOwn(FIELD_WORDS, key)
		const words = named ? FIELD_WORDS[key]! : key
		skipped.push({
			section,
			field: `${path}.${key}`,
			value: inEntry(entryName, words, text),
			reason: named ? noFieldReason(noun, words) : NO_FIELD_FOR_IT,
		})
	}
}

const NOT_IMPORTED: Record<string, Descriptor> = {
	projects: NO_PROJECTS,
	volunteer: NO_SECTION.volunteering,
	publications: NO_SECTION.publications,
	languages: NO_SECTION.languages,
	interests: NO_SECTION.interests,
	references: NO_SECTION.references,
}

/** Maps a JSON Resume document (as text) to what Tagg can import; throws ImportError. */
export function readJsonResume(text: string): RawImport {
	if (jsonNestsTooDeep(text)) {
		throw importError(
			msg`This file nests deeper than {depth} levels, so it cannot be a JSON Resume file.`,
			{ depth: MAX_JSON_DEPTH },
		)
	}
	let parsed: unknown
	try {
		parsed = JSON.parse(text)
	} catch {
		throw new ImportError(
			400,
			msg`This file is not valid JSON, so it cannot be a JSON Resume file.`.message,
		)
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw new ImportError(400, msg`A JSON Resume file holds one JSON object.`.message)
	}
	const hostile = hostileJsonKey(parsed)
	if (hostile) {
		// Said like the schema's problems: the file's own words (its key, where it is) in English.
		throw importError(msg`This is not a valid JSON Resume file: {problem}.`, {
			problem: `${hostile.path || 'the document'} holds the key “${hostile.key}”, which is not allowed`,
		})
	}
	const document = dropEmptyStrings(parsed) as Json
	if (!SECTIONS.some((section) => section in document)) {
		throw new ImportError(
			400,
			msg`This JSON file is not a JSON Resume: it has none of basics, work, education, skills, certificates or awards.`
				.message,
		)
	}
	const validate = jsonResumeValidator()
	if (!validate(document)) {
		const problem = validate.errors?.[0]
		// The problem is the schema's words about the file's fields: it stays as the validator says it.
		throw problem
			? importError(msg`This is not a valid JSON Resume file: {problem}.`, {
					problem: describe(problem),
				})
			: new ImportError(
					400,
					msg`This is not a valid JSON Resume file: it does not match the schema.`.message,
				)
	}

	const skipped: SkippedItem[] = []
	const raw: RawImport = { source: 'json-resume', skipped }

	const basics = (document.basics ?? {}) as Json
	if (Object.keys(basics).length) {
		const [firstName = '', ...rest] = str(basics.name).trim().split(/\s+/)
		const location = (basics.location ?? {}) as Json
		const code = str(location.countryCode)
		skipUnread(skipped, 'basics', 'basics', null, basics)
		skipUnread(skipped, 'location', 'basics.location', null, location)
		if (code && countryName(code) && str(location.region)) {
			skipped.push({
				section: 'profile',
				field: 'basics.location.region',
				value: inEntry(null, 'region', str(location.region)),
				reason: KEEPS_CITY_AND_COUNTRY,
			})
		}
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
		const origins: NonNullable<RawImport['origins']> = {
			email: 'basics.email',
			mobileNumber: 'basics.phone',
		}
		const links: NonNullable<RawImport['links']> = []
		// The first profile of each of the eight networks fills its field; every other profile
		// with an address is one of the owner's own links, titled by its network.
		objects(basics.profiles).forEach((entry, index) => {
			const network = str(entry.network)
			const field = socialField(network)
			const user = str(entry.username).trim().replace(/^@/, '')
			const url = str(entry.url) || (field && user && PROFILE_URLS[field]?.(user)) || ''
			if (field && url && !profile[field]) {
				profile[field] = url
				origins[field] = `basics.profiles[${index}]`
				return
			}
			if (url) {
				const title = network.replace(/\s+/g, ' ').trim() || linkTitle(url)
				links.push({ title, url, from: `basics.profiles[${index}]` })
				return
			}
			if (!user) return // nothing but a network's name
			// The network as the file names it ('Profile' when it names none), then the user name:
			// at most 80 characters together.
			const name = (network || 'Profile').replace(/\s+/g, ' ').trim()
			const shown = clipValue(`${name}: ${user}`).slice(name.length + 2)
			skipped.push({
				section: field ? 'profile' : 'links',
				field: `basics.profiles[${index}]`,
				value: labelled(network ? name : PROFILE, shown),
				reason: msg`Tagg needs a full link (https://…) for this network`,
			})
		})
		// basics.url: the owner's own site, unless it is a page of this Tagg (an export of it).
		const site = str(basics.url)
		if (site) {
			let own = false
			try {
				own = new URL(site).host === new URL(env().PUBLIC_SITE_URL).host
			} catch {
				own = false
			}
			if (own) {
				skipped.push({
					section: 'profile',
					field: 'basics.url',
					value: inEntry(null, 'website', site),
					reason: msg`this is your Tagg page itself`,
				})
			} else if (!profile.companySite) {
				profile.companySite = site
				origins.companySite = 'basics.url'
			} else {
				// The profile's website is another one: this one is a link of the owner's.
				links.push({ title: linkTitle(site), url: site, from: 'basics.url' })
			}
		}
		if (links.length) raw.links = links
		if (basics.image) {
			skipped.push({
				section: 'profile',
				field: 'basics.image',
				value: PICTURE,
				reason: msg`upload your display picture in the builder`,
			})
		}
		raw.profile = profile
		raw.origins = origins
	}

	const sectionEntries = (key: 'work' | 'education' | 'skills' | 'certificates' | 'awards') =>
		Array.isArray(document[key])
			? (document[key] as unknown[]).flatMap((entry, index) =>
					entry && typeof entry === 'object'
						? [{ entry: entry as Json, path: `${key}[${index}]` }]
						: [],
				)
			: []
	for (const { entry, path } of sectionEntries('work')) {
		skipUnread(
			skipped,
			'work',
			path,
			quoted('Work', str(entry.position) || str(entry.name) || str(entry.company)),
			entry,
		)
	}
	for (const { entry, path } of sectionEntries('education')) {
		skipUnread(
			skipped,
			'education',
			path,
			quoted('Education', str(entry.studyType) || str(entry.area) || str(entry.institution)),
			entry,
		)
	}
	for (const { entry, path } of sectionEntries('skills')) {
		skipUnread(skipped, 'skills', path, quoted('Skill', str(entry.name)), entry)
	}
	for (const { entry, path } of sectionEntries('certificates')) {
		skipUnread(skipped, 'certificates', path, quoted('Certificate', str(entry.name)), entry)
	}
	for (const { entry, path } of sectionEntries('awards')) {
		const name = quoted('Award', str(entry.title) || str(entry.summary))
		skipUnread(skipped, 'awards', path, name, entry)
		// An achievement is one line: the title, awarder and year; a summary beside a title stays.
		if (str(entry.title).trim() && str(entry.summary).trim()) {
			skipped.push({
				section: 'achievements',
				field: `${path}.summary`,
				value: inEntry(name, 'summary', str(entry.summary)),
				reason: msg`an achievement is one line: its title, awarder and year are imported`,
			})
		}
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
		raw.skills = sectionEntries('skills').map(({ entry, path }) => ({
			name: str(entry.name),
			level: typeof entry.level === 'number' ? String(entry.level) : str(entry.level),
			keywords: strings(entry.keywords),
			from: path,
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
	for (const [section, value] of Object.entries(document)) {
		if (Object.hasOwn(READ, section) || FILE_FIELDS.has(section)) continue
		const reason = Object.hasOwn(NOT_IMPORTED, section) ? NOT_IMPORTED[section] : undefined
		if (reason) {
			const count = Array.isArray(value) ? value.length : 0
			if (count) {
				skipped.push({
					section,
					field: section,
					value: entryCount(count),
					reason,
				})
			}
			continue
		}
		// A section of another tool's own (JSON Resume allows any).
		const text = shown(value).trim()
		if (text) {
			skipped.push({
				section,
				field: section,
				value: inEntry(null, section, text),
				reason: msg`not a JSON Resume section Tagg knows`,
			})
		}
	}
	return raw
}
