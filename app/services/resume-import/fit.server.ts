/**
 * Fitting what an imported file holds to Tagg's rules, section by section: dates and years, the
 * fixed skill list and its levels, lengths and list sizes (docs/decisions/012-resume-interchange.md).
 * What could not be kept is listed with its reason; what was cut is noted.
 */
import { type z } from 'zod'
import { isChoiceOrOwn, OWN_CHOICE_MAX, SKILLS } from '~/data/options'
import {
	MAX_LIST_ITEMS,
	type ProfileImport,
	type ResumeImport,
} from '~/models/resume-import.server'
import { linkUrlKey } from '~/models/link.server'
import { LinkItemSchema, type LinkInput } from '~/utils/link-schemas'
import { LINK_TITLE_MAX, LINKS_MAX } from '~/utils/links'
import {
	CertificateItemSchema,
	EducationItemSchema,
	SkillItemSchema,
	SOCIAL_FIELDS,
	SocialLinksSchema,
	WorkItemSchema,
	type SkillItemInput,
	type SocialField,
} from '~/utils/profile-schemas'
import {
	PROFILE_FIELD_LABELS,
	ImportError,
	IMPORT_MESSAGES,
	type ImportSectionKey,
	type ImportSourceKey,
	type ImportText,
	type RawImport,
	type SkippedItem,
	clipValue,
} from '~/utils/resume-import'
import { PROFILE_LIMITS, RESUME_LIMITS } from '~/utils/field-limits'
import { catalogText, labelled } from '~/utils/import-texts.server'
import { splitParagraphs, toMonthDate } from '~/utils/text'
import { withValues } from '~/utils/i18n'
import { type Descriptor, msg } from '~/utils/i18n-macro'

/** What an import would write, already valid for the resume, profile and link models. */
export type ImportDraft = {
	source: ImportSourceKey
	data: ResumeImport & { links?: LinkInput[] }
	notes: Partial<Record<ImportSectionKey, ImportText[]>>
	skipped: SkippedItem[]
}

// ---------------------------------------------------------------- dates, levels, lengths

const MIN_YEAR = 1900
const MAX_YEAR = 2100

/**
 * A date of a file as SPEC's month date: 'Jan 2020', 'January 2020', '2020-01', '2020-01-15',
 * '01/2020' and '2020' (read as January) give 'YYYY-MM-01'; anything else gives ''.
 */
export function importMonth(raw: string): string {
	const value = raw.trim()
	const year = /^(\d{4})$/.exec(value)
	if (year) {
		const y = Number(year[1])
		return y >= MIN_YEAR && y <= MAX_YEAR ? `${y}-01-01` : ''
	}
	const slashed = /^(\d{1,2})\/(\d{4})$/.exec(value)
	if (slashed) return toMonthDate(`${slashed[2]}-${slashed[1]!.padStart(2, '0')}`)
	const date = toMonthDate(value)
	return date === 'Ongoing' ? '' : date
}

/** The year of a file's date ('2015', 'Sep 2015', '2015-09-01'), or null. */
export function importYear(raw: string): number | null {
	const date = importMonth(raw)
	return date ? Number(date.slice(0, 4)) : null
}

const LEVEL_WORDS: Record<string, number> = {
	beginner: 1.5,
	novice: 1.5,
	basic: 2,
	elementary: 2,
	intermediate: 3,
	competent: 3,
	advanced: 4,
	proficient: 4,
	expert: 5,
	master: 5,
	native: 5,
	fluent: 5,
}

/** The default rating of an imported skill whose file gives no level Tagg can read. */
export const DEFAULT_RATING = 3

/**
 * A skill level as a rating in half steps (1..10): '4.5/5', '4.5 of 5', '4', '8/10', '80%' and
 * the usual words (Beginner, Intermediate, Advanced, Expert, ...). Null when none of these.
 */
export function levelToHalves(level: string): number | null {
	const value = level.trim().toLowerCase()
	if (!value) return null
	const word = LEVEL_WORDS[value]
	if (word) return word * 2
	const scaled = /^(\d+(?:\.\d+)?)\s*(?:(?:\/|of|out of)\s*(5|10|100))?\s*(%)?$/.exec(value)
	if (!scaled) return null
	const number = Number(scaled[1])
	const scale = scaled[3] ? 100 : Number(scaled[2] ?? 5)
	const rating = (number / scale) * 5
	if (!(rating > 0) || rating > 5) return null
	return Math.max(1, Math.round(rating * 2))
}

/**
 * What was changed to fit, one whole message per change (docs/translating.md): the entry is
 * named by a message of its own (`Work entry “{name}”`), the owner's words are values, and a
 * count is a plural (`{max}` rather than `#`: SPEC.md's English writes 5000, not 5,000).
 */
