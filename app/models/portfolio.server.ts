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
import { prisma, Prisma } from '~/utils/db.server'
import { env } from '~/utils/env.server'
import { type Precondition } from '~/utils/etag.server'
import {
	rowsAfter,
	toPage,
	type Page,
	type PageKey,
	type PageRequest,
} from '~/utils/pagination.server'
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

const imagesInclude = {
	images: {
		orderBy: [{ position: 'asc' }, { createdAt: 'asc' }],
		select: imageSelect,
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
const coverImages = {
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
function coverOf(images: CoverRow[]): CoverData | null {
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
 * ({@link discardPristinePortfolio}, {@link sweepPristinePortfolios}). It turns active by itself
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

/** Whether one of the owner's items is pristine (made by 'Add New', nothing saved yet). */
export async function isPortfolioPristine(customerId: string, portfolioId: string) {
	const item = await prisma().portfolio.findFirst({
		where: { id: portfolioId, customerId },
		select: { pristine: true },
	})
	return item?.pristine ?? false
}

/** Items left pristine longer than this are removed when the owner's list is read. */
export const PRISTINE_GRACE_MS = 60 * 60 * 1000

/**
 * Removes one of the owner's items if it is still pristine (made by 'Add New', no field saved):
 * the owner left it. True when it was removed.
 */
export async function discardPristinePortfolio(customerId: string, portfolioId: string) {
	const item = await prisma().portfolio.findFirst({
		where: { id: portfolioId, customerId, pristine: true },
		select: { id: true },
	})
	return item ? deletePortfolio(customerId, portfolioId, { onlyPristine: true }) : false
}

/**
 * Removes the owner's pristine items older than {@link PRISTINE_GRACE_MS}: those left with no
 * script to say so (no JavaScript, a crash). Newer ones may be open in another tab. Items whose
 * page was left more than {@link LEFT_GRACE_MS} ago go too ({@link removeLeftPortfolios}).
 */
export async function sweepPristinePortfolios(customerId: string) {
	const stale = await prisma().portfolio.findMany({
		where: {
			customerId,
			pristine: true,
			createdAt: { lt: new Date(Date.now() - PRISTINE_GRACE_MS) },
		},
		select: { id: true },
	})
	for (const item of stale) await deletePortfolio(customerId, item.id, { onlyPristine: true })
	return stale.length + (await removeLeftPortfolios(customerId))
}

/**
 * How long a pristine item's page may stay left before the item is removed: time for a reload
 * of the page, or another tab with the same project open, to say the owner is still there.
 */
export const LEFT_GRACE_MS = 8_000

/**
 * A builder page of one of the owner's items is open (`view`: a random id per page load). For a
 * pristine item it becomes the page that has the item, and the item is no longer left. Answers
 * whether the item is still pristine; null when the owner has no such item.
 */
export async function markPortfolioOpen(customerId: string, portfolioId: string, view: string) {
	await prisma().$executeRaw`
		UPDATE "Portfolio" SET "openView" = ${view}, "leftAt" = NULL
		WHERE "id" = ${portfolioId} AND "customerId" = ${customerId} AND "pristine"`
	const item = await prisma().portfolio.findFirst({
		where: { id: portfolioId, customerId },
		select: { pristine: true },
	})
	return item ? item.pristine : null
}

/**
 * The page `view` of one of the owner's items was left (in the builder, or the tab closed,
 * reloaded or taken elsewhere). A pristine item is then left, unless a later page has it open
 * (another tab, the reloaded page): {@link removeLeftPortfolios} removes it once
 * {@link LEFT_GRACE_MS} have passed with no page opening it again. Answers as
 * {@link markPortfolioOpen}.
 */
export async function markPortfolioLeft(customerId: string, portfolioId: string, view: string) {
	await prisma().$executeRaw`
		UPDATE "Portfolio" SET "leftAt" = ${new Date()}
		WHERE "id" = ${portfolioId} AND "customerId" = ${customerId} AND "pristine"
			AND ("openView" IS NULL OR "openView" = ${view})`
	const item = await prisma().portfolio.findFirst({
		where: { id: portfolioId, customerId },
		select: { pristine: true },
	})
	return item ? item.pristine : null
}

/**
 * Removes the owner's pristine items left more than {@link LEFT_GRACE_MS} ago and not opened
 * since. Answers how many went. An item saved to meanwhile is not pristine and stays.
 */
export async function removeLeftPortfolios(customerId: string) {
	const before = new Date(Date.now() - LEFT_GRACE_MS)
	const left = await prisma().portfolio.findMany({
		where: { customerId, pristine: true, leftAt: { lt: before } },
		select: { id: true },
	})
	let removed = 0
	for (const item of left) {
		if (await deletePortfolio(customerId, item.id, { onlyPristine: true, leftBefore: before })) {
			removed++
		}
	}
	return removed
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
