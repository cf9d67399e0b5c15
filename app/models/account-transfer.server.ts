/**
 * Moving one owner's whole account between deployments (`npm run export` / `npm run import`).
 *
 * An export is a versioned JSON document plus the bytes of its images. The document holds no
 * database id and no object key: lists are in their display order, and every image is named by
 * the SHA-256 of its bytes, so exporting an imported account gives the same document again
 * (only `exportedAt` differs). It includes the bcrypt password hash, so the owner keeps their
 * password; sessions (refresh tokens) are not exported.
 *
 * An import writes nothing unless everything fits: the document and every image are checked
 * first, the images are stored, then every row is written in one transaction; if that fails, the
 * stored images are deleted again.
 */
import crypto from 'node:crypto'
import { type Readable } from 'node:stream'
import sharp from 'sharp'
import { z } from 'zod'
import { isChoiceOrOwn, OWN_CHOICE_MAX } from '~/data/options'
import {
	appearanceUpdate,
	checkAccent,
	DEFAULT_APPEARANCE,
	FONT_IDS,
	HEADER_STYLES,
	THEME_MODES,
	toAppearance,
} from '~/utils/appearance'
import { isUniqueViolation, prisma } from '~/utils/db.server'
import { jsonNestsTooDeep, MAX_JSON_DEPTH } from '~/utils/json-depth'
import { hashPassword } from '~/utils/password.server'
import { checkPath, PATH_MESSAGES } from '~/utils/path-name'
import { storage } from '~/utils/storage.server'
import { createTarGzStream, unpackTarGz, type TarBudget } from '~/utils/tar.server'
import { PORTFOLIO_LIMITS } from '~/utils/field-limits'
import { DEFAULT_LOCALE, isLocale, LOCALES } from '~/utils/locales'
import { isSafeHttpUrl, PHONE_PATTERN } from '~/utils/text'
import { LinkListSchema } from '~/utils/link-schemas'
import { characterCount, CONTACT_LIMITS } from '~/utils/contact-schemas'
import { normaliseEmail, pathKeyInUse } from './customer.server'
import { cardKey, largeKey, MAX_IMAGES_PER_PORTFOLIO } from './image.server'
import { MAX_PORTFOLIO_ITEMS, portfolioHead, portfolioImagePrefix } from './portfolio.server'
import { displayPictureKey } from './profile.server'
import { msg } from '~/utils/i18n-macro'
import { serverI18n } from '~/utils/i18n.server'
import { type Translatable } from '~/utils/i18n'

export const EXPORT_FORMAT = 'tagg-account-export'
/** The document version this code writes and the only one it reads. */
export const EXPORT_VERSION = 1

/** The archive's layout: the document, and each image as `images/<sha256>.webp`. */
export const DOCUMENT_FILE = 'document.json'
const IMAGE_FILE = /^images\/([0-9a-f]{64})\.webp$/
const imageFile = (sha256: string) => `images/${sha256}.webp`

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

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex')

// ---------------------------------------------------------------- export

/**
 * What an export holds besides the owner's content: `passwordHash` only for the operator's
 * `npm run export` (moving an account between deployments); the owner's own download never
 * carries it, so a stolen session cannot take the hash away for offline guessing. Neither holds
 * a sign-in factor (authenticator secret, recovery codes, passkeys: decision 033): an imported
 * account has its password alone, and its owner sets the factors up again.
 */
export type ExportOptions = { passwordHash: boolean }

/** Everything of one owner (any owner, disabled ones too), or null when there is no such owner. */
export async function exportAccount(
	customerId: string,
	options: ExportOptions,
): Promise<AccountBundle | null> {
	const images = new Map<string, Buffer>()
	const document = await exportDocument(customerId, options, (hash, _key, data) =>
		images.set(hash, data),
	)
	return document ? { document, images } : null
}

/**
 * The export archive of one owner as a stream (what `npm run export` writes and the settings
 * page downloads), or null when there is no such owner. The document is made first (each image
 * is read once to name it by its hash); then the images are read again one at a time as the
 * archive is written, so memory holds one image, not the whole account.
 */
