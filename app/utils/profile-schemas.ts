/**
 * Validation of every profile and resume write, shared by the builder forms and the /one API.
 * Stored links are always http(s) URLs, so javascript:, data: and the like never reach a page.
 */
import { z } from 'zod'
import { msg } from '~/utils/i18n-macro'
import { choicesWithOwn, OWN_CHOICE_MAX, SKILLS } from '~/data/options'
import { checkAccent, FONT_IDS, HEADER_STYLES, normalizeHex, THEME_MODES } from './appearance'
import {
	DATE_ORDER_MESSAGES,
	endsBeforeStart,
	isSafeHttpUrl,
	ONGOING,
	parseWholeNumber,
	ratingToHalves,
	splitParagraphs,
	toMonthDate,
	withHttps,
} from './text'
import { PROFILE_LIMITS, RESUME_LIMITS } from './field-limits'
import { LOCALES } from './locales'
import { handleError, handleToUrl, looksLikeHandle, type HandleField } from './social'

/**
 * The messages a person reads are English strings (zod passes them along), translated where they
 * are shown (`translate(i18n, message)`, app/utils/i18n.ts); a message built with a limit names
 * it as a number in the catalogs (a test checks each against its limit). The answers to an API
 * client's mistakes (`field: is required`, `must be text or null`, …) stay English.
 */
const OVER_LIMIT = {
	firstName: msg`First name must be at most 60 characters`.message,
	lastName: msg`Last name must be at most 60 characters`.message,
	designation: msg`Designation must be at most 100 characters`.message,
	city: msg`City must be at most 80 characters`.message,
	country: msg`Country must be at most 80 characters`.message,
	tagline: msg`Tagline must be at most 200 characters`.message,
	siteName: msg`Site name must be at most 100 characters`.message,
	highlight: msg`Highlight must be at most 200 characters`.message,
	link: msg`Links must be at most 500 characters`.message,
	bio: msg`The bio is too long`.message,
	bioParagraph: msg`A paragraph must be at most 5000 characters`.message,
	bioParagraphs: msg`At most 20 paragraphs`.message,
	company: msg`Company must be at most 120 characters`.message,
	role: msg`Role must be at most 120 characters`.message,
	experienceLine: msg`Each line must be at most 500 characters`.message,
	experienceLines: msg`At most 30 lines`.message,
	eduName: msg`Degree must be at most 150 characters`.message,
	eduInstitution: msg`Institution must be at most 150 characters`.message,
	skillName: msg`A skill must be at most 60 characters`.message,
	crtName: msg`Certificate must be at most 150 characters`.message,
	crtPlat: msg`Platform must be at most 120 characters`.message,
	achievementLine: msg`Each line must be at most 300 characters`.message,
	achievementLines: msg`At most 50 lines`.message,
	items: msg`At most 50 entries`.message,
} as const
const EMAIL_INVALID = msg`Enter a valid email address`.message
const YEAR_INVALID = msg`Enter a year between 1900 and 2100`.message
const RATING_INVALID = msg`Rate from 0.5 to 5 in half steps`.message

/**
 * The presence rule of every update body (docs/decisions/016-presence-rule.md): each field
 * the route writes must be in the body, or the call is 400 naming it; null or '' clears the
 * field. Entries of a list that replaces a whole list are new records: their fields may be left
 * out (empty).
 */
const requiredOr = (message: string) => (issue: { input: unknown }) =>
	issue.input === undefined ? 'is required' : message

/** Text or null, as the body sends it: required, or optional for list entries. */
const textOrNull = (presence: 'required' | 'optional') =>
	presence === 'required'
		? z.union([z.string(), z.null()], { error: requiredOr('must be text or null') })
		: z.union([z.string(), z.null()]).optional()

/**
 * A trimmed text: empty becomes null. The key must be present unless `presence` is 'optional'.
 * `tooLong` says the limit ('City must be at most 80 characters').
 */
export const clearableText = (
	max: number,
	tooLong: string,
	presence: 'required' | 'optional' = 'required',
) =>
	textOrNull(presence)
		.transform((value) => (typeof value === 'string' ? value.trim() : ''))
		.pipe(z.string().max(max, tooLong))
		.transform((value) => (value === '' ? null : value))

/** A text field of a list entry (a new record): trimmed; empty, null or left out is ''. */
const entryText = (max: number, tooLong: string) =>
	clearableText(max, tooLong, 'optional').transform((value) => value ?? '')

/** A skill entry with no name. */
export const SKILL_MISSING = msg`Choose a skill from the list or type your own`.message

