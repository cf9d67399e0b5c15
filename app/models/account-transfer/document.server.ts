/**
 * The account export's document (version 1): its schema, what a transfer can fail with, and the
 * file names of an archive (app/models/account-transfer.server.ts says what a transfer is).
 */
import crypto from 'node:crypto'
import { z } from 'zod'
import { isChoiceOrOwn, OWN_CHOICE_MAX } from '~/data/options'
import {
	checkAccent,
	DEFAULT_APPEARANCE,
	FONT_IDS,
	HEADER_STYLES,
	THEME_MODES,
} from '~/utils/appearance'
import { PORTFOLIO_LIMITS } from '~/utils/field-limits'
import { DEFAULT_LOCALE, LOCALES } from '~/utils/locales'
import { isSafeHttpUrl, PHONE_PATTERN } from '~/utils/text'
import { LinkListSchema } from '~/utils/link-schemas'
import { characterCount, CONTACT_LIMITS } from '~/utils/contact-schemas'
import { MAX_IMAGES_PER_PORTFOLIO } from '../image.server'
import { MAX_PORTFOLIO_ITEMS } from '../portfolio.server'
import { serverI18n } from '~/utils/i18n.server'
import { type Translatable } from '~/utils/i18n'

export const EXPORT_FORMAT = 'tagg-account-export'
/** The document version this code writes and the only one it reads. */
export const EXPORT_VERSION = 1

/** The archive's layout: the document, and each image as `images/<sha256>.webp`. */
export const DOCUMENT_FILE = 'document.json'
export const IMAGE_FILE = /^images\/([0-9a-f]{64})\.webp$/
export const imageFile = (sha256: string) => `images/${sha256}.webp`

export type TransferFailure =
	'invalid' | 'version' | 'missing-image' | 'email-taken' | 'path-taken' | 'path-invalid'

/**
 * A refused export or import; `message` is written for the person at the terminal (in English,
 * as the CLI prints it), `translatable` for an owner's export from the builder (the same
 * message in the catalogs, with its values, when it has one there).
 */
export class AccountTransferError extends Error {
	override name = 'AccountTransferError'
	readonly translatable: Translatable
	constructor(
		public reason: TransferFailure,
		message: Translatable,
	) {
		super(typeof message === 'string' ? message : serverI18n('en')._(message))
		this.translatable = message
	}
}

// ---------------------------------------------------------------- the document (version 1)

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in lower-case hex')
const isoDate = z.iso.datetime({ offset: true })
/** Far above what the limits let an owner receive within CONTACTS_RETENTION_DAYS (100 a day). */
const MAX_EXPORTED_CONTACTS = 400_000
const shortText = z.string().max(500)
const optionalText = shortText.nullable()
const paragraphs = z.array(z.string().max(10_000)).max(1_000)
const optionalLink = z.string().max(500).refine(isSafeHttpUrl, 'must be an http(s) link').nullable()
const monthDate = z
	.string()
	.regex(/^\d{4}-\d{2}-01$/, 'must be YYYY-MM-01')
	.nullable()
const year = z.number().int().min(1900).max(2100).nullable()
/** Tag lists: fixed-list entries or the owner's own words (trimmed, at most 60 characters). */
const choices = (label: string) =>
	z
		.array(
			z
				.string()
				.refine(
					(value): boolean => isChoiceOrOwn(value),
					`must be ${label} of at most ${OWN_CHOICE_MAX} characters`,
				),
		)
		.max(200)

const ImageSchema = z.object({
	/** The gallery rendition (longer edge at most 1,600; 16:9 for images stored before 2026-11). */
	image: sha256Schema,
	/** The card rendition (longer edge at most 640). */
	card: sha256Schema,
	// Added after format version 1 was first written: the large rendition of an image kept
	// whole (longer edge at most 2,560), the owner's caption and alt text, and the focal point.
	large: sha256Schema.nullable().optional().default(null),
	caption: z.string().max(PORTFOLIO_LIMITS.caption).optional().default(''),
	alt: z.string().max(PORTFOLIO_LIMITS.alt).optional().default(''),
	focalPoint: z
		.object({ x: z.number().int().min(0).max(100), y: z.number().int().min(0).max(100) })
		.optional()
		.default({ x: 50, y: 50 }),
	width: z.number().int().min(1).max(10_000),
	height: z.number().int().min(1).max(10_000),
	active: z.boolean(),
	featured: z.boolean(),
	createdAt: isoDate,
})

const PortfolioSchema = z.object({
	productName: shortText,
	company: shortText,
	role: shortText,
	projectSummary: paragraphs,
	duration: shortText,
	industries: choices('industries'),
	categories: choices('project categories'),
	skills: choices('skills'),
	challenges: paragraphs,
	solution: paragraphs,
	results: paragraphs,
	// Added after format version 1 was first written: 'Visit project'.
	link: z
		.string()
		.max(PORTFOLIO_LIMITS.link)
		.refine((value) => value === '' || isSafeHttpUrl(value), 'must be an http(s) link')
		.optional()
		.default(''),
	active: z.boolean(),
	featured: z.boolean(),
	createdAt: isoDate,
	images: z
		.array(ImageSchema)
		.max(MAX_IMAGES_PER_PORTFOLIO, `at most ${MAX_IMAGES_PER_PORTFOLIO} images per item`),
})

