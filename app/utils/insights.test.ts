import { describe, expect, test } from 'vitest'
import { parseCsv, toCsv } from './csv'
import {
	isLinkName,
	isPrefetch,
	parsePagePath,
	parseRange,
	percentChange,
	sourceOf,
	summarize,
	summaryRecords,
} from './insights'

describe('what a hit may say', () => {
	test('public pages are parsed into the owner and the page; anything else is refused', () => {
		expect(parsePagePath('/maya-torres')).toEqual({ pname: 'maya-torres', page: '/' })
		expect(parsePagePath('/maya-torres/portfolio')).toEqual({
			pname: 'maya-torres',
			page: '/portfolio',
		})
		expect(parsePagePath('/Maya/portfolio/abc_1')).toEqual({
			pname: 'Maya',
			page: '/portfolio/abc_1',
		})
		expect(parsePagePath('/maya/resume')).toEqual({ pname: 'maya', page: '/resume' })
		for (const bad of ['/', '/maya/qr.png', '/maya/portfolio/a/b', '//x', 42, null, '/a--b'])
			expect(parsePagePath(bad)).toBeNull()
	})

	test('links are the API’s social field names or portfolio:{id}', () => {
		for (const link of ['linkedInUrl', 'portfolio:abc123']) expect(isLinkName(link)).toBe(true)
		for (const link of ['portfolio:', 'javascript:alert(1)', 'toString'])
			expect(isLinkName(link), link).toBe(false)
	})

	test('a source is utm_source, else the referring host, else direct; this site is none', () => {
		const ownHost = 'tagg.test'
		expect(sourceOf({ referrer: 'https://www.LinkedIn.com/feed', ownHost })).toBe('linkedin.com')
		expect(sourceOf({ referrer: 'https://t.co/x', utmSource: ' News Letter ', ownHost })).toBe(
			'news-letter',
		)
		expect(sourceOf({ referrer: '', ownHost })).toBe('direct')
		expect(sourceOf({ referrer: 'not a url', ownHost })).toBe('direct')
		expect(sourceOf({ referrer: 'http://tagg.test/maya', ownHost })).toBeNull()
	})

	test('a referrer is kept as its host name only; a utm_source as at most 64 printable characters', () => {
		const ownHost = 'tagg.test'
		const referrer = 'https://user:secret@www.Example.COM:8443/a/very/long/path?q=1#x'
		expect(sourceOf({ referrer, ownHost })).toBe('example.com')
		expect(
			sourceOf({ referrer: `https://${'a'.repeat(60)}.b.example/${'p'.repeat(1900)}`, ownHost }),
		).toBe(`${'a'.repeat(60)}.b.example`)
		expect(sourceOf({ utmSource: 'n'.repeat(64), ownHost })).toBe('n'.repeat(64))
		expect(sourceOf({ utmSource: 'n'.repeat(65), ownHost })).toBe('other')
		expect(sourceOf({ utmSource: 'news\u0007letter', ownHost })).toBe('other')
		expect(sourceOf({ utmSource: 'ニュース', ownHost })).toBe('other')
		expect(sourceOf({ utmSource: '!!!', ownHost })).toBe('other')
	})

	test('prefetches and prerenders are recognised by their headers', () => {
		expect(isPrefetch(new Headers({ 'sec-purpose': 'prefetch;prerender' }))).toBe(true)
		expect(isPrefetch(new Headers({ purpose: 'prefetch' }))).toBe(true)
		expect(isPrefetch(new Headers({}))).toBe(false)
	})

	test('ranges are 7d, 30d or 90d (7d when absent)', () => {
		expect(parseRange(null)).toBe('7d')
		expect(parseRange('90d')).toBe('90d')
		expect(parseRange('1y')).toBeNull()
		expect(parseRange('constructor')).toBeNull()
	})
})

describe('the summary', () => {
	const today = '2026-11-20'
	const rows = [
		{ day: '2026-11-20', metric: 'view', dimension: '/', count: 10 },
		{ day: '2026-11-19', metric: 'view', dimension: '/portfolio/p1', count: 5 },
		{ day: '2026-11-20', metric: 'visitors', dimension: '', count: 4 },
		{ day: '2026-11-20', metric: 'source', dimension: 'direct', count: 3 },
		{ day: '2026-11-20', metric: 'source', dimension: 'linkedin.com', count: 1 },
		{ day: '2026-11-20', metric: 'click', dimension: 'linkedInUrl', count: 2 },
		{ day: '2026-11-20', metric: 'vcard', dimension: '', count: 1 },
		// The week before: the previous period.
		{ day: '2026-11-13', metric: 'view', dimension: '/', count: 6 },
		{ day: '2026-11-13', metric: 'visitors', dimension: '', count: 2 },
		// Older than both: ignored.
		{ day: '2026-11-01', metric: 'view', dimension: '/', count: 99 },
	]
	const summary = summarize(rows, '7d', today, (page) => `/maya${page === '/' ? '' : page}`)

	test('totals, the period before, a row for every day, and the top lists', () => {
		expect(summary.from).toBe('2026-11-14')
		expect(summary.totals).toEqual({
			views: 15,
			visitors: 4,
			linkClicks: 2,
			vcardDownloads: 1,
			qrDownloads: 0,
			shares: 0,
		})
		expect(summary.previous).toMatchObject({ views: 6, visitors: 2 })
		expect(summary.daily).toHaveLength(7)
		expect(summary.daily.at(-1)).toEqual({ date: today, views: 10, visitors: 4 })
		expect(summary.daily[0]).toEqual({ date: '2026-11-14', views: 0, visitors: 0 })
		expect(summary.sources).toEqual([
			{ source: 'direct', visitors: 3 },
			{ source: 'linkedin.com', visitors: 1 },
		])
		expect(summary.pages).toEqual([
			{ path: '/maya', views: 10 },
			{ path: '/maya/portfolio/p1', views: 5 },
		])
		expect(summary.links).toEqual([{ link: 'linkedInUrl', clicks: 2 }])
	})

	test('the change against the period before, in percent', () => {
		expect(percentChange(15, 6)).toBe(150)
		expect(percentChange(3, 4)).toBe(-25)
		expect(percentChange(5, 0)).toBeNull()
	})

	test('the CSV reads back, and a formula from a visitor is never run by a spreadsheet', () => {
		const csv = toCsv(summaryRecords({ ...summary, sources: [{ source: '=cmd', visitors: 1 }] }))
		const records = parseCsv(csv)
		expect(records[0]).toEqual(['date', 'views', 'visitors'])
		expect(records[7]).toEqual([today, '10', '4'])
		expect(records).toContainEqual(["'=cmd", '1'])
		expect(toCsv([['a,b', 'say "hi"']])).toBe('"a,b","say ""hi"""\r\n')
	})
})