export const LINK_ERROR = msg`Enter a link starting with http:// or https://`.message
export const PHONE_ERROR = msg`Enter 7 to 15 digits, optionally starting with +`.message

/** A link; one typed without a scheme (`linkedin.com/in/x`, `www.dana.design`) gets https://. */
const clearableLink = textOrNull('required')
	.transform((value) => (typeof value === 'string' ? withHttps(value) : ''))
	.pipe(z.string().max(PROFILE_LIMITS.link, OVER_LIMIT.link))
	.refine((value) => value === '' || isSafeHttpUrl(value), LINK_ERROR)
	.transform((value) => (value === '' ? null : value))

/**
 * The link of a network where a handle names one profile (app/utils/social.ts): a handle
 * (`@avery.makes`, LinkedIn's `in/avery`) is stored as its profile URL; anything else is a link.
 */
const handleOrLink = (field: HandleField) =>
	textOrNull('required')
		.transform((value) => {
			if (typeof value !== 'string') return ''
			return (
				handleToUrl(field, value) ??
				(looksLikeHandle(field, value) ? value.trim() : withHttps(value))
			)
		})
		.pipe(z.string().max(PROFILE_LIMITS.link, OVER_LIMIT.link))
		.refine((value) => value === '' || isSafeHttpUrl(value), handleError(field))
		.transform((value) => (value === '' ? null : value))

/** Phone numbers may be typed with spaces, dashes, dots or brackets; they are stored bare. */
const clearablePhone = textOrNull('required')
	.transform((value) => (typeof value === 'string' ? value.trim().replace(/[\s().-]/g, '') : ''))
	.refine((value) => value === '' || /^\+?\d{7,15}$/.test(value), PHONE_ERROR)
	.transform((value) => (value === '' ? null : value))

const clearableEmail = textOrNull('required')
	.transform((value) => (typeof value === 'string' ? value.trim() : ''))
	.refine((value) => value === '' || z.email().safeParse(value).success, EMAIL_INVALID)
	.transform((value) => (value === '' ? null : value))

export const NameSchema = z.object({
	firstName: clearableText(PROFILE_LIMITS.firstName, OVER_LIMIT.firstName),
	lastName: clearableText(PROFILE_LIMITS.lastName, OVER_LIMIT.lastName),
})
export const DesignationSchema = z.object({
	designation: clearableText(PROFILE_LIMITS.designation, OVER_LIMIT.designation),
})
export const CitySchema = z.object({ city: clearableText(PROFILE_LIMITS.city, OVER_LIMIT.city) })
export const CountrySchema = z.object({
	country: clearableText(PROFILE_LIMITS.country, OVER_LIMIT.country),
})
export const TaglineSchema = z.object({
	tagline: clearableText(PROFILE_LIMITS.tagline, OVER_LIMIT.tagline),
})
export const SiteNameSchema = z.object({
	siteName: clearableText(PROFILE_LIMITS.siteName, OVER_LIMIT.siteName),
})
/**
 * The builder's name card: name, designation, city and country checked together, so every
 * refused field is reported at once.
 */
export const NameCardSchema = z.object({
	...NameSchema.shape,
	...DesignationSchema.shape,
	...CitySchema.shape,
	...CountrySchema.shape,
})

export { SOCIAL_FIELDS, type SocialField } from './social'

export const SocialLinksSchema = z.object({
	linkedInUrl: handleOrLink('linkedInUrl'),
	xUrl: handleOrLink('xUrl'),
	igUrl: handleOrLink('igUrl'),
	fbUrl: clearableLink,
	ytUrl: handleOrLink('ytUrl'),
	whatAppBusUrl: clearableLink,
	mobileNumber: clearablePhone,
	companySite: clearableLink,
	email: clearableEmail,
})

/** Whether visitors see an email address (the contact email, else the login email) at all. */
export const EmailVisibilitySchema = z.object({
	hideEmail: z.boolean({ error: 'must be true or false' }),
})

/** The builder's links editor: the links, and (when sent) the email's visibility. */
export const SocialEditSchema = z.object({
	...SocialLinksSchema.shape,
	hideEmail: EmailVisibilitySchema.shape.hideEmail.optional(),
})

export const HighlightsSchema = z.object({
	highOne: clearableText(PROFILE_LIMITS.highlight, OVER_LIMIT.highlight),
	highTwo: clearableText(PROFILE_LIMITS.highlight, OVER_LIMIT.highlight),
	highThree: clearableText(PROFILE_LIMITS.highlight, OVER_LIMIT.highlight),
})

