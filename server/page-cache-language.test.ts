/**
 * The page cache and the owner's language (decision 026's `language` part): a visitor's
 * page speaks its owner's language whatever the visitor's browser asks for, so the cache keeps one
 * page per owner and language, never one per Accept-Language, and `Vary` does not name it. Changing
 * the language is an edit: every cached page and its ETag change at once, on every instance.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createOwner, createPortfolio } from '#tests/factories'
import { startAppServer, type AppServer } from '#tests/app-server'
import { getPageVersion } from '~/models/page-version.server'
import { cacheKey, cacheSlot } from '~/utils/cache-key'

const SHARED = { PUBLIC_SITE_URL: 'http://tagg.test' }

describe('the cache key', () => {
	test('names the language: two languages of one page version are two entries, in two slots', () => {
		const parts = { resource: 'page:/', owner: 'o1', version: 1, host: 'tagg.test' }
		expect(cacheKey({ ...parts, language: 'ar' })).not.toBe(cacheKey({ ...parts, language: 'de' }))
		expect(cacheSlot({ ...parts, language: 'ar' })).not.toBe(
			cacheSlot({ ...parts, language: 'de' }),
		)
		// No language is English, as every key was before languages came.
		expect(cacheKey(parts)).toBe(cacheKey({ ...parts, language: 'en' }))
	})
})

describe("cached public pages in the owner's language", () => {
	let first: AppServer
	let second: AppServer
	let owner: Awaited<ReturnType<typeof createOwner>>
	let pages: string[]

	beforeAll(async () => {
		owner = await createOwner({ name: 'Lina Haddad' })
		const item = await createPortfolio(owner.id, {
			productName: 'Cedar Checkout',
			active: true,
			featured: true,
		})
		pages = [
			`/${owner.path}`,
			`/${owner.path}/portfolio`,
			`/${owner.path}/portfolio/${item.portfolioId}`,
			`/${owner.path}/resume`,
		]
		;[first, second] = await Promise.all([startAppServer(SHARED), startAppServer(SHARED)])
	}, 90_000)

	afterAll(async () => {
		await Promise.all([first?.stop(), second?.stop()])
	})

	async function setLanguage(language: string) {
		const response = await fetch(`${first.url}/one/sites/info/general/language/update`, {
			method: 'POST',
			headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
			body: JSON.stringify({ language }),
		})
		expect(response.status).toBe(200)
	}

	const htmlLang = (body: string) => /<html[^>]*\slang="([^"]+)"[^>]*\sdir="([^"]+)"/.exec(body)

	test('a visitor’s browser language changes nothing: one body, one ETag, no Vary on it', async () => {
		await setLanguage('de')
		for (const page of pages) {
			const plain = await fetch(`${first.url}${page}`)
			const body = await plain.text()
			expect(htmlLang(body)?.slice(1), page).toEqual(['de', 'ltr'])
			for (const acceptLanguage of ['fr-FR,fr;q=0.9', 'ar', 'en-US']) {
				const asked = await fetch(`${first.url}${page}`, {
					headers: { 'accept-language': acceptLanguage, cookie: 'tagg_lang=es' },
				})
				expect(await asked.text(), `${page} for ${acceptLanguage}`).toBe(body)
				expect(asked.headers.get('etag')).toBe(plain.headers.get('etag'))
				expect(asked.headers.get('vary')).toBe('Accept-Encoding, Save-Data')
			}
		}
	})

	test('changing the language moves the page version: every page and ETag change at once, on every instance', async () => {
		await setLanguage('de')
		const before = (await getPageVersion(owner.path!))!
		expect(before.language).toBe('de')
		const etags = new Map<string, string>()
		for (const page of pages) {
			const response = await fetch(`${first.url}${page}`)
			await response.arrayBuffer()
			etags.set(page, response.headers.get('etag')!)
		}

		await setLanguage('ar')
		const after = (await getPageVersion(owner.path!))!
		expect(after.language).toBe('ar')
		expect(after.version).toBeGreaterThan(before.version)

		for (const server of [first, second]) {
			for (const page of pages) {
				// The browser revalidates with the German page's ETag: it gets the Arabic page.
				const response = await fetch(`${server.url}${page}`, {
					headers: { 'if-none-match': etags.get(page)! },
				})
				expect(response.status, `${page} on ${server.url}`).toBe(200)
				const body = await response.text()
				expect(htmlLang(body)?.slice(1), page).toEqual(['ar', 'rtl'])
				expect(response.headers.get('etag'), page).not.toBe(etags.get(page))
				// And the new ETag stands for the Arabic page from then on.
				const again = await fetch(`${server.url}${page}`, {
					headers: { 'if-none-match': response.headers.get('etag')! },
				})
				expect(again.status, page).toBe(304)
			}
		}
	})
})
