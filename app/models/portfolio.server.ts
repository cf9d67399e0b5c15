/**
 * Portfolio items (project case studies) in the /one API's shapes. Ownership is always part of
 * the query's `where` (`{ id, customerId }`); visitors only ever reach active items of active
 * customers, and only the active images of those.
 *
 * Every write runs under the owner's write lock (./tx.server.ts). Positions are 0..n-1 per owner
 * after every create, delete and reorder: a deferred unique constraint on (customerId, position)
 * guards it, the code below keeps the numbers contiguous.
 */
import crypto from 'node:crypto'
import { prisma, type Prisma } from '~/utils/db.server'
import { env } from '~/utils/env.server'
import { type Precondition } from '~/utils/etag.server'
import { type PortfolioChanges } from '~/utils/portfolio-schemas'
import { storage } from '~/utils/storage.server'
import { type Tx, writeAsOwner } from './tx.server'
import { msg } from '~/utils/i18n-macro'
import { serverI18n } from '~/utils/i18n.server'
import { type Translatable } from '~/utils/i18n'

/** Where a crop keeps an image, in % of its width (x) and height (y); 50/50 is the centre. */
export type FocalPoint = { x: number; y: number }

export type DisplayImage = {
	pProductImageId: string
	/** The gallery rendition (longer edge at most 1,600 px), whole: its own aspect ratio. */
	pProductImageUrl: string
	/** The large rendition (longer edge at most 2,560 px): the viewer's and the no-JS link's. */
	largeImageUrl: string
	/** The card rendition (longer edge at most 640 px). */
	cardImageUrl: string
	/** Size of the gallery rendition. */
	width: number
	height: number
	caption: string
	alt: string
	focalPoint: FocalPoint
	active: boolean
	featured: boolean
}

/** What a card needs of its cover image. */
export type CoverData = {
	url: string
	cardUrl: string
	width: number
	height: number
	focalPoint: FocalPoint
}

export type PortfolioItem = {
	portfolioId: string
	productName: string
	company: string
	role: string
	projectSummary: string[]
	duration: string
	industries: string[]
	categories: string[]
	skills: string[]
	challenges: string[]
	solution: string[]
	results: string[]
	/** The card-size URL of the featured active image, else of the first active image, else null. */
	coverImage: string | null
	/** That image's sizes and focal point (cards crop it at display time). */
	cover: CoverData | null
	/** 'Visit project': the live work's address, or "". */
	link: string
	active: boolean
	featured: boolean
	displayImages: DisplayImage[]
}

export type PortfolioHead = Pick<
	PortfolioItem,
	'productName' | 'company' | 'role' | 'projectSummary' | 'duration' | 'industries' | 'categories'
>

/** A project's head: what its card and the builder's head editor show, in this order. */
export const portfolioHead = (item: PortfolioHead): PortfolioHead => ({
	productName: item.productName,
	company: item.company,
	role: item.role,
	projectSummary: item.projectSummary,
	duration: item.duration,
	industries: item.industries,
	categories: item.categories,
})

/** Who is looking: the owner sees every item and image; visitors only active ones. */
export type Viewer = 'owner' | 'visitor'

export type PortfolioListType = 'featured' | 'active' | 'all'

/** At most this many featured items show on the profile. */
export const FEATURED_LIMIT = 3

/** Most portfolio items one owner can have (README, "Limits"). */
export const MAX_PORTFOLIO_ITEMS = 200

/** The refusal past {@link MAX_PORTFOLIO_ITEMS}, with its number (`translate(i18n, …)` shows it). */
export const PORTFOLIO_LIMIT = {
	...msg`You can have at most {max} portfolio items. Delete one to add another.`,
	values: { max: MAX_PORTFOLIO_ITEMS },
}

/** The same in English. */
export const PORTFOLIO_LIMIT_MESSAGE = serverI18n('en')._(PORTFOLIO_LIMIT)

/**
 * Refused: the owner already has {@link MAX_PORTFOLIO_ITEMS} items (a 400 for the API).
 * `message` is English; `translatable` is for the owner's language.
 */
export class PortfolioLimitError extends Error {
	readonly translatable: Translatable = PORTFOLIO_LIMIT
	constructor() {
		super(PORTFOLIO_LIMIT_MESSAGE)
	}
}

/**
 * A page of a list ends early once its items pass this many bytes of text (it always holds one
 * item), so a page of the largest items stays about a megabyte whatever `limit` asks for.
 */
