import { type LoaderFunctionArgs } from '@remix-run/node'
import { domainRobots } from '~/services/domain-files.server'
import { env } from '~/utils/env.server'

/**
 * GET /robots.txt: the sitemap, and the builder, API and account pages kept out of search. On
 * an owner's own domain: that domain's sitemap.
 */
export function loader({ request }: LoaderFunctionArgs) {
	const onDomain = domainRobots(request)
	if (onDomain) return onDomain
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
