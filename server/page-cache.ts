/**
 * Public pages (/{pname}, /{pname}/portfolio, /{pname}/portfolio/{id}) are the same for every
 * visitor, so a rendered page is kept in memory (raw and gzipped) under its page version: the
 * time anything it shows last changed, read with one indexed query per request (database
 * triggers keep it). An edit on any instance changes the version, so no instance ever serves a
 * stale page; ETags built from the version answer conditional requests with 304.
 *
 * A cached page carries the nonce it was rendered with; its Content-Security-Policy header
 * names that nonce. Every text on these pages is rendered by React as text, never as HTML.
 */
import crypto from 'node:crypto'
import zlib from 'node:zlib'
import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { type RequestHandler } from 'express'
import { getPageVersion } from '../app/models/page-version.server'

const PUBLIC_PAGE =
	/^\/([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)(?:\/portfolio(?:\/([A-Za-z0-9_-]{1,64}))?)?$/
const MAX_ENTRIES = 2000
const MAX_BYTES = 96 * 1024 * 1024

type Entry = {
	etag: string
	nonce: string
	headers: Array<[string, string]>
	body: Buffer
	gzip: Buffer
	bytes: number
}

export type PageCacheStats = { hits: number; misses: number; notModified: number; entries: number }

export function createPageCache({ build, mode }: { build: ServerBuild; mode: string }) {
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

	async function renderEntry(url: string, headers: Headers, etag: string): Promise<Entry | null> {
		const nonce = crypto.randomBytes(16).toString('base64')
		const request = new Request(url, { headers })
		const response = await render(request, { cspNonce: nonce })
		const cacheControl = response.headers.get('Cache-Control') ?? ''
		if (response.status !== 200 || !cacheControl.includes('public')) return null
		const body = Buffer.from(await response.arrayBuffer())
		const kept: Array<[string, string]> = []
		response.headers.forEach((value, name) => {
			if (!['content-length', 'content-encoding', 'set-cookie', 'etag'].includes(name))
				kept.push([name, value])
		})
		const gzip = zlib.gzipSync(body, { level: 6 })
		return { etag, nonce, headers: kept, body, gzip, bytes: body.length + gzip.length }
	}

	const middleware: RequestHandler = async (req, res, next) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const match = PUBLIC_PAGE.exec(req.path)
		if (!match || req.url !== req.path) return next()
		let version
		try {
			version = await readVersion(match[1]!)
		} catch {
			return next() // the database is down: let the app answer (503 page)
		}
		if (!version) return next()

		const key = `${req.path.toLowerCase()}|${version.version}`
		const etag = `W/"${build.assets.version}-${version.version.toString(36)}-${crypto
			.createHash('sha1')
			.update(req.path.toLowerCase())
			.digest('base64url')
			.slice(0, 10)}"`
		const ifNoneMatch = req.headers['if-none-match']
		if (ifNoneMatch && ifNoneMatch.split(/\s*,\s*/).includes(etag)) {
			stats.notModified++
			const cached = entries.get(key)
			res.status(304)
			res.setHeader('ETag', etag)
			res.setHeader(
				'Cache-Control',
				cached?.headers.find(([name]) => name === 'cache-control')?.[1] ?? 'public, max-age=0',
			)
			res.end()
			return
		}

		let entry = entries.get(key)
		if (entry) {
			stats.hits++
		} else {
			stats.misses++
			let inflight = pending.get(key)
			if (!inflight) {
				const headers = new Headers({
					accept: 'text/html',
					'user-agent': req.headers['user-agent'] ?? '',
				})
				inflight = renderEntry(
					`${req.protocol}://${req.get('host')}${req.path}`,
					headers,
					etag,
				).finally(() => pending.delete(key))
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

		for (const [name, value] of entry.headers) res.setHeader(name, value)
		const csp = res.getHeader('Content-Security-Policy')
		if (typeof csp === 'string' && res.locals.cspNonce) {
			res.setHeader(
				'Content-Security-Policy',
				csp.replace(`'nonce-${res.locals.cspNonce}'`, `'nonce-${entry.nonce}'`),
			)
		}
		res.setHeader('ETag', etag)
		res.setHeader('Vary', 'Accept-Encoding')
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
