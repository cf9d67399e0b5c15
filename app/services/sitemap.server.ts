/**
 * /sitemap.xml: one file of every public address while they fit in one (50,000 URLs, a few MB:
 * far under the 50 MB limit), else a sitemap index whose files are `/sitemap.xml?page=N`.
 *
 * Cached per version, like the pages: a request costs one aggregate query (the plan, whose
 * version changes with any listed profile or item); the file itself is built once per version
 * (concurrent requests share the build) and kept in memory within a byte budget, with an ETag
 * (`If-None-Match` → 304).
 */
import crypto from 'node:crypto'
import {
	planSitemap,
	SITEMAP_MAX_URLS,
	sitemapEntries,
	type ProfileRange,
} from '~/models/sitemap.server'
import { env } from '~/utils/env.server'
import { servedPaths } from './domains.server'

/** Bytes of sitemap files kept in memory (the oldest used go first). */
const CACHE_BYTES = 32 * 1024 * 1024

type Built = { body: Uint8Array<ArrayBuffer>; etag: string }
const built = new Map<string, Promise<Built>>()
const sizes = new Map<string, number>()

function remember(key: string, build: () => Promise<Built>) {
	const cached = built.get(key)
	if (cached) {
		// Most recently used last.
		built.delete(key)
		built.set(key, cached)
		return cached
	}
	const promise = build()
	built.set(key, promise)
	promise.then(
		(file) => {
			sizes.set(key, file.body.byteLength)
			let total = [...sizes.values()].reduce((sum, size) => sum + size, 0)
			for (const old of built.keys()) {
				if (total <= CACHE_BYTES || old === key) break
				total -= sizes.get(old) ?? 0
				built.delete(old)
				sizes.delete(old)
			}
		},
		() => built.delete(key),
	)
	return promise
}

/** Empties the cache (tests). */
export function forgetSitemaps() {
	built.clear()
	sizes.clear()
}

const HEADERS = {
	'Content-Type': 'application/xml; charset=utf-8',
	'Cache-Control': 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400',
}

const escapeXml = (text: string) =>
	text.replace(
		/[<>&'"]/g,
		(char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!,
	)

/** The sitemap (or index, or one file of the index) that `request` asks for. */
export async function sitemapResponse(
	request: Request,
	limits: { maxUrls?: number; urlsPerProfile?: number } = {},
) {
	const base = env().PUBLIC_SITE_URL
	const pageParam = new URL(request.url).searchParams.get('page')
	const [plan, onDomains] = await Promise.all([
		planSitemap(limits.maxUrls ?? SITEMAP_MAX_URLS, limits.urlsPerProfile),
		// Owners whose pages a domain serves are listed there (its own /sitemap.xml), not here:
		// their addresses on this host answer 301.
		servedPaths(),
	])
	const page = pageParam === null ? 0 : /^[1-9]\d{0,8}$/.test(pageParam) ? Number(pageParam) : -1
	const range = plan.kind === 'index' ? plan.files[page - 1] : undefined
	if (page !== 0 && !range) return new Response('Not found', { status: 404 })
	const skipped = new Set(onDomains)
	const key = `${base}|${plan.version}|${page}|${onDomains.join(',')}`
	const file = await remember(key, async () => {
		const body = new TextEncoder().encode(
			page === 0 && plan.kind === 'index'
				? indexBody(base, plan.files.length)
				: await urlset(base, skipped, range),
		)
		return {
			body,
			etag: `W/"${crypto.createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`,
		}
	})
	const headers = { ...HEADERS, ETag: file.etag }
	if (request.headers.get('If-None-Match') === file.etag)
		return new Response(null, { status: 304, headers })
	return new Response(file.body, { headers })
}

function indexBody(base: string, files: number) {
	return [
		'<?xml version="1.0" encoding="UTF-8"?>',
		'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
		...Array.from(
			{ length: files },
			(_, index) =>
				`<sitemap><loc>${escapeXml(`${base}/sitemap.xml?page=${index + 1}`)}</loc></sitemap>`,
		),
		'</sitemapindex>',
		'',
	].join('\n')
}

/** A `<urlset>` of every address (of a range of profiles), read in batches. */
async function urlset(base: string, skipped: ReadonlySet<string>, range?: ProfileRange) {
	const parts = [
		'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
	]
	for await (const { path, updatedAt } of sitemapEntries(range)) {
		if (skipped.size && skipped.has(path.split('/')[1]!.toLowerCase())) continue
		parts.push(
			`<url><loc>${escapeXml(base + path)}</loc><lastmod>${updatedAt.toISOString()}</lastmod></url>\n`,
		)
	}
	parts.push('</urlset>\n')
	return parts.join('')
}
