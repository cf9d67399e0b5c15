/**
 * /sitemap.xml: one file of every public address while they fit in one (50,000 URLs, a few MB:
 * far under the 50 MB limit), else a sitemap index whose files are `/sitemap.xml?page=N`.
 */
import {
	planSitemap,
	SITEMAP_MAX_URLS,
	sitemapEntries,
	type ProfileRange,
} from '~/models/sitemap.server'
import { env } from '~/utils/env.server'

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
	const plan = await planSitemap(limits.maxUrls ?? SITEMAP_MAX_URLS, limits.urlsPerProfile)
	if (pageParam === null) {
		if (plan.kind === 'single') return urlset(base)
		const body = [
			'<?xml version="1.0" encoding="UTF-8"?>',
			'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
			...plan.files.map(
				(_, index) =>
					`<sitemap><loc>${escapeXml(`${base}/sitemap.xml?page=${index + 1}`)}</loc></sitemap>`,
			),
			'</sitemapindex>',
			'',
		].join('\n')
		return new Response(body, { headers: HEADERS })
	}
	const page = /^[1-9]\d{0,8}$/.test(pageParam) ? Number(pageParam) : 0
	const range = plan.kind === 'index' ? plan.files[page - 1] : undefined
	if (!range) return new Response('Not found', { status: 404 })
	return urlset(base, range)
}

/** A `<urlset>` of every address (of a range of profiles), streamed. */
function urlset(base: string, range?: ProfileRange) {
	const encoder = new TextEncoder()
	const entries = sitemapEntries(range)
	const stream = new ReadableStream<Uint8Array>({
		start(controller) {
			controller.enqueue(
				encoder.encode(
					'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
				),
			)
		},
		async pull(controller) {
			try {
				const next = await entries.next()
				if (next.done) {
					controller.enqueue(encoder.encode('</urlset>\n'))
					controller.close()
					return
				}
				const { path, updatedAt } = next.value
				controller.enqueue(
					encoder.encode(
						`<url><loc>${escapeXml(base + path)}</loc><lastmod>${updatedAt.toISOString()}</lastmod></url>\n`,
					),
				)
			} catch (error) {
				controller.error(error)
			}
		},
		async cancel() {
			await entries.return(undefined)
		},
	})
	return new Response(stream, { headers: HEADERS })
}
