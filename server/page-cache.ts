/**
 * Public pages (/{pname}, /{pname}/portfolio, /{pname}/portfolio/{id}, /{pname}/resume) are the
 * same for every visitor (in their owner's language, whatever the visitor's browser asks for),
 * so a rendered page is kept in memory (raw and gzipped) under its page version: the time
 * anything it shows last changed, read with one indexed query per request (database triggers
 * keep it; the owner's language is a column of the profile, so changing it is such a change),
 * and under the schedule window of the owner's links (a link that starts or ends at a time).
 * An edit on any instance changes the version, so no instance ever serves a stale page. Each
 * page has two variants: with its script, and without any for `Save-Data: on`.
 *
 * The header and the body that reach a browser always agree, whoever stored them (the browser's
 * cache, a CDN): the script-src of a cached page's Content-Security-Policy lists the SHA-256 of
 * each inline script of that body (no nonce), and the ETag is a digest of the body, so a 304
 * for an ETag stands for exactly that body and carries the same policy
 * (docs/decisions/010-visitor-pages.md).
 */
import crypto from 'node:crypto'
import zlib from 'node:zlib'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { type RequestHandler } from 'express'
import { getPageVersion } from '../app/models/page-version.server'
import { onDomainsChanged } from '../app/services/domains.server'
import { cacheKey } from '../app/utils/cache-key'
import { DOMAIN_HEADER, DOMAIN_PATH_HEADER } from '../app/utils/public-url.server'
import { logger } from './logger'

const PUBLIC_PAGE =
	/^\/([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)(?:\/portfolio(?:\/([A-Za-z0-9_-]{1,64}))?|\/resume)?$/
const MAX_ENTRIES = 2000
const MAX_BYTES = 96 * 1024 * 1024
/** Caches must keep the gzipped and the script-less variants apart. */
const VARY = 'Accept-Encoding, Save-Data'

type Entry = {
	/** The host the page was rendered for (PUBLIC_SITE_URL's, or an owner's domain). */
	host: string
	etag: string
	/** The script-src sources that admit exactly this body's inline scripts. */
	scriptSrc: string
	headers: Array<[string, string]>
	body: Buffer
	gzip: Buffer
	bytes: number
}

export type PageCacheStats = { hits: number; misses: number; notModified: number; entries: number }

/** `Save-Data: on` (phones in data-saver mode): the page without any script. */
export function wantsSaveData(header: string | string[] | undefined) {
	return /^on\b/i.test((Array.isArray(header) ? header[0] : header)?.trim() ?? '')
}

/**
 * The scripts a browser would run from `html`'s inline `<script>` elements: classic and module
 * scripts, not data blocks such as JSON-LD.
 */
export function inlineScripts(html: string) {
	const scripts: string[] = []
	for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
		const attributes = match[1]!
		if (/\ssrc\s*=/i.test(attributes)) continue
		const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase()
		if (type && type !== 'module' && !/^(text|application)\/(x-)?(java|ecma)script$/.test(type))
			continue
		scripts.push(match[2]!)
	}
	return scripts
}

/** script-src for a body: 'strict-dynamic' and the hash of each inline script, or 'none'. */
export function scriptSourcesFor(html: string) {
	const hashes = [
		...new Set(
			inlineScripts(html).map(
				(script) => `'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`,
			),
		),
	]
	return hashes.length ? ["'strict-dynamic'", ...hashes].join(' ') : "'none'"
}

/** `policy` (a Content-Security-Policy header) with its script-src replaced by `sources`. */
export function withScriptSources(policy: string, sources: string) {
	const directives = policy
		.split(';')
		.map((directive) => directive.trim())
		.filter((directive) => directive && !/^script-src(\s|$)/i.test(directive))
	return [...directives, `script-src ${sources}`].join(';')
}

/**
 * The query parameters a public page reads (the next page of the portfolio list); every other
 * one (`utm_source`, `fbclid`, `?cb=1`) changes nothing in the page, so it is no part of the
 * key nor of the address the page is rendered at. It is not redirected away either: the page's
 * script reads `utm_source` from the address bar for its beacon.
 */
const PAGE_PARAMETERS: Record<string, readonly string[]> = { '/portfolio': ['cursor'] }