export const NOTE = {
	firstName: msg`The first name was cut to {max, plural, one {{max} character} other {{max} characters}}.`,
	lastName: msg`The last name was cut to {max, plural, one {{max} character} other {{max} characters}}.`,
	designation: msg`The designation was cut to {max, plural, one {{max} character} other {{max} characters}}.`,
	city: msg`The city was cut to {max, plural, one {{max} character} other {{max} characters}}.`,
	country: msg`The country was cut to {max, plural, one {{max} character} other {{max} characters}}.`,
	bioParagraphs: msg`Only the first {max} of {count, plural, one {{count} bio paragraph} other {{count} bio paragraphs}} are kept.`,
	bioParagraph: msg`Bio paragraph {number} was cut to {max, plural, one {{max} character} other {{max} characters}}.`,
	workEntries: msg`Only the first {max} of {count, plural, one {{count} work entry} other {{count} work entries}} are kept.`,
	startDate: msg`{entry}: the start date “{date}” could not be read.`,
	endDate: msg`{entry}: the end date “{date}” could not be read.`,
	lines: msg`Only the first {max} of {count, plural, one {{count} line} other {{count} lines}} of {entry} are kept.`,
	line: msg`A line of {entry} was cut to {max, plural, one {{max} character} other {{max} characters}}.`,
	company: msg`The company of {entry} was cut to {max, plural, one {{max} character} other {{max} characters}}.`,
	role: msg`The role of {entry} was cut to {max, plural, one {{max} character} other {{max} characters}}.`,
	leftOut: msg`{entry} was left out: {problem}`,
	educationEntries: msg`Only the first {max} of {count, plural, one {{count} education entry} other {{count} education entries}} are kept.`,
	endYear: msg`{entry}: the end year {year} is before the start year and was left out.`,
	degree: msg`The degree of {entry} was cut to {max, plural, one {{max} character} other {{max} characters}}.`,
	institution: msg`The institution of {entry} was cut to {max, plural, one {{max} character} other {{max} characters}}.`,
	level: msg`{entry}: the level “{level}” could not be read, so it is rated {rating, plural, one {{rating} star} other {{rating} stars}}.`,
	skills: msg`Only the first {max} of {count, plural, one {{count} skill} other {{count} skills}} are kept.`,
	certificates: msg`Only the first {max} of {count, plural, one {{count} certificate} other {{count} certificates}} are kept.`,
	link: msg`{entry}: the link “{link}” is not an http(s) link and was left out.`,
	certificateName: msg`The name of {entry} was cut to {max, plural, one {{max} character} other {{max} characters}}.`,
	issuer: msg`The issuer of {entry} was cut to {max, plural, one {{max} character} other {{max} characters}}.`,
	achievements: msg`Only the first {max} of {count, plural, one {{count} achievement} other {{count} achievements}} are kept.`,
	achievement: msg`Achievement “{name}” was cut to {max, plural, one {{max} character} other {{max} characters}}.`,
	links: msg`Only the first {max} of {count, plural, one {{count} link} other {{count} links}} are kept.`,
	linkTitle: msg`The title of {entry} was cut to {max, plural, one {{max} character} other {{max} characters}}.`,
	/** Said whichever way is chosen: appending is what would leave them out. */
	linksFull: msg`{count, plural, one {Add to what I have leaves out {count} link: a profile has at most {max} links.} other {Add to what I have leaves out {count} links: a profile has at most {max} links.}}`,
}

/** How an entry is named in notes: its kind and first words, quoted (just its kind without). */
const ENTRY_NAMES = {
	work: [msg`Work entry “{name}”`, msg`Work entry`],
	education: [msg`Education “{name}”`, msg({ message: 'Education', context: 'import entry' })],
	skill: [msg`Skill “{name}”`, msg({ message: 'Skill', context: 'import entry' })],
	certificate: [
		msg`Certificate “{name}”`,
		msg({ message: 'Certificate', context: 'import entry' }),
	],
	link: [msg`Link “{name}”`, msg({ message: 'Link', context: 'import entry' })],
} as const satisfies Record<string, readonly [Descriptor, Descriptor]>

/** The first 40 characters of an entry's words, as its name in notes. */
const shortName = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text)

const named = (kind: keyof typeof ENTRY_NAMES, text: string): ImportText =>
	text ? withValues(ENTRY_NAMES[kind][0], { name: shortName(text) }) : ENTRY_NAMES[kind][1]

