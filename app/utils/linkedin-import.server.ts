/**
 * Reads the ZIP of LinkedIn's "Get a copy of your data": Profile.csv, Positions.csv,
 * Education.csv, Skills.csv, Certifications.csv and Honors.csv, with LinkedIn's own column
 * names (docs/decisions/012-resume-interchange.md). Every other file of the archive is left
 * packed. The archive is untrusted: its entries are counted and only the few CSV files read are
 * unpacked (one each), within a fixed budget and off the event loop, so a ZIP bomb costs nothing.
 */
import { CsvError, parseCsvObjects } from './csv'
import {
	clipValue,
	ImportError,
	type ImportText,
	type RawImport,
	type SkippedItem,
} from './resume-import'
import { UNPACK_BUDGET, unpackWanted, ZipError } from './zip.server'
import { type Descriptor, msg } from '~/utils/i18n-macro'
import { serverI18n } from './i18n.server'
import { linkTitle, socialFieldOfUrl } from './json-resume-import.server'
import {
	importError,
	inEntry,
	KEEPS_CITY_AND_COUNTRY,
	labelled,
	NO_FIELD_FOR_IT,
	NO_PROJECTS,
	NO_SECTION,
	noFieldReason,
	quoted,
	type SectionNoun,
} from './import-texts.server'

/** More entries than this is no LinkedIn export (a full one has a few dozen files). */
export const MAX_ZIP_ENTRIES = UNPACK_BUDGET.maxEntries
/** The largest unpacked size of one CSV file read (a long career is a few kilobytes). */
export const MAX_CSV_BYTES = UNPACK_BUDGET.maxEntryBytes
/** The largest unpacked size of all the CSV files read, together. */
export const MAX_CSV_TOTAL_BYTES = UNPACK_BUDGET.maxTotalBytes

const FILES = {
	'profile.csv': 'profile',
	'positions.csv': 'positions',
	'education.csv': 'education',
	'skills.csv': 'skills',
	'certifications.csv': 'certifications',
	'honors.csv': 'honors',
} as const
type FileKey = (typeof FILES)[keyof typeof FILES]

/**
 * The export's other files that hold a part of a resume: listed as not imported when present
 * (left packed: their rows are not counted). The rest of the export (connections, messages,
 * ads, ...) is not the owner's resume and is not listed.
 */
const OTHER_FILES: Record<string, Descriptor> = {
	'languages.csv': NO_SECTION.languages,
	'projects.csv': NO_PROJECTS,
	'publications.csv': NO_SECTION.publications,
	'patents.csv': NO_SECTION.patents,
	'courses.csv': NO_SECTION.courses,
	'volunteering.csv': NO_SECTION.volunteering,
	'test scores.csv': NO_SECTION.testScores,
	'organizations.csv': NO_SECTION.organizations,
	'recommendations_received.csv': NO_SECTION.recommendations,
}

/** The refusals of a ZIP that is no LinkedIn export (three with a limit in them). */
const ZIP_REFUSALS = {
	tooManyEntries: {
		...msg`This ZIP file has more than {count} files: it is not a LinkedIn data export.`,
		values: { count: MAX_ZIP_ENTRIES },
	},
	tooLarge: {
		...msg`A file in this ZIP unpacks to more than {size} MB: it is not a LinkedIn data export.`,
		values: { size: MAX_CSV_BYTES / 1024 / 1024 },
	},
	tooLargeTogether: {
		...msg`The files Tagg reads in this ZIP unpack to more than {size} MB together: it is not a LinkedIn data export.`,
		values: { size: MAX_CSV_TOTAL_BYTES / 1024 / 1024 },
	},
}

/** The same refusals in English (each is also one message of the catalogs). */
export const ZIP_MESSAGES = {
	unreadable: msg`This ZIP file could not be read. Download your LinkedIn data again and retry.`
		.message,
	tooManyEntries: serverI18n('en')._(ZIP_REFUSALS.tooManyEntries),
	tooLarge: serverI18n('en')._(ZIP_REFUSALS.tooLarge),
	tooLargeTogether: serverI18n('en')._(ZIP_REFUSALS.tooLargeTogether),
	notLinkedIn:
		msg`This ZIP file is not a LinkedIn data export: it has none of Profile.csv, Positions.csv, Education.csv, Skills.csv, Certifications.csv or Honors.csv.`
			.message,
}

