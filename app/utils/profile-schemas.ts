/**
 * Validation of every profile and resume write, shared by the builder forms and the /one API.
 * Stored links are always http(s) URLs, so javascript:, data: and the like never reach a page.
 */
import { z } from 'zod'
import { SKILLS } from '~/data/options'
import {
	DATE_ORDER_MESSAGES,
	endsBeforeStart,
	isSafeHttpUrl,
	ONGOING,
	parseWholeNumber,
	ratingToHalves,
	splitParagraphs,
	toMonthDate,
} from './text'

/**
 * The presence rule of every update body (docs/decisions/009-writes-presence-rule.md): each field
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

/** A trimmed text: empty becomes null. The key must be present unless `presence` is 'optional'. */
export const clearableText = (
	max: number,
	label = 'This field',
	presence: 'required' | 'optional' = 'required',
) =>
	textOrNull(presence)
		.transform((value) => (typeof value === 'string' ? value.trim() : ''))
		.pipe(z.string().max(max, `${label} must be at most ${max} characters`))
		.transform((value) => (value === '' ? null : value))

/** A field of a new list entry: trimmed, empty (or left out) becomes null. */
const entryText = (max: number, label: string) => clearableText(max, label, 'optional')

export const LINK_ERROR = 'Enter a link starting with http:// or https://'
export const PHONE_ERROR = 'Enter 7 to 15 digits, optionally starting with +'

const clearableLink = textOrNull('required')
	.transform((value) => (typeof value === 'string' ? value.trim() : ''))
	.pipe(z.string().max(500, 'Links must be at most 500 characters'))
	.refine((value) => value === '' || isSafeHttpUrl(value), LINK_ERROR)
	.transform((value) => (value === '' ? null : value))

/** Phone numbers may be typed with spaces, dashes, dots or brackets; they are stored bare. */
const clearablePhone = textOrNull('required')
	.transform((value) => (typeof value === 'string' ? value.trim().replace(/[\s().-]/g, '') : ''))
	.refine((value) => value === '' || /^\+?\d{7,15}$/.test(value), PHONE_ERROR)
	.transform((value) => (value === '' ? null : value))

const clearableEmail = textOrNull('required')
	.transform((value) => (typeof value === 'string' ? value.trim() : ''))
	.refine(
		(value) => value === '' || z.email().safeParse(value).success,
		'Enter a valid email address',
	)
	.transform((value) => (value === '' ? null : value))

export const NameSchema = z.object({
	firstName: clearableText(60, 'First name'),
	lastName: clearableText(60, 'Last name'),
})
export const DesignationSchema = z.object({ designation: clearableText(100, 'Designation') })
export const CitySchema = z.object({ city: clearableText(80, 'City') })
export const CountrySchema = z.object({ country: clearableText(80, 'Country') })
export const TaglineSchema = z.object({ tagline: clearableText(200, 'Tagline') })
export const SiteNameSchema = z.object({ siteName: clearableText(100, 'Site name') })

export { SOCIAL_FIELDS, type SocialField } from './social'

export const SocialLinksSchema = z.object({
	linkedInUrl: clearableLink,
	xUrl: clearableLink,
	igUrl: clearableLink,
	fbUrl: clearableLink,
	ytUrl: clearableLink,
	whatAppBusUrl: clearableLink,
	mobileNumber: clearablePhone,
	companySite: clearableLink,
	email: clearableEmail,
})

export const HighlightsSchema = z.object({
	highOne: clearableText(200, 'Highlight'),
	highTwo: clearableText(200, 'Highlight'),
	highThree: clearableText(200, 'Highlight'),
})

