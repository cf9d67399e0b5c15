/**
 * Validation of every portfolio write, shared by the builder's edit forms and the /one API.
 * List fields arrive as one text (one item per line) or as a list; tag fields as a list of
 * choices, suggested by the fixed lists and open to the owner's own words (empty and repeated
 * choices are ignored; a list entry takes the list's spelling, an own word is kept as typed).
 */
import { z } from 'zod'
import { msg } from '~/utils/i18n-macro'
import {
	choicesWithOwn,
	INDUSTRIES,
	OWN_CHOICE_MAX,
	PROJECT_CATEGORIES,
	SKILLS,
	TAGS_MAX,
} from '~/data/options'
import { PORTFOLIO_LIMITS } from './field-limits'
import { splitLines, urlHasHiddenCharacters } from './text'

export const PORTFOLIO_SECTIONS = ['head', 'skills', 'challenges', 'solutions', 'result'] as const
export type PortfolioSection = (typeof PORTFOLIO_SECTIONS)[number]

export function isPortfolioSection(value: unknown): value is PortfolioSection {
	return PORTFOLIO_SECTIONS.includes(value as PortfolioSection)
}

/** The writable text fields of an item, as stored. */
export type PortfolioChanges = {
	productName?: string
	company?: string
	role?: string
	projectSummary?: string[]
	duration?: string
	industries?: string[]
	categories?: string[]
	skills?: string[]
	challenges?: string[]
	solution?: string[]
	results?: string[]
	link?: string
}

export const PortfolioIdSchema = z
	.string({ error: 'is required' })
	.trim()
	.min(1, 'is required')
	.max(64, 'is too long')

/**
 * The messages a person reads are English strings (zod passes them along), translated where they
 * are shown (`translate(i18n, message)`, app/utils/i18n.ts); a message built with a limit names
 * it as a number (a test checks each against its limit). The answers to an API client's
 * mistakes (`field: is required`, `must be text`, …) stay English.
 */
const OVER_LIMIT = {
	productName: msg`Product name must be at most 120 characters`.message,
	company: msg`Agency name must be at most 120 characters`.message,
	role: msg`Role must be at most 120 characters`.message,
	duration: msg`Duration must be at most 60 characters`.message,
	summaryLine: msg`Each line must be at most 3000 characters`.message,
	summaryLines: msg`At most 20 lines`.message,
	listLine: msg`Each line must be at most 2000 characters`.message,
	listLines: msg`At most 30 lines`.message,
	industries: msg`At most 60 industries`.message,
	categories: msg`At most 60 project categories`.message,
	skills: msg`At most 60 skills`.message,
	link: msg`The project link must be at most 2048 characters`.message,
	caption: msg`The caption must be at most 300 characters`.message,
	alt: msg`The alt text must be at most 300 characters`.message,
} as const
const LINK_INVALID = msg`Enter the project link as a web address, like https://example.com/work`
	.message

/**
 * The presence rule of every update body (docs/decisions/016-presence-rule.md): each field
 * a section writes must be in the body, or the call is 400 naming it; null or '' clears it.
 */
const requiredOr = (message: string) => (issue: { input: unknown }) =>
	issue.input === undefined ? 'is required' : message

/** A trimmed single-line text; null or empty clears it. `tooLong` says the limit. */
const text = (max: number, tooLong: string) =>
	z
		.union([z.string(), z.null()], { error: requiredOr('must be text') })
		.transform((value) => (value ?? '').trim())
		.pipe(z.string().max(max, tooLong))

/** One item per line (or a list): trimmed, empty lines dropped. `messages` say the limits. */
const lines = (
	maxItems: number,
	maxLength: number,
	messages: { tooMany: string; lineTooLong: string },
) =>
	z
		.union([z.string().max(100_000), z.array(z.string().max(100_000)).max(1_000), z.null()], {
			error: requiredOr('must be text or a list of lines'),
		})
		.transform((value) =>
			Array.isArray(value) ? value.flatMap((line) => splitLines(line)) : splitLines(value ?? ''),
		)
		.pipe(z.array(z.string().max(maxLength, messages.lineTooLong)).max(maxItems, messages.tooMany))

