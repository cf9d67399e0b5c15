/**
 * The cached public pages' Content-Security-Policy and ETag
 * (docs/decisions/010-visitor-pages.md): whatever a browser or a CDN keeps, the header and
 * the body that reach the browser agree. A 200 and every 304 for its ETag carry a policy that
 * admits exactly the inline scripts of that body, from any instance; `Save-Data: on` gets a page
 * without scripts, kept apart by Vary.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createOwner, createPortfolio } from '#tests/factories'
import { startAppServer, type AppServer } from '#tests/app-server'
import { updateProfile } from '~/models/profile.server'
import { inlineScripts, scriptSourcesFor, withScriptSources } from './page-cache'

/** The script-src sources of a Content-Security-Policy header. */
function scriptSrc(policy: string | null) {
	const directive = policy
		?.split(';')
		.map((part) => part.trim())
		.find((part) => part.startsWith('script-src '))
	return directive?.split(/\s+/).slice(1) ?? []
}

const sha256 = (script: string) =>
	`'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`

describe('the script sources of a page', () => {
	test('hash each inline classic or module script, not data blocks or external scripts', () => {
		const html = [
			'<script type="application/ld+json">{"@type":"Person"}</script>',
			'<script type="module">import "/assets/entry.public-x.js"</script>',
			'<script>window.a = 1</script>',
			'<script src="/assets/x.js"></script>',
			'<SCRIPT type="text/javascript">b()</SCRIPT>',
		].join('')
		expect(inlineScripts(html)).toEqual([
			'import "/assets/entry.public-x.js"',
			'window.a = 1',
			'b()',
		])
		expect(scriptSourcesFor(html)).toBe(
			[
				"'strict-dynamic'",
				sha256('import "/assets/entry.public-x.js"'),
				sha256('window.a = 1'),
				sha256('b()'),
			].join(' '),
		)
		expect(
			scriptSourcesFor('<p>no scripts</p><script type="application/ld+json">{}</script>'),
		).toBe("'none'")
	})

	test('replace the nonce of the policy helmet wrote, and nothing else', () => {
		const policy = "default-src 'self';script-src 'strict-dynamic' 'nonce-abc==';object-src 'none'"
		expect(withScriptSources(policy, "'none'")).toBe(
			"default-src 'self';object-src 'none';script-src 'none'",
		)
	})
})

/** Instances behind one load balancer share the public address. */
const SHARED = { PUBLIC_SITE_URL: 'http://tagg.test' }

