/**
 * The first screen in one round trip (docs/decisions/036-first-screen.md): every
 * visitor page of the seeded owner, in every language and theme (light, dark, system), carries its CSS
 * inline, references no render-blocking stylesheet or script, and fits its document in the TCP
 * initial window (14 KB) in brotli and in gzip (a browser offers no brotli over plain HTTP): its
 * inline CSS holds only the rules its HTML uses (app/utils/css-prune.ts);
 * the builder and the signed-out pages keep the app's stylesheet. Cached pages come from the fast
 * path with the slow path's headers. Each visitor page's policy admits exactly its own `<style>`
 * elements, by hash; the builder's keeps 'unsafe-inline'.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { updateProfile } from '~/models/profile.server'
import { LOCALES } from '~/utils/locales'
import { DEMO_OWNER, seedDemoOwner } from '#tests/fixtures/demo-owner'
import { startAppServer, type AppServer } from '#tests/app-server'
import { inlineStyles, styleHash } from '~/utils/critical-css.server'
import {
	documentCost,
	fetchAsSent,
	FIRST_WINDOW_BYTES,
	inlineCssBytes,
	renderBlocking,
} from '../scripts/lib/first-screen'

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

	test('every page, every language, every theme: inline CSS, nothing blocking, 14 KB in brotli and gzip', async () => {
		const failures: string[] = []
		for (const language of LOCALES) {
			for (const themeMode of ['light', 'dark', 'system'] as const) {
				await updateProfile(customerId, { language, themeMode })
				for (const [name, url] of Object.entries(pages)) {
					const cost = await documentCost(url)
					const where = `${name} (${language}, ${themeMode})`
					expect(cost.status, where).toBe(name === 'not found' ? 404 : 200)
					expect(cost.renderBlocking, where).toEqual([])
					expect(cost.inlineCss, where).toBeGreaterThan(4000)
					expect(cost.encodings, where).toEqual(['gzip', 'br'])
					if (cost.brotli > FIRST_WINDOW_BYTES || cost.gzip > FIRST_WINDOW_BYTES)
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

	test("each page's policy admits exactly its <style> elements by hash; the builder's is as it was", async () => {
		/** The directives of a policy, by name. */
		const directives = (policy: string | null) =>
			new Map(
				(policy ?? '')
					.split(';')
					.map((part) => part.trim().split(/\s+/))
					.filter(([name]) => name)
					.map(([name, ...sources]) => [name!, sources]),
			)
		const failures: string[] = []
		for (const [language, themeMode] of [
			['en', 'light'],
			['ar', 'dark'],
		] as const) {
			await updateProfile(customerId, { language, themeMode })
			for (const [name, url] of Object.entries(pages)) {
				// The first answer renders (the slow path), the next ones come from the cache (the fast
				// path), and the page without its script (Save-Data) is an entry of its own.
				for (const [variant, headers] of [
					['rendered', {}],
					['again', {}],
					['save-data', { 'save-data': 'on' }],
				] as const) {
					const response = await fetch(url, { headers })
					const body = await response.text()
					const where = `${name} (${language}, ${themeMode}, ${variant})`
					const styles = inlineStyles(body)
					expect(styles.length, where).toBeGreaterThanOrEqual(2)
					const policy = directives(response.headers.get('content-security-policy'))
					const expected = [
						"'self'",
						...new Set(styles.map((style) => `'sha256-${styleHash(style)}'`)),
					]
					if (JSON.stringify(policy.get('style-src-elem')) !== JSON.stringify(expected))
						failures.push(`${where}: style-src-elem ${policy.get('style-src-elem')?.join(' ')}`)
					expect(policy.get('style-src-elem') ?? [], where).not.toContain("'unsafe-inline'")
					expect(policy.get('style-src-attr'), where).toEqual(["'unsafe-inline'"])
					expect(policy.get('style-src'), where).toEqual(["'self'", "'unsafe-inline'"])
				}
			}
		}
		expect(failures).toEqual([])

		// The builder (signed in) and the signed-out pages: helmet's policy, untouched.
		const signedIn = await fetch(`${server.url}/login`, {
			method: 'POST',
			body: new URLSearchParams({ email: DEMO_OWNER.email, password: DEMO_OWNER.password }),
			redirect: 'manual',
		})
		expect(signedIn.status).toBe(302)
		const cookie = signedIn.headers
			.getSetCookie()
			.map((line) => line.split(';')[0])
			.join('; ')
		for (const [where, init] of [
			['/builder', { headers: { cookie } }],
			['/login', {}],
		] as const) {
			const response = await fetch(`${server.url}${where}`, init)
			expect(response.status, where).toBe(200)
			await response.arrayBuffer()
			const policy = directives(response.headers.get('content-security-policy'))
			expect(policy.get('style-src'), where).toEqual(["'self'", "'unsafe-inline'"])
			expect(policy.has('style-src-elem'), where).toBe(false)
			expect(policy.has('style-src-attr'), where).toBe(false)
			expect(policy.get('script-src')?.[1], where).toMatch(/^'nonce-/)
		}
	})
})
