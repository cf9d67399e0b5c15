/**
 * The HTTP application: security headers, compression, static files, request logs and the
 * Remix handler. It wires; business logic lives in app/.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import { type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import { type ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express, { type RequestHandler } from 'express'
import helmet from 'helmet'
import { pinoHttp } from 'pino-http'
import { UNSUPPORTED_METHOD_HEADER } from '../app/utils/api.server'
import { type Env } from '../app/utils/env.server'
import { runForClient } from '../app/utils/client-context.server'
import { localeOf, runInLocale } from '../app/utils/locale.server'
import { REMOTE_ADDRESS_HEADER } from '../app/services/rate-limit.server'
import { refreshCookieSession } from '../app/services/session.server'
import { domainNotFoundPage, notConnectedPage } from '../app/services/domain-pages.server'
import { servedDomain, servedDomainOfPath } from '../app/services/domains.server'
import { isMainHost } from '../app/utils/domain-names.server'
import { inlineStyles, styleHash } from '../app/utils/critical-css.server'
import { DOMAIN_HEADER, DOMAIN_PATH_HEADER } from '../app/utils/public-url.server'
import { checkPath } from '../app/utils/path-name'
import { localPath } from '../app/utils/local-path'
import { logger } from './logger'
import { acceptedEncodings, createPageCache, withStyleHashes } from './page-cache'

/**
 * Public images: uploads under /cdn (the local storage driver; a bucket serves its own), and an
 * owner's link card and QR code (`/{pname}/og.png`, `/{pname}/qr.png`).
 */