describe('cached public pages over HTTP', () => {
	let first: AppServer
	let second: AppServer
	let pages: string[]
	let ownerId: string

	beforeAll(async () => {
		const owner = await createOwner({ name: 'Ada Lovelace' })
		ownerId = owner.id
		await updateProfile(owner.id, { tagline: 'Engines & </script> notes' })
		const item = await createPortfolio(owner.id, {
			productName: 'Analytical Engine',
			active: true,
			featured: true,
		})
		pages = [
			`/${owner.path}`,
			`/${owner.path}/portfolio`,
			`/${owner.path}/portfolio/${item.portfolioId}`,
			`/${owner.path}/resume`,
		]
		// Two instances on one database, as behind a load balancer.
		;[first, second] = await Promise.all([startAppServer(SHARED), startAppServer(SHARED)])
	}, 90_000)

	afterAll(async () => {
		await Promise.all([first?.stop(), second?.stop()])
	})

	test('a 200 and a 304 for the same ETag carry a policy that admits the scripts of that body', async () => {
		for (const page of pages) {
			const response = await fetch(`${first.url}${page}`)
			expect(response.status, page).toBe(200)
			const body = await response.text()
			const etag = response.headers.get('etag')
			const policy = response.headers.get('content-security-policy')
			expect(etag, page).toMatch(/^W\/".+"$/)
			expect(response.headers.get('vary'), page).toBe('Accept-Encoding, Save-Data')

			// The page runs one inline module (the public pages' script); its hash is allowed,
			// with no nonce and no 'unsafe-inline'.
			const scripts = inlineScripts(body)
			expect(scripts.length, page).toBeGreaterThan(0)
			const sources = scriptSrc(policy)
			expect(sources, page).toEqual(["'strict-dynamic'", ...scripts.map(sha256)])
			expect(policy, page).not.toContain('nonce-')
			expect(body, page).not.toContain('nonce=')
			// Owner-typed text never ends a script early.
			expect(body, page).not.toContain('Engines & </script>')

			// The browser revalidates: 304, the same ETag and the same policy, on this instance
			// and on the other one (a CDN or load balancer may ask either).
			for (const server of [first, second]) {
				const revalidated = await fetch(`${server.url}${page}`, {
					headers: { 'if-none-match': etag! },
				})
				expect(revalidated.status, `${page} on ${server.url}`).toBe(304)
				expect(revalidated.headers.get('etag')).toBe(etag)
				expect(revalidated.headers.get('content-security-policy')).toBe(policy)
				expect(revalidated.headers.get('vary')).toBe('Accept-Encoding, Save-Data')
			}

			// The other instance renders the very same page: same ETag, same policy.
			const elsewhere = await fetch(`${second.url}${page}`)
			expect(await elsewhere.text()).toBe(body)
			expect(elsewhere.headers.get('etag')).toBe(etag)
			expect(elsewhere.headers.get('content-security-policy')).toBe(policy)
		}
	})

	test('Save-Data: on gets the page without any script, under its own ETag', async () => {
		for (const page of pages) {
			const full = await fetch(`${first.url}${page}`)
			const light = await fetch(`${first.url}${page}`, { headers: { 'save-data': 'on' } })
			expect(light.status, page).toBe(200)
			const body = await light.text()
			expect(inlineScripts(body), page).toEqual([])
			expect(body, page).not.toMatch(/<script(?![^>]*application\/ld\+json)|modulepreload/)
			expect(scriptSrc(light.headers.get('content-security-policy')), page).toEqual(["'none'"])
			expect(light.headers.get('vary'), page).toBe('Accept-Encoding, Save-Data')
			expect(light.headers.get('etag'), page).not.toBe(full.headers.get('etag'))
			// The links a visitor needs without a script are there (the resume page has no Share).
			if (!page.endsWith('/resume')) {
				expect(body, page).toContain('href="#share"')
				expect(body, page).toContain('id="share"')
			} else {
				expect(body, page).toContain('/resume.pdf"')
			}

			const revalidated = await fetch(`${first.url}${page}`, {
				headers: { 'save-data': 'on', 'if-none-match': light.headers.get('etag')! },
			})
			expect(revalidated.status, page).toBe(304)
			expect(revalidated.headers.get('content-security-policy')).toBe(
				light.headers.get('content-security-policy'),
			)
			// The script-less page's ETag is no good for the page with scripts.
			const mixed = await fetch(`${first.url}${page}`, {
				headers: { 'if-none-match': light.headers.get('etag')! },
			})
			expect(mixed.status, page).toBe(200)
			await mixed.arrayBuffer()
		}
	})

	test('an edit gives a new body, a new ETag, and a policy for the new body', async () => {
		const page = pages[0]!
		const before = await fetch(`${first.url}${page}`)
		const etag = before.headers.get('etag')!
		await before.arrayBuffer()
		await updateProfile(ownerId, { tagline: 'Now with a difference engine' })
		const after = await fetch(`${first.url}${page}`, { headers: { 'if-none-match': etag } })
		expect(after.status).toBe(200)
		const body = await after.text()
		expect(body).toContain('Now with a difference engine')
		expect(after.headers.get('etag')).not.toBe(etag)
		expect(scriptSrc(after.headers.get('content-security-policy'))).toEqual([
			"'strict-dynamic'",
			...inlineScripts(body).map(sha256),
		])
	})
})