export function createPageCache({
	build,
	mode,
	publicSiteUrl,
}: {
	build: ServerBuild
	mode: string
	/** Pages are rendered for this address (PUBLIC_SITE_URL), whatever Host a request names. */
	publicSiteUrl: string
}) {
	const site = new URL(publicSiteUrl)
	const render = createRequestHandler(build, mode)
	const entries = new Map<string, Entry>()
	const pending = new Map<string, Promise<Entry | null>>()
	// Requests for one page that arrive while its version is being read share that read: under
	// load this saves most version queries, and no answer is older than a read in flight.
	const versionReads = new Map<string, ReturnType<typeof getPageVersion>>()
	const readVersion = (pname: string) => {
		const key = pname.toLowerCase()
		let read = versionReads.get(key)
		if (!read) {
			read = getPageVersion(pname).finally(() => versionReads.delete(key))
			versionReads.set(key, read)
		}
		return read
	}
	const stats: PageCacheStats = { hits: 0, misses: 0, notModified: 0, entries: 0 }
	let bytes = 0

	// A domain removed (or no longer verified) on this instance: its pages go at once.
	onDomainsChanged((names) => {
		const gone = new Set(names.map((name) => name.toLowerCase()))
		for (const [key, entry] of entries) {
			if (!gone.has(entry.host)) continue
			bytes -= entry.bytes
			entries.delete(key)
		}
		stats.entries = entries.size
	})

	function remember(key: string, entry: Entry) {
		entries.set(key, entry)
		bytes += entry.bytes
		while (entries.size > MAX_ENTRIES || bytes > MAX_BYTES) {
			const oldest = entries.keys().next().value
			if (oldest === undefined) break
			bytes -= entries.get(oldest)!.bytes
			entries.delete(oldest)
		}
		stats.entries = entries.size
	}

	/**
	 * Renders a page as every visitor gets it: no nonce and no request headers but Save-Data
	 * (public pages are rendered whole, never streamed: app/entry.server.tsx), so the same page
	 * version gives the same bytes on every instance.
	 */
	async function renderEntry(
		url: string,
		saveData: boolean,
		domain: { name: string; path: string } | null,
	): Promise<Entry | null> {
		const headers = new Headers({ accept: 'text/html' })
		if (saveData) headers.set('save-data', 'on')
		// On an owner's domain the page names `https://{domain}/` (app/utils/public-url.server.ts).
		if (domain) {
			headers.set(DOMAIN_HEADER, domain.name)
			headers.set(DOMAIN_PATH_HEADER, domain.path)
		}
		const response = await render(new Request(url, { headers }), {})
		const cacheControl = response.headers.get('Cache-Control') ?? ''
		if (response.status !== 200 || !cacheControl.includes('public')) {
			// A page with a version renders (a 404 is a list's unknown `cursor`): this one failed
			// (the app answers it uncached).
			if (response.status !== 404)
				logger.warn({ url, status: response.status }, 'page cache: the page did not render')
			await response.body?.cancel()
			return null
		}
		const body = Buffer.from(await response.arrayBuffer())
		const kept: Array<[string, string]> = []
		response.headers.forEach((value, name) => {
			if (!['content-length', 'content-encoding', 'set-cookie', 'etag', 'vary'].includes(name))
				kept.push([name, value])
		})
		const gzip = zlib.gzipSync(body, { level: 6 })
		const digest = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)
		return {
			host: domain?.name ?? site.host.toLowerCase(),
			etag: `W/"${digest}"`,
			scriptSrc: scriptSourcesFor(body.toString('utf8')),
			headers: kept,
			body,
			gzip,
			bytes: body.length + gzip.length,
		}
	}

	const middleware: RequestHandler = async (req, res, next) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const match = PUBLIC_PAGE.exec(req.path)
		if (!match) return next()
		let version
		try {
			version = await readVersion(match[1]!)
		} catch (error) {
			logger.warn({ err: error }, 'page cache: the page version could not be read')
			return next() // the database is down: let the app answer (503 page)
		}
		if (!version) return next()

		const saveData = wantsSaveData(req.headers['save-data'])
		const page = req.path.slice(match[1]!.length + 1) || '/'
		const kept = new URLSearchParams()
		const query = new URL(req.url, 'http://x').searchParams
		for (const name of PAGE_PARAMETERS[page.startsWith('/portfolio/') ? '' : page] ?? []) {
			const value = query.get(name)
			if (value !== null) kept.set(name, value)
		}
		const search = kept.size ? `?${kept}` : ''
		// Set by server/app.ts (never by a client) on a request that came in on an owner's domain.
		const domainName = req.headers[DOMAIN_HEADER]
		const domainPath = req.headers[DOMAIN_PATH_HEADER]
		const domain =
			typeof domainName === 'string' && typeof domainPath === 'string'
				? { name: domainName, path: domainPath }
				: null
		const key = cacheKey({
			resource: `page:${page.toLowerCase()}`,
			owner: version.customerId,
			version: version.version,
			// The verified domain the request came in on, else PUBLIC_SITE_URL's host (never the
			// Host header as sent).
			host: domain?.name ?? site.host,
			// The owner's language: a page reads the same for every visitor, whatever their browser
			// says, so Accept-Language is no part of the key (nor of Vary).
			language: version.language,
			// The owner's links that start or end at a time (issue 37): the window the version was
			// read in, so the page a visitor gets shows the links live now, within the minute a
			// start or an end passes, with no write to move the version.
			schedule: version.schedule,
			variant: { ...Object.fromEntries(kept), js: saveData ? 'none' : 'yes' },
		})
		let entry = entries.get(key)
		if (entry) {
			stats.hits++
		} else {
			stats.misses++
			let inflight = pending.get(key)
			if (!inflight) {
				inflight = renderEntry(`${site.origin}${req.path}${search}`, saveData, domain).finally(() =>
					pending.delete(key),
				)
				pending.set(key, inflight)
			}
			try {
				entry = (await inflight) ?? undefined
			} catch (error) {
				return next(error)
			}
			if (!entry) return next()
			remember(key, entry)
		}

		// Helmet wrote this response's policy with a nonce: the page's hashes replace it, the same
		// for the 200 and every 304 of this body.
		const policy = res.getHeader('Content-Security-Policy')
		if (typeof policy === 'string') {
			res.setHeader('Content-Security-Policy', withScriptSources(policy, entry.scriptSrc))
		}
		res.setHeader('ETag', entry.etag)
		res.setHeader('Vary', VARY)
		const ifNoneMatch = req.headers['if-none-match']
		if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(entry.etag)) {
			stats.notModified++
			res.setHeader(
				'Cache-Control',
				entry.headers.find(([name]) => name === 'cache-control')?.[1] ?? 'public, max-age=0',
			)
			res.status(304).end()
			return
		}

		for (const [name, value] of entry.headers) res.setHeader(name, value)
		const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
		const body = gzip ? entry.gzip : entry.body
		if (gzip) res.setHeader('Content-Encoding', 'gzip')
		res.setHeader('Content-Length', String(body.length))
		res.status(200)
		if (req.method === 'HEAD') res.end()
		else res.end(body)
	}

	return { middleware, stats: () => ({ ...stats }) }
}
