/**
 * Portfolio items (project case studies) in the /one API's shapes. Ownership is always part of
 * the query's `where` (`{ id, customerId }`); visitors only ever reach active items of active
 * customers, and only the active images of those.
 */
import crypto from 'node:crypto'
import { prisma, type Prisma } from '~/utils/db.server'
import { env } from '~/utils/env.server'
import { type Precondition } from '~/utils/etag.server'
import { storage } from '~/utils/storage.server'
import { type PortfolioChanges } from '~/utils/portfolio-schemas'

export type DisplayImage = {
	pProductImageId: string
	pProductImageUrl: string
	active: boolean
	featured: boolean
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
	active: boolean
	featured: boolean
	displayImages: DisplayImage[]
}

/** Who is looking: the owner sees every item and image; visitors only active ones. */
export type Viewer = 'owner' | 'visitor'

export type PortfolioListType = 'featured' | 'active' | 'all'

/** At most this many featured items show on the profile. */
export const FEATURED_LIMIT = 3

const imagesInclude = {
	images: {
		orderBy: [{ position: 'asc' }, { createdAt: 'asc' }],
		select: { id: true, key: true, active: true, featured: true },
	},
} satisfies Prisma.PortfolioInclude

const byPosition = [
	{ position: 'asc' },
	{ createdAt: 'asc' },
] satisfies Prisma.PortfolioOrderByWithRelationInput[]

type PortfolioRow = Prisma.PortfolioGetPayload<{ include: typeof imagesInclude }>

export function imageUrl(key: string) {
	return `${env().CDN_URL}/${key}`
}

/** The card-size variant stored beside every project image. */
export function cardImageUrl(key: string) {
	return imageUrl(key.replace(/\.webp$/, '-card.webp'))
}

export function toPortfolioItem(row: PortfolioRow, viewer: Viewer): PortfolioItem {
	const activeImages = row.images.filter((image) => image.active)
	const cover = activeImages.find((image) => image.featured) ?? activeImages[0]
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
		coverImage: cover ? cardImageUrl(cover.key) : null,
		active: row.active,
		featured: row.featured,
		displayImages: shownImages.map((image) => ({
			pProductImageId: image.id,
			pProductImageUrl: imageUrl(image.key),
			active: image.active,
			featured: image.featured,
		})),
	}
}

/** What visitors may see of a customer's portfolio. */
const visibleToVisitors = {
	active: true,
	customer: { disabled: false },
} satisfies Prisma.PortfolioWhereInput

/**
 * One list in one query (images included): `all` for the owner, `active` items, or up to
 * {@link FEATURED_LIMIT} `featured` active items. Lists other than `all` are visitor views.
 */
export async function listPortfolios(
	customerId: string,
	type: PortfolioListType,
): Promise<PortfolioItem[]> {
	const where: Prisma.PortfolioWhereInput =
		type === 'all'
			? { customerId }
			: type === 'active'
				? { customerId, ...visibleToVisitors }
				: { customerId, ...visibleToVisitors, featured: true }
	const rows = await prisma().portfolio.findMany({
		where,
		include: imagesInclude,
		orderBy: byPosition,
		...(type === 'featured' ? { take: FEATURED_LIMIT } : {}),
	})
	return rows.map((row) => toPortfolioItem(row, type === 'all' ? 'owner' : 'visitor'))
}

/** How many items a visitor can see (decides the profile's 'View All' link). */
export async function countActivePortfolios(customerId: string) {
	return prisma().portfolio.count({ where: { customerId, ...visibleToVisitors } })
}

/** One item: any of the owner's own, or an active one for visitors; null otherwise. */
export async function getPortfolio(
	customerId: string,
	portfolioId: string,
	viewer: Viewer,
	db: Prisma.TransactionClient = prisma(),
): Promise<PortfolioItem | null> {
	const row = await db.portfolio.findFirst({
		where:
			viewer === 'owner'
				? { id: portfolioId, customerId }
				: { id: portfolioId, customerId, ...visibleToVisitors },
		include: imagesInclude,
	})
	return row ? toPortfolioItem(row, viewer) : null
}