export async function exportAccountArchive(
	customerId: string,
	options: ExportOptions,
): Promise<{ document: AccountDocument; archive: Readable } | null> {
	const keys = new Map<string, string>()
	const document = await exportDocument(customerId, options, (hash, key) => keys.set(hash, key))
	if (!document) return null
	async function* files() {
		yield documentFile(document!)
		for (const hash of [...keys.keys()].sort()) {
			const key = keys.get(hash)!
			const data = await storage().get(key)
			if (!data || sha256(data) !== hash) {
				throw new AccountTransferError(
					'missing-image',
					`The image ${key} changed or disappeared while the export was written. Export again.`,
				)
			}
			yield { name: imageFile(hash), data }
		}
	}
	return { document, archive: createTarGzStream(files()) }
}

/** The document; `found` is told about every image it names (hash, object key, bytes). */
async function exportDocument(
	customerId: string,
	options: ExportOptions,
	found: (hash: string, key: string, data: Buffer) => void,
): Promise<AccountDocument | null> {
	const db = prisma()
	const byPosition = { orderBy: { position: 'asc' as const } }
	const customer = await db.customer.findUnique({
		where: { id: customerId },
		include: {
			profile: true,
			workExperience: byPosition,
			education: byPosition,
			skills: byPosition,
			certificates: byPosition,
			achievements: byPosition,
			portfolios: {
				// A new item nothing was saved to is no content of the account.
				where: { pristine: false },
				orderBy: [{ position: 'asc' }, { createdAt: 'asc' }],
				include: { images: { orderBy: [{ position: 'asc' }, { createdAt: 'asc' }] } },
			},
			links: byPosition,
			contacts: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
		},
	})
	if (!customer) return null

	/** Reads an object and names it by its hash. */
	async function keep(key: string) {
		const data = await storage().get(key)
		if (!data) {
			throw new AccountTransferError('missing-image', {
				...msg`The image {key} is missing from storage, so the export would be incomplete. Restore it from a backup, or delete that image in the builder, then export again.`,
				values: { key },
			})
		}
		const hash = sha256(data)
		found(hash, key, data)
		return hash
	}

	const profile = customer.profile
	const displayPicture =
		profile && profile.pictureVersion > 0
			? {
					large: await keep(displayPictureKey(customerId, 'large')),
					small: await keep(displayPictureKey(customerId, 'small')),
				}
			: null

	const portfolio: AccountDocument['portfolio'] = []
	for (const item of customer.portfolios) {
		const itemImages: AccountDocument['portfolio'][number]['images'] = []
		for (const image of item.images) {
			itemImages.push({
				image: await keep(image.key),
				card: await keep(cardKey(image.key)),
				large: image.whole ? await keep(largeKey(image.key)) : null,
				caption: image.caption,
				alt: image.alt,
				focalPoint: { x: image.focalX, y: image.focalY },
				width: image.width,
				height: image.height,
				active: image.active,
				featured: image.featured,
				createdAt: image.createdAt.toISOString(),
			})
		}
		portfolio.push({
			...portfolioHead(item),
			skills: item.skills,
			challenges: item.challenges,
			solution: item.solution,
			results: item.results,
			link: item.link,
			active: item.active,
			featured: item.featured,
			createdAt: item.createdAt.toISOString(),
			images: itemImages,
		})
	}

	const document: AccountDocument = {
		format: EXPORT_FORMAT,
		version: EXPORT_VERSION,
		exportedAt: new Date().toISOString(),
		account: {
			email: customer.email,
			name: customer.name,
			...(options.passwordHash ? { passwordHash: customer.passwordHash } : {}),
			disabled: customer.disabled,
			createdAt: customer.createdAt.toISOString(),
			language: isLocale(customer.language) ? customer.language : null,
		},
		profile: {
			path: profile?.path ?? null,
			firstName: profile?.firstName ?? null,
			lastName: profile?.lastName ?? null,
			designation: profile?.designation ?? null,
			city: profile?.city ?? null,
			country: profile?.country ?? null,
			tagline: profile?.tagline ?? null,
			siteName: profile?.siteName ?? null,
			bio: profile?.bio ?? [],
			highOne: profile?.highOne ?? null,
			highTwo: profile?.highTwo ?? null,
			highThree: profile?.highThree ?? null,
			linkedInUrl: profile?.linkedInUrl ?? null,
			xUrl: profile?.xUrl ?? null,
			igUrl: profile?.igUrl ?? null,
			fbUrl: profile?.fbUrl ?? null,
			ytUrl: profile?.ytUrl ?? null,
			whatAppBusUrl: profile?.whatAppBusUrl ?? null,
			mobileNumber: profile?.mobileNumber ?? null,
			companySite: profile?.companySite ?? null,
			email: profile?.email ?? null,
			hideEmail: profile?.hideEmail ?? false,
			appearance: profile ? toAppearance(profile) : DEFAULT_APPEARANCE,
			language: isLocale(profile?.language) ? profile.language : DEFAULT_LOCALE,
			displayPicture,
		},
		resume: {
			workExperience: customer.workExperience.map((item) => ({
				company: item.company,
				role: item.role,
				startDate: item.startDate,
				endDate: item.endDate,
				ongoing: item.ongoing,
				experience: item.experience,
			})),
			education: customer.education.map((item) => ({
				name: item.name,
				institution: item.institution,
				startYear: item.startYear,
				endYear: item.endYear,
			})),
			skills: customer.skills.map((item) => ({
				name: item.name,
				ratingHalves: item.ratingHalves,
			})),
			certificates: customer.certificates.map((item) => ({
				name: item.name,
				platform: item.platform,
				url: item.url,
				year: item.year,
			})),
			achievements: customer.achievements.map((item) => item.text),
		},
		portfolio,
		links: customer.links.map((link) => ({
			title: link.title,
			url: link.url,
			icon: link.icon,
			active: link.active,
			highlight: link.highlight,
			startsAt: link.startsAt?.toISOString() ?? null,
			endsAt: link.endsAt?.toISOString() ?? null,
		})),
		contacts: customer.contacts.map((contact) => ({
			name: contact.name,
			email: contact.email,
			phone: contact.phone,
			company: contact.company,
			message: contact.message,
			createdAt: contact.createdAt.toISOString(),
			read: contact.read,
			consentText: contact.consentText,
			consentAt: contact.consentAt.toISOString(),
		})),
	}
	return document
}