/**
 * Choices over a fixed list that also takes the owner's own words (a list, or one per line):
 * trimmed, empty and repeated ones (any case) ignored. A list entry takes the list's own spelling;
 * an own word is kept as typed, at most OWN_CHOICE_MAX characters; at most TAGS_MAX in all
 * (`tooMany` says so). The builder's tag picker lets neither happen: a word too long is said to
 * an API client, in English, with the word in it.
 */
const choices = (suggestions: readonly string[], label: string, tooMany: string) =>
	z
		.union([z.array(z.string().max(200)).max(1_000), z.string().max(20_000), z.null()], {
			error: requiredOr(`must be a list of ${label}`),
		})
		.transform((value, ctx) => {
			const raw = Array.isArray(value) ? value : splitLines(value ?? '')
			const out = choicesWithOwn(raw, suggestions)
			const long = out.find((choice) => choice.length > OWN_CHOICE_MAX)
			if (long) {
				ctx.addIssue({
					code: 'custom',
					message: `“${long.slice(0, 20)}…” is too long: ${label} must be at most ${OWN_CHOICE_MAX} characters each`,
				})
				return z.NEVER
			}
			if (out.length > TAGS_MAX) {
				ctx.addIssue({ code: 'custom', message: tooMany })
				return z.NEVER
			}
			return out
		})

/**
 * 'Visit project': an absolute http(s) address of the live work, or null/'' for none. A bare
 * host ('example.com/work') gets https:// in front, as people type addresses that way.
 */
