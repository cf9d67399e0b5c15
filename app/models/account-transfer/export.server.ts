/**
 * Exporting an account: the document from the database, and the archive of it and its images
 * (app/models/account-transfer.server.ts says what a transfer is).
 */
import { type Readable } from 'node:stream'
import { DEFAULT_APPEARANCE, toAppearance } from '~/utils/appearance'
import { prisma } from '~/utils/db.server'
import { msg } from '~/utils/i18n-macro'
import { storage } from '~/utils/storage.server'
import { createTarGzStream } from '~/utils/tar.server'
import { DEFAULT_LOCALE, isLocale } from '~/utils/locales'
import { cardKey, largeKey } from '../image.server'
import { portfolioHead } from '../portfolio.server'
import { displayPictureKey } from '../profile.server'
import {
	type AccountBundle,
	type AccountDocument,
	AccountTransferError,
	DOCUMENT_FILE,
	EXPORT_FORMAT,
	EXPORT_VERSION,
	imageFile,
	sha256,
} from './document.server'

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