class Notes {
	readonly list: ImportText[] = []
	add(note: Descriptor, values?: Record<string, unknown>) {
		this.list.push(values ? withValues(note, values) : note)
	}
	/** `text` trimmed, cut to `max` characters (with `note`, given `max`) when longer. */
	cut(
		text: string | undefined,
		max: number,
		note: Descriptor,
		values: Record<string, unknown> = {},
	) {
		const value = (text ?? '').replace(/\s+/g, ' ').trim()
		if (value.length <= max) return value
		this.add(note, { ...values, max })
		return value.slice(0, max).trimEnd()
	}
	/** At most `max` of `items`, with `note` (given `max` and `count`) when there were more. */
	first<T>(items: T[], max: number, note: Descriptor, values: Record<string, unknown> = {}): T[] {
		if (items.length > max) this.add(note, { ...values, max, count: items.length })
		return items.slice(0, max)
	}
}

// ---------------------------------------------------------------- fitting each section

/** A fitted list: its items and notes, or null when nothing is left. */
const fitted = <T>(items: T[], notes: Notes) => (items.length ? { items, notes: notes.list } : null)

/**
 * Fits the entries of one list, at most {@link MAX_LIST_ITEMS} (`tooMany` says so): `fit` names
 * an entry and makes it a candidate; one `schema` refuses is left out with a note.
 */
function fitEntries<Entry, Schema extends z.ZodType>(
	raw: Entry[],
	tooMany: Descriptor,
	schema: Schema,
	fit: (entry: Entry, notes: Notes) => { label: ImportText; candidate: unknown },
) {
	const notes = new Notes()
	const items: Array<z.output<Schema>> = []
	for (const entry of notes.first(raw, MAX_LIST_ITEMS, tooMany)) {
		const { label, candidate } = fit(entry, notes)
		const parsed = schema.safeParse(candidate)
		if (parsed.success) items.push(parsed.data)
		else notes.add(NOTE.leftOut, { entry: label, problem: problemOf(parsed.error) })
	}
	return fitted(items, notes)
}

function fitProfile(
	raw: NonNullable<RawImport['profile']>,
	skipped: SkippedItem[],
	origins: RawImport['origins'] = {},
) {
	const notes = new Notes()
	const fields: ProfileImport = {}
	const texts = ['firstName', 'lastName', 'designation', 'city', 'country'] as const
	for (const field of texts) {
		const value = notes.cut(raw[field], PROFILE_LIMITS[field], NOTE[field])
		if (value) fields[field] = value
	}
	if (raw.bio?.trim()) {
		const kept = notes
			.first(splitParagraphs(raw.bio), PROFILE_LIMITS.bioParagraphs, NOTE.bioParagraphs)
			.map((paragraph, index) => {
				const max = PROFILE_LIMITS.bioParagraph
				if (paragraph.length <= max) return paragraph
				notes.add(NOTE.bioParagraph, { number: index + 1, max })
				return paragraph.slice(0, max).trimEnd()
			})
		if (kept.length) fields.bio = kept
	}
	const links: Partial<Record<SocialField, string>> = {}
	for (const field of SOCIAL_FIELDS) {
		if (!raw[field]) continue
		const parsed = SocialLinksSchema.shape[field].safeParse(raw[field])
		if (parsed.success && parsed.data) links[field] = parsed.data
		else
			skipped.push({
				section: 'profile',
				field: origins[field] ?? `profile.${field}`,
				value: labelled(catalogText(PROFILE_FIELD_LABELS[field]), clipValue(raw[field])),
				reason: parsed.success ? EMPTY : problemOf(parsed.error),
			})
	}
	Object.assign(fields, links)
	return Object.keys(fields).length ? { fields, notes: notes.list } : null
}

function fitWork(raw: NonNullable<RawImport['workExp']>) {
	return fitEntries(raw, NOTE.workEntries, WorkItemSchema, (entry, notes) => {
		const label = named('work', entry.role || entry.company)
		const startDate = importMonth(entry.startDate)
		if (entry.startDate.trim() && !startDate)
			notes.add(NOTE.startDate, { entry: label, date: entry.startDate })
		const ongoing = !entry.endDate.trim() || /^(present|ongoing|now|current)$/i.test(entry.endDate)
		const endDate = ongoing ? 'Ongoing' : importMonth(entry.endDate)
		if (!ongoing && !endDate) notes.add(NOTE.endDate, { entry: label, date: entry.endDate })
		const lines = notes
			.first(
				entry.lines.map((line) => line.replace(/^[\s•·▪●◦*–—-]+/, '').trim()).filter(Boolean),
				RESUME_LIMITS.experienceLines,
				NOTE.lines,
				{ entry: label },
			)
			.map((line) => notes.cut(line, RESUME_LIMITS.experienceLine, NOTE.line, { entry: label }))
		return {
			label,
			candidate: {
				company: notes.cut(entry.company, RESUME_LIMITS.company, NOTE.company, { entry: label }),
				role: notes.cut(entry.role, RESUME_LIMITS.role, NOTE.role, { entry: label }),
				startDate,
				endDate,
				experience: lines,
			},
		}
	})
}

