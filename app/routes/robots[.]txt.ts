import { env } from '~/utils/env.server'

/** GET /robots.txt: the sitemap, and the builder, API and account pages kept out of search. */
export function loader() {
	const body = [
		'User-agent: *',
		'Allow: /',
		'Disallow: /builder',
		'Disallow: /one/',
		'Disallow: /set-path',
		'Disallow: /refresh',
		'',
		`Sitemap: ${env().PUBLIC_SITE_URL}/sitemap.xml`,
		'',
	].join('\n')
	return new Response(body, {
		headers: {
			'Content-Type': 'text/plain; charset=utf-8',
			'Cache-Control': 'public, max-age=3600',
		},
	})
}