export const PAGE_BYTES = 1024 * 1024

export const imageSelect = {
	id: true,
	key: true,
	whole: true,
	width: true,
	height: true,
	caption: true,
	alt: true,
	focalX: true,
	focalY: true,
	active: true,
	featured: true,
} satisfies Prisma.PortfolioImageSelect

type ImageRow = Prisma.PortfolioImageGetPayload<{ select: typeof imageSelect }>

export const imagesInclude = {
	images: {
		orderBy: [{ position: 'asc' }, { createdAt: 'asc' }],
		select: imageSelect,
	},
} satisfies Prisma.PortfolioInclude

export const byPosition = [
	{ position: 'asc' },
	{ createdAt: 'asc' },
] satisfies Prisma.PortfolioOrderByWithRelationInput[]

type PortfolioRow = Prisma.PortfolioGetPayload<{ include: typeof imagesInclude }>

export function imageUrl(key: string) {
	return `${env().CDN_URL}/${key}`
}

/** The object keys of an image's renditions: gallery (`key`), card, and large when whole. */
export const cardKey = (key: string) => key.replace(/\.webp$/, '-card.webp')
export const largeKey = (key: string) => key.replace(/\.webp$/, '-large.webp')

/** The card-size variant stored beside every project image. */
export function cardImageUrl(key: string) {
	return imageUrl(cardKey(key))
}

/** The large rendition; images stored before they were kept whole have none (the gallery's). */
export function largeImageUrl(image: { key: string; whole: boolean }) {
	return imageUrl(image.whole ? largeKey(image.key) : image.key)
}

export function toDisplayImage(image: ImageRow): DisplayImage {
	return {
		pProductImageId: image.id,
		pProductImageUrl: imageUrl(image.key),
		largeImageUrl: largeImageUrl(image),
		cardImageUrl: cardImageUrl(image.key),
		width: image.width,
		height: image.height,
		caption: image.caption,
		alt: image.alt,
		focalPoint: { x: image.focalX, y: image.focalY },
		active: image.active,
		featured: image.featured,
	}
}

/** What a card's cover is chosen from: the item's active images in their order. */
export const coverImages = {
	where: { active: true },
	orderBy: [{ position: 'asc' }, { createdAt: 'asc' }],
	select: {
		key: true,
		featured: true,
		width: true,
		height: true,
		focalX: true,
		focalY: true,
	},
} satisfies Prisma.Portfolio$imagesArgs

type CoverRow = {
	key: string
	featured: boolean
	width: number
	height: number
	focalX: number
	focalY: number
}

/** The featured image, else the first one, else null. */
export function coverOf(images: CoverRow[]): CoverData | null {
	const cover = images.find((image) => image.featured) ?? images[0]
	return cover
		? {
				url: imageUrl(cover.key),
				cardUrl: cardImageUrl(cover.key),
				width: cover.width,
				height: cover.height,
				focalPoint: { x: cover.focalX, y: cover.focalY },
			}
		: null
}

export function toPortfolioItem(row: PortfolioRow, viewer: Viewer): PortfolioItem {
	const activeImages = row.images.filter((image) => image.active)
	const shownImages = viewer === 'owner' ? row.images : activeImages
	return {
		portfolioId: row.id,
		productName: row.productName,
		company: row.company,
		role: row.role,
		projectSummary: row.projectSummary,
		duration: row.duration,
		industries: row.industries,
		categories: row.categories,
		skills: row.skills,
		challenges: row.challenges,
		solution: row.solution,
		results: row.results,
		coverImage: coverOf(activeImages)?.cardUrl ?? null,
		cover: coverOf(activeImages),
		link: row.link,
		active: row.active,
		featured: row.featured,
		displayImages: shownImages.map(toDisplayImage),
	}
}

/** What visitors may see of a customer's portfolio. */
export const visibleToVisitors = {
	active: true,
	customer: { disabled: false },
} satisfies Prisma.PortfolioWhereInput

/** One item: any of the owner's own, or an active one for visitors; null otherwise. */
export async function getPortfolio(
	customerId: string,
	portfolioId: string,
	viewer: Viewer,
	db: Tx = prisma(),
): Promise<PortfolioItem | null> {
	// An id from an address: PostgreSQL refuses a NUL in any text, and no id is that long.
	if (!portfolioId || portfolioId.length > 64 || portfolioId.includes('\0')) return null
	const row = await db.portfolio.findFirst({
		where:
			viewer === 'owner'
				? { id: portfolioId, customerId }
				: { id: portfolioId, customerId, ...visibleToVisitors },
		include: imagesInclude,
	})
	return row ? toPortfolioItem(row, viewer) : null
}

