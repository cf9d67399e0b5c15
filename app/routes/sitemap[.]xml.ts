import { sitemapEntries } from '~/models/sitemap.server'
import { env } from '~/utils/env.server'

const escapeXml = (text: string) =>
	text.replace(
		/[<>&'"]/g,
		(char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!,
	)

/** GET /sitemap.xml: every public profile, portfolio list and active project, streamed. */
export async function loader() {
	const base = env().PUBLIC_SITE_URL
	const encoder = new TextEncoder()
	const entries = sitemapEntries()
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
	return new Response(stream, {
		headers: {
			'Content-Type': 'application/xml; charset=utf-8',
			'Cache-Control': 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400',
		},
	})
}
