/**
 * The limits' messages are written out in the catalogs ('City must be at most 80 characters'):
 * each says the limit its schema enforces, so a limit changed here shows at once.
 */
import { describe, expect, test } from 'vitest'
import { type z } from 'zod'
import { OWN_CHOICE_MAX, TAGS_MAX } from '~/data/options'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from './account-schemas'
import { PORTFOLIO_LIMITS, PROFILE_LIMITS, RESUME_LIMITS } from './field-limits'
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH } from './json-depth'
import { PATH_MAX_LENGTH } from './path-name'
import { ChallengesSchema, HeadSchema, ImageDetailsSchema, SkillsSchema } from './portfolio-schemas'
import {
	AchievementsListSchema,
	BioSchema,
	CertificateItemSchema,
	CitySchema,
	CountrySchema,
	DesignationSchema,
	EducationItemSchema,
	HighlightsSchema,
	NameSchema,
	SiteNameSchema,
	SkillItemSchema,
	SocialLinksSchema,
	TaglineSchema,
	WorkExpListSchema,
	WorkItemSchema,
} from './profile-schemas'
import { PathFormSchema } from './settings-schemas'
import { MAX_UPLOAD_FILES, UPLOAD_ERRORS } from './upload-rules'

const long = (length: number) => 'x'.repeat(length)
const over = (limit: number) => long(limit + 1)

function messageOf(schema: z.ZodType, value: unknown) {
	const result = schema.safeParse(value)
	return result.success ? null : result.error.issues[0]?.message
}

const SOCIAL = {
	linkedInUrl: null,
	xUrl: null,
	igUrl: null,
	fbUrl: null,
	ytUrl: null,
	whatAppBusUrl: null,
	mobileNumber: null,
	companySite: null,
	email: null,
}
const HEAD = {
	portfolioId: 'p1',
	productName: '',
	company: '',
	role: '',
	projectSummary: '',
	duration: '',
	industries: [],
	categories: [],
}