export const PUBLIC_IMAGE = /^\/cdn\/|^\/[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\/(?:og|qr)\.png$/

/** Answers a request before the app, or hands it on (`next`). */
export type FastPath = (req: IncomingMessage, res: ServerResponse, next: () => void) => void

type Options = {
	env: Env
	/** Production: the built server module. Development: a Vite dev server supplies it. */
	build: ServerBuild | (() => Promise<ServerBuild>)
	clientDir: string
	/** Development only: Vite's connect middleware. */
	viteMiddleware?: RequestHandler
	/** Set to draining on SIGTERM (server/main.ts). */
	lifecycle?: { draining: boolean }
}

export function createApp({ env, build, clientDir, viteMiddleware, lifecycle }: Options) {
	const app = express()
	app.disable('x-powered-by')
	// The proxies whose forwarding headers are believed (TRUST_PROXY, default loopback): the
	// address a client is limited by and the host that picks an owner's domain come from them,
	// never from the client itself.
	app.set('trust proxy', env.TRUST_PROXY.length ? env.TRUST_PROXY : false)
	const trusted = app.get('trust proxy fn') as (address: string, hop: number) => boolean
	const dropUntrusted = (req: IncomingMessage) => dropUntrustedForwarding(req, trusted)
	// First of all, so that nothing reads them: Express itself reads them only from a trusted
	// peer, but @remix-run/express takes the Request's port from X-Forwarded-Host whoever sent it,
	// the page cache's fast path looks at it, and the app's code sees every header.
	app.use((req, _res, next) => {
		dropUntrusted(req)
		next()
	})

	// Public pages from the in-memory page cache (production builds only). A page it holds is
	// answered first, before Express and every middleware (server/main.ts calls
	// `app.locals.fastPath`), with the headers the stack below gave it (request id, security
	// headers, policy, ETag: precomputed per entry); the rest goes on to the stack, whose own page
	// cache middleware renders and stores pages (docs/decisions/036-first-screen.md).
	const pageCache =
		typeof build === 'function'
			? null
			: createPageCache({
					build,
					mode: env.NODE_ENV,
					publicSiteUrl: env.PUBLIC_SITE_URL,
					draining: () => Boolean(lifecycle?.draining),
				})
	const fastPath: FastPath | undefined = pageCache
		? (req, res, next) => {
				dropUntrusted(req)
				pageCache.fastPath(req, res, next)
			}
		: undefined
	app.locals.fastPath = fastPath

	app.use(
		pinoHttp({
			logger,
			genReqId: (req, res) => {
				const existing = req.headers['x-request-id']
				const id = typeof existing === 'string' && existing ? existing : crypto.randomUUID()
				res.setHeader('X-Request-Id', id)
				return id
			},
			autoLogging: {
				ignore: (req) => req.url === '/healthz' || req.url?.startsWith('/assets/') === true,
			},
			customLogLevel: (_req, res, error) =>
				error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
			serializers: {
				req: (req: { method: string; url: string; id: string }) => ({
					id: req.id,
					method: req.method,
					url: withoutSecrets(req.url),
				}),
				res: (res: { statusCode: number }) => ({ status: res.statusCode }),
			},
		}),
	)

	// Draining (after SIGTERM): every answer closes its connection, and the health check says
	// 503 so that the load balancer takes this instance out of rotation; the rest is served.
	app.use((req, res, next) => {
		if (!lifecycle?.draining) return next()
		res.setHeader('Connection', 'close')
		if (req.path !== '/healthz') return next()
		res
			.status(503)
			.set('Cache-Control', 'no-store')
			.json({ status: 'draining', database: 'not checked' })
	})

	app.use((_req, res, next) => {
		res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
		next()
	})

	const cdnOrigin = originOf(env.CDN_URL)
	// HTTPS-only headers are sent when the public address is HTTPS (a real deployment);
	// on http://localhost they would break the page.
	const https = env.PUBLIC_SITE_URL.startsWith('https:')
	app.use(
		helmet({
			contentSecurityPolicy: {
				useDefaults: false,
				directives: {
					'default-src': ["'self'"],
					'base-uri': ["'self'"],
					'connect-src': ["'self'", ...(env.isProduction ? [] : ['ws:'])],
					'font-src': ["'self'", 'data:'],
					'form-action': ["'self'"],
					'frame-ancestors': ["'none'"],
					'img-src': ["'self'", 'data:', 'blob:', ...(cdnOrigin ? [cdnOrigin] : [])],
					'object-src': ["'none'"],
					'script-src': [
						"'strict-dynamic'",
						(_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`,
					],
					'style-src': ["'self'", "'unsafe-inline'"],
					'upgrade-insecure-requests': https ? [] : null,
				},
			},
			crossOriginEmbedderPolicy: false,
			crossOriginResourcePolicy: { policy: 'same-site' },
			referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
			strictTransportSecurity: https ? { maxAge: 63072000, includeSubDomains: true } : false,
			xFrameOptions: { action: 'deny' },
		}),
	)

	app.use(hostRouting(env))

	// The images of visitors' pages are public, and other sites may show them: a JSON Resume
	// theme shows `basics.image` from resume.json (served to any origin), a link preview the
	// card. Everything else (the builder, the API, the pages) keeps same-site.
	app.use((req, res, next) => {
		if (PUBLIC_IMAGE.test(req.path)) res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
		next()
	})

	// The page cache's slow path, before compression: cached pages are stored compressed already
	// (gzip and brotli).
	if (pageCache) app.use(pageCache.middleware)

	// Built assets come with their brotli and gzip twins (vite.config.ts): sent as they are.
	if (!viteMiddleware) app.use('/assets', precompressed(path.join(clientDir, 'assets')))

	// Everything else compressible: brotli when the client offers it, else gzip.
	app.use(compression())

	if (viteMiddleware) {
		app.use(viteMiddleware)
	} else {
		// Vite fingerprints everything under /assets: cache it forever.
		app.use(
			'/assets',
			express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }),
		)
		app.use(express.static(clientDir, { maxAge: '1h' }))
	}

	if (env.STORAGE_DRIVER === 'local') {
		// Object keys are versioned (?v=) or unique per upload, so they can be cached for long.
		app.use(
			'/cdn',
			express.static(path.join(env.DATA_DIR, 'uploads'), {
				maxAge: '1y',
				immutable: true,
				fallthrough: false,
				dotfiles: 'deny',
				index: false,
			}),
		)
	}

	// Pages that belong to one signed-in person are never stored by a browser cache or a CDN.
	const privatePages = /^\/(builder|login|signup|set-path|logout)(\/|$)|^\/$/
	app.use((req, res, next) => {
		if (privatePages.test(req.path)) res.setHeader('Cache-Control', 'private, no-store')
		next()
	})

	const ownOrigins = new Set([new URL(env.PUBLIC_SITE_URL).origin])
	app.use(async (req, res, next) => {
		req.headers[REMOTE_ADDRESS_HEADER] = req.ip ?? ''
		if (!['GET', 'HEAD', 'OPTIONS'].includes(req.method)) {
			const origin = req.headers.origin
			const sameHost = origin && req.headers.host && safeHost(origin) === req.headers.host
			if (origin && !sameHost && !ownOrigins.has(origin)) {
				res.status(403).json({ status: 403, message: 'Cross-site requests are not allowed' })
				return
			}
		}
		try {
			const refreshed = await refreshCookieSession(req.headers.cookie)
			if (refreshed) {
				req.headers.cookie = refreshed.cookieHeader
				res.append('Set-Cookie', refreshed.setCookies)
			}
			next()
		} catch (error) {
			next(error)
		}
	})

	// The Fetch API cannot carry TRACE, CONNECT or TRACK (Remix would fail with a 500): the /one
	// API gets them as OPTIONS marked unsupported and answers its 405 with Allow; pages say 405.
	app.use((req, res, next) => {
		delete req.headers[UNSUPPORTED_METHOD_HEADER]
		if (!['TRACE', 'TRACK', 'CONNECT'].includes(req.method)) return next()
		if (/^\/(one|refresh)(\/|$)/.test(req.path)) {
			req.headers[UNSUPPORTED_METHOD_HEADER] = req.method
			req.method = 'OPTIONS'
			return next()
		}
		res.status(405).set('Allow', 'GET, HEAD, POST').type('text/plain').send('Method Not Allowed')
	})

	// Mounted with `use`, not `all('*')`: a route pattern makes Express decode the path first,
	// and a malformed one (`/x/%E0%A4%A`) would end in Express's bare 400 page instead of Remix's
	// own 404 with the Tagg layout.
	// The language of the API's messages (and of anything else answered far from a page):
	// `?lang=`, the switcher's cookie, then the browser's (app/utils/locale.server.ts).
	const remix = createRequestHandler({
		build,
		mode: env.NODE_ENV,
		getLoadContext: (_req, res) => loadContext(res),
	})
	app.use((req, res, next) => {
		const query = typeof req.query.lang === 'string' ? req.query.lang : null
		const locale = localeOf({
			query,
			cookie: req.headers.cookie,
			acceptLanguage: req.headers['accept-language'],
		})
		runInLocale(locale, () =>
			runForClient(req.headers['user-agent'], () => void remix(req, res, next)),
		)
	})

	return app
}

/**
 * Removes every `X-Forwarded-*` and `Forwarded` header of a request whose peer is not a trusted
 * proxy (`trusts`: Express's compiled `trust proxy`): what such a peer says of the client, the
 * host or the scheme is the client's own word.
 */
export function dropUntrustedForwarding(
	req: IncomingMessage,
	trusts: (address: string, hop: number) => boolean,
) {
	if (trusts(req.socket.remoteAddress ?? '', 0)) return
	for (const name of Object.keys(req.headers)) {
		if (name === 'forwarded' || name.startsWith('x-forwarded-')) delete req.headers[name]
	}
}

/** What `loadContext` reads and writes of an Express response. */
type PageResponse = {
	locals: Record<string, unknown>
	headersSent: boolean
	getHeader(name: string): unknown
	setHeader(name: string, value: string): unknown
}

/**
 * What the app's pages get from the server (app/entry.server.tsx's `loadContext`): the request's
 * script nonce, and `styleHashes`, which a visitor's page rendered outside the page cache (the
 * not-found page of an unknown owner, the contact form, any page while the cache is off) calls
 * once its inline CSS is known, with the base64 SHA-256 of each of its `<style>` elements: the
 * policy helmet wrote for this response then admits exactly those elements, as the page cache's
 * does for the pages it holds (`withStyleHashes`, docs/decisions/036-first-screen.md). Called
 * after the headers went out, it changes nothing.
 */
export function loadContext(res: PageResponse) {
	return {
		cspNonce: res.locals.cspNonce as string,
		styleHashes: (hashes: string[]) => {
			const policy = res.getHeader('Content-Security-Policy')
			if (typeof policy !== 'string' || res.headersSent) return
			res.setHeader('Content-Security-Policy', withStyleHashes(policy, hashes))
		},
	}
}

/**
 * The pages of an owner's own domain (docs/decisions/034-own-domains.md):
 * - on the main host, `/{pname}` and `/{pname}/…` of an owner with a served domain answer 301
 *   to the same page on the domain;
 * - on a served domain (verified or failing), the short paths (`/`, `/portfolio`, `/resume`,
 *   `/qr.png`, …) are that owner's pages, mapped onto `/{pname}/…` with the domain named in
 *   DOMAIN_HEADER (so every address the pages build names `https://{domain}/`); what the pages
 *   call (assets, images, the insights beacon and pixel, contact exchange) is served; the
 *   builder, the sign-in pages and the owner's API are not (404), and no cookie is read or set;
 * - any other host gets the 'not connected' page (404).
 * `/healthz` and `/.well-known/tagg/…` (Caddy's `ask`) answer on every host.
 * The host is the one a trusted proxy names in X-Forwarded-Host when it names one: every answer
 * then varies on that header, so that no shared cache keeps a page chosen by it for the URL alone.
 * A redirect built from the request's path keeps one leading slash (`localPath`).
 */
const SHORT_PAGE =
	/^\/(?:portfolio(?:\/[A-Za-z0-9_-]{1,64})?|resume|resume\.pdf|resume\.json|contact\.vcf|qr\.png|og\.png|connect)$/
const DOMAIN_FILES =
	/^\/(?:assets|cdn|images)\/|^\/favicon\.(?:ico|svg)$|^\/(?:sitemap\.xml|robots\.txt)$/
const DOMAIN_API = /^\/one\/insights\/(?:hit|pixel\.gif)$/
const ANY_HOST = /^\/healthz$|^\/\.well-known\/tagg\//

function hostRouting(env: Env): RequestHandler {
	const siteHostname = new URL(env.PUBLIC_SITE_URL).hostname
	const languageOf = (req: express.Request) =>
		localeOf({
			query: typeof req.query.lang === 'string' ? req.query.lang : null,
			cookie: undefined,
			acceptLanguage: req.headers['accept-language'],
		})
	const sendPage = (res: express.Response, html: string) => {
		// Their one `<style>` by its hash, as on the visitors' pages (docs/decisions/036-first-screen.md).
		const policy = res.getHeader('Content-Security-Policy')
		if (typeof policy === 'string')
			res.setHeader(
				'Content-Security-Policy',
				withStyleHashes(policy, inlineStyles(html).map(styleHash)),
			)
		return res.status(404).set('Cache-Control', 'no-store').type('html').send(html)
	}

	return async (req, res, next) => {
		// Only this middleware names a domain: never a client.
		delete req.headers[DOMAIN_HEADER]
		delete req.headers[DOMAIN_PATH_HEADER]
		// Still here only when a trusted proxy sent it (dropUntrustedForwarding).
		if (req.headers['x-forwarded-host'] !== undefined) res.vary('X-Forwarded-Host')
		const hostname = (req.hostname ?? '').toLowerCase().replace(/\.$/, '')
		try {
			if (isMainHost(hostname, siteHostname)) {
				if (req.method !== 'GET' && req.method !== 'HEAD') return next()
				const match = /^\/([^/]+)(\/.*)?$/.exec(req.path)
				if (!match || !checkPath(match[1]).ok) return next()
				const served = await servedDomainOfPath(match[1]!)
				if (!served) return next()
				const query = req.originalUrl.indexOf('?')
				const search = query === -1 ? '' : req.originalUrl.slice(query)
				res
					.status(301)
					.set('Cache-Control', 'no-store')
					.set('Location', `https://${served.name}${localPath(match[2] ?? '/')}${search}`)
					.end()
				return
			}
			if (ANY_HOST.test(req.path)) return next()
			const served = await servedDomain(hostname)
			if (!served) return sendPage(res, notConnectedPage(languageOf(req), hostname))

			// An owner's domain: no session, no cookie, no HSTS for the owner's other names.
			delete req.headers.cookie
			res.removeHeader('Strict-Transport-Security')
			const setHeader = res.setHeader.bind(res)
			res.setHeader = (name, value) =>
				name.toLowerCase() === 'set-cookie' ? res : setHeader(name, value)
			req.headers[DOMAIN_HEADER] = served.name
			req.headers[DOMAIN_PATH_HEADER] = served.path

			const path = req.path
			const query = req.originalUrl.indexOf('?')
			const search = query === -1 ? '' : req.originalUrl.slice(query)
			const own = `/${served.path.toLowerCase()}`
			const lower = path.toLowerCase()
			if ((lower === own || lower.startsWith(`${own}/`)) && ['GET', 'HEAD'].includes(req.method)) {
				// An address under the owner's path (a link from the main site): its short form.
				res
					.status(301)
					.set('Cache-Control', 'no-store')
					.set('Location', `${localPath(path.slice(own.length))}${search}`)
					.end()
				return
			}
			if (path === '/' || SHORT_PAGE.test(path)) {
				const internal = `/${served.path}${path === '/' ? '' : path}${search}`
				req.url = internal
				req.originalUrl = internal
				return next()
			}
			if (DOMAIN_FILES.test(path) || DOMAIN_API.test(path)) return next()
			if (path === `/one/contacts/${served.path}` || lower === `/one/contacts${own}`) return next()
			if (/^\/one(\/|$)/.test(path)) {
				res.status(404).set('Cache-Control', 'no-store').json({ status: 404, message: 'Not found' })
				return
			}
			return sendPage(res, domainNotFoundPage(languageOf(req)))
		} catch (error) {
			// The list of domains could not be read (the database is down): the main host goes on.
			if (isMainHost(hostname, siteHostname)) return next()
			return next(error)
		}
	}
}

/**
 * Files of `directory` that have a `.br` or `.gz` twin (written at build time: vite.config.ts),
 * sent as that twin when the request's Accept-Encoding offers it (brotli first), with the
 * original's type, `Vary: Accept-Encoding` and the immutable caching of /assets. The list of
 * twins is read once: a build never changes under a running server.
 */
function precompressed(directory: string): RequestHandler {
	const twins = new Map<string, { br: boolean; gz: boolean }>()
	try {
		for (const name of fs.readdirSync(directory)) {
			const match = /^(.*)\.(br|gz)$/.exec(name)
			if (!match) continue
			const found = twins.get(match[1]!) ?? { br: false, gz: false }
			found[match[2] as 'br' | 'gz'] = true
			twins.set(match[1]!, found)
		}
	} catch {
		// No build directory (a test's app): nothing precompressed.
	}
	return (req, res, next) => {
		if (req.method !== 'GET' && req.method !== 'HEAD') return next()
		const name = req.path.slice(1)
		const found = twins.get(name)
		if (!found || name.includes('/')) return next()
		const accepted = acceptedEncodings(req.headers['accept-encoding'])
		const encoding = accepted.br && found.br ? 'br' : accepted.gzip && found.gz ? 'gzip' : null
		res.vary('Accept-Encoding')
		if (!encoding) return next()
		res.type(path.extname(name))
		res.setHeader('Content-Encoding', encoding)
		res.sendFile(
			path.join(directory, `${name}.${encoding === 'br' ? 'br' : 'gz'}`),
			{ immutable: true, maxAge: '1y' },
			(error) => {
				if (!error) return
				res.removeHeader('Content-Encoding')
				if (!res.headersSent) next()
			},
		)
	}
}

function safeHost(origin: string) {
	try {
		return new URL(origin).host
	} catch {
		return null
	}
}

function originOf(url: string) {
	try {
		return new URL(url).origin
	} catch {
		return null
	}
}

/** Query parameters that carry a live secret (a reset, an email change, an invitation). */
const SECRET_PARAMETERS = new Set(['token', 'verify', 'cancel', 'invite', 'code'])

/**
 * A request's URL for the log, its secrets blanked: a link opened from an email holds a live
 * token, and a log store is no place for one.
 */
export function withoutSecrets(url: string) {
	const query = url.indexOf('?')
	if (query === -1) return url
	const params = new URLSearchParams(url.slice(query + 1))
	let changed = false
	for (const key of new Set(params.keys())) {
		if (!SECRET_PARAMETERS.has(key.toLowerCase())) continue
		params.set(key, '[redacted]')
		changed = true
	}
	return changed ? `${url.slice(0, query)}?${params}` : url
}
