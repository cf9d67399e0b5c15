/**
 * What the resume importers (JSON Resume, LinkedIn) say of a file: the values they skipped or
 * cut and why, as messages with values (`ImportText`) said in the owner's language where they
 * are shown (docs/decisions/012-resume-interchange.md).
 */
import { clipValue, ImportError, type ImportText } from './resume-import'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { withValues } from './i18n'
import { type Descriptor, msg } from '~/utils/i18n-macro'
import { serverI18n } from './i18n.server'

// ---------------------------------------------------------------- messages
// What the readers say of a file (the skipped values and their reasons) is made of messages
// with values (an `ImportText`), said in the owner's language where it is shown; the file's own
// words are values, shown as typed. A refusal with a value in it is thrown with `importError`.

/**
 * An ImportError with a value in its message: `message` in English, `translatable` the message
 * of the catalogs with its values (the answer in the owner's language reads it).
 */
export function importError(message: Descriptor, values: Record<string, unknown>) {
	const translatable = { ...message, values }
	return Object.assign(new ImportError(400, serverI18n('en')._(translatable)), { translatable })
}

/**
 * An English text of the catalogs (a label, a schema's message) as a message that is translated
 * inside another; any other text (the file's words) stays as it is.
 */
export function catalogText(text: string): ImportText {
	const id = generateMessageId(text)
	return serverI18n('en').messages[id] === undefined ? text : { id, message: text }
}

/** The kinds of entry a skipped value may belong to, named as the file has them. */
const ENTRIES = {
	Work: [msg`Work “{name}”`, msg({ message: 'Work', context: 'import entry' })],
	Education: [msg`Education “{name}”`, msg({ message: 'Education', context: 'import entry' })],
	Skill: [msg`Skill “{name}”`, msg({ message: 'Skill', context: 'import entry' })],
	Certificate: [
		msg`Certificate “{name}”`,
		msg({ message: 'Certificate', context: 'import entry' }),
	],
	Honor: [msg`Honor “{name}”`, msg({ message: 'Honor', context: 'import entry' })],
	Award: [msg`Award “{name}”`, msg({ message: 'Award', context: 'import entry' })],
} as const satisfies Record<string, readonly [Descriptor, Descriptor]>

export type EntryKind = keyof typeof ENTRIES

/** An entry named by its kind and first words: `Work “Lead Designer”` (just `Work` without). */
export const quoted = (kind: EntryKind, text: string): ImportText =>
	text.trim() ? withValues(ENTRIES[kind][0], { name: clipValue(text, 40) }) : ENTRIES[kind][1]

/**
 * The fields of the files Tagg names in the skipped list, by the words it uses: beside an
 * entry (`place`), and alone (`Place`). A field not listed is named by the file's own word.
 */
const FIELDS: Record<string, readonly [Descriptor, Descriptor]> = {
	'street address': [
		msg({ message: 'street address', context: 'import field' }),
		msg({ message: 'Street address', context: 'import field' }),
	],
	'postal code': [
		msg({ message: 'postal code', context: 'import field' }),
		msg({ message: 'Postal code', context: 'import field' }),
	],
	'maiden name': [
		msg({ message: 'maiden name', context: 'import field' }),
		msg({ message: 'Maiden name', context: 'import field' }),
	],
	'birth date': [
		msg({ message: 'birth date', context: 'import field' }),
		msg({ message: 'Birth date', context: 'import field' }),
	],
	industry: [
		msg({ message: 'industry', context: 'import field' }),
		msg({ message: 'Industry', context: 'import field' }),
	],
	'messenger accounts': [
		msg({ message: 'messenger accounts', context: 'import field' }),
		msg({ message: 'Messenger accounts', context: 'import field' }),
	],
	region: [
		msg({ message: 'region', context: 'import field' }),
		msg({ message: 'Region', context: 'import field' }),
	],
	website: [
		msg({ message: 'website', context: 'import field' }),
		msg({ message: 'Website', context: 'import field' }),
	],
	place: [
		msg({ message: 'place', context: 'import field' }),
		msg({ message: 'Place', context: 'import field' }),
	],
	link: [
		msg({ message: 'link', context: 'import field' }),
		msg({ message: 'Link', context: 'import field' }),
	],
	description: [
		msg({ message: 'description', context: 'import field' }),
		msg({ message: 'Description', context: 'import field' }),
	],
	summary: [
		msg({ message: 'summary', context: 'import field' }),
		msg({ message: 'Summary', context: 'import field' }),
	],
	grade: [
		msg({ message: 'grade', context: 'import field' }),
		msg({ message: 'Grade', context: 'import field' }),
	],
	'course list': [
		msg({ message: 'course list', context: 'import field' }),
		msg({ message: 'Course list', context: 'import field' }),
	],
	notes: [
		msg({ message: 'notes', context: 'import field' }),
		msg({ message: 'Notes', context: 'import field' }),
	],
	activities: [
		msg({ message: 'activities', context: 'import field' }),
		msg({ message: 'Activities', context: 'import field' }),
	],
	'expiry date': [
		msg({ message: 'expiry date', context: 'import field' }),
		msg({ message: 'Expiry date', context: 'import field' }),
	],
	'licence number': [
		msg({ message: 'licence number', context: 'import field' }),
		msg({ message: 'Licence number', context: 'import field' }),
	],
}

