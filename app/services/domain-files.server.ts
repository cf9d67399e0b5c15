/**
 * `/sitemap.xml` and `/robots.txt` on an owner's own domain: they name only that
 * owner's pages, at their short paths on `https://{domain}/`.
 */
import { getPageVersion } from '~/models/page-version.server'
import { listPortfolios } from '~/models/portfolio/lists.server'
import { requestDomain } from '~/utils/public-url.server'

const escapeXml = (text: string) =>
	text.replace(
		/[<>&'"]/g,
		(char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!,
	)

/** The sitemap of the owner whose domain `request` came in on, or null on the main host. */
export async function domainSitemap(request: Request): Promise<Response | null> {
	const onDomain = requestDomain(request)
	if (!onDomain) return null
	const version = await getPageVersion(onDomain.path)
	if (!version) return new Response('Not found', { status: 404 })
	const base = `https://${onDomain.domain}`
	const lastmod = new Date(version.version).toISOString()
	const projects = await listPortfolios(version.customerId, 'active')
	const paths = [
		'/',
		'/portfolio',
		'/resume',
		...projects.map((p) => `/portfolio/${p.portfolioId}`),
	]
	const body = [
		'<?xml version="1.0" encoding="UTF-8"?>',
		'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
		...paths.map(
			(path) => `<url><loc>${escapeXml(base + path)}</loc><lastmod>${lastmod}</lastmod></url>`,
		),
		'</urlset>',
		'',
	].join('\n')
	return new Response(body, {
		headers: {
			'Content-Type': 'application/xml; charset=utf-8',
			'Cache-Control': 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400',
		},
	})
}

/** robots.txt of an owner's domain: everything may be read; the sitemap is the domain's. */
export function domainRobots(request: Request): Response | null {
	const onDomain = requestDomain(request)
	if (!onDomain) return null
	const body = [
		'User-agent: *',
		'Allow: /',
		'',
		`Sitemap: https://${onDomain.domain}/sitemap.xml`,
		'',
	].join('\n')
	return new Response(body, {
		headers: {
			'Content-Type': 'text/plain; charset=utf-8',
			'Cache-Control': 'public, max-age=3600',
		},
	})
}