/** The position after the last of the owner's items (their count, as positions are 0..n-1). */
async function nextPosition(tx: Tx, customerId: string) {
	const last = await tx.portfolio.aggregate({ where: { customerId }, _max: { position: true } })
	return (last._max.position ?? -1) + 1
}

/**
 * A new item at the end of the owner's list (empty unless `fields` are given; inactive).
 * Throws {@link PortfolioLimitError} when the owner already has {@link MAX_PORTFOLIO_ITEMS}.
 *
 * `fresh` is 'Add New' (the builder and the API): the item is *pristine* until a field, its
 * status or an image is saved: no list shows it, and it is removed when the owner leaves it
 * (models/portfolio/abandoned.server.ts). It turns active by itself
 * once it has a name, unless the owner set 'Is Active' first.
 */
export async function createPortfolio(
	customerId: string,
	fields: PortfolioChanges & { active?: boolean; featured?: boolean } = {},
	{ fresh = false }: { fresh?: boolean } = {},
): Promise<PortfolioItem> {
	const row = await writeAsOwner(customerId, async (tx) => {
		if ((await tx.portfolio.count({ where: { customerId } })) >= MAX_PORTFOLIO_ITEMS) {
			throw new PortfolioLimitError()
		}
		return tx.portfolio.create({
			data: {
				...fields,
				customerId,
				position: await nextPosition(tx, customerId),
				...(fresh ? { pristine: true, autoActive: true } : {}),
			},
			include: imagesInclude,
		})
	})
	return toPortfolioItem(row, 'owner')
}

/**
 * Writes fields of one of the owner's items and answers the item as this write left it; null
 * when the owner has no such item. With a precondition (an `If-Match`, the builder's section
 * version) the check runs on the item as its owner reads it, under the owner's write lock;
 * PreconditionFailed leaves it untouched.
 */
export async function updatePortfolio(
	customerId: string,
	portfolioId: string,
	changes: PortfolioChanges & { active?: boolean; featured?: boolean },
	precondition?: Precondition<PortfolioItem>,
): Promise<PortfolioItem | null> {
	return writeAsOwner(customerId, async (tx) => {
		if (precondition) {
			const current = await getPortfolio(customerId, portfolioId, 'owner', tx)
			if (!current) return null
			precondition(current)
		}
		const { count } = await tx.portfolio.updateMany({
			where: { id: portfolioId, customerId },
			// Any saved field makes a new item real; the owner's own 'Is Active' is final.
			data: { ...changes, pristine: false, ...('active' in changes ? { autoActive: false } : {}) },
		})
		if (!count) return null
		// A new item shows once it has a name, unless its owner hid it.
		await tx.portfolio.updateMany({
			where: { id: portfolioId, customerId, autoActive: true, NOT: { productName: '' } },
			data: { active: true, autoActive: false },
		})
		return getPortfolio(customerId, portfolioId, 'owner', tx)
	})
}

/** Switches one of the item's flags; null when the owner has no such item. */
export function setPortfolioStatus(
	customerId: string,
	portfolioId: string,
	status: { active: boolean } | { featured: boolean },
) {
	return updatePortfolio(customerId, portfolioId, status)
}

/** The storage folder of an item's images. */
export function portfolioImagePrefix(customerId: string, portfolioId: string) {
	return `${customerId}/portfolio/${portfolioId}/`
}

/**
 * Deletes one of the owner's items; its image rows go with it (ON DELETE CASCADE) and the items
 * after it move up one place; then its image objects are removed from storage. A storage failure
 * is logged, not fatal: the item is gone. False when the owner has no such item.
 */
export async function deletePortfolio(
	customerId: string,
	portfolioId: string,
	{ onlyPristine = false, leftBefore }: { onlyPristine?: boolean; leftBefore?: Date } = {},
) {
	const deleted = await writeAsOwner(customerId, async (tx) => {
		const item = await tx.portfolio.findFirst({
			where: {
				id: portfolioId,
				customerId,
				...(onlyPristine ? { pristine: true } : {}),
				...(leftBefore ? { leftAt: { lt: leftBefore } } : {}),
			},
			select: { position: true },
		})
		if (!item) return false
		await tx.portfolio.delete({ where: { id: portfolioId } })
		await tx.$executeRaw`
			UPDATE "Portfolio" SET "position" = "position" - 1
			WHERE "customerId" = ${customerId} AND "position" > ${item.position}`
		return true
	})
	if (!deleted) return false
	try {
		await storage().deletePrefix(portfolioImagePrefix(customerId, portfolioId))
	} catch (error) {
		console.warn(
			`could not delete the images of portfolio ${portfolioId}: ${(error as Error).message}`,
		)
	}
	return true
}