const BIO_MAX_PARAGRAPHS = PROFILE_LIMITS.bioParagraphs
/** The bio arrives as one text (paragraphs separated by a blank line) or as a list. */
export const BioSchema = z.object({
	bio: z
		.union(
			[
				z.string().max(20_000, OVER_LIMIT.bio),
				z.array(z.string().max(5_000)).max(BIO_MAX_PARAGRAPHS),
				z.null(),
			],
			{ error: requiredOr('must be text or a list of paragraphs') },
		)
		.transform((value) =>
			Array.isArray(value)
				? value.flatMap((paragraph) => splitParagraphs(paragraph))
				: splitParagraphs(value ?? ''),
		)
		.pipe(
			z
				.array(z.string().max(PROFILE_LIMITS.bioParagraph, OVER_LIMIT.bioParagraph))
				.max(BIO_MAX_PARAGRAPHS, OVER_LIMIT.bioParagraphs),
		),
})

// ---------------------------------------------------------------- appearance

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value)

export const ACCENT_ERROR = 'must be a colour such as #d6246e'

/**
 * The owner's appearance: every field required. The body is the appearance object itself, or
 * `{appearance: {...}}` as the read answers it. An accent too light for AA is not refused: it
 * becomes the nearest shade that passes (app/utils/appearance.ts), which the answer shows.
 */
export const AppearanceSchema = z.preprocess(
	(body) => (isObject(body) && isObject(body.appearance) ? body.appearance : body),
	z.object({
		accent: z
			.string({ error: requiredOr(ACCENT_ERROR) })
			.max(20, ACCENT_ERROR)
			.refine((value) => normalizeHex(value) !== null, ACCENT_ERROR)
			.transform((value) => checkAccent(value).accent),
		mode: z.enum(THEME_MODES, { error: requiredOr('must be light, dark or system') }),
		font: z.enum(FONT_IDS as [string, ...string[]], {
			error: requiredOr(`must be one of ${FONT_IDS.join(', ')}`),
		}),
		header: z.enum(HEADER_STYLES, { error: requiredOr('must be gradient, solid or none') }),
	}),
)

// ---------------------------------------------------------------- resume

/**
 * One item per line (or a list): trimmed, empty lines dropped; null clears. `messages` say the
 * limits ('At most 30 lines', 'Each line must be at most 500 characters').
 */
const lines = (
	maxItems: number,
	maxLength: number,
	messages: { tooMany: string; lineTooLong: string },
	presence: 'required' | 'optional' = 'required',
) =>
	(presence === 'required'
		? z.union([z.string(), z.array(z.string()), z.null()], {
				error: requiredOr('must be text or a list of lines'),
			})
		: z.union([z.string(), z.array(z.string()), z.null()]).optional()
	)
		.transform((value) =>
			(Array.isArray(value) ? value : (value ?? '').split(/\r?\n/))
				.map((line) => line.trim())
				.filter(Boolean),
		)
		.pipe(z.array(z.string().max(maxLength, messages.lineTooLong)).max(maxItems, messages.tooMany))

/** Work dates accept 'Mon YYYY', 'YYYY-MM-DD' or 'Ongoing'; malformed input becomes empty. */
const workDate = z
	.union([z.string().max(40), z.null()])
	.optional()
	.transform((value) => toMonthDate(value ?? ''))

/** A year: a whole number, or its decimal digits as text ('2e3' and '0x7E5' are refused). */
const year = z
	.union([z.string(), z.number(), z.null()])
	.optional()
	.transform((value) =>
		value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
			? null
			: typeof value === 'number'
				? value
				: (parseWholeNumber(value) ?? Number.NaN),
	)
	.refine(
		(value) => value === null || (Number.isInteger(value) && value >= 1900 && value <= 2100),
		YEAR_INVALID,
	)

export const WorkItemSchema = z
	.object({
		company: entryText(RESUME_LIMITS.company, OVER_LIMIT.company),
		role: entryText(RESUME_LIMITS.role, OVER_LIMIT.role),
		startDate: workDate,
		endDate: workDate,
		ongoing: z.union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('')]).optional(),
		experience: lines(
			RESUME_LIMITS.experienceLines,
			RESUME_LIMITS.experienceLine,
			{ tooMany: OVER_LIMIT.experienceLines, lineTooLong: OVER_LIMIT.experienceLine },
			'optional',
		),
	})
	.transform((item) => {
		const ongoing =
			item.ongoing === true ||
			item.ongoing === 'on' ||
			item.ongoing === 'true' ||
			item.endDate === 'Ongoing'
		return {
			company: item.company,
			role: item.role,
			startDate: item.startDate === 'Ongoing' ? '' : item.startDate,
			endDate: ongoing ? 'Ongoing' : item.endDate,
			experience: item.experience,
		}
	})
	.refine((item) => item.endDate === ONGOING || !endsBeforeStart(item.startDate, item.endDate), {
		message: DATE_ORDER_MESSAGES.work,
		path: ['endDate'],
	})

