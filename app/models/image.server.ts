/**
 * Images: the display picture and the galleries of portfolio items. Objects go to storage
 * first and rows are written only when every object is stored, so no row ever points at a
 * missing object; objects of a failed upload are removed (and `npm run storage:gc` sweeps
 * whatever a crash left behind).
 */
import crypto from 'node:crypto'
import { prisma } from '~/utils/db.server'
import { processDisplayPicture, processProjectImage, withImageSlot } from '~/utils/images.server'
import { toPage, type Page, type PageRequest } from '~/utils/pagination.server'
import { storage } from '~/utils/storage.server'
import { imageUrl, type DisplayImage, type Viewer } from './portfolio.server'
import { bumpPictureVersion, displayPictureKey, displayPictureUrl } from './profile.server'

export class StorageUnavailableError extends Error {}

/** Most images one portfolio item can hold (README, "Limits"). */
export const MAX_IMAGES_PER_PORTFOLIO = 50

/** Refused: the upload would take the item past {@link MAX_IMAGES_PER_PORTFOLIO} (a 400). */
export class ImageLimitError extends Error {
	readonly status = 400
	constructor(existing: number) {
		super(
			`A project can hold at most ${MAX_IMAGES_PER_PORTFOLIO} images` +
				(existing >= MAX_IMAGES_PER_PORTFOLIO
					? '. Delete some to add others.'
					: `: ${MAX_IMAGES_PER_PORTFOLIO - existing} more can be added.`),
		)
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
			...(after
				? {
						OR: [
							{ position: { gt: after.position } },
							{ position: after.position, createdAt: { gt: after.createdAt } },
							{ position: after.position, createdAt: after.createdAt, id: { gt: after.id } },
						],
					}
				: {}),
		},
		orderBy: [{ position: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }],
		take: limit + 1,
		select: { id: true, key: true, active: true, featured: true, position: true, createdAt: true },
	})
	const page = toPage(rows, limit)
	return {
		items: page.rows.map((image) => ({
			pProductImageId: image.id,
			pProductImageUrl: imageUrl(image.key),
			active: image.active,
			featured: image.featured,
		})),
		next: page.next,
	}
}

export const cardKey = (key: string) => key.replace(/\.webp$/, '-card.webp')

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
 * Adds images to an item. Every file is checked and resized before anything is stored; then
 * all objects are stored; then the rows are written in one transaction. Throws
 * {@link ImageLimitError} when the item would hold more than {@link MAX_IMAGES_PER_PORTFOLIO}.
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
			await storage().put(row.key, row.image.large, 'image/webp')
			stored.push(row.key)
			await storage().put(cardKey(row.key), row.image.card, 'image/webp')
			stored.push(cardKey(row.key))
		}
	} catch (error) {
		await removeObjects(stored)
		throw new StorageUnavailableError((error as Error).message)
	}
	try {
		await prisma().$transaction(async (tx) => {
			const last = await tx.portfolioImage.aggregate({
				where: { portfolioId },
				_max: { position: true },
			})
			const existing = await tx.portfolioImage.count({ where: { portfolioId } })
			if (existing + rows.length > MAX_IMAGES_PER_PORTFOLIO) throw new ImageLimitError(existing)
			let position = (last._max.position ?? -1) + 1
			await tx.portfolioImage.createMany({
				data: rows.map((row) => ({
					id: row.id,
					portfolioId,
					customerId,
					key: row.key,
					width: row.image.width,
					height: row.image.height,
					position: position++,
				})),
			})
		})
	} catch (error) {
		await removeObjects(stored)
		throw error
	}
	return rows.map((row) => row.id)
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
	return prisma().$transaction(async (tx) => {
		const image = await tx.portfolioImage.findFirst({
			where: { id: imageId, portfolioId, customerId },
			select: { id: true },
		})
		if (!image) return null
		if ('featured' in change && change.featured) {
			await tx.portfolioImage.updateMany({
				where: { portfolioId, customerId, featured: true, NOT: { id: imageId } },
				data: { featured: false },
			})
		}
		return tx.portfolioImage.update({ where: { id: imageId }, data: change })
	})
}

/** Deletes one image row, then its objects. */
export async function deletePortfolioImage(
	customerId: string,
	portfolioId: string,
	imageId: string,
) {
	const image = await prisma().portfolioImage.findFirst({
		where: { id: imageId, portfolioId, customerId },
		select: { id: true, key: true },
	})
	if (!image) return false
	await prisma().portfolioImage.delete({ where: { id: image.id } })
	await removeObjects([image.key, cardKey(image.key)])
	return true
}

/** Puts the item's images in the given order (ids not in the item are refused). */
export async function reorderPortfolioImages(
	customerId: string,
	portfolioId: string,
	imageIds: string[],
) {
	const images = await prisma().portfolioImage.findMany({
		where: { portfolioId, customerId },
		select: { id: true },
	})
	const known = new Set(images.map((image) => image.id))
	const complete =
		imageIds.length === known.size &&
		new Set(imageIds).size === known.size &&
		imageIds.every((id) => known.has(id))
	if (!complete) return false
	await prisma().$transaction(
		imageIds.map((id, position) =>
			prisma().portfolioImage.update({ where: { id }, data: { position } }),
		),
	)
	return true
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
			select: { id: true, key: true },
		})
		for (const image of batch) {
			yield image.key
			yield cardKey(image.key)
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
