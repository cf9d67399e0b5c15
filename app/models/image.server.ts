/**
 * Images: the display picture and the galleries of portfolio items. Objects go to storage
 * first and rows are written only when every object is stored, so no row ever points at a
 * missing object; objects of a failed upload are removed (and `npm run storage:gc` sweeps
 * whatever a crash left behind). Rows are written under the owner's write lock (./tx.server.ts):
 * positions stay 0..n-1 per item and at most one image of an item is featured (both guarded by
 * database constraints).
 */
import crypto from 'node:crypto'
import { isPrismaError, prisma } from '~/utils/db.server'
import { processDisplayPicture, processProjectImage, withImageSlot } from '~/utils/images.server'
import { rowsAfter, toPage, type Page, type PageRequest } from '~/utils/pagination.server'
import { storage } from '~/utils/storage.server'
import {
	cardKey,
	getPortfolio,
	imageSelect,
	largeKey,
	toDisplayImage,
	nextImagePosition,
	setPositions,
	type DisplayImage,
	type Viewer,
} from './portfolio.server'
import { bumpPictureVersion, displayPictureKey, displayPictureUrl } from './profile.server'
import { writeAsOwner } from './tx.server'
import { msg } from '~/utils/i18n-macro'
import { serverI18n } from '~/utils/i18n.server'
import { type Translatable } from '~/utils/i18n'

export class StorageUnavailableError extends Error {}

/** Most images one portfolio item can hold (README, "Limits"). */
export const MAX_IMAGES_PER_PORTFOLIO = 50

/**
 * Refused: the upload would take the item past {@link MAX_IMAGES_PER_PORTFOLIO} (a 400).
 * `message` is English; `translatable` the same message with its numbers, for the catalogs.
 */
export class ImageLimitError extends Error {
	readonly status = 400
	readonly translatable: Translatable
	constructor(existing: number) {
		const translatable =
			existing >= MAX_IMAGES_PER_PORTFOLIO
				? {
						...msg`A project can hold at most {max} images. Delete some to add others.`,
						values: { max: MAX_IMAGES_PER_PORTFOLIO },
					}
				: {
						...msg`A project can hold at most {max} images: {count, plural, other {# more can be added}}.`,
						values: { max: MAX_IMAGES_PER_PORTFOLIO, count: MAX_IMAGES_PER_PORTFOLIO - existing },
					}
		super(serverI18n('en')._(translatable))
		this.translatable = translatable
	}
}

/** Throws {@link ImageLimitError} unless `adding` more images fit in the item. */
export async function checkImageRoom(customerId: string, portfolioId: string, adding = 1) {
	const existing = await prisma().portfolioImage.count({ where: { portfolioId, customerId } })
	if (existing + adding > MAX_IMAGES_PER_PORTFOLIO) throw new ImageLimitError(existing)
}

/**
 * A page of an item's gallery, in gallery order: every image for its owner, the active images
 * of an active item for visitors. Null when the item is not there for this viewer.
 */