const BIO_MAX_PARAGRAPHS = 20
/** The bio arrives as one text (paragraphs separated by a blank line) or as a list. */
export const BioSchema = z.object({
	bio: z
		.union(
			[
				z.string().max(20_000, 'The bio is too long'),
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
				.array(z.string().max(5_000, 'A paragraph must be at most 5000 characters'))
				.max(BIO_MAX_PARAGRAPHS, `At most ${BIO_MAX_PARAGRAPHS} paragraphs`),
		),
})

// ---------------------------------------------------------------- resume

/** One item per line (or a list): trimmed, empty lines dropped; null clears. */
const lines = (
	maxItems: number,
	maxLength: number,
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
		.pipe(
			z
				.array(z.string().max(maxLength, `Each line must be at most ${maxLength} characters`))
				.max(maxItems, `At most ${maxItems} lines`),
		)

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
		'Enter a year between 1900 and 2100',
	)

export const WorkItemSchema = z
	.object({
		company: entryText(120, 'Company'),
		role: entryText(120, 'Role'),
		startDate: workDate,
		endDate: workDate,
		ongoing: z.union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('')]).optional(),
		experience: lines(30, 500, 'optional'),
	})
	.transform((item) => {
		const ongoing =
			item.ongoing === true ||
			item.ongoing === 'on' ||
			item.ongoing === 'true' ||
			item.endDate === 'Ongoing'
		return {
			company: item.company ?? '',
			role: item.role ?? '',
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
		eduName: entryText(150, 'Degree'),
		eduInstitution: entryText(150, 'Institution'),
		eduStartYear: year,
		eduEndYear: year,
		endDate: year,
	})
	.transform((item) => ({
		eduName: item.eduName ?? '',
		eduInstitution: item.eduInstitution ?? '',
		eduStartYear: item.eduStartYear,
		eduEndYear: item.eduEndYear ?? item.endDate,
	}))
	.refine((item) => !endsBeforeStart(item.eduStartYear, item.eduEndYear), {
		message: DATE_ORDER_MESSAGES.education,
		path: ['eduEndYear'],
	})

export const SkillItemSchema = z
	.object({
		skillName: z.string({ error: 'Choose a skill' }).trim().min(1, 'Choose a skill').max(80),
		rating: z.union([z.number(), z.string()]),
	})
	.transform((item, ctx) => {
		const halves = ratingToHalves(item.rating)
		if (halves === null) {
			ctx.addIssue({
				code: 'custom',
				path: ['rating'],
				message: 'Rate from 0.5 to 5 in half steps',
			})
			return z.NEVER
		}
		const known = SKILLS.find((skill) => skill.toLowerCase() === item.skillName.toLowerCase())
		if (!known) {
			ctx.addIssue({ code: 'custom', path: ['skillName'], message: 'Choose a skill from the list' })
			return z.NEVER
		}
		return { skillName: known as string, halves }
	})

const optionalUrlField = z
	.union([z.string(), z.null()])
	.optional()
	.transform((value) => (typeof value === 'string' ? value.trim() : ''))
	.pipe(z.string().max(500))
	.refine((value) => value === '' || isSafeHttpUrl(value), LINK_ERROR)
	.transform((value) => (value === '' ? null : value))

export const CertificateItemSchema = z
	.object({
		crtName: entryText(150, 'Certificate'),
		crtPlat: entryText(120, 'Platform'),
		crtUrl: optionalUrlField,
		crtYear: year,
		endDate: year,
	})
	.transform((item) => ({
		crtName: item.crtName ?? '',
		crtPlat: item.crtPlat ?? '',
		crtUrl: item.crtUrl,
		crtYear: item.crtYear ?? item.endDate,
	}))

const MAX_ITEMS = 50
/** The whole list of one resume section; the key must be present ([] empties the section). */
const list = <S extends z.ZodType>(item: S) =>
	z
		.array(item, { error: requiredOr('must be a list') })
		.max(MAX_ITEMS, `At most ${MAX_ITEMS} entries`)

export const WorkExpListSchema = z.object({ workExp: list(WorkItemSchema) })
export const EducationListSchema = z.object({ education: list(EducationItemSchema) })
export const SkillsListSchema = z.object({
	skills: list(SkillItemSchema).transform((skills) =>
		skills.filter(
			(skill, index) => skills.findIndex((other) => other.skillName === skill.skillName) === index,
		),
	),
})
export const CertificatesListSchema = z.object({ certificates: list(CertificateItemSchema) })
export const AchievementsListSchema = z.object({ achievements: lines(MAX_ITEMS, 300) })

export type WorkItemInput = z.output<typeof WorkItemSchema>
export type EducationItemInput = z.output<typeof EducationItemSchema>
export type SkillItemInput = z.output<typeof SkillItemSchema>
export type CertificateItemInput = z.output<typeof CertificateItemSchema>
