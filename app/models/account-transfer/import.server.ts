/**
 * Reading an archive and importing the account it holds: everything is checked before anything
 * is written (app/models/account-transfer.server.ts says what a transfer is).
 */
import crypto from 'node:crypto'
import sharp from 'sharp'
import { z } from 'zod'
import { appearanceUpdate } from '~/utils/appearance'
import { isUniqueViolation, prisma } from '~/utils/db.server'
import { jsonNestsTooDeep, MAX_JSON_DEPTH } from '~/utils/json-depth'
import { hashPassword } from '~/utils/password.server'
import { checkPath, PATH_MESSAGES } from '~/utils/path-name'
import { storage } from '~/utils/storage.server'
import { unpackTarGz, type TarBudget } from '~/utils/tar.server'
import { normaliseEmail, pathKeyInUse } from '../customer.server'
import { cardKey, largeKey, MAX_IMAGES_PER_PORTFOLIO } from '../image.server'
import { MAX_PORTFOLIO_ITEMS, portfolioImagePrefix } from '../portfolio.server'
import { displayPictureKey } from '../profile.server'
import {
	type AccountBundle,
	type AccountDocument,
	AccountDocumentSchema,
	AccountTransferError,
	DOCUMENT_FILE,
	EXPORT_FORMAT,
	EXPORT_VERSION,
	IMAGE_FILE,
	imageFile,
	sha256,
} from './document.server'

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
