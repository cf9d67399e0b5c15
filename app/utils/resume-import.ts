/**
 * The resume import's shapes as the /one API and the builder page show them (no server code:
 * the import page's bundle uses these too).
 */
import { msg } from '~/utils/i18n-macro'
import { type Translatable } from './i18n'
import { type SocialField } from './social'
import { RequestError } from './request-error'

export const IMPORT_SECTIONS = [
	'profile',
	'links',
	'workExp',
	'education',
	'skills',
	'certificates',
	'achievements',
] as const
export type ImportSectionKey = (typeof IMPORT_SECTIONS)[number]

// The labels and messages here are English strings, translated where they are shown
// (`translate(i18n, label)`, app/utils/i18n.ts).
export const SECTION_LABELS: Record<ImportSectionKey, string> = {
	profile: msg`Profile`.message,
	links: msg`Links`.message,
	workExp: msg`Work Experience`.message,
	education: msg`Education`.message,
	skills: msg`Skills`.message,
	certificates: msg`Certificates`.message,
	achievements: msg`Achievements`.message,
}

export const IMPORT_MODES = ['replace', 'append'] as const
export type ImportModeKey = (typeof IMPORT_MODES)[number]

export type ImportSourceKey = 'json-resume' | 'linkedin'

export const SOURCE_LABELS: Record<ImportSourceKey, string> = {
	'json-resume': msg`JSON Resume file`.message,
	linkedin: msg`LinkedIn data export`.message,
}

/**
 * What the import says to the owner (a note, a skipped value, a reason): a message of the
 * catalogs with its values, translated where it is shown, or the file's own words (a plain
 * string), shown as they are typed and never looked up in the catalogs.
 */
export type ImportText = Translatable

/**
 * Something in the file that is not imported, and why: `section` is Tagg's section (or the
 * file's, for a whole section Tagg has not), `field` where the file holds it (`work[2].location`
 * in a JSON Resume file, `Positions.csv[2].Location` in a LinkedIn export), `value` what it
 * holds as the owner reads it (the entry it belongs to named first). `Text` is an
 * {@link ImportText} until the preview is said in a language, then a string.
 */
export type SkippedItem<Text = ImportText> = {
	section: string
	field: string
	value: Text
	reason: Text
}

/** `text` on one line, at most `max` characters (whole characters: an emoji is never cut). */
export function clipValue(text: string, max = 80) {
	const flat = [...text.replace(/\s+/g, ' ').trim()]
	return flat.length > max
		? `${flat
				.slice(0, max - 1)
				.join('')
				.trimEnd()}…`
		: flat.join('')
}

export type ProfilePreviewFields = Partial<
	{
		firstName: string
		lastName: string
		designation: string
		city: string
		country: string
		bio: string[]
	} & Record<SocialField, string>
>

export const PROFILE_FIELD_LABELS: Record<keyof ProfilePreviewFields, string> = {
	firstName: msg`First name`.message,
	lastName: msg`Last name`.message,
	designation: msg`Designation`.message,
	city: msg`City`.message,
	country: msg`Country`.message,
	bio: msg`Bio`.message,
	linkedInUrl: 'LinkedIn',
	xUrl: 'X',
	igUrl: 'Instagram',
	fbUrl: 'Facebook',
	ytUrl: 'YouTube',
	whatAppBusUrl: 'WhatsApp Business',
	mobileNumber: msg`Mobile number`.message,
	companySite: msg`Website`.message,
	email: msg`Email`.message,
}

type ListPreview<Item, Text> = {
	/** The entries the file brings, as the resume read shows them. */
	items: Item[]
	/** How many entries the owner has now (replace removes them). */
	current: number
	/** How many of the file's entries appending would add (the others are there already, or
	 * over the limit of 50). */
	appendAdds: number
	/** What was changed to fit (a value cut to its limit, a date that could not be read). */
	notes: Text[]
}

/**
 * What an import would change. `Text` (the notes, the skipped values and reasons) is an
 * {@link ImportText} as the service makes it, and a string once said in the owner's language
 * (what the /one API answers and the builder page shows).
 */
export type ImportPreview<Text = ImportText> = {
	source: ImportSourceKey
	sections: {
		profile?: {
			fields: ProfilePreviewFields
			/** The owner's values of the same fields now. */
			current: ProfilePreviewFields
			notes: Text[]
		}
		workExp?: ListPreview<
			{
				company: string
				role: string
				startDate: string
				endDate: string
				experience: string[]
			},
			Text
		>
		education?: ListPreview<
			{
				eduName: string
				eduInstitution: string
				eduStartYear: number | null
				endDate: number | null
			},
			Text
		>
		skills?: ListPreview<{ skillName: string; rating: number }, Text>
		certificates?: ListPreview<
			{
				crtName: string
				crtPlat: string
				crtUrl: string | null
				endDate: number | null
			},
			Text
		>
		achievements?: ListPreview<string, Text>
		/** The owner's own links: `current` and `appendAdds` count links, and a link
		 * whose address the owner has already is not added again. */
		links?: ListPreview<{ title: string; url: string; icon: string }, Text>
	}
	skipped: Array<SkippedItem<Text>>
}

/** The largest file the import reads. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024

export class ImportError extends RequestError {}

export const IMPORT_MESSAGES = {
	notMultipart: msg`Send the file as multipart/form-data in the field "file".`.message,
	noFile: msg`Please choose a JSON Resume file (.json) or your LinkedIn data export (.zip).`
		.message,
	tooLarge: msg`The file is larger than 5 MB. A resume file or LinkedIn export is far smaller.`
		.message,
	oneFile: msg`Send one file at a time.`.message,
	unknownType:
		msg`This file is neither a JSON Resume file (.json) nor a LinkedIn data export (.zip).`.message,
	empty: msg`The file holds nothing Tagg can import.`.message,
	noSections: msg`Choose at least one section to import.`.message,
}

/** A source's entries before they are fitted to Tagg's rules: texts as the file had them. */
export type RawImport = {
	source: ImportSourceKey
	profile?: Partial<Record<Exclude<keyof ProfilePreviewFields, 'bio'>, string>> & {
		bio?: string
	}
	workExp?: Array<{
		company: string
		role: string
		startDate: string
		/** Empty, 'Present' or 'Ongoing' when the position is ongoing. */
		endDate: string
		lines: string[]
	}>
	education?: Array<{ degree: string; institution: string; startDate: string; endDate: string }>
	/** `level` as the file says it (JSON Resume's free text, a number), or empty; `from` where
	 * the file holds the entry (`skills[0]`, `Skills.csv[3]`). */
	skills?: Array<{ name: string; level: string; keywords?: string[]; from: string }>
	certificates?: Array<{ name: string; issuer: string; url: string; date: string }>
	achievements?: string[]
	/** The file's links that fill none of the profile's fields: `title` the network
	 * the file names, else the brand's name or the host; `from` where the file holds it
	 * (`basics.profiles[3]`, `Profile.csv.Websites`). */
	links?: Array<{ title: string; url: string; from: string }>
	/** Where the file holds a profile field (`basics.profiles[2]`, `Profile.csv.Headline`), for
	 * the skipped list when its value cannot be used. */
	origins?: Partial<Record<keyof ProfilePreviewFields, string>>
	skipped: SkippedItem[]
}
