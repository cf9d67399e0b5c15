/**
 * The first screen in one round trip (issue 41, docs/decisions/036-first-screen.md): every
 * visitor page of the seeded owner, in every language and in light and dark, carries its CSS
 * inline, references no render-blocking stylesheet or script, and fits its document in the TCP
 * initial window (14 KB) in brotli, what every current browser is sent (gzip, for a client that
 * offers nothing better, is held under 17 KB: the profile's is about 16 KB, over the window);
 * the builder and the signed-out pages keep the app's stylesheet. Cached pages come from the fast
 * path with the slow path's headers.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { updateProfile } from '~/models/profile.server'
import { LOCALES } from '~/utils/locales'
import { DEMO_OWNER, seedDemoOwner } from '#tests/fixtures/demo-owner'
import { startAppServer, type AppServer } from '#tests/app-server'
import {
	documentCost,
	fetchAsSent,
	FIRST_WINDOW_BYTES,
	inlineCssBytes,
	renderBlocking,
} from '../scripts/lib/first-screen'

/** gzip documents: not within the first window for the profile (~16 KB), but bounded. */
const GZIP_CEILING_BYTES = 17 * 1024

let server: AppServer
let customerId: string
let pages: Record<string, string>

beforeAll(async () => {
	;({ customerId } = await seedDemoOwner())
	server = await startAppServer({})
	const base = `${server.url}/${DEMO_OWNER.path}`
	const list = await (await fetch(`${base}/portfolio`)).text()
	const project = new RegExp(`/${DEMO_OWNER.path}/portfolio/[A-Za-z0-9_-]+`).exec(list)?.[0]
	expect(project).toBeTruthy()
	pages = {
		profile: base,
		portfolio: `${base}/portfolio`,
		project: `${server.url}${project}`,
		resume: `${base}/resume`,
		connect: `${base}/connect`,
		'not found': `${server.url}/no-such-owner-41`,
	}
}, 180_000)

afterAll(async () => {
	await server?.stop()
})

describe("visitors' pages paint from their first response", () => {
	test('render-blocking helper: what blocks and what does not', () => {
		expect(renderBlocking('<head><link rel="stylesheet" href="/a.css"></head>')).toEqual(['/a.css'])
		expect(
			renderBlocking(
				'<head><link rel="stylesheet" href="/p.css" media="print"><link rel="preload" href="/f.woff2" as="font"><script type="module" src="/m.js"></script><script async src="/a.js"></script></head>',
			),
		).toEqual([])
		expect(renderBlocking('<head><script src="/c.js"></script></head>')).toEqual(['/c.js'])
	})

	test('every page, every language, light and dark: inline CSS, nothing blocking, 14 KB in brotli', async () => {
		const failures: string[] = []
		for (const language of LOCALES) {
			for (const themeMode of ['light', 'dark'] as const) {
				await updateProfile(customerId, { language, themeMode })
				for (const [name, url] of Object.entries(pages)) {
					const cost = await documentCost(url)
					const where = `${name} (${language}, ${themeMode})`
					expect(cost.status, where).toBe(name === 'not found' ? 404 : 200)
					expect(cost.renderBlocking, where).toEqual([])
					expect(cost.inlineCss, where).toBeGreaterThan(4000)
					expect(cost.encodings, where).toEqual(['gzip', 'br'])
					if (cost.brotli > FIRST_WINDOW_BYTES || cost.gzip > GZIP_CEILING_BYTES)
						failures.push(`${where}: ${cost.brotli} B brotli, ${cost.gzip} B gzip`)
				}
			}
		}
		expect(failures).toEqual([])
	}, 300_000)

	test('the builder and the signed-out pages keep the stylesheet of the app', async () => {
		const login = await (await fetch(`${server.url}/login`)).text()
		expect(renderBlocking(login)).toEqual([expect.stringMatching(/^\/assets\/tailwind-.*\.css$/)])
		expect(inlineCssBytes(login)).toBeLessThan(2000)
	})

	test('a cached page from the fast path has the headers the slow path gave it', async () => {
		await updateProfile(customerId, { language: 'en', themeMode: 'light', tagline: 'Fast path' })
		const headersOf = async (encoding: string) => {
			const response = await fetchAsSent(pages.profile!, encoding)
			return response
		}
		// The first request after an edit renders (the slow path); the next ones are cached.
		const names = async (encoding: string) => {
			const response = await fetch(pages.profile!, { headers: { 'accept-encoding': encoding } })
			await response.arrayBuffer()
			return response.headers
		}
		const slow = await names('gzip')
		const fast = await names('gzip')
		const drop = new Set(['date', 'x-request-id'])
		const list = (headers: Headers) =>
			[...headers.entries()].filter(([name]) => !drop.has(name)).sort()
		expect(list(fast)).toEqual(list(slow))
		expect(fast.get('x-request-id')).toBeTruthy()
		expect(fast.get('x-request-id')).not.toBe(slow.get('x-request-id'))
		// Brotli when offered (once made), gzip otherwise, nothing for a client that asks none.
		expect((await headersOf('gzip, deflate, br')).encoding).toMatch(/^(br|gzip)$/)
		expect((await headersOf('gzip')).encoding).toBe('gzip')
		expect((await headersOf('identity')).encoding).toBe('identity')
		expect((await headersOf('br;q=0, gzip')).encoding).toBe('gzip')
		// A 304 for the ETag, with the same policy.
		const etag = fast.get('etag')!
		const revalidated = await fetch(pages.profile!, { headers: { 'if-none-match': etag } })
		expect(revalidated.status).toBe(304)
		expect(revalidated.headers.get('content-security-policy')).toBe(
			fast.get('content-security-policy'),
		)
		expect(revalidated.headers.get('vary')).toBe('Accept-Encoding, Save-Data')
	})

	test('built assets are sent precompressed: brotli when offered, gzip otherwise', async () => {
		const html = await (await fetch(pages.profile!)).text()
		const script = /\/assets\/entry\.public-[^"']+\.js/.exec(html)?.[0]
		expect(script).toBeTruthy()
		const br = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'br' } })
		expect(br.headers.get('content-encoding')).toBe('br')
		expect(br.headers.get('content-type')).toMatch(/javascript/)
		expect(br.headers.get('vary')).toMatch(/Accept-Encoding/i)
		expect(br.headers.get('cache-control')).toContain('immutable')
		const gzip = await fetch(`${server.url}${script}`, { headers: { 'accept-encoding': 'gzip' } })
		expect(gzip.headers.get('content-encoding')).toBe('gzip')
		const text = await fetch(`${server.url}${script}`, {
			headers: { 'accept-encoding': 'identity' },
		})
		expect(text.headers.get('content-encoding')).toBeNull()
		expect(await text.text()).toBe(await br.text())
	})
})