function documentFile(document: AccountDocument) {
	return { name: DOCUMENT_FILE, data: Buffer.from(JSON.stringify(document, null, '\t') + '\n') }
}

/** The files of an export archive: the document first, then the images in hash order. */
export function bundleToFiles(bundle: AccountBundle): Array<{ name: string; data: Buffer }> {
	return [
		documentFile(bundle.document),
		...[...bundle.images.keys()]
			.sort()
			.map((hash) => ({ name: imageFile(hash), data: bundle.images.get(hash)! })),
	]
}

// ---------------------------------------------------------------- reading an archive

function describeIssue(issue: z.core.$ZodIssue) {
	const where = issue.path
		.map((part, index) =>
			typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${String(part)}`,
		)
		.join('')
	return `${where || 'the document'}: ${issue.message}`
}

/**
 * Checks the files of an archive and returns the bundle they hold: a current-version document
 * and every image it names, each verified against its hash and readable as a WebP picture.
 * Throws AccountTransferError ('invalid', 'version' or 'missing-image') otherwise.
 */
export async function bundleFromFiles(
	files: ReadonlyArray<{ name: string; data: Buffer }>,
): Promise<AccountBundle> {
	const documentFile = files.find((file) => file.name === DOCUMENT_FILE)
	const document = parseDocument(documentFile?.data)
	const available = new Map<string, Buffer>()
	for (const file of files) {
		const match = IMAGE_FILE.exec(file.name)
		if (match && !available.has(match[1]!)) available.set(match[1]!, file.data)
	}
	return { document, images: await checkImages(document, available) }
}

/**
 * The bounds of reading an account archive (docs/decisions/026): as many files as the largest
 * account holds (the document, the display picture's two renditions and three per portfolio
 * image), none larger than 32 MB (an image of an upload of at most 10 MB, or the document), and
 * 1 GB for the whole archive once decompressed.
 */
export const ACCOUNT_ARCHIVE_BUDGET: TarBudget = {
	maxEntries: 1 + 2 + MAX_PORTFOLIO_ITEMS * MAX_IMAGES_PER_PORTFOLIO * 3,
	maxEntryBytes: 32 * 1024 * 1024,
	maxTotalBytes: 1024 * 1024 * 1024,
}

/**
 * The bundle of an account archive on disk (or in a Buffer), reading only what it uses, as a
 * stream (app/utils/tar.server.ts `unpackTarGz`): first `document.json` alone (reading stops
 * there; `npm run export` writes it first), then, once it is checked, only the images it names,
 * to the end of the archive. Whatever else the archive holds is inflated and passed over, never
 * held. Throws TarError when the file is no archive or passes ACCOUNT_ARCHIVE_BUDGET, and
 * AccountTransferError as `bundleFromFiles` does.
 */
export async function readAccountArchive(source: string | Buffer): Promise<AccountBundle> {
	const budget = ACCOUNT_ARCHIVE_BUDGET
	const first = await unpackTarGz(source, new Set([DOCUMENT_FILE]), { budget, stopWhenFound: true })
	const document = parseDocument(first.get(DOCUMENT_FILE))
	const names = new Set(referencedImages(document).map(imageFile))
	const files = await unpackTarGz(source, names, { budget })
	const available = new Map<string, Buffer>()
	for (const [name, data] of files) available.set(IMAGE_FILE.exec(name)![1]!, data)
	return { document, images: await checkImages(document, available) }
}

/** The document of an archive, checked: of this export format and version, and valid. */
function parseDocument(data: Buffer | undefined): AccountDocument {
	if (!data) {
		throw new AccountTransferError(
			'invalid',
			`This archive is not a Tagg account export: it has no ${DOCUMENT_FILE}.`,
		)
	}
	const documentText = data.toString('utf8')
	if (jsonNestsTooDeep(documentText)) {
		throw new AccountTransferError(
			'invalid',
			`${DOCUMENT_FILE} nests deeper than ${MAX_JSON_DEPTH} levels: it is not a Tagg account export.`,
		)
	}
	let raw: unknown
	try {
		raw = JSON.parse(documentText)
	} catch {
		throw new AccountTransferError('invalid', `${DOCUMENT_FILE} is not valid JSON.`)
	}
	const head = z.object({ format: z.literal(EXPORT_FORMAT), version: z.number() }).safeParse(raw)
	if (!head.success) {
		throw new AccountTransferError(
			'invalid',
			`This archive is not a Tagg account export: ${DOCUMENT_FILE} must say "format": "${EXPORT_FORMAT}" and carry a numeric "version".`,
		)
	}
	const { version } = head.data
	if (version !== EXPORT_VERSION) {
		throw new AccountTransferError(
			'version',
			version < EXPORT_VERSION
				? `This export has format version ${version}, which this Tagg no longer reads (it reads version ${EXPORT_VERSION}). Export the account again from an up-to-date Tagg.`
				: `This export has format version ${version}, made by a newer Tagg (this one reads version ${EXPORT_VERSION}). Upgrade this deployment first.`,
		)
	}
	const parsed = AccountDocumentSchema.safeParse(raw)
	if (!parsed.success) {
		const issues = parsed.error.issues.slice(0, 5).map(describeIssue)
		throw new AccountTransferError(
			'invalid',
			`${DOCUMENT_FILE} is not a valid Tagg export:\n  ${issues.join('\n  ')}`,
		)
	}
	return parsed.data
}

/** Every image the document names, from `available` (by hash), each verified. */
async function checkImages(document: AccountDocument, available: ReadonlyMap<string, Buffer>) {
	const images = new Map<string, Buffer>()
	for (const hash of referencedImages(document)) {
		if (images.has(hash)) continue
		const data = available.get(hash)
		if (!data) {
			throw new AccountTransferError(
				'missing-image',
				`The archive is incomplete: ${imageFile(hash)} is missing.`,
			)
		}
		if (sha256(data) !== hash) {
			throw new AccountTransferError(
				'invalid',
				`The archive is damaged: the content of ${imageFile(hash)} does not match its name.`,
			)
		}
		let format: string | undefined
		try {
			format = (await sharp(data).metadata()).format
		} catch {
			format = undefined
		}
		if (format !== 'webp') {
			throw new AccountTransferError(
				'invalid',
				`The archive is damaged: ${imageFile(hash)} is not a WebP image.`,
			)
		}
		images.set(hash, data)
	}
	return images
}

function referencedImages(document: AccountDocument) {
	const picture = document.profile.displayPicture
	return [
		...(picture ? [picture.large, picture.small] : []),
		...document.portfolio.flatMap((item) =>
			item.images.flatMap((image) => [
				image.image,
				image.card,
				...(image.large ? [image.large] : []),
			]),
		),
	]
}

// ---------------------------------------------------------------- import

export type ImportResult = {
	customerId: string
	email: string
	/** The archive held no password: a link to choose one is queued to the owner's email. */
	passwordLinkSent: boolean
	path: string | null
	portfolioItems: number
	images: number
	links: number
	contacts: number
}

async function emailTaken(email: string) {
	return Boolean(await prisma().customer.findUnique({ where: { email }, select: { id: true } }))
}

/** Claimed by an owner, or held for one after a change of path. */
const pathTaken = (pathKey: string) => pathKeyInUse(pathKey)

function emailTakenError(email: string) {
	return new AccountTransferError(
		'email-taken',
		`An account with the email ${email} already exists on this deployment.`,
	)
}

function pathTakenError(path: string) {
	return new AccountTransferError(
		'path-taken',
		`The path /${path} is already taken on this deployment. Choose another one with --path NEW.`,
	)
}

/**
 * Restores an exported account as a new owner (with new ids). `options.path` replaces the
 * document's public path (null imports the account without one). The email must be free; so
 * must the path. All or nothing: on any failure no row is written and no object is left behind.
 */
export async function importAccount(
	bundle: AccountBundle,
	options: { path?: string | null } = {},
): Promise<ImportResult> {
	const { document } = bundle
	const email = normaliseEmail(document.account.email)

	let path: { path: string; key: string } | null = null
	const wanted = options.path !== undefined ? options.path : document.profile.path
	if (wanted !== null) {
		const check = checkPath(wanted)
		if (!check.ok) {
			throw new AccountTransferError(
				'path-invalid',
				`The path ${JSON.stringify(wanted)} cannot be used: ${PATH_MESSAGES[check.reason]}${
					options.path === undefined ? ' Choose another one with --path NEW.' : ''
				}`,
			)
		}
		path = { path: check.path, key: check.key }
	}

	// Checked before anything is stored, for a clear answer; the unique indexes decide races.
	if (await emailTaken(email)) throw emailTakenError(email)
	if (path && (await pathTaken(path.key))) throw pathTakenError(path.path)

	const customerId = crypto.randomUUID()
	// An owner's own download holds no password: the account gets one nobody knows, and the
	// owner chooses theirs from a link sent to the email (the link proves the address).
	const keptHash = document.account.passwordHash
	const passwordHash =
		keptHash ?? (await hashPassword(crypto.randomBytes(32).toString('base64url')))
	const stored: string[] = []
	async function put(key: string, hash: string) {
		// Noted first: a put that fails may still have stored the object (a timed-out answer).
		stored.push(key)
		await storage().put(key, bundle.images.get(hash)!, 'image/webp')
	}

	const picture = document.profile.displayPicture
	const items = document.portfolio.map((item, position) => {
		const portfolioId = crypto.randomUUID()
		return {
			portfolioId,
			position,
			item,
			images: item.images.map((image, imagePosition) => {
				const imageId = crypto.randomUUID()
				const key = `${portfolioImagePrefix(customerId, portfolioId)}${imageId}.webp`
				return { imageId, key, position: imagePosition, image }
			}),
		}
	})

	try {
		if (picture) {
			await put(displayPictureKey(customerId, 'large'), picture.large)
			await put(displayPictureKey(customerId, 'small'), picture.small)
		}
		for (const { images } of items) {
			for (const { key, image } of images) {
				await put(key, image.image)
				await put(cardKey(key), image.card)
				if (image.large) await put(largeKey(key), image.large)
			}
		}

		const { displayPicture: _, path: _path, appearance, ...profileFields } = document.profile
		const resume = document.resume
		await prisma().$transaction(
			async (tx) => {
				await tx.customer.create({
					data: {
						id: customerId,
						email,
						name: document.account.name,
						passwordHash,
						// Moved by the operator with its password: the address was the owner's there.
						emailVerifiedAt: keptHash ? new Date() : null,
						disabled: document.account.disabled,
						createdAt: new Date(document.account.createdAt),
						language: document.account.language,
						profile: {
							create: {
								...profileFields,
								...appearanceUpdate(appearance),
								path: path?.path ?? null,
								pathKey: path?.key ?? null,
								pictureVersion: picture ? 1 : 0,
							},
						},
					},
				})
				if (!keptHash && !document.account.disabled) {
					await tx.outboxMessage.create({
						data: { kind: 'set-password', to: email, data: { customerId } },
					})
				}
				await tx.workExperience.createMany({
					data: resume.workExperience.map((item, position) => ({ ...item, customerId, position })),
				})
				await tx.education.createMany({
					data: resume.education.map((item, position) => ({ ...item, customerId, position })),
				})
				await tx.skill.createMany({
					data: resume.skills.map((item, position) => ({ ...item, customerId, position })),
				})
				await tx.certificate.createMany({
					data: resume.certificates.map((item, position) => ({ ...item, customerId, position })),
				})
				await tx.achievement.createMany({
					data: resume.achievements.map((text, position) => ({ text, customerId, position })),
				})
				await tx.portfolio.createMany({
					data: items.map(({ portfolioId, position, item }) => {
						const { images: _images, createdAt, ...fields } = item
						return {
							...fields,
							id: portfolioId,
							customerId,
							position,
							createdAt: new Date(createdAt),
						}
					}),
				})
				await tx.link.createMany({
					data: document.links.map((link, position) => ({
						customerId,
						position,
						title: link.title,
						url: link.url,
						icon: link.icon,
						active: link.active,
						highlight: link.highlight,
						startsAt: link.startsAt ? new Date(link.startsAt) : null,
						endsAt: link.endsAt ? new Date(link.endsAt) : null,
					})),
				})
				// The owner was told of these where they came from: no email about them here.
				const imported = new Date()
				await tx.contact.createMany({
					data: document.contacts.map((contact) => ({
						customerId,
						name: contact.name,
						email: contact.email,
						phone: contact.phone,
						company: contact.company,
						message: contact.message,
						createdAt: new Date(contact.createdAt),
						read: contact.read,
						consentText: contact.consentText,
						consentAt: new Date(contact.consentAt),
						noticeId: IMPORTED_NOTICE,
						notifiedAt: imported,
					})),
				})
				await tx.portfolioImage.createMany({
					data: items.flatMap(({ portfolioId, images }) =>
						images.map(({ imageId, key, position, image }) => ({
							id: imageId,
							portfolioId,
							customerId,
							key,
							position,
							whole: image.large !== null,
							caption: image.caption,
							alt: image.alt,
							focalX: image.focalPoint.x,
							focalY: image.focalPoint.y,
							width: image.width,
							height: image.height,
							active: image.active,
							// One featured image per item (an export of older data may hold more).
							featured:
								image.featured && images.findIndex((other) => other.image.featured) === position,
							createdAt: new Date(image.createdAt),
						})),
					),
				})
			},
			{ maxWait: 10_000, timeout: 60_000 },
		)
	} catch (error) {
		for (const key of stored) {
			await storage()
				.delete(key)
				.catch(() => {})
		}
		// Someone took the email or the path between the check and the transaction.
		if (isUniqueViolation(error)) {
			if (await emailTaken(email)) throw emailTakenError(email)
			if (path && (await pathTaken(path.key))) throw pathTakenError(path.path)
		}
		throw error
	}

	return {
		customerId,
		email,
		passwordLinkSent: !keptHash && !document.account.disabled,
		path: path?.path ?? null,
		portfolioItems: items.length,
		images: items.reduce((count, item) => count + item.images.length, 0),
		links: document.links.length,
		contacts: document.contacts.length,
	}
}

/** What an imported contact's `noticeId` says: told of already, where it came from. */
const IMPORTED_NOTICE = 'imported'
