import { describe, expect, test } from 'vitest'
import { createOwner, createPortfolio } from '#tests/factories'
import { databaseRoundTrips, prisma } from '~/utils/db.server'
import { forgetSitemaps, sitemapResponse } from './sitemap.server'

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

describe('/sitemap.xml is cached per version', () => {
	test('built once per version: the next request is one query and answers the same bytes; a change makes a new file', async () => {
		forgetSitemaps()
		const owner = await createOwner()
		await createPortfolio(owner.id, { productName: 'Cached', active: true })
		const first = await sitemapResponse(new Request('http://tagg.test/sitemap.xml'))
		const firstText = await first.text()
		const etag = first.headers.get('ETag')
		expect(etag).toMatch(/^W\/".+"$/)

		const before = databaseRoundTrips()
		const second = await sitemapResponse(new Request('http://tagg.test/sitemap.xml'))
		// One aggregate query (the version); the file itself comes from memory.
		expect(databaseRoundTrips() - before).toBe(1)
		expect(await second.text()).toBe(firstText)
		expect(second.headers.get('ETag')).toBe(etag)

		const notModified = await sitemapResponse(
			new Request('http://tagg.test/sitemap.xml', { headers: { 'If-None-Match': etag! } }),
		)
		expect(notModified.status).toBe(304)
		expect(await notModified.text()).toBe('')

		// A new owner (a new version): the next request lists them.
		const newcomer = await createOwner()
		const third = await sitemapResponse(new Request('http://tagg.test/sitemap.xml'))
		expect(third.headers.get('ETag')).not.toBe(etag)
		expect(locs(await third.text())).toContain(`http://tagg.test/${newcomer.path}`)
		// A path change of a listed owner changes the version too.
		await prisma().profile.update({
			where: { customerId: newcomer.id },
			data: { path: `${newcomer.path}-x`, pathKey: `${newcomer.path}-x`.toLowerCase() },
		})
		const fourth = await sitemapResponse(new Request('http://tagg.test/sitemap.xml'))
		expect(locs(await fourth.text())).toContain(`http://tagg.test/${newcomer.path}-x`)
	})

	test('concurrent requests for a new version share one build', async () => {
		forgetSitemaps()
		await createOwner()
		const before = databaseRoundTrips()
		const answers = await Promise.all(
			Array.from({ length: 10 }, () =>
				sitemapResponse(new Request('http://tagg.test/sitemap.xml')),
			),
		)
		const texts = await Promise.all(answers.map((answer) => answer.text()))
		expect(new Set(texts).size).toBe(1)
		// Ten plans (one query each) and one build (a few batches), not ten builds.
		expect(databaseRoundTrips() - before).toBeLessThan(10 + 5)
	})
})