export const AccountDocumentSchema = z.object({
	format: z.literal(EXPORT_FORMAT),
	version: z.literal(EXPORT_VERSION),
	exportedAt: isoDate,
	account: z.object({
		email: z.string().trim().max(254).pipe(z.email()),
		name: z.string().max(200),
		/**
		 * Only in the operator's export (`npm run export`), to move an account with its password;
		 * the owner's own download never holds it. Without it, the import asks the owner to choose
		 * a password by email.
		 */
		passwordHash: z
			.string()
			.regex(/^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/, 'must be a bcrypt hash')
			.optional(),
		disabled: z.boolean(),
		createdAt: isoDate,
		// Added later: older documents follow the browser's language.
		language: z.enum(LOCALES).nullable().optional().default(null),
	}),
	profile: z.object({
		path: z.string().max(100).nullable(),
		firstName: optionalText,
		lastName: optionalText,
		designation: optionalText,
		city: optionalText,
		country: optionalText,
		tagline: optionalText,
		siteName: optionalText,
		bio: paragraphs,
		highOne: optionalText,
		highTwo: optionalText,
		highThree: optionalText,
		linkedInUrl: optionalLink,
		xUrl: optionalLink,
		igUrl: optionalLink,
		fbUrl: optionalLink,
		ytUrl: optionalLink,
		whatAppBusUrl: optionalLink,
		mobileNumber: z.string().regex(PHONE_PATTERN, 'must be 7 to 15 digits').nullable(),
		companySite: optionalLink,
		email: z.email().max(254).nullable(),
		// Added after format version 1 was first written: older documents mean "shown".
		hideEmail: z.boolean().optional().default(false),
		// Added later too: older documents have the default look (brand pink, light).
		appearance: z
			.object({
				accent: z
					.string()
					.regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour #rrggbb')
					.transform((value) => checkAccent(value).accent),
				mode: z.enum(THEME_MODES),
				font: z.enum(FONT_IDS as [string, ...string[]]),
				header: z.enum(HEADER_STYLES),
			})
			.optional()
			.default(DEFAULT_APPEARANCE),
		// Added later: older documents' pages are in English.
		language: z.enum(LOCALES).optional().default(DEFAULT_LOCALE),
		displayPicture: z.object({ large: sha256Schema, small: sha256Schema }).nullable(),
	}),
	resume: z.object({
		workExperience: z
			.array(
				z.object({
					company: shortText,
					role: shortText,
					startDate: monthDate,
					endDate: monthDate,
					ongoing: z.boolean(),
					experience: paragraphs,
				}),
			)
			.max(1_000),
		education: z
			.array(
				z.object({
					name: shortText,
					institution: shortText,
					startYear: year,
					endYear: year,
				}),
			)
			.max(1_000),
		skills: z
			.array(
				z.object({
					name: z
						.string()
						.refine(
							(value): boolean => isChoiceOrOwn(value),
							`must be a skill of at most ${OWN_CHOICE_MAX} characters`,
						),
					ratingHalves: z.number().int().min(1).max(10),
				}),
			)
			.max(1_000),
		certificates: z
			.array(
				z.object({
					name: shortText,
					platform: shortText,
					url: optionalLink,
					year,
				}),
			)
			.max(1_000),
		achievements: z.array(z.string().max(2_000)).max(1_000),
	}),
	portfolio: z
		.array(PortfolioSchema)
		.max(MAX_PORTFOLIO_ITEMS, `at most ${MAX_PORTFOLIO_ITEMS} portfolio items`),
	// Added later: the owner's own links in display order, checked by the rules of a
	// save (app/utils/link-schemas.ts). Older documents have none.
	links: LinkListSchema.optional().default([]),
	// Added later: the details visitors left, each with the consent it was given with
	// and when. Older documents have none.
	contacts: z
		.array(
			z
				.object({
					name: z.string().min(1).max(CONTACT_LIMITS.name),
					email: z.string().min(3).max(CONTACT_LIMITS.email).nullable(),
					phone: z.string().min(7).max(CONTACT_LIMITS.phone).nullable(),
					company: z.string().max(CONTACT_LIMITS.company).nullable(),
					message: z
						.string()
						.refine(
							(value) => characterCount(value) <= CONTACT_LIMITS.message,
							'at most 1000 characters',
						)
						.nullable(),
					createdAt: isoDate,
					read: z.boolean(),
					consentText: z.string().min(1).max(2_000),
					consentAt: isoDate,
				})
				.refine(
					(contact) => contact.email !== null || contact.phone !== null,
					'needs an email or a phone',
				),
		)
		.max(MAX_EXPORTED_CONTACTS, `at most ${MAX_EXPORTED_CONTACTS} contacts`)
		.optional()
		.default([]),
})

export type AccountDocument = z.infer<typeof AccountDocumentSchema>

/** A document and the bytes of every image it names, by SHA-256. */
export type AccountBundle = { document: AccountDocument; images: Map<string, Buffer> }

export const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex')