/** The file of the export an entry is, by its base name (any folder); null for the others. */
function fileKeyOf(path: string): FileKey | null {
	if (path.startsWith('__MACOSX/')) return null
	const base = path.split('/').pop()!.toLowerCase()
	return Object.hasOwn(FILES, base) ? FILES[base as keyof typeof FILES] : null
}

/**
 * The CSV files of the export, unpacked and decoded, and the names of the other resume files it
 * has (`others`, not unpacked); throws ImportError. Only the central directory is read to choose
 * them (one entry per file, the shallowest), their declared sizes are checked before anything is
 * unpacked, and each is inflated off the event loop and never past the size it declares
 * (app/utils/zip.server.ts).
 */
export async function unpackLinkedInExport(
	zip: Uint8Array,
): Promise<Partial<Record<FileKey, string>> & { others?: string[] }> {
	let files: Map<FileKey, Buffer>
	const others = new Set<string>()
	try {
		files = await unpackWanted(zip, (name) => {
			const base = name.split('/').pop()!
			if (!name.startsWith('__MACOSX/') && Object.hasOwn(OTHER_FILES, base.toLowerCase())) {
				others.add(base)
			}
			return fileKeyOf(name)
		})
	} catch (error) {
		if (error instanceof ZipError && error.reason !== 'unreadable') {
			const refusal = ZIP_REFUSALS[error.reason]
			throw importError(refusal, refusal.values)
		}
		throw new ImportError(400, ZIP_MESSAGES.unreadable)
	}
	const found: Partial<Record<FileKey, string>> = {}
	for (const [key, data] of files) found[key] = data.toString('utf8')
	if (!Object.keys(found).length) throw new ImportError(400, ZIP_MESSAGES.notLinkedIn)
	return others.size > 0 ? { ...found, others: [...others] } : found
}

function rows(files: Partial<Record<FileKey, string>>, key: FileKey, name: string) {
	const text = files[key]
	if (text === undefined) return undefined
	try {
		return parseCsvObjects(text)
	} catch (error) {
		// The detail is the CSV reader's own (English) words about where the file went wrong.
		throw error instanceof CsvError
			? importError(msg`{file} in this ZIP is not a readable CSV file ({detail}).`, {
					file: name,
					detail: error.message,
				})
			: importError(msg`{file} in this ZIP is not a readable CSV file.`, { file: name })
	}
}

/** Reads a field by LinkedIn's column name; older exports spelled a few differently. */
const field = (row: Record<string, string>, ...names: string[]) => {
	for (const name of names) {
		const value = row[name]
		if (value !== undefined && value.trim()) return value.trim()
	}
	return ''
}

/** The columns of each file Tagg reads (in any of their spellings); the others are listed. */
const READ_COLUMNS: Record<FileKey, string[]> = {
	profile: [
		'First Name',
		'Last Name',
		'Headline',
		'Summary',
		'Geo Location',
		'Location',
		'Twitter Handles',
		'Websites',
	],
	positions: ['Company Name', 'Title', 'Started On', 'Finished On', 'Description'],
	education: [
		'Degree Name',
		'Field Of Study',
		'Field of Study',
		'School Name',
		'Start Date',
		'Started On',
		'End Date',
		'Finished On',
	],
	skills: ['Name'],
	certifications: ['Name', 'Authority', 'Url', 'URL', 'Started On'],
	honors: ['Title', 'Description', 'Issuer', 'Issued On'],
}

const SECTION_OF: Record<FileKey, { section: string; file: string; noun: SectionNoun }> = {
	profile: { section: 'profile', file: 'Profile.csv', noun: 'profile has' },
	positions: { section: 'workExp', file: 'Positions.csv', noun: 'work entries have' },
	education: { section: 'education', file: 'Education.csv', noun: 'education entries have' },
	skills: { section: 'skills', file: 'Skills.csv', noun: 'skills have' },
	certifications: {
		section: 'certificates',
		file: 'Certifications.csv',
		noun: 'certificates have',
	},
	honors: { section: 'achievements', file: 'Honors.csv', noun: 'achievements have' },
}

