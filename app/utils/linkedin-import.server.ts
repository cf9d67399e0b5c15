/**
 * Reads the ZIP of LinkedIn's "Get a copy of your data": Profile.csv, Positions.csv,
 * Education.csv, Skills.csv, Certifications.csv and Honors.csv, with LinkedIn's own column
 * names (docs/decisions/012-resume-interchange.md). Every other file of the archive is left
 * packed. The archive is untrusted: its entries are counted and only the few CSV files read are
 * unpacked (one each), within a fixed budget and off the event loop, so a ZIP bomb costs nothing.
 */
import { CsvError, parseCsvObjects } from './csv'
import { ImportError, type RawImport } from './resume-import'
import { UNPACK_BUDGET, unpackWanted, ZipError } from './zip.server'

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

export const ZIP_MESSAGES = {
	unreadable: 'This ZIP file could not be read. Download your LinkedIn data again and retry.',
	tooManyEntries: `This ZIP file has more than ${MAX_ZIP_ENTRIES} files: it is not a LinkedIn data export.`,
	tooLarge: `A file in this ZIP unpacks to more than ${MAX_CSV_BYTES / 1024 / 1024} MB: it is not a LinkedIn data export.`,
	tooLargeTogether: `The files Tagg reads in this ZIP unpack to more than ${MAX_CSV_TOTAL_BYTES / 1024 / 1024} MB together: it is not a LinkedIn data export.`,
	notLinkedIn:
		'This ZIP file is not a LinkedIn data export: it has none of Profile.csv, Positions.csv, Education.csv, Skills.csv, Certifications.csv or Honors.csv.',
}

/** The file of the export an entry is, by its base name (any folder); null for the others. */
function fileKeyOf(path: string): FileKey | null {
	if (path.startsWith('__MACOSX/')) return null
	const base = path.split('/').pop()!.toLowerCase()
	return Object.hasOwn(FILES, base) ? FILES[base as keyof typeof FILES] : null
}

/**
 * The CSV files of the export, unpacked and decoded; throws ImportError. Only the central
 * directory is read to choose them (one entry per file, the shallowest), their declared sizes
 * are checked before anything is unpacked, and each is inflated off the event loop and never
 * past the size it declares (app/utils/zip.server.ts).
 */
export async function unpackLinkedInExport(
	zip: Uint8Array,
): Promise<Partial<Record<FileKey, string>>> {
	let files: Map<FileKey, Buffer>
	try {
		files = await unpackWanted(zip, fileKeyOf)
	} catch (error) {
		if (error instanceof ZipError && error.reason !== 'unreadable') {
			throw new ImportError(400, ZIP_MESSAGES[error.reason])
		}
		throw new ImportError(400, ZIP_MESSAGES.unreadable)
	}
	const found: Partial<Record<FileKey, string>> = {}
	for (const [key, data] of files) found[key] = data.toString('utf8')
	if (!Object.keys(found).length) throw new ImportError(400, ZIP_MESSAGES.notLinkedIn)
	return found
}

function rows(files: Partial<Record<FileKey, string>>, key: FileKey, name: string) {
	const text = files[key]
	if (text === undefined) return undefined
	try {
		return parseCsvObjects(text)
	} catch (error) {
		const detail = error instanceof CsvError ? ` (${error.message})` : ''
		throw new ImportError(400, `${name} in this ZIP is not a readable CSV file${detail}.`)
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

/** Maps a LinkedIn data export (the ZIP's bytes) to what Tagg can import; throws ImportError. */
export async function readLinkedInExport(zip: Uint8Array): Promise<RawImport> {
	const files = await unpackLinkedInExport(zip)
	const raw: RawImport = { source: 'linkedin', skipped: [] }

	const profile = rows(files, 'profile', 'Profile.csv')?.[0]
	if (profile) {
		// 'Geo Location' reads 'Lisbon, Lisbon, Portugal' or 'Greater Lisbon Area'.
		const places = field(profile, 'Geo Location', 'Location')
			.split(',')
			.map((part) => part.trim())
			.filter(Boolean)
		raw.profile = {
			firstName: field(profile, 'First Name'),
			lastName: field(profile, 'Last Name'),
			designation: field(profile, 'Headline'),
			city: places[0] ?? '',
			country: places.length > 1 ? places[places.length - 1]! : '',
			bio: field(profile, 'Summary'),
		}
	}

	const positions = rows(files, 'positions', 'Positions.csv')
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
	if (skills) raw.skills = skills.map((row) => ({ name: field(row, 'Name'), level: '' }))

	const certifications = rows(files, 'certifications', 'Certifications.csv')
	if (certifications) {
		raw.certificates = certifications.map((row) => ({
			name: field(row, 'Name'),
			issuer: field(row, 'Authority'),
			url: field(row, 'Url', 'URL'),
			date: field(row, 'Started On'),
		}))
	}

	const honors = rows(files, 'honors', 'Honors.csv')
	if (honors) {
		raw.achievements = honors.map((row) => {
			const year = /\d{4}/.exec(field(row, 'Issued On'))?.[0]
			return [field(row, 'Title') || field(row, 'Description'), field(row, 'Issuer'), year]
				.filter(Boolean)
				.join(', ')
		})
	}
	return raw
}
