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
import { storage } from '~/utils/storage.server'
import { type PortfolioChanges } from '~/utils/portfolio-schemas'
import { type Tx, writeAsOwner } from './tx.server'

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
	db: Tx = prisma(),
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

/** The position after the last of the owner's items (their count, as positions are 0..n-1). */
async function nextPosition(tx: Tx, customerId: string) {
	const last = await tx.portfolio.aggregate({ where: { customerId }, _max: { position: true } })
	return (last._max.position ?? -1) + 1
}

/** A new item at the end of the owner's list (empty unless `fields` are given; inactive). */
export async function createPortfolio(
	customerId: string,
	fields: PortfolioChanges & { active?: boolean; featured?: boolean } = {},
): Promise<PortfolioItem> {
	const row = await writeAsOwner(customerId, async (tx) =>
		tx.portfolio.create({
			data: { ...fields, customerId, position: await nextPosition(tx, customerId) },
			include: imagesInclude,
		}),
	)
	return toPortfolioItem(row, 'owner')
}

/**
 * Writes fields of one of the owner's items and answers the item as this write left it; null
 * when the owner has no such item.
 */
export async function updatePortfolio(
	customerId: string,
	portfolioId: string,
	changes: PortfolioChanges & { active?: boolean; featured?: boolean },
): Promise<PortfolioItem | null> {
	return writeAsOwner(customerId, async (tx) => {
		const { count } = await tx.portfolio.updateMany({
			where: { id: portfolioId, customerId },
			data: changes,
		})
		return count ? getPortfolio(customerId, portfolioId, 'owner', tx) : null
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
export async function deletePortfolio(customerId: string, portfolioId: string) {
	const deleted = await writeAsOwner(customerId, async (tx) => {
		const item = await tx.portfolio.findFirst({
			where: { id: portfolioId, customerId },
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
		const owned = new Set(
			(await tx.portfolio.findMany({ where: { customerId }, select: { id: true } })).map(
				(row) => row.id,
			),
		)
		if (portfolioIds.some((id) => !owned.has(id))) return 'not-found'
		if (portfolioIds.length !== owned.size || new Set(portfolioIds).size !== portfolioIds.length) {
			return 'incomplete'
		}
		await setPositions(tx, 'Portfolio', customerId, portfolioIds)
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
		const portfolio = await tx.portfolio.findFirst({
			where: { id: portfolioId, customerId },
			select: { id: true },
		})
		if (!portfolio) return null
		const last = await tx.portfolioImage.aggregate({
			where: { portfolioId },
			_max: { position: true },
		})
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
				position: (last._max.position ?? -1) + 1,
				width: image.width ?? 1600,
				height: image.height ?? 900,
			},
		})
	})
}