export const ProjectLinkSchema = z
	.union([z.string(), z.null()], { error: 'must be text' })
	.transform((value) => (value ?? '').trim())
	.pipe(z.string().max(PORTFOLIO_LIMITS.link, OVER_LIMIT.link))
	.transform((value, ctx) => {
		if (!value) return ''
		const candidate = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`
		let url: URL | null = null
		try {
			// A hidden character would be dropped by the parser: the address typed is not the one kept.
			url = urlHasHiddenCharacters(candidate) ? null : new URL(candidate)
		} catch {
			url = null
		}
		if (
			!url ||
			(url.protocol !== 'https:' && url.protocol !== 'http:') ||
			!url.hostname.includes('.')
		) {
			ctx.addIssue({
				code: 'custom',
				message: LINK_INVALID,
			})
			return z.NEVER
		}
		return url.href
	})

const projectSummary = lines(PORTFOLIO_LIMITS.summaryLines, PORTFOLIO_LIMITS.summaryLine, {
	tooMany: OVER_LIMIT.summaryLines,
	lineTooLong: OVER_LIMIT.summaryLine,
})
const longList = lines(PORTFOLIO_LIMITS.listLines, PORTFOLIO_LIMITS.listLine, {
	tooMany: OVER_LIMIT.listLines,
	lineTooLong: OVER_LIMIT.listLine,
})

/**
 * The head of an item: name, agency, role, summary, duration, industries and categories, written
 * together: every one must be in the body (null or empty clears it).
 */
export const HeadSchema = z
	.object({
		portfolioId: PortfolioIdSchema,
		productName: text(PORTFOLIO_LIMITS.productName, OVER_LIMIT.productName),
		company: text(PORTFOLIO_LIMITS.company, OVER_LIMIT.company),
		role: text(PORTFOLIO_LIMITS.role, OVER_LIMIT.role),
		projectSummary: projectSummary,
		duration: text(PORTFOLIO_LIMITS.duration, OVER_LIMIT.duration),
		industries: choices(INDUSTRIES, 'industries', OVER_LIMIT.industries),
		categories: choices(PROJECT_CATEGORIES, 'project categories', OVER_LIMIT.categories),
		// Added after the head's other fields: absent keeps the link as it is.
		link: ProjectLinkSchema.optional(),
	})
	.transform(({ portfolioId, link, ...changes }) => ({
		portfolioId,
		changes: (link === undefined ? changes : { ...changes, link }) as PortfolioChanges,
	}))

export const SkillsSchema = z
	.object({ portfolioId: PortfolioIdSchema, skills: choices(SKILLS, 'skills', OVER_LIMIT.skills) })
	.transform(({ portfolioId, skills }) => ({ portfolioId, changes: { skills } }))

export const ChallengesSchema = z
	.object({ portfolioId: PortfolioIdSchema, challenges: longList })
	.transform(({ portfolioId, challenges }) => ({ portfolioId, changes: { challenges } }))

export const SolutionsSchema = z
	.object({ portfolioId: PortfolioIdSchema, solution: longList })
	.transform(({ portfolioId, solution }) => ({ portfolioId, changes: { solution } }))

export const ResultSchema = z
	.object({ portfolioId: PortfolioIdSchema, results: longList })
	.transform(({ portfolioId, results }) => ({ portfolioId, changes: { results } }))

/** The schema of each section's edit (the `{section}` of /update/{section} and the intents). */
export const SECTION_SCHEMAS = {
	head: HeadSchema,
	skills: SkillsSchema,
	challenges: ChallengesSchema,
	solutions: SolutionsSchema,
	result: ResultSchema,
} as const satisfies Record<
	PortfolioSection,
	z.ZodType<{ portfolioId: string; changes: PortfolioChanges }>
>

/** Toggles exactly one of the item's flags. */
export const StatusSchema = z
	.object({
		portfolioId: PortfolioIdSchema,
		active: z.boolean({ error: 'must be true or false' }).optional(),
		featured: z.boolean({ error: 'must be true or false' }).optional(),
	})
	.superRefine((value, ctx) => {
		if ((value.active === undefined) === (value.featured === undefined)) {
			ctx.addIssue({ code: 'custom', message: 'Send exactly one of active or featured' })
		}
	})
	.transform(({ portfolioId, active, featured }) => {
		const status: { active: boolean } | { featured: boolean } =
			active !== undefined ? { active } : { featured: featured === true }
		return { portfolioId, status }
	})

export const DeleteSchema = z.object({ portfolioId: PortfolioIdSchema })

/** A builder page of an item is open (`here`) or was left; `view` names the page load. */
export const PresenceSchema = z.object({
	portfolioId: PortfolioIdSchema,
	view: z
		.string({ error: 'must be a text' })
		.regex(/^[\w-]{8,64}$/, 'must be 8 to 64 letters, digits, - or _'),
	here: z.boolean({ error: 'must be true or false' }),
})

export const ReorderSchema = z.object({
	portfolioIds: z
		.array(PortfolioIdSchema, { error: 'must be the list of your portfolio ids' })
		.max(1_000, 'is too long')
		.refine((ids) => new Set(ids).size === ids.length, 'must not repeat an id'),
})

/**
 * The label of a status switch, as in its toasts ('Is Active enabled'): English strings, shown
 * with `translate(i18n, label)`.
 */
export const STATUS_LABELS = {
	active: msg`Is Active`.message,
	featured: msg`Is Featured`.message,
} as const
export type StatusField = keyof typeof STATUS_LABELS

const imageText = (max: number, tooLong: string) =>
	z
		.union([z.string(), z.null()], { error: 'must be text' })
		.transform((value) => (value ?? '').replace(/\s+/g, ' ').trim())
		.pipe(z.string().max(max, tooLong))

const percent = z
	.number({ error: 'must be a number from 0 to 100' })
	.min(0, 'must be from 0 to 100')
	.max(100, 'must be from 0 to 100')
	.transform((value) => Math.round(value))

/**
 * An image's caption, alt text and focal point (`{x, y}` in % of its width and height; 50/50 is
 * the centre), each optional; at least one. Texts are one line; null or '' clears them.
 */
export const ImageDetailsSchema = z
	.object({
		caption: imageText(PORTFOLIO_LIMITS.caption, OVER_LIMIT.caption).optional(),
		alt: imageText(PORTFOLIO_LIMITS.alt, OVER_LIMIT.alt).optional(),
		focalPoint: z
			.object({ x: percent, y: percent }, { error: 'must be {x, y} in percent' })
			.optional(),
	})
	.refine(
		(details) => details.caption !== undefined || details.alt !== undefined || details.focalPoint,
		{ message: 'Send caption, alt or focalPoint' },
	)