/** How a reason names a column (others by their own name, in lower case). */
const COLUMN_WORDS: Record<string, string> = {
	'Maiden Name': 'maiden name',
	Address: 'street address',
	'Birth Date': 'birth date',
	Industry: 'industry',
	'Zip Code': 'postal code',
	'Instant Messengers': 'messenger accounts',
	Location: 'place',
	Notes: 'notes',
	Activities: 'activities',
	'Finished On': 'expiry date',
	'License Number': 'licence number',
}

/** Lists each column of `row` with a value that Tagg does not read as skipped. */
function skipUnread(
	skipped: SkippedItem[],
	key: FileKey,
	row: Record<string, string>,
	index: number | null,
	entryName: ImportText | null,
) {
	const { section, file, noun } = SECTION_OF[key]
	for (const [column, value] of Object.entries(row)) {
		if (!column || READ_COLUMNS[key].includes(column) || !value.trim()) continue
		// Own keys only: a column named `constructor` is a column, not Object's constructor.
		const named = Object.hasOwn(COLUMN_WORDS, column)
		const words = named ? COLUMN_WORDS[column]! : column.toLowerCase()
		skipped.push({
			section,
			field: `${file}${index === null ? '' : `[${index}]`}.${column}`,
			value: inEntry(entryName, words, value),
			reason: named ? noFieldReason(noun, words) : NO_FIELD_FOR_IT,
		})
	}
}

/**
 * The entries of a bracketed list of LinkedIn's profile columns: `[zoe,@zoe_dev]` (Twitter
 * Handles), `[PERSONAL:https://zoe.dev,COMPANY:https://nordlys.dk]` (Websites).
 */
const bracketList = (value: string) =>
	value
		.replace(/^\[|\]$/g, '')
		.split(',')
		.map((item) => item.trim())
		.filter(Boolean)

