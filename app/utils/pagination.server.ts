/**
 * Cursor pagination of the /one lists and the public portfolio page: `limit` (default 20, at
 * most 100) and an opaque `cursor`; each page answers the cursor of the next one, or null on
 * the last page. Lists are ordered by (position, createdAt, id), so a cursor is that key of the
 * last item sent: the next page starts right after it, whatever was added or removed before.
 */
import { z } from 'zod'
import { etagOf, notModified } from './api.server'
import { env } from './env.server'

export const PAGE_SIZE_DEFAULT = 20
export const PAGE_SIZE_MAX = 100

/** Where a page starts: after the item with this sort key (or at the start). */
export type PageKey = { position: number; createdAt: Date; id: string }

export type PageRequest = { limit: number; after: PageKey | null }

export type Page<T> = { items: T[]; next: string | null }

export function encodeCursor(key: PageKey): string {
	return Buffer.from(JSON.stringify([key.position, key.createdAt.getTime(), key.id])).toString(
		'base64url',
	)
}

/** The key a cursor stands for, or null when it is not one of ours. */
export function decodeCursor(cursor: string): PageKey | null {
	try {
		const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
		if (!Array.isArray(value) || value.length !== 3) return null
		const [position, time, id] = value as unknown[]
		if (!Number.isSafeInteger(position) || !Number.isSafeInteger(time)) return null
		if (typeof id !== 'string' || !id || id.length > 64) return null
		const createdAt = new Date(time as number)
		if (Number.isNaN(createdAt.getTime())) return null
		return { position: position as number, createdAt, id }
	} catch {
		return null
	}
}

/** `limit` and `cursor` of a list's query string (strict decimal digits for the limit). */
export const PageQuerySchema = z.object({
	limit: z
		.string()
		.optional()
		.transform((value, ctx) => {
			if (value === undefined || value === '') return PAGE_SIZE_DEFAULT
			const limit = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN
			if (!(limit >= 1 && limit <= PAGE_SIZE_MAX)) {
				ctx.addIssue({
					code: 'custom',
					message: `must be a whole number from 1 to ${PAGE_SIZE_MAX}`,
				})
				return z.NEVER
			}
			return limit
		}),
	cursor: z
		.string()
		.max(200, 'is not a valid cursor')
		.optional()
		.transform((value, ctx) => {
			if (value === undefined || value === '') return null
			const key = decodeCursor(value)
			if (!key) {
				ctx.addIssue({ code: 'custom', message: 'is not a valid cursor' })
				return z.NEVER
			}
			return key
		}),
})

/** The page request of `limit` and `cursor` as parsed by {@link PageQuerySchema}. */
export function pageRequest(query: z.output<typeof PageQuerySchema>): PageRequest {
	return { limit: query.limit, after: query.cursor }
}

/** The `where` of the rows after `after` in (position, createdAt, id) order; none on page one. */
export function rowsAfter(after: PageKey | null) {
	if (!after) return {}
	return {
		OR: [
			{ position: { gt: after.position } },
			{ position: after.position, createdAt: { gt: after.createdAt } },
			{ position: after.position, createdAt: after.createdAt, id: { gt: after.id } },
		],
	}
}

/**
 * The caching of one page of a /one list: its ETag names `list` (what the list is and its
 * version), the page's limit and cursor, and the CDN base its URLs carry. `unchanged` is the 304
 * to answer when the request already holds that ETag; `headers` go on the full answer. An owner's
 * list is private to their browser.
 */
export function listPageCaching(
	request: Request,
	list: ReadonlyArray<string | number | null>,
	page: PageRequest,
	owner: boolean,
) {
	const cacheControl = owner ? 'private, no-cache' : 'no-cache'
	const cursor = new URL(request.url).searchParams.get('cursor')
	const etag = etagOf([...list, page.limit, cursor, env().CDN_URL])
	return {
		unchanged: notModified(request, etag, cacheControl),
		headers: { ETag: etag, 'Cache-Control': cacheControl },
	}
}

/**
 * Cuts rows fetched with `limit + 1` into a page: the extra row only tells that there is more.
 * `fits` may end the page earlier (a byte budget); the first row always fits.
 */
export function toPage<Row extends PageKey>(
	rows: Row[],
	limit: number,
	fits: (row: Row, index: number) => boolean = () => true,
): { rows: Row[]; next: string | null } {
	const page: Row[] = []
	for (const [index, row] of rows.entries()) {
		if (index >= limit || (index > 0 && !fits(row, index))) break
		page.push(row)
	}
	const last = page[page.length - 1]
	const next = last && rows.length > page.length ? encodeCursor(last) : null
	return { rows: page, next }
}
