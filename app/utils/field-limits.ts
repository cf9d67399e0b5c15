/**
 * The length limits of every owner-typed field, in one place: the zod schemas (server and API)
 * enforce them and the builder's editors count against them. No imports: safe in any bundle.
 */
export const PROFILE_LIMITS = {
	firstName: 60,
	lastName: 60,
	designation: 100,
	city: 80,
	country: 80,
	tagline: 200,
	siteName: 100,
	highlight: 200,
	link: 500,
	bioParagraphs: 20,
	bioParagraph: 5_000,
} as const

export const RESUME_LIMITS = {
	/** Entries in each resume list. */
	items: 50,
	company: 120,
	role: 120,
	experienceLines: 30,
	experienceLine: 500,
	eduName: 150,
	eduInstitution: 150,
	/** A skill's name: a fixed-list entry or the owner's own word (OWN_CHOICE_MAX in options). */
	skillName: 60,
	crtName: 150,
	crtPlat: 120,
	crtUrl: 500,
	achievementLines: 50,
	achievementLine: 300,
} as const

export const PORTFOLIO_LIMITS = {
	productName: 120,
	company: 120,
	role: 120,
	duration: 60,
	summaryLines: 20,
	summaryLine: 3_000,
	/** Challenges, solutions and results. */
	listLines: 30,
	listLine: 2_000,
	/** 'Visit project': the live work's address. */
	link: 2_048,
	/** An image's caption and alt text. */
	caption: 300,
	alt: 300,
} as const

/** How a single-line field is counted against its limit (as zod counts, after trimming). */
export const countChars = (value: string) => value.trim().length

/** The non-empty lines of a one-item-per-line text area, as the schemas split it. */
export const countLines = (value: string) =>
	value.split(/\r?\n/).filter((line) => line.trim() !== '').length

/** The longest line of a text area, trimmed. */
export const longestLine = (value: string) =>
	Math.max(0, ...value.split(/\r?\n/).map((line) => line.trim().length))