/** A new item at the end of the owner's list (empty unless `fields` are given; inactive). */
export async function createPortfolio(
	customerId: string,
	fields: PortfolioChanges & { active?: boolean; featured?: boolean } = {},
): Promise<PortfolioItem> {
	const db = prisma()
	const last = await db.portfolio.aggregate({ where: { customerId }, _max: { position: true } })
	const row = await db.portfolio.create({
		data: { ...fields, customerId, position: (last._max.position ?? -1) + 1 },
		include: imagesInclude,
	})
	return toPortfolioItem(row, 'owner')
}

/**
 * Writes fields of one of the owner's items; null when the owner has no such item. With a
 * precondition (an `If-Match`, the builder's section version) the item's row is locked and the
 * check runs on the item as its owner reads it; PreconditionFailed leaves it untouched.
 */
export async function updatePortfolio(
	customerId: string,
	portfolioId: string,
	changes: PortfolioChanges & { active?: boolean; featured?: boolean },
	precondition?: Precondition<PortfolioItem>,
): Promise<PortfolioItem | null> {
	if (precondition) {
		const found = await prisma().$transaction(async (tx) => {
			const locked = await tx.$queryRaw<unknown[]>`
				SELECT 1 FROM "Portfolio" WHERE "id" = ${portfolioId} AND "customerId" = ${customerId}
				FOR UPDATE`
			if (!locked.length) return false
			precondition(await getPortfolio(customerId, portfolioId, 'owner', tx))
			await tx.portfolio.updateMany({ where: { id: portfolioId, customerId }, data: changes })
			return true
		})
		if (!found) return null
	} else {
		const { count } = await prisma().portfolio.updateMany({
			where: { id: portfolioId, customerId },
			data: changes,
		})
		if (!count) return null
	}
	return getPortfolio(customerId, portfolioId, 'owner')
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
 * Deletes one of the owner's items; its image rows go with it (ON DELETE CASCADE), then its image
 * objects are removed from storage. A storage failure is logged, not fatal: the item is gone.
 * False when the owner has no such item.
 */
export async function deletePortfolio(customerId: string, portfolioId: string) {
	const { count } = await prisma().portfolio.deleteMany({
		where: { id: portfolioId, customerId },
	})
	if (!count) return false
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
	const db = prisma()
	const owned = new Set(
		(await db.portfolio.findMany({ where: { customerId }, select: { id: true } })).map(
			(row) => row.id,
		),
	)
	if (portfolioIds.some((id) => !owned.has(id))) return 'not-found'
	if (portfolioIds.length !== owned.size || new Set(portfolioIds).size !== portfolioIds.length) {
		return 'incomplete'
	}
	await db.$transaction(
		portfolioIds.map((id, position) =>
			db.portfolio.updateMany({ where: { id, customerId }, data: { position } }),
		),
	)
	return 'ok'
}

/**
 * Records an image of one of the owner's items (the bytes are stored by the images code; the
 * seed and the tests use this for records only). Null when the owner has no such item.
 */
export async function addPortfolioImageRecord(
	customerId: string,
	portfolioId: string,
	image: { active?: boolean; featured?: boolean; width?: number; height?: number } = {},
) {
	const db = prisma()
	const portfolio = await db.portfolio.findFirst({
		where: { id: portfolioId, customerId },
		select: { id: true, _count: { select: { images: true } } },
	})
	if (!portfolio) return null
	const id = `i${crypto.randomBytes(12).toString('hex')}`
	return db.portfolioImage.create({
		data: {
			id,
			customerId,
			portfolioId,
			key: `${portfolioImagePrefix(customerId, portfolioId)}${id}.webp`,
			active: image.active ?? true,
			featured: image.featured ?? false,
			position: portfolio._count.images,
			width: image.width ?? 1600,
			height: image.height ?? 900,
		},
	})
}