function fitEducation(raw: NonNullable<RawImport['education']>) {
	return fitEntries(raw, NOTE.educationEntries, EducationItemSchema, (entry, notes) => {
		const label = named('education', entry.degree || entry.institution)
		const start = importYear(entry.startDate)
		let end = importYear(entry.endDate)
		if (start !== null && end !== null && end < start) {
			notes.add(NOTE.endYear, { entry: label, year: end })
			end = null
		}
		return {
			label,
			candidate: {
				eduName: notes.cut(entry.degree, RESUME_LIMITS.eduName, NOTE.degree, { entry: label }),
				eduInstitution: notes.cut(
					entry.institution,
					RESUME_LIMITS.eduInstitution,
					NOTE.institution,
					{ entry: label },
				),
				eduStartYear: start,
				eduEndYear: end,
			},
		}
	})
}

/** Why a skill of the file is not imported. */
const SKILL_GROUP = msg`a skill group: Tagg keeps skills one by one, and its keywords are imported`
const SKILL_TOO_LONG = withValues(
	msg`longer than {max, plural, one {{max} character} other {{max} characters}}, the most a skill may have`,
	{ max: OWN_CHOICE_MAX },
)
/** Why a profile link of the file is not imported, when its check gives no message. */
const EMPTY = msg({ message: 'empty', context: 'import reason' })
const NOT_VALID = msg({ message: 'not valid', context: 'import reason' })

/** What a schema says of a value (its message of the catalogs), or `not valid`. */
function problemOf(error: z.ZodError): ImportText {
	const problem = error.issues[0]?.message
	return problem ? catalogText(problem) : NOT_VALID
}

const SKILL_NAMES = new Map(SKILLS.map((skill) => [skill.toLowerCase(), skill as string]))

function fitSkills(raw: NonNullable<RawImport['skills']>, skipped: SkippedItem[]) {
	const notes = new Notes()
	const found: SkillItemInput[] = []
	const seen = new Set<string>()
	const listed = new Set<string>()
	const skip = (field: string, value: string, reason: 'group' | 'tooLong') => {
		const key = `${value.trim().toLowerCase()}\n${reason}`
		if (listed.has(key)) return
		listed.add(key)
		skipped.push({
			section: 'skills',
			field,
			value: clipValue(value),
			reason: reason === 'group' ? SKILL_GROUP : SKILL_TOO_LONG,
		})
	}
	for (const entry of raw) {
		const read = levelToHalves(entry.level)
		if (read === null && entry.level.trim()) {
			notes.add(NOTE.level, {
				entry: named('skill', entry.name),
				level: clipValue(entry.level, 40),
				rating: DEFAULT_RATING,
			})
		}
		const halves = read ?? DEFAULT_RATING * 2
		// A skill on Tagg's list takes the list's spelling; any other word is the owner's own
		// (as the builder takes it), unless it is longer than an own word may be.
		const take = (name: string) => {
			const trimmed = name.trim()
			const skill =
				SKILL_NAMES.get(trimmed.toLowerCase()) ?? (isChoiceOrOwn(trimmed) ? trimmed : null)
			if (!skill) return false
			if (!seen.has(skill.toLowerCase())) {
				seen.add(skill.toLowerCase())
				const parsed = SkillItemSchema.safeParse({ skillName: skill, rating: halves / 2 })
				if (parsed.success) found.push(parsed.data)
			}
			return true
		}
		const keywords = (entry.keywords ?? []).filter((keyword) => keyword.trim())
		// A group ('Web Development' with the keywords HTML, CSS): its keywords become skills
		// (rated from the group's level); the group's own name is no skill, and says so (unless
		// it is a skill of Tagg's list itself).
		if (keywords.length > 0 && !SKILL_NAMES.has(entry.name.trim().toLowerCase())) {
			if (entry.name.trim()) {
				skip(`${entry.from}.name`, entry.name, 'group')
			}
		} else if (entry.name.trim() && !take(entry.name)) {
			skip(`${entry.from}.name`, entry.name, 'tooLong')
		}
		;(entry.keywords ?? []).forEach((keyword, index) => {
			if (keyword.trim() && !take(keyword)) {
				skip(`${entry.from}.keywords[${index}]`, keyword.trim(), 'tooLong')
			}
		})
	}
	const items = notes.first(found, MAX_LIST_ITEMS, NOTE.skills)
	return fitted(items, notes)
}

