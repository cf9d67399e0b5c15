/**
 * The public address of an owner's pages: `https://{domain}/…` when the request came
 * in on the owner's verified domain (server/app.ts maps the short paths there onto
 * `/{pname}/…` and names the domain in {@link DOMAIN_HEADER}), else `PUBLIC_SITE_URL/{pname}/…`.
 * Canonical links, QR codes, vCards, link cards, JSON-LD, share links, the sitemap and
 * robots.txt all take their address from here.
 */
import { env } from './env.server'

/**
 * Set by the HTTP server (and only by it: it deletes any a client sends) on a request that came
 * in on an owner's domain: the domain's name, and the owner's path it serves.
 */
export const DOMAIN_HEADER = 'x-tagg-domain'
export const DOMAIN_PATH_HEADER = 'x-tagg-domain-path'

export type PublicBase = {
	/** `https://jane.dev` or PUBLIC_SITE_URL. */
	origin: string
	/** What page paths start with: '' on a domain, `/{pname}` on the main host. */
	prefix: string
	/** The owner's domain the request came in on, or null. */
	domain: string | null
	/** The host the bytes name (a cache key's `host`: app/utils/cache-key.ts). */
	host: string
}

/** The domain a request came in on (set by server/app.ts), or null. */
export function requestDomain(request: Request | null | undefined) {
	const domain = request?.headers.get(DOMAIN_HEADER)
	const path = request?.headers.get(DOMAIN_PATH_HEADER)
	return domain && path ? { domain, path } : null
}

/** The public base of the pages of the owner at `path`, as `request` reaches them. */
export function publicBase(request: Request | null | undefined, path: string): PublicBase {
	const onDomain = requestDomain(request)
	if (onDomain && onDomain.path.toLowerCase() === path.toLowerCase()) {
		return {
			origin: `https://${onDomain.domain}`,
			prefix: '',
			domain: onDomain.domain,
			host: onDomain.domain,
		}
	}
	const site = env().PUBLIC_SITE_URL
	return { origin: site, prefix: `/${path}`, domain: null, host: new URL(site).host }
}

/** A page's path under `base` (`/portfolio`, or `/` for the profile on a domain). */
export const pageHref = (base: Pick<PublicBase, 'prefix'>, sub = '') =>
	`${base.prefix}${sub}` || '/'

/** A page's absolute address under `base`: `https://jane.dev/`, `http://site/jane/resume`. */
export const pageUrl = (base: PublicBase, sub = '') => `${base.origin}${pageHref(base, sub)}`

/**
 * The profile's address without a trailing slash (`https://jane.dev`, `http://site/jane`): the
 * pages build theirs on it (`${profileUrl}/portfolio`, `${profileUrl}/og.png`).
 */
export const profileUrlOf = (base: PublicBase) => `${base.origin}${base.prefix}`

/** The profile's address of the owner at `path` as `request` reaches it (see {@link publicBase}). */
export const profileUrlFor = (request: Request | null | undefined, path: string) =>
	profileUrlOf(publicBase(request, path))

/**
 * A page path as a visitor's browser names it (`location.pathname`: `/portfolio` on an owner's
 * domain) as the owner's page path the insights count (`/{pname}/portfolio`).
 */
export function ownerPagePath(request: Request, pathname: string) {
	const onDomain = requestDomain(request)
	if (!onDomain) return pathname
	return pathname === '/' ? `/${onDomain.path}` : `/${onDomain.path}${pathname}`
}
