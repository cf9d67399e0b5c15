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
 * each inline script of that body (no nonce), its style-src-elem that of each inline `<style>`
 * element (docs/decisions/036-first-screen.md), and the ETag is a digest of the body, so a 304
 * for an ETag stands for exactly that body and carries the same policy
 * (docs/decisions/010-visitor-pages.md).
 *
 * Each body is kept three ways: as rendered, gzipped, and in brotli (compressed once per page
 * version, off the request path: gzip is answered until the brotli body is ready). A page the
 * cache holds is answered by `fastPath` before the general middleware stack, with the headers
 * the slow path gave that entry, kept per entry (docs/decisions/036-first-screen.md).
 */
import crypto from 'node:crypto'
import { type IncomingMessage, type ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { type RequestHandler } from 'express'
import { getPageVersion } from '../app/models/page-version.server'
import { onDomainsChanged, servedDomainOfPath } from '../app/services/domains.server'
import { cacheKey } from '../app/utils/cache-key'
import { inlineStyles, styleHash } from '../app/utils/critical-css.server'
import { isMainHost } from '../app/utils/domain-names.server'
import { DOMAIN_HEADER, DOMAIN_PATH_HEADER } from '../app/utils/public-url.server'
import { logger } from './logger'

const brotli = promisify(zlib.brotliCompress)
const gzipAsync = promisify(zlib.gzip)

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
	/** The SHA-256 (base64) of each of this body's inline `<style>` elements. */
	styleHashes: string[]
	headers: Array<[string, string]>
	body: Buffer
	gzip: Buffer
	/** Null until compressed (once, after the entry is stored). */
	br: Buffer | null
	bytes: number
	/**
	 * The answers of the fast path, as flat header lists (name, value, …) for `writeHead`: the
	 * headers the slow path sent for this entry (security headers included), per encoding, and
	 * for a 304. Null until the slow path has answered once.
	 */
	fast: FastHeaders | null
}

type FastHeaders = {
	identity: string[]
	gzip: string[]
	br: string[] | null
	notModified: string[]
}

/**
 * Headers of one request only, never replayed from an entry: set by the fast path itself or by
 * Node (`Date`, `Connection`), or per answer.
 */
const PER_REQUEST = new Set([
	'x-request-id',
	'set-cookie',
	'content-length',
	'content-encoding',
	'transfer-encoding',
	'date',
	'connection',
	'keep-alive',
])

export type Encoding = 'br' | 'gzip' | 'identity'

const LOOKUP = Symbol('page cache lookup')
/** A request's page in the cache: its key and what rendering it needs (null: no such page). */
type Lookup = {
	key: string
	saveData: boolean
	search: string
	domain: { name: string; path: string } | null
} | null
type LookedUp = { [LOOKUP]?: Promise<Lookup> }

/** The codings an Accept-Encoding header accepts among brotli and gzip (q=0 refuses one). */
export function acceptedEncodings(header: string | string[] | undefined) {
	const value = Array.isArray(header) ? header.join(',') : header
	const accepted = { br: false, gzip: false }
	for (const part of value?.split(',') ?? []) {
		const [name = '', ...parameters] = part.toLowerCase().split(';')
		const q = parameters.map((parameter) => parameter.trim()).find((p) => p.startsWith('q='))
		if (q && !(Number(q.slice(2)) > 0)) continue
		if (name.trim() === 'br') accepted.br = true
		else if (name.trim() === 'gzip') accepted.gzip = true
	}
	return accepted
}