describe('the messages of the limits', () => {
	const cases: Array<[string, z.ZodType, unknown, number]> = [
		[
			'First name',
			NameSchema,
			{ firstName: over(PROFILE_LIMITS.firstName), lastName: '' },
			PROFILE_LIMITS.firstName,
		],
		[
			'Last name',
			NameSchema,
			{ firstName: '', lastName: over(PROFILE_LIMITS.lastName) },
			PROFILE_LIMITS.lastName,
		],
		[
			'Designation',
			DesignationSchema,
			{ designation: over(PROFILE_LIMITS.designation) },
			PROFILE_LIMITS.designation,
		],
		['City', CitySchema, { city: over(PROFILE_LIMITS.city) }, PROFILE_LIMITS.city],
		['Country', CountrySchema, { country: over(PROFILE_LIMITS.country) }, PROFILE_LIMITS.country],
		['Tagline', TaglineSchema, { tagline: over(PROFILE_LIMITS.tagline) }, PROFILE_LIMITS.tagline],
		[
			'Site name',
			SiteNameSchema,
			{ siteName: over(PROFILE_LIMITS.siteName) },
			PROFILE_LIMITS.siteName,
		],
		[
			'Highlight',
			HighlightsSchema,
			{ highOne: over(PROFILE_LIMITS.highlight), highTwo: '', highThree: '' },
			PROFILE_LIMITS.highlight,
		],
		[
			'Links',
			SocialLinksSchema,
			{ ...SOCIAL, fbUrl: `https://a.example/${long(PROFILE_LIMITS.link)}` },
			PROFILE_LIMITS.link,
		],
		['Company', WorkItemSchema, { company: over(RESUME_LIMITS.company) }, RESUME_LIMITS.company],
		['Role', WorkItemSchema, { role: over(RESUME_LIMITS.role) }, RESUME_LIMITS.role],
		[
			'Degree',
			EducationItemSchema,
			{ eduName: over(RESUME_LIMITS.eduName) },
			RESUME_LIMITS.eduName,
		],
		[
			'Institution',
			EducationItemSchema,
			{ eduInstitution: over(RESUME_LIMITS.eduInstitution) },
			RESUME_LIMITS.eduInstitution,
		],
		[
			'Certificate',
			CertificateItemSchema,
			{ crtName: over(RESUME_LIMITS.crtName) },
			RESUME_LIMITS.crtName,
		],
		[
			'Platform',
			CertificateItemSchema,
			{ crtPlat: over(RESUME_LIMITS.crtPlat) },
			RESUME_LIMITS.crtPlat,
		],
		[
			'Links',
			CertificateItemSchema,
			{ crtUrl: `https://a.example/${long(RESUME_LIMITS.crtUrl)}` },
			RESUME_LIMITS.crtUrl,
		],
		['A skill', SkillItemSchema, { skillName: over(OWN_CHOICE_MAX), rating: 3 }, OWN_CHOICE_MAX],
		[
			'A paragraph',
			BioSchema,
			{ bio: over(PROFILE_LIMITS.bioParagraph) },
			PROFILE_LIMITS.bioParagraph,
		],
		[
			'Product name',
			HeadSchema,
			{ ...HEAD, productName: over(PORTFOLIO_LIMITS.productName) },
			PORTFOLIO_LIMITS.productName,
		],
		[
			'Agency name',
			HeadSchema,
			{ ...HEAD, company: over(PORTFOLIO_LIMITS.company) },
			PORTFOLIO_LIMITS.company,
		],
		['Role', HeadSchema, { ...HEAD, role: over(PORTFOLIO_LIMITS.role) }, PORTFOLIO_LIMITS.role],
		[
			'Duration',
			HeadSchema,
			{ ...HEAD, duration: over(PORTFOLIO_LIMITS.duration) },
			PORTFOLIO_LIMITS.duration,
		],
		[
			'The project link',
			HeadSchema,
			{ ...HEAD, link: `https://a.example/${long(PORTFOLIO_LIMITS.link)}` },
			PORTFOLIO_LIMITS.link,
		],
		[
			'The caption',
			ImageDetailsSchema,
			{ caption: over(PORTFOLIO_LIMITS.caption) },
			PORTFOLIO_LIMITS.caption,
		],
		['The alt text', ImageDetailsSchema, { alt: over(PORTFOLIO_LIMITS.alt) }, PORTFOLIO_LIMITS.alt],
	]
	test.each(cases)('%s must be at most … characters', (label, schema, value, limit) => {
		expect(messageOf(schema, value)).toBe(`${label} must be at most ${limit} characters`)
	})

	const lineCases: Array<[string, z.ZodType, (lines: string[]) => unknown, number, number]> = [
		[
			'work experience',
			WorkItemSchema,
			(lines) => ({ experience: lines }),
			RESUME_LIMITS.experienceLine,
			RESUME_LIMITS.experienceLines,
		],
		[
			'achievements',
			AchievementsListSchema,
			(lines) => ({ achievements: lines }),
			RESUME_LIMITS.achievementLine,
			RESUME_LIMITS.achievementLines,
		],
		[
			'project summary',
			HeadSchema,
			(lines) => ({ ...HEAD, projectSummary: lines }),
			PORTFOLIO_LIMITS.summaryLine,
			PORTFOLIO_LIMITS.summaryLines,
		],
		[
			'challenges',
			ChallengesSchema,
			(lines) => ({ portfolioId: 'p1', challenges: lines }),
			PORTFOLIO_LIMITS.listLine,
			PORTFOLIO_LIMITS.listLines,
		],
	]
	test.each(lineCases)('%s: a line too long, too many lines', (_, schema, body, length, count) => {
		expect(messageOf(schema, body([over(length)]))).toBe(
			`Each line must be at most ${length} characters`,
		)
		expect(messageOf(schema, body(Array<string>(count + 1).fill('a')))).toBe(
			`At most ${count} lines`,
		)
	})

	test('the counts of entries, paragraphs and tags', () => {
		expect(messageOf(WorkExpListSchema, { workExp: Array(RESUME_LIMITS.items + 1).fill({}) })).toBe(
			`At most ${RESUME_LIMITS.items} entries`,
		)
		const paragraphs = Array<string>(PROFILE_LIMITS.bioParagraphs + 1)
			.fill('a')
			.join('\n\n')
		expect(messageOf(BioSchema, { bio: paragraphs })).toBe(
			`At most ${PROFILE_LIMITS.bioParagraphs} paragraphs`,
		)
		const many = Array.from({ length: TAGS_MAX + 1 }, (_, index) => `word ${index}`)
		expect(messageOf(SkillsSchema, { portfolioId: 'p1', skills: many })).toBe(
			`At most ${TAGS_MAX} skills`,
		)
		expect(messageOf(HeadSchema, { ...HEAD, industries: many })).toBe(
			`At most ${TAGS_MAX} industries`,
		)
		expect(messageOf(HeadSchema, { ...HEAD, categories: many })).toBe(
			`At most ${TAGS_MAX} project categories`,
		)
	})

	test('passwords, paths, uploads and JSON', () => {
		expect(passwordProblem(long(PASSWORD_MIN_LENGTH - 1))).toBe(
			`Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
		)
		expect(passwordProblem(over(PASSWORD_MAX_LENGTH))).toBe(
			`Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
		)
		expect(messageOf(PathFormSchema, { path: over(PATH_MAX_LENGTH) })).toBe(
			`Use at most ${PATH_MAX_LENGTH} characters`,
		)
		expect(UPLOAD_ERRORS.tooMany).toBe(`You can upload at most ${MAX_UPLOAD_FILES} images at once.`)
		expect(JSON_TOO_DEEP_MESSAGE).toBe(`The JSON nests deeper than ${MAX_JSON_DEPTH} levels`)
	})
})