const FIELD_IN_ENTRY = msg`{entry}, {field} “{value}”`
const FIELD_ALONE = msg`{field} “{value}”`
const LABELLED = msg`{field}: {value}`

/** A skipped field's value, named by its entry: `Work “Lead Designer”, place “Lisbon”`. */
export function inEntry(entry: ImportText | null, field: string, value: string): ImportText {
	const words = FIELDS[field]
	const text = clipValue(value)
	return entry
		? withValues(FIELD_IN_ENTRY, { entry, field: words?.[0] ?? field, value: text })
		: withValues(FIELD_ALONE, {
				field: words?.[1] ?? field.charAt(0).toUpperCase() + field.slice(1),
				value: text,
			})
}

/** A value after the name of its field or network: `Website: https://zoe.dev`, `X: zoe`. */
export const labelled = (field: ImportText, value: string): ImportText =>
	withValues(LABELLED, { field, value })

export const PICTURE = msg({ message: 'Picture', context: 'import field' })
export const PROFILE = msg({ message: 'Profile', context: 'import field' })

/** How many entries a section Tagg has not holds: `1 entry`, `3 entries`. */
export const entryCount = (count: number): ImportText =>
	withValues(msg`{count, plural, one {{count} entry} other {{count} entries}}`, { count })

/**
 * Why a field is not imported, for each section and field Tagg knows to have none of (JSON
 * Resume's and LinkedIn's own fields): one sentence each, so each is translated whole.
 */
const NO_FIELD: Record<string, Descriptor> = {
	'profile has|street address': msg`Tagg’s profile has no street address`,
	'profile has|postal code': msg`Tagg’s profile has no postal code`,
	'profile has|maiden name': msg`Tagg’s profile has no maiden name`,
	'profile has|birth date': msg`Tagg’s profile has no birth date`,
	'profile has|industry': msg`Tagg’s profile has no industry`,
	'profile has|messenger accounts': msg`Tagg’s profile has no messenger accounts`,
	'work entries have|place': msg`Tagg’s work entries have no place`,
	'work entries have|description': msg`Tagg’s work entries have no description`,
	'work entries have|link': msg`Tagg’s work entries have no link`,
	'education entries have|link': msg`Tagg’s education entries have no link`,
	'education entries have|grade': msg`Tagg’s education entries have no grade`,
	'education entries have|course list': msg`Tagg’s education entries have no course list`,
	'education entries have|notes': msg`Tagg’s education entries have no notes`,
	'education entries have|activities': msg`Tagg’s education entries have no activities`,
	'certificates have|expiry date': msg`Tagg’s certificates have no expiry date`,
	'certificates have|licence number': msg`Tagg’s certificates have no licence number`,
}

/** The same for a field of a section outside the files' usual fields, the field's words inside. */
const NO_FIELD_OF: Record<string, Descriptor> = {
	'profile has': msg`Tagg’s profile has no {field}`,
	'work entries have': msg`Tagg’s work entries have no {field}`,
	'education entries have': msg`Tagg’s education entries have no {field}`,
	'skills have': msg`Tagg’s skills have no {field}`,
	'certificates have': msg`Tagg’s certificates have no {field}`,
	'achievements have': msg`Tagg’s achievements have no {field}`,
}

export type SectionNoun = keyof typeof NO_FIELD_OF

/** `Tagg’s work entries have no place`, from the section's noun and the field's words. */
export function noFieldReason(noun: SectionNoun, words: string): ImportText {
	const whole = NO_FIELD[`${noun}|${words}`]
	if (whole) return whole
	const field = FIELDS[words]
	return field ? withValues(NO_FIELD_OF[noun]!, { field: field[0] }) : NO_FIELD_FOR_IT
}

export const NO_FIELD_FOR_IT = msg`Tagg has no field for it`
export const KEEPS_CITY_AND_COUNTRY = msg`Tagg keeps the city and the country`
export const NO_PROJECTS = msg`Tagg keeps projects as portfolio case studies, which an import does not create`

/** A whole section of the file Tagg’s resume has no place for. */
export const NO_SECTION = {
	volunteering: msg`Tagg’s resume has no volunteering section`,
	publications: msg`Tagg’s resume has no publications section`,
	languages: msg`Tagg’s resume has no languages section`,
	interests: msg`Tagg’s resume has no interests section`,
	references: msg`Tagg’s resume has no references section`,
	patents: msg`Tagg’s resume has no patents section`,
	courses: msg`Tagg’s resume has no courses section`,
	testScores: msg`Tagg’s resume has no test scores section`,
	organizations: msg`Tagg’s resume has no organizations section`,
	recommendations: msg`Tagg’s resume has no recommendations section`,
}
