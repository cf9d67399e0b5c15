/**
 * The owner's portfolio read as lists: the whole list or a visitor's (active, featured), a page of
 * it, the profile's cards, the builder's summaries, and what changes when any item does (the
 * lists' version). One item, its writes and its images are in ../portfolio.server.ts.
 */
import { prisma, Prisma } from '~/utils/db.server'
import {
	rowsAfter,
	toPage,
	type Page,
	type PageKey,
	type PageRequest,
} from '~/utils/pagination.server'
import {
	byPosition,
	coverImages,
	coverOf,
	FEATURED_LIMIT,
	imagesInclude,
	PAGE_BYTES,
	toPortfolioItem,
	visibleToVisitors,
	type PortfolioItem,
	type PortfolioListType,
} from '../portfolio.server'

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
			? { customerId, pristine: false }
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

const PAGE_ORDER = [
	{ position: 'asc' },
	{ createdAt: 'asc' },
	{ id: 'asc' },
] satisfies Prisma.PortfolioOrderByWithRelationInput[]

/**
 * The sort keys and text sizes (kept by a trigger) of the next `take` items of a list after
 * `after`: one indexed read that loads no item, so a page is cut to {@link PAGE_BYTES} before
 * any item is read.
 */
async function probeList(
	customerId: string,
	type: PortfolioListType,
	after: PageKey | null,
	take: number,
) {
	const where = [Prisma.sql`p."customerId" = ${customerId}`]
	// A new item no field was saved to is never listed (see createPortfolio).
	where.push(Prisma.sql`NOT p."pristine"`)
	if (type !== 'all') where.push(Prisma.sql`p."active" AND NOT c."disabled"`)
	if (type === 'featured') where.push(Prisma.sql`p."featured"`)
	if (after) {
		where.push(
			Prisma.sql`(p."position", p."createdAt", p."id") > (${after.position}, ${after.createdAt.toISOString()}::timestamp(3), ${after.id})`,
		)
	}
	return prisma().$queryRaw<Array<PageKey & { bytes: number }>>`
		SELECT p."id", p."position", p."createdAt", p."textBytes" AS "bytes"
		FROM "Portfolio" p JOIN "Customer" c ON c."id" = p."customerId"
		WHERE ${Prisma.join(where, ' AND ')}
		ORDER BY p."position", p."createdAt", p."id"
		LIMIT ${take}`
}

/**
 * One page of a list (see {@link listPortfolios} for the types): at most `limit` items and about
 * {@link PAGE_BYTES}, and the cursor of the next page. `featured` is at most
 * {@link FEATURED_LIMIT} items in all, whatever the pages.
 */
export async function listPortfolioPage(
	customerId: string,
	type: PortfolioListType,
	{ limit, after }: PageRequest,
): Promise<Page<PortfolioItem>> {
	let keys
	if (type === 'featured') {
		const featured = await probeList(customerId, type, null, FEATURED_LIMIT)
		const start = after ? featured.findIndex((key) => compareKeys(key, after) > 0) : 0
		keys = start < 0 ? [] : featured.slice(start, start + limit + 1)
	} else {
		keys = await probeList(customerId, type, after, limit + 1)
	}
	let bytes = 0
	const page = toPage(keys, limit, (key) => (bytes += key.bytes) <= PAGE_BYTES)
	if (!page.rows.length) return { items: [], next: null }
	const rows = await prisma().portfolio.findMany({
		where: { id: { in: page.rows.map((key) => key.id) }, customerId },
		include: imagesInclude,
		orderBy: PAGE_ORDER,
	})
	const viewer = type === 'all' ? 'owner' : 'visitor'
	return { items: rows.map((row) => toPortfolioItem(row, viewer)), next: page.next }
}

function compareKeys(a: PageKey, b: PageKey) {
	return (
		a.position - b.position ||
		a.createdAt.getTime() - b.createdAt.getTime() ||
		(a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
	)
}

/** What a card on the public portfolio page shows (the summary is its first paragraph only). */
export type PortfolioCardItem = Pick<
	PortfolioItem,
	| 'portfolioId'
	| 'productName'
	| 'company'
	| 'projectSummary'
	| 'coverImage'
	| 'cover'
	| 'categories'
>

/** A page of the cards of a visitor's portfolio list: only what a card shows is read. */
export async function listPortfolioCards(
	customerId: string,
	{ limit, after }: PageRequest,
): Promise<Page<PortfolioCardItem>> {
	const rows = await prisma().portfolio.findMany({
		where: {
			customerId,
			...visibleToVisitors,
			...rowsAfter(after),
		},
		orderBy: PAGE_ORDER,
		take: limit + 1,
		select: {
			id: true,
			position: true,
			createdAt: true,
			productName: true,
			company: true,
			projectSummary: true,
			categories: true,
			images: coverImages,
		},
	})
	const page = toPage(rows, limit)
	return {
		items: page.rows.map((row) => {
			return {
				portfolioId: row.id,
				productName: row.productName,
				company: row.company,
				projectSummary: row.projectSummary.slice(0, 1),
				coverImage: coverOf(row.images)?.cardUrl ?? null,
				cover: coverOf(row.images),
				categories: row.categories,
			}
		}),
		next: page.next,
	}
}

/** What the builder's list shows of each item: the whole list, without the long texts. */
export type PortfolioSummary = Pick<
	PortfolioItem,
	| 'portfolioId'
	| 'productName'
	| 'company'
	| 'role'
	| 'coverImage'
	| 'cover'
	| 'active'
	| 'featured'
>

/** Every item of the owner (at most {@link MAX_PORTFOLIO_ITEMS}), as the builder lists them. */
export async function listPortfolioSummaries(customerId: string): Promise<PortfolioSummary[]> {
	const rows = await prisma().portfolio.findMany({
		where: { customerId, pristine: false },
		orderBy: byPosition,
		select: {
			id: true,
			productName: true,
			company: true,
			role: true,
			active: true,
			featured: true,
			images: coverImages,
		},
	})
	return rows.map((row) => {
		return {
			portfolioId: row.id,
			productName: row.productName,
			company: row.company,
			role: row.role,
			coverImage: coverOf(row.images)?.cardUrl ?? null,
			cover: coverOf(row.images),
			active: row.active,
			featured: row.featured,
		}
	})
}

/**
 * The version of everything an owner's lists show (the profile's "updatedAt", which database
 * triggers move on every change to the items, their images or the owner), and whether the
 * owner is disabled; null for an unknown customer. One indexed read: the lists' ETags.
 */
export async function getListVersion(customerId: string) {
	const rows = await prisma().$queryRaw<Array<{ updatedAt: Date; disabled: boolean }>>`
		SELECT p."updatedAt", c."disabled"
		FROM "Customer" c JOIN "Profile" p ON p."customerId" = c."id"
		WHERE c."id" = ${customerId}`
	const row = rows[0]
	return row ? { version: row.updatedAt.getTime(), disabled: row.disabled } : null
}

/** How many items a visitor can see (decides the profile's 'View All' link). */
export async function countActivePortfolios(customerId: string) {
	return prisma().portfolio.count({ where: { customerId, ...visibleToVisitors } })
}