/** Maps a LinkedIn data export (the ZIP's bytes) to what Tagg can import; throws ImportError. */
export async function readLinkedInExport(zip: Uint8Array): Promise<RawImport> {
	const files = await unpackLinkedInExport(zip)
	const skipped: SkippedItem[] = []
	const raw: RawImport = { source: 'linkedin', skipped }

	const profile = rows(files, 'profile', 'Profile.csv')?.[0]
	if (profile) {
		skipUnread(skipped, 'profile', profile, null, null)
		// 'Geo Location' reads 'Lisbon, Lisbon, Portugal' or 'Greater Lisbon Area'.
		const places = field(profile, 'Geo Location', 'Location')
			.split(',')
			.map((part) => part.trim())
			.filter(Boolean)
		if (places.length > 2) {
			skipped.push({
				section: 'profile',
				field: 'Profile.csv.Geo Location',
				value: inEntry(null, 'region', places.slice(1, -1).join(', ')),
				reason: KEEPS_CITY_AND_COUNTRY,
			})
		}
		raw.profile = {
			firstName: field(profile, 'First Name'),
			lastName: field(profile, 'Last Name'),
			designation: field(profile, 'Headline'),
			city: places[0] ?? '',
			country: places.length > 1 ? places[places.length - 1]! : '',
			bio: field(profile, 'Summary'),
		}
		raw.origins = {}
		const links: NonNullable<RawImport['links']> = []
		// The first Twitter handle is the X link, the others links of the owner's.
		for (const handle of bracketList(field(profile, 'Twitter Handles'))) {
			const user = handle.replace(/^@/, '')
			if (!/^[A-Za-z0-9_]{1,15}$/.test(user)) {
				skipped.push({
					section: 'profile',
					field: 'Profile.csv.Twitter Handles',
					value: labelled('X', clipValue(handle)),
					reason: msg`not an X username`,
				})
			} else if (!raw.profile.xUrl) {
				raw.profile.xUrl = `https://x.com/${user}`
				raw.origins.xUrl = 'Profile.csv.Twitter Handles'
			} else {
				links.push({
					title: 'X',
					url: `https://x.com/${user}`,
					from: 'Profile.csv.Twitter Handles',
				})
			}
		}
		// A website on a network's host fills that network's field; the first other one is the
		// website; every other one is a link of the owner's, titled by its brand or host.
		for (const entry of bracketList(field(profile, 'Websites'))) {
			// 'PERSONAL:https://zoe.dev' or 'zoe.dev': the kind is dropped, a bare host made a link.
			const site = entry.replace(/^[A-Z_]+:(?!\/\/)/, '')
			const url = /^([a-z][a-z0-9+.-]*:\/\/|mailto:|tel:)/i.test(site) ? site : `https://${site}`
			const social = socialFieldOfUrl(url) ?? 'companySite'
			if (!raw.profile[social]) {
				raw.profile[social] = url
				raw.origins[social] = 'Profile.csv.Websites'
				continue
			}
			links.push({ title: linkTitle(url), url, from: 'Profile.csv.Websites' })
		}
		if (links.length) raw.links = links
	}

	const positions = rows(files, 'positions', 'Positions.csv')
	positions?.forEach((row, index) =>
		skipUnread(
			skipped,
			'positions',
			row,
			index,
			quoted('Work', field(row, 'Title') || field(row, 'Company Name')),
		),
	)
	if (positions) {
		raw.workExp = positions.map((row) => ({
			company: field(row, 'Company Name'),
			role: field(row, 'Title'),
			startDate: field(row, 'Started On'),
			endDate: field(row, 'Finished On'),
			lines: field(row, 'Description').split(/\r?\n/),
		}))
	}

	const education = rows(files, 'education', 'Education.csv')
	education?.forEach((row, index) =>
		skipUnread(
			skipped,
			'education',
			row,
			index,
			quoted('Education', field(row, 'Degree Name') || field(row, 'School Name')),
		),
	)
	if (education) {
		raw.education = education.map((row) => ({
			degree: [field(row, 'Degree Name'), field(row, 'Field Of Study', 'Field of Study')]
				.filter(Boolean)
				.join(' in '),
			institution: field(row, 'School Name'),
			startDate: field(row, 'Start Date', 'Started On'),
			endDate: field(row, 'End Date', 'Finished On'),
		}))
	}

	const skills = rows(files, 'skills', 'Skills.csv')
	skills?.forEach((row, index) =>
		skipUnread(skipped, 'skills', row, index, quoted('Skill', field(row, 'Name'))),
	)
	if (skills) {
		raw.skills = skills.map((row, index) => ({
			name: field(row, 'Name'),
			level: '',
			from: `Skills.csv[${index}]`,
		}))
	}

	const certifications = rows(files, 'certifications', 'Certifications.csv')
	certifications?.forEach((row, index) =>
		skipUnread(skipped, 'certifications', row, index, quoted('Certificate', field(row, 'Name'))),
	)
	if (certifications) {
		raw.certificates = certifications.map((row) => ({
			name: field(row, 'Name'),
			issuer: field(row, 'Authority'),
			url: field(row, 'Url', 'URL'),
			date: field(row, 'Started On'),
		}))
	}

	const honors = rows(files, 'honors', 'Honors.csv')
	honors?.forEach((row, index) => {
		const title = field(row, 'Title')
		skipUnread(skipped, 'honors', row, index, quoted('Honor', title || field(row, 'Description')))
		// An achievement is one line: the title, issuer and year; a description beside a title stays.
		if (title && field(row, 'Description')) {
			skipped.push({
				section: 'achievements',
				field: `Honors.csv[${index}].Description`,
				value: inEntry(quoted('Honor', title), 'description', field(row, 'Description')),
				reason: msg`an achievement is one line: its title, issuer and year are imported`,
			})
		}
	})
	if (honors) {
		raw.achievements = honors.map((row) => {
			const year = /\d{4}/.exec(field(row, 'Issued On'))?.[0]
			return [field(row, 'Title') || field(row, 'Description'), field(row, 'Issuer'), year]
				.filter(Boolean)
				.join(', ')
		})
	}
	for (const name of files.others ?? []) {
		skipped.push({
			section: name.replace(/\.csv$/i, '').toLowerCase(),
			field: name,
			value: name,
			reason: OTHER_FILES[name.toLowerCase()]!,
		})
	}
	return raw
}