/** The encoding to answer with: brotli when offered, else gzip, else none. */
export function preferredEncoding(header: string | string[] | undefined): Encoding {
	const accepted = acceptedEncodings(header)
	return accepted.br ? 'br' : accepted.gzip ? 'gzip' : 'identity'
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

const BASE64_SHA256 = /^[A-Za-z0-9+/]{43}=$/

/**
 * `policy` (a Content-Security-Policy header) for a visitor's page whose inline `<style>` elements
 * hash to `hashes` (base64 SHA-256 digests, as `styleHash` gives them): `style-src-elem` admits the
 * app's own stylesheets and exactly those elements (no 'unsafe-inline': an element injected later
 * is refused), `style-src-attr` keeps admitting `style` attributes (the accent's custom properties,
 * image ratios), and `style-src` stays as it was ('self' 'unsafe-inline'), for browsers without the
 * CSP3 -elem/-attr directives. One function for the page cache and for the pages rendered
 * uncached (server/app.ts); docs/decisions/036-first-screen.md.
 */
export function withStyleHashes(policy: string, hashes: readonly string[]) {
	for (const hash of hashes) {
		if (!BASE64_SHA256.test(hash)) throw new TypeError(`not a base64 SHA-256 digest: ${hash}`)
	}
	const sources = [...new Set(hashes)].map((hash) => `'sha256-${hash}'`)
	const directives = policy
		.split(';')
		.map((directive) => directive.trim())
		.filter((directive) => directive && !/^style-src-(elem|attr)(\s|$)/i.test(directive))
	return [
		...directives,
		["style-src-elem 'self'", ...sources].join(' '),
		"style-src-attr 'unsafe-inline'",
	].join(';')
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
	draining = () => false,
}: {
	build: ServerBuild
	mode: string
	/** Pages are rendered for this address (PUBLIC_SITE_URL), whatever Host a request names. */
	publicSiteUrl: string
	/** Whether the instance is draining (its answers close their connection: the slow path's). */
	draining?: () => boolean
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
		const html = body.toString('utf8')
		const gzip = await gzipAsync(body, { level: 9 })
		const digest = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)
		return {
			host: domain?.name ?? site.host.toLowerCase(),
			etag: `W/"${digest}"`,
			scriptSrc: scriptSourcesFor(html),
			styleHashes: inlineStyles(html).map(styleHash),
			headers: kept,
			body,
			gzip,
			br: null,
			bytes: body.length + gzip.length,
			fast: null,
		}
	}

	/** The brotli body of a stored entry, made once in the thread pool (quality 11). */
	function compressBrotli(key: string, entry: Entry) {
		brotli(entry.body, {
			params: {
				[zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
				[zlib.constants.BROTLI_PARAM_QUALITY]: 11,
				[zlib.constants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
			},
		}).then(
			(br) => {
				entry.br = br
				if (entry.fast) entry.fast.br = withBody(entry.fast.gzip, 'br', br)
				// Counted only while the entry is still stored.
				if (entries.get(key) === entry) {
					entry.bytes += br.length
					bytes += br.length
				}
			},
			(error: unknown) => logger.warn({ err: error }, 'page cache: brotli failed'),
		)
	}

	/**
	 * The cache key of a request for a public page (`match`: PUBLIC_PAGE's on its path), with
	 * what rendering it needs; null when no such page exists (the app answers).
	 */
	async function lookup(
		req: IncomingMessage,
		path: string,
		match: RegExpExecArray,
	): Promise<Lookup> {
		const version = await readVersion(match[1]!)
		if (!version) return null
		const saveData = wantsSaveData(req.headers['save-data'])
		const page = path.slice(match[1]!.length + 1) || '/'
		const kept = new URLSearchParams()
		const parameters = PAGE_PARAMETERS[page.startsWith('/portfolio/') ? '' : page] ?? []
		const query = parameters.length ? new URL(req.url ?? '/', 'http://x').searchParams : null
		for (const name of parameters) {
			const value = query!.get(name)
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
			// The owner's links that start or end at a time: the window the version was
			// read in, so the page a visitor gets shows the links live now, within the minute a
			// start or an end passes, with no write to move the version.
			schedule: version.schedule,
			variant: { ...Object.fromEntries(kept), js: saveData ? 'none' : 'yes' },
		})
		return { key, saveData, search, domain }
	}

	const middleware: RequestHandler = async (req, res, next) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const match = PUBLIC_PAGE.exec(req.path)
		if (!match) return next()
		let found
		try {
			// The fast path's lookup of this very request, when it made one (one version read).
			found = await ((req as LookedUp)[LOOKUP] ?? lookup(req, req.path, match))
		} catch (error) {
			logger.warn({ err: error }, 'page cache: the page version could not be read')
			return next() // the database is down: let the app answer (503 page)
		}
		if (!found) return next()
		const { key, saveData, search, domain } = found
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
			if (entries.get(key) !== entry) {
				remember(key, entry)
				compressBrotli(key, entry)
			}
		}

		// Helmet wrote this response's policy with a nonce and 'unsafe-inline' styles: the page's
		// hashes replace them (scripts and `<style>` elements), the same for the 200 and every 304
		// of this body.
		const policy = res.getHeader('Content-Security-Policy')
		if (typeof policy === 'string') {
			res.setHeader(
				'Content-Security-Policy',
				withStyleHashes(withScriptSources(policy, entry.scriptSrc), entry.styleHashes),
			)
		}
		res.setHeader('ETag', entry.etag)
		// Added to what the request already varies on (X-Forwarded-Host, when a trusted proxy chose
		// the host: server/app.ts), never in its place.
		res.vary(VARY)
		// What this answer carries besides the body's own headers, for the fast path: the same
		// for every request of this entry (what an earlier middleware sets per request aside).
		entry.fast ??= fastHeaders(entry, sentHeaders(res))
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
		const { encoding, body } = bodyFor(entry, req.headers['accept-encoding'])
		if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding)
		res.setHeader('Content-Length', String(body.length))
		res.status(200)
		if (req.method === 'HEAD') res.end()
		else res.end(body)
	}

	/**
	 * Cached public pages on PUBLIC_SITE_URL's host, answered before the general middleware stack
	 * and before Express itself (server/main.ts calls it first, with the app as `next`): the same
	 * key, the same body and the same headers as the slow path (`middleware`) for an entry it has
	 * answered once. Anything else goes on to the app: a page not cached yet, an owner whose pages
	 * a domain serves (the slow path answers 301), an owner's domain (host routing), a request
	 * through a trusted proxy that names a host (X-Forwarded-Host: server/app.ts drops it, before
	 * this runs, when the peer is no trusted proxy), a draining instance, a database that cannot
	 * be read.
	 */
	const fastPath = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const url = req.url ?? '/'
		const queryAt = url.indexOf('?')
		const path = queryAt === -1 ? url : url.slice(0, queryAt)
		const match = PUBLIC_PAGE.exec(path)
		if (!match || draining() || req.headers['x-forwarded-host'] !== undefined) return next()
		// As Express's req.hostname: the Host header without its port.
		const host = req.headers.host ?? ''
		const hostname = (
			host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '')
		)
			.toLowerCase()
			.replace(/\.$/, '')
		if (!isMainHost(hostname, site.hostname)) return next()
		const started = process.hrtime.bigint()
		const looked = lookup(req, path, match)
		// Kept for the slow path, should this request go on to it (no second version read).
		;(req as LookedUp)[LOOKUP] = looked
		looked.catch(() => {}) // read by the slow path when it fails
		Promise.all([servedDomainOfPath(match[1]!), looked])
			.then(
				([served, found]) => {
					const entry = !served && found ? entries.get(found.key) : undefined
					if (!entry?.fast) return next()
					stats.hits++
					const existing = req.headers['x-request-id']
					const id = typeof existing === 'string' && existing ? existing : crypto.randomUUID()
					const ifNoneMatch = req.headers['if-none-match']
					let status = 200
					let body: Buffer | null = null
					let headers: string[]
					if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(entry.etag)) {
						stats.notModified++
						status = 304
						headers = entry.fast.notModified
					} else {
						const chosen = bodyFor(entry, req.headers['accept-encoding'])
						body = chosen.body
						headers =
							entry.fast[chosen.encoding] ?? withBody(entry.fast.gzip, chosen.encoding, chosen.body)
					}
					res.writeHead(status, ['X-Request-Id', id, ...headers])
					if (req.method === 'HEAD' || !body) res.end()
					else res.end(body)
					if (logger.isLevelEnabled('info')) {
						logger.info(
							{
								req: { id, method: req.method, url },
								res: { status },
								responseTime: Number(process.hrtime.bigint() - started) / 1e6,
							},
							'request completed',
						)
					}
				},
				() => next(), // the slow path says what went wrong (503 page)
			)
			.catch((error: unknown) => logger.error({ err: error }, 'page cache: the fast path failed'))
	}

	return { middleware, fastPath, stats: () => ({ ...stats }) }
}

