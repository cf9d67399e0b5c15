import { type LoaderFunctionArgs } from '@remix-run/node'
import { tlsAllowed } from '~/services/domains.server'

/**
 * GET /.well-known/tagg/tls-allowed?domain= → 200 when `domain` is an owner's verified (or
 * failing) domain or the host of PUBLIC_SITE_URL, else 404: the `ask` endpoint of Caddy's
 * on-demand TLS (docs/deploying.md). Answered on any host (Caddy asks http://app:3000) from the
 * served domains kept in memory for a few seconds; a removal on this instance is seen at once.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const domain = new URL(request.url).searchParams.get('domain')
	const allowed = await tlsAllowed(domain)
	return new Response(allowed ? 'allowed\n' : 'not allowed\n', {
		status: allowed ? 200 : 404,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
	})
}