function fitCertificates(raw: NonNullable<RawImport['certificates']>) {
	return fitEntries(raw, NOTE.certificates, CertificateItemSchema, (entry, notes) => {
		const label = named('certificate', entry.name)
		let url: string | null = entry.url.trim() || null
		if (url && (url.length > RESUME_LIMITS.crtUrl || !/^https?:\/\//i.test(url))) {
			notes.add(NOTE.link, { entry: label, link: url.slice(0, 60) })
			url = null
		}
		return {
			label,
			candidate: {
				crtName: notes.cut(entry.name, RESUME_LIMITS.crtName, NOTE.certificateName, {
					entry: label,
				}),
				crtPlat: notes.cut(entry.issuer, RESUME_LIMITS.crtPlat, NOTE.issuer, { entry: label }),
				crtUrl: url,
				crtYear: importYear(entry.date),
			},
		}
	})
}

function fitAchievements(raw: string[]) {
	const notes = new Notes()
	const items = notes
		.first(raw.map((text) => text.trim()).filter(Boolean), MAX_LIST_ITEMS, NOTE.achievements)
		.map((text) =>
			notes.cut(text, RESUME_LIMITS.achievementLine, NOTE.achievement, { name: shortName(text) }),
		)
	return fitted(items, notes)
}

/** The most links of a file read at all (a file may list thousands; 50 are kept). */
const MAX_LINK_CANDIDATES = LINKS_MAX * 20

/**
 * Fits the file's links to the rules of a save (app/utils/link-schemas.ts): a title
 * cut to its limit, an address a link cannot have (`javascript:`, `ftp:`, no host) skipped with
 * the reason, an address the file gives twice or that a profile field of the import holds
 * already taken once, at most {@link LINKS_MAX}.
 */
function fitLinks(
	raw: NonNullable<RawImport['links']>,
	skipped: SkippedItem[],
	profile: ProfileImport | undefined,
) {
	const notes = new Notes()
	const seen = new Set(
		SOCIAL_FIELDS.flatMap((field) => (profile?.[field] ? [linkUrlKey(profile[field])] : [])),
	)
	const items: LinkInput[] = []
	let count = Math.max(0, raw.length - MAX_LINK_CANDIDATES)
	for (const entry of raw.slice(0, MAX_LINK_CANDIDATES)) {
		const title = notes.cut(entry.title, LINK_TITLE_MAX, NOTE.linkTitle, {
			entry: named('link', entry.title),
		})
		const parsed = LinkItemSchema.safeParse({ title, url: entry.url })
		if (!parsed.success) {
			skipped.push({
				section: 'links',
				field: entry.from,
				value: labelled(clipValue(title, 40), clipValue(entry.url)),
				reason: problemOf(parsed.error),
			})
			continue
		}
		const key = linkUrlKey(parsed.data.url)
		if (seen.has(key)) continue
		seen.add(key)
		count++
		if (items.length < LINKS_MAX) items.push(parsed.data)
	}
	if (count > LINKS_MAX) notes.add(NOTE.links, { max: LINKS_MAX, count })
	return fitted(items, notes)
}

/** Fits what a source read to Tagg's rules; a section with nothing left is absent. */
export function fitImport(raw: RawImport): ImportDraft {
	const skipped = [...raw.skipped]
	const draft: ImportDraft = { source: raw.source, data: {}, notes: {}, skipped }
	const profile = raw.profile ? fitProfile(raw.profile, skipped, raw.origins) : null
	if (profile) {
		draft.data.profile = profile.fields
		draft.notes.profile = profile.notes
	}
	const links = raw.links && fitLinks(raw.links, skipped, draft.data.profile)
	if (links) {
		draft.data.links = links.items
		draft.notes.links = links.notes
	}
	const sections = [
		['workExp', raw.workExp && fitWork(raw.workExp)],
		['education', raw.education && fitEducation(raw.education)],
		['skills', raw.skills && fitSkills(raw.skills, skipped)],
		['certificates', raw.certificates && fitCertificates(raw.certificates)],
		['achievements', raw.achievements && fitAchievements(raw.achievements)],
	] as const
	for (const [section, fitted] of sections) {
		if (!fitted) continue
		;(draft.data as Record<string, unknown>)[section] = fitted.items
		draft.notes[section] = fitted.notes
	}
	if (!Object.keys(draft.data).length) throw new ImportError(400, IMPORT_MESSAGES.empty)
	return draft
}
