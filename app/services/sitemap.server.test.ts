import { describe, expect, test } from 'vitest'
import { createOwner, createPortfolio } from '#tests/factories'
import { sitemapResponse } from './sitemap.server'

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
const get = async (url: string, limits?: Parameters<typeof sitemapResponse>[1]) => {
	const response = await sitemapResponse(new Request(url.replace(/&amp;/g, '&')), limits)
	return { status: response.status, text: await response.text() }
}

describe('/sitemap.xml past one file', () => {
	test('one file while every address fits; past it an index whose files hold each once', async () => {
		const owners = []
		for (let i = 0; i < 5; i++) {
			const owner = await createOwner()
			await createPortfolio(owner.id, { productName: `P${i}`, active: true })
			await createPortfolio(owner.id, { productName: `Hidden ${i}` })
			owners.push(owner)
		}
		const single = await get('http://tagg.test/sitemap.xml')
		expect(single.text).toContain('<urlset')
		const everything = locs(single.text)
		// Three pages (profile, portfolio, resume) and one active item per owner.
		expect(everything).toHaveLength(20)
		for (const owner of owners) {
			expect(everything).toContain(`http://tagg.test/${owner.path}/resume`)
		}

		// A file may hold 8 URLs, a profile at most 4: two profiles per file, three files.
		const limits = { maxUrls: 8, urlsPerProfile: 4 }
		const index = await get('http://tagg.test/sitemap.xml', limits)
		expect(index.text).toContain('<sitemapindex')
		const files = locs(index.text)
		expect(files).toEqual([1, 2, 3].map((n) => `http://tagg.test/sitemap.xml?page=${n}`))
		const listed: string[] = []
		for (const file of files) {
			const part = await get(file, limits)
			expect(part.status).toBe(200)
			expect(part.text).toContain('<urlset')
			expect(locs(part.text).length).toBeLessThanOrEqual(limits.maxUrls)
			listed.push(...locs(part.text))
		}
		expect(listed.sort()).toEqual([...everything].sort())
		expect((await get('http://tagg.test/sitemap.xml?page=4', limits)).status).toBe(404)
		expect((await get('http://tagg.test/sitemap.xml?page=0', limits)).status).toBe(404)
		expect((await get('http://tagg.test/sitemap.xml?page=1')).status).toBe(404)
	})
})