/**
 * The body to send for an Accept-Encoding header: brotli when offered (once compressed), else
 * gzip when offered, else the raw body.
 */
function bodyFor(entry: Entry, acceptEncoding: string | string[] | undefined) {
	const accepted = acceptedEncodings(acceptEncoding)
	if (accepted.br && entry.br) return { encoding: 'br' as const, body: entry.br }
	if (accepted.gzip) return { encoding: 'gzip' as const, body: entry.gzip }
	return { encoding: 'identity' as const, body: entry.body }
}

/** The headers a response has so far, as name/value pairs, without the per-request ones. */
function sentHeaders(res: { getHeaderNames(): string[]; getHeader(name: string): unknown }) {
	const pairs: Array<[string, string]> = []
	// The names as set (Node 15.13+; the types lag), else lower case.
	const raw = (res as { getRawHeaderNames?: () => string[] }).getRawHeaderNames
	for (const name of raw ? raw.call(res) : res.getHeaderNames()) {
		if (PER_REQUEST.has(name.toLowerCase())) continue
		const value = res.getHeader(name)
		if (Array.isArray(value)) for (const one of value) pairs.push([name, String(one)])
		else if (value !== undefined) pairs.push([name, String(value)])
	}
	return pairs
}

/** The fast path's header lists of an entry, from the headers the slow path set before its own. */
function fastHeaders(entry: Entry, before: Array<[string, string]>): FastHeaders {
	const flat = (pairs: Array<[string, string]>) => pairs.flat()
	const ownNames = new Set(entry.headers.map(([name]) => name.toLowerCase()))
	const base = before.filter(([name]) => !ownNames.has(name.toLowerCase()))
	const full = flat([...base, ...entry.headers])
	const cacheControl =
		entry.headers.find(([name]) => name === 'cache-control')?.[1] ?? 'public, max-age=0'
	return {
		identity: withBody(full, 'identity', entry.body),
		gzip: withBody(full, 'gzip', entry.gzip),
		br: entry.br ? withBody(full, 'br', entry.br) : null,
		notModified: flat([
			...base.filter(([name]) => name.toLowerCase() !== 'cache-control'),
			['Cache-Control', cacheControl],
		]),
	}
}

/**
 * `headers` (a flat list without a body's headers, or one with them: they are replaced) with the
 * Content-Encoding and Content-Length of `body`.
 */
function withBody(headers: string[], encoding: Encoding, body: Buffer) {
	const kept: string[] = []
	for (let i = 0; i < headers.length; i += 2) {
		const name = headers[i]!.toLowerCase()
		if (name === 'content-encoding' || name === 'content-length') continue
		kept.push(headers[i]!, headers[i + 1]!)
	}
	if (encoding !== 'identity') kept.push('Content-Encoding', encoding)
	kept.push('Content-Length', String(body.length))
	return kept
}