export async function listPortfolioImagesPage(
	customerId: string,
	portfolioId: string,
	viewer: Viewer,
	{ limit, after }: PageRequest,
): Promise<Page<DisplayImage> | null> {
	const db = prisma()
	const item = await db.portfolio.findFirst({
		where:
			viewer === 'owner'
				? { id: portfolioId, customerId }
				: { id: portfolioId, customerId, active: true, customer: { disabled: false } },
		select: { id: true },
	})
	if (!item) return null
	const rows = await db.portfolioImage.findMany({
		where: {
			portfolioId,
			customerId,
			...(viewer === 'owner' ? {} : { active: true }),
			...rowsAfter(after),
		},
		orderBy: [{ position: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
		take: limit + 1,
		select: { ...imageSelect, position: true, createdAt: true },
	})
	const page = toPage(rows, limit)
	return {
		items: page.rows.map(toDisplayImage),
		next: page.next,
	}
}

export { cardKey, largeKey }

/** Processes and stores a new display picture; answers its versioned URL. */
export async function replaceDisplayPicture(customerId: string, upload: Buffer) {
	const { large, small } = await processDisplayPicture(upload)
	try {
		await storage().put(displayPictureKey(customerId, 'large'), large, 'image/webp')
		await storage().put(displayPictureKey(customerId, 'small'), small, 'image/webp')
	} catch (error) {
		throw new StorageUnavailableError((error as Error).message)
	}
	const version = await bumpPictureVersion(customerId)
	return displayPictureUrl(customerId, version)!
}

/** True when the portfolio item exists and belongs to this owner. */
export async function ownsPortfolio(customerId: string, portfolioId: string) {
	const item = await prisma().portfolio.findFirst({
		where: { id: portfolioId, customerId },
		select: { id: true },
	})
	return Boolean(item)
}

/**
 * Adds images to the end of an item's gallery. Every file is checked and resized before anything
 * is stored; then all objects are stored; then the rows are written in one transaction. Answers
 * the new images' ids and the item as this write left it; null (and nothing kept) when the item
 * is gone by then: deleted while the upload was under way. Throws {@link ImageLimitError} when
 * the item would hold more than {@link MAX_IMAGES_PER_PORTFOLIO}.
 */
export async function addPortfolioImages(
	customerId: string,
	portfolioId: string,
	uploads: Buffer[],
) {
	await checkImageRoom(customerId, portfolioId, uploads.length)
	const processed = []
	for (const upload of uploads) {
		processed.push(await withImageSlot(() => processProjectImage(upload)))
	}
	const stored: string[] = []
	const rows = processed.map((image) => {
		const id = crypto.randomUUID()
		return { id, key: `${customerId}/portfolio/${portfolioId}/${id}.webp`, image }
	})
	try {
		for (const row of rows) {
			const renditions: Array<[string, Buffer]> = [
				[row.key, row.image.gallery.data],
				[cardKey(row.key), row.image.card.data],
				[largeKey(row.key), row.image.large.data],
			]
			for (const [key, data] of renditions) {
				await storage().put(key, data, 'image/webp')
				stored.push(key)
			}
		}
	} catch (error) {
		await removeObjects(stored)
		throw new StorageUnavailableError((error as Error).message)
	}
	let added
	try {
		added = await writeAsOwner(customerId, async (tx) => {
			const first = await nextImagePosition(tx, customerId, portfolioId)
			if (first === null) return null
			const existing = await tx.portfolioImage.count({ where: { portfolioId } })
			if (existing + rows.length > MAX_IMAGES_PER_PORTFOLIO) throw new ImageLimitError(existing)
			// An image is a saved field: a new item is no longer pristine.
			await tx.portfolio.updateMany({
				where: { id: portfolioId, customerId, pristine: true },
				data: { pristine: false },
			})
			await tx.portfolioImage.createMany({
				data: rows.map((row, index) => ({
					id: row.id,
					portfolioId,
					customerId,
					key: row.key,
					whole: true,
					width: row.image.gallery.width,
					height: row.image.gallery.height,
					position: first + index,
				})),
			})
			const item = await getPortfolio(customerId, portfolioId, 'owner', tx)
			return item && { imageIds: rows.map((row) => row.id), item }
		})
	} catch (error) {
		await removeObjects(stored)
		// The item was deleted between the check and the insert (another instance, no lock).
		if (isPrismaError(error, 'P2003')) return null
		throw error
	}
	if (!added) await removeObjects(stored)
	return added
}

async function removeObjects(keys: string[]) {
	for (const key of keys) {
		await storage()
			.delete(key)
			.catch(() => {})
	}
}

/** Sets 'Is Active' or 'Is Featured' of one image; featuring one un-features the others. */
export async function setImageStatus(
	customerId: string,
	portfolioId: string,
	imageId: string,
	change: { active: boolean } | { featured: boolean },
) {
	return writeAsOwner(customerId, async (tx) => {
		const image = await tx.portfolioImage.findFirst({
			where: { id: imageId, portfolioId, customerId },
			select: { id: true },
		})
		if (!image) return null
		if ('featured' in change && change.featured) {
			// First, so that the one-featured-image index never sees two.
			await tx.portfolioImage.updateMany({
				where: { portfolioId, customerId, featured: true, NOT: { id: imageId } },
				data: { featured: false },
			})
		}
		return tx.portfolioImage.update({ where: { id: imageId }, data: change })
	})
}

/** Deletes one image row (the images after it move up one place), then its objects. */
export async function deletePortfolioImage(
	customerId: string,
	portfolioId: string,
	imageId: string,
) {
	const image = await writeAsOwner(customerId, async (tx) => {
		const image = await tx.portfolioImage.findFirst({
			where: { id: imageId, portfolioId, customerId },
			select: { id: true, key: true, whole: true, position: true },
		})
		if (!image) return null
		await tx.portfolioImage.delete({ where: { id: image.id } })
		await tx.$executeRaw`
			UPDATE "PortfolioImage" SET "position" = "position" - 1
			WHERE "portfolioId" = ${portfolioId} AND "position" > ${image.position}`
		return image
	})
	if (!image) return false
	await removeObjects([
		image.key,
		cardKey(image.key),
		...(image.whole ? [largeKey(image.key)] : []),
	])
	return true
}

/** Puts the item's images in the given order (the item's whole list, each once; else false). */
export async function reorderPortfolioImages(
	customerId: string,
	portfolioId: string,
	imageIds: string[],
) {
	return writeAsOwner(customerId, async (tx) => {
		const images = await tx.portfolioImage.findMany({
			where: { portfolioId, customerId },
			select: { id: true },
		})
		const known = new Set(images.map((image) => image.id))
		const complete =
			imageIds.length === known.size &&
			new Set(imageIds).size === known.size &&
			imageIds.every((id) => known.has(id))
		if (!complete) return false
		await setPositions(tx, 'PortfolioImage', customerId, imageIds)
		return true
	})
}

/** Every object key the database refers to (for storage:gc). */
export async function* referencedKeys() {
	const db = prisma()
	let cursor: string | undefined
	for (;;) {
		const batch = await db.portfolioImage.findMany({
			take: 1000,
			...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
			orderBy: { id: 'asc' },
			select: { id: true, key: true, whole: true },
		})
		for (const image of batch) {
			yield image.key
			yield cardKey(image.key)
			if (image.whole) yield largeKey(image.key)
		}
		if (batch.length < 1000) break
		cursor = batch[batch.length - 1]!.id
	}
	const profiles = await db.profile.findMany({
		where: { pictureVersion: { gt: 0 } },
		select: { customerId: true },
	})
	for (const profile of profiles) {
		yield displayPictureKey(profile.customerId, 'large')
		yield displayPictureKey(profile.customerId, 'small')
	}
}

/** What the owner writes about one image: any of caption, alt text and focal point. */
export type ImageDetails = {
	caption?: string
	alt?: string
	focalPoint?: { x: number; y: number }
}

/** Writes an image's caption, alt text or focal point; its new shape, or null when not found. */
export async function setImageDetails(
	customerId: string,
	portfolioId: string,
	imageId: string,
	details: ImageDetails,
) {
	return writeAsOwner(customerId, async (tx) => {
		const { count } = await tx.portfolioImage.updateMany({
			where: { id: imageId, portfolioId, customerId },
			data: {
				...(details.caption === undefined ? {} : { caption: details.caption }),
				...(details.alt === undefined ? {} : { alt: details.alt }),
				...(details.focalPoint
					? { focalX: details.focalPoint.x, focalY: details.focalPoint.y }
					: {}),
			},
		})
		if (!count) return null
		const image = await tx.portfolioImage.findUniqueOrThrow({
			where: { id: imageId },
			select: imageSelect,
		})
		return toDisplayImage(image)
	})
}