export const EducationItemSchema = z
	.object({
		eduName: entryText(RESUME_LIMITS.eduName, OVER_LIMIT.eduName),
		eduInstitution: entryText(RESUME_LIMITS.eduInstitution, OVER_LIMIT.eduInstitution),
		eduStartYear: year,
		eduEndYear: year,
		endDate: year,
	})
	// `endDate` is the year's name in what the API reads back (EducationItem): accepted as well.
	.transform(({ endDate, ...item }) => ({ ...item, eduEndYear: item.eduEndYear ?? endDate }))
	.refine((item) => !endsBeforeStart(item.eduStartYear, item.eduEndYear), {
		message: DATE_ORDER_MESSAGES.education,
		path: ['eduEndYear'],
	})

/**
 * A skill: a name from the fixed list (kept in the list's spelling) or the owner's own word (kept
 * as typed, at most OWN_CHOICE_MAX characters), and a rating in half steps.
 */
export const SkillItemSchema = z
	.object({
		skillName: z
			.string({ error: SKILL_MISSING })
			.trim()
			.min(1, SKILL_MISSING)
			.max(OWN_CHOICE_MAX, OVER_LIMIT.skillName),
		// Both problems of an entry are reported together.
		rating: z.union([z.number(), z.string()]).transform((rating, ctx) => {
			const halves = ratingToHalves(rating)
			if (halves !== null) return halves
			ctx.addIssue({ code: 'custom', message: RATING_INVALID })
			return z.NEVER
		}),
	})
	.transform((item) => ({
		skillName: choicesWithOwn([item.skillName], SKILLS)[0] ?? item.skillName,
		halves: item.rating,
	}))

const optionalUrlField = z
	.union([z.string(), z.null()])
	.optional()
	.transform((value) => (typeof value === 'string' ? withHttps(value) : ''))
	.pipe(z.string().max(RESUME_LIMITS.crtUrl, OVER_LIMIT.link))
	.refine((value) => value === '' || isSafeHttpUrl(value), LINK_ERROR)
	.transform((value) => (value === '' ? null : value))

export const CertificateItemSchema = z
	.object({
		crtName: entryText(RESUME_LIMITS.crtName, OVER_LIMIT.crtName),
		crtPlat: entryText(RESUME_LIMITS.crtPlat, OVER_LIMIT.crtPlat),
		crtUrl: optionalUrlField,
		crtYear: year,
		endDate: year,
	})
	// `endDate` is the year's name in what the API reads back (CertificateItem): accepted as well.
	.transform(({ endDate, ...item }) => ({ ...item, crtYear: item.crtYear ?? endDate }))

const MAX_ITEMS = RESUME_LIMITS.items
/** The whole list of one resume section; the key must be present ([] empties the section). */
const list = <S extends z.ZodType>(item: S) =>
	z.array(item, { error: requiredOr('must be a list') }).max(MAX_ITEMS, OVER_LIMIT.items)

export const WorkExpListSchema = z.object({ workExp: list(WorkItemSchema) })
export const EducationListSchema = z.object({ education: list(EducationItemSchema) })
export const SkillsListSchema = z.object({
	skills: list(SkillItemSchema).transform((skills) =>
		skills.filter(
			(skill, index) =>
				skills.findIndex(
					(other) => other.skillName.toLowerCase() === skill.skillName.toLowerCase(),
				) === index,
		),
	),
})
export const CertificatesListSchema = z.object({ certificates: list(CertificateItemSchema) })
export const AchievementsListSchema = z.object({
	achievements: lines(RESUME_LIMITS.achievementLines, RESUME_LIMITS.achievementLine, {
		tooMany: OVER_LIMIT.achievementLines,
		lineTooLong: OVER_LIMIT.achievementLine,
	}),
})

export type WorkItemInput = z.output<typeof WorkItemSchema>
export type EducationItemInput = z.output<typeof EducationItemSchema>
export type SkillItemInput = z.output<typeof SkillItemSchema>
export type CertificateItemInput = z.output<typeof CertificateItemSchema>

/**
 * `POST /one/sites/info/general/language/update`: `{language}`, one of the six (ARCHITECTURE.md,
 * "Languages"): the language of the owner's public pages, resume page, PDF and vCard labels.
 */
export const LanguageSchema = z.object({
	language: z.enum(LOCALES, { error: requiredOr(`must be one of ${LOCALES.join(', ')}`) }),
})