export type ReorderResult = 'ok' | 'not-found' | 'incomplete'

/**
 * Puts the owner's items in the given order. `portfolioIds` must be the owner's whole list, each
 * once: an id that is not the owner's is 'not-found', a partial or repeated list 'incomplete';
 * neither changes anything.
 */
export async function reorderPortfolios(
	customerId: string,
	portfolioIds: readonly string[],
): Promise<ReorderResult> {
	return writeAsOwner(customerId, async (tx) => {
		const rows = await tx.portfolio.findMany({
			where: { customerId },
			orderBy: byPosition,
			select: { id: true, pristine: true },
		})
		// Pristine items are listed nowhere: they keep the places after the listed ones.
		const owned = new Set(rows.filter((row) => !row.pristine).map((row) => row.id))
		if (portfolioIds.some((id) => !owned.has(id))) return 'not-found'
		if (portfolioIds.length !== owned.size || new Set(portfolioIds).size !== portfolioIds.length) {
			return 'incomplete'
		}
		const pristine = rows.filter((row) => row.pristine).map((row) => row.id)
		await setPositions(tx, 'Portfolio', customerId, [...portfolioIds, ...pristine])
		return 'ok'
	})
}

/**
 * Numbers the given rows 0..n-1 in one statement, touching only those that move. The unique
 * (owner, position) constraints are deferred to the commit, so rows may swap places.
 */
export async function setPositions(
	tx: Tx,
	table: 'Portfolio' | 'PortfolioImage',
	customerId: string,
	ids: readonly string[],
) {
	const list = [...ids]
	if (table === 'Portfolio') {
		await tx.$executeRaw`
			UPDATE "Portfolio" AS t SET "position" = o.ordinality - 1
			FROM unnest(${list}::text[]) WITH ORDINALITY AS o(id, ordinality)
			WHERE t."id" = o.id AND t."customerId" = ${customerId} AND t."position" <> o.ordinality - 1`
	} else {
		await tx.$executeRaw`
			UPDATE "PortfolioImage" AS t SET "position" = o.ordinality - 1
			FROM unnest(${list}::text[]) WITH ORDINALITY AS o(id, ordinality)
			WHERE t."id" = o.id AND t."customerId" = ${customerId} AND t."position" <> o.ordinality - 1`
	}
}

/**
 * In a write of the owner: the position after the last image of their item `portfolioId`, or
 * null when they have no such item.
 */
export async function nextImagePosition(tx: Tx, customerId: string, portfolioId: string) {
	const portfolio = await tx.portfolio.findFirst({
		where: { id: portfolioId, customerId },
		select: { id: true },
	})
	if (!portfolio) return null
	const last = await tx.portfolioImage.aggregate({
		where: { portfolioId },
		_max: { position: true },
	})
	return (last._max.position ?? -1) + 1
}

/**
 * Records an image of one of the owner's items at the end of its gallery (the bytes are stored by
 * the images code; the seed and the tests use this for records only). Null when the owner has no
 * such item. A featured image takes the flag from any other image of the item.
 */
export async function addPortfolioImageRecord(
	customerId: string,
	portfolioId: string,
	image: { active?: boolean; featured?: boolean; width?: number; height?: number } = {},
) {
	return writeAsOwner(customerId, async (tx) => {
		const position = await nextImagePosition(tx, customerId, portfolioId)
		if (position === null) return null
		if (image.featured) {
			await tx.portfolioImage.updateMany({
				where: { portfolioId, featured: true },
				data: { featured: false },
			})
		}
		const id = `i${crypto.randomBytes(12).toString('hex')}`
		return tx.portfolioImage.create({
			data: {
				id,
				customerId,
				portfolioId,
				key: `${portfolioImagePrefix(customerId, portfolioId)}${id}.webp`,
				active: image.active ?? true,
				featured: image.featured ?? false,
				position,
				width: image.width ?? 1600,
				height: image.height ?? 900,
			},
		})
	})
}
