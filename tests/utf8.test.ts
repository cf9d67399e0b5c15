/**
 * Every byte the server sends is valid UTF-8: React's streaming renderer and the page
 * cache once left pairs of NUL bytes where a multi-byte character fell on the edge of one of
 * React's 2,048-byte chunks (`设\0\0计师`), which broke the JSON-LD for search engines and the
 * text link previews read. Each public page, its files and the builder are rendered here, against
 * the real server, with text from many scripts in lengths and at offsets that put multi-byte
 * characters on every chunk edge; any NUL byte or invalid sequence fails.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createOwner, createPortfolio } from '#tests/factories'
import { startAppServer, type AppServer } from '#tests/app-server'
import { updateProfile } from '~/models/profile.server'
import {
	replaceAchievements,
	replaceCertificates,
	replaceEducation,
	replaceSkills,
	replaceWorkExp,
} from '~/models/resume.server'

/** Text of each script, with 2-, 3- and 4-byte characters, ZWJ emoji, flags, combining marks. */
const SCRIPTS = [
	'日本語のデザイナー',
	'设计师和产品',
	'한국어 디자이너',
	'✨👩🏽‍💻👨‍👩‍👧‍👦🏳️‍🌈🇵🇹🇯🇵🫶🏿',
	'مصممة منتجات',
	'מעצבת מוצר',
	'उत्पाद डिज़ाइनर',
	'นักออกแบบผลิตภัณฑ์',
	'Zoë Ørsted e\u0301a\u0300\u0316 Ελληνικά Кириллица',
]
const MIXED = SCRIPTS.join(' · ')
const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(MIXED)].map(
	(part) => part.segment,
)

/** `count` whole characters (graphemes) of the mixed text, starting at `start`. */
function text(count: number, start = 0) {
	let out = ''
	for (let index = 0; index < count; index++) out += graphemes[(start + index) % graphemes.length]
	return out.trim() || 'x'
}

/** Where a decoder finds the first fault of `bytes`: a NUL byte or an invalid sequence. */
function utf8Fault(bytes: Uint8Array) {
	const nul = bytes.indexOf(0)
	if (nul !== -1) {
		const around = Buffer.from(bytes.subarray(Math.max(0, nul - 12), nul + 12)).toString('utf8')
		return `a NUL byte at ${nul}: ${JSON.stringify(around)}`
	}
	try {
		new TextDecoder('utf-8', { fatal: true }).decode(bytes)
	} catch {
		return 'an invalid UTF-8 sequence'
	}
	return null
}

const DESIGNATION = 'Product Designer ✨ デザイナー 设计师'

let server: AppServer
let owner: Awaited<ReturnType<typeof createOwner>>
let projectId: string

beforeAll(async () => {
	owner = await createOwner({ name: 'Aiko 山田' })
	// Many texts of many lengths: each is one of React's writes, so their edges fall all over
	// the 2,048-byte chunks.
	await replaceWorkExp(
		owner.id,
		Array.from({ length: 6 }, (_, job) => ({
			company: text(10 + job * 7, job),
			role: text(5 + job * 3, job * 2),
			startDate: '2019-01-01',
			endDate: job ? '2020-06-01' : 'Ongoing',
			experience: Array.from({ length: 8 }, (_, line) =>
				text(20 + (((job * 8 + line) * 37) % 300), line),
			),
		})),
	)
	await replaceEducation(owner.id, [
		{ eduName: text(40), eduInstitution: text(60, 5), eduStartYear: 2010, eduEndYear: 2014 },
	])
	await replaceSkills(owner.id, [{ skillName: 'Python', halves: 9 }])
	await replaceCertificates(owner.id, [
		{ crtName: text(50, 3), crtPlat: text(30, 9), crtUrl: null, crtYear: 2022 },
	])
	await replaceAchievements(
		owner.id,
		Array.from({ length: 25 }, (_, index) => text(3 + ((index * 53) % 290), index)),
	)
	const item = await createPortfolio(owner.id, {
		productName: text(60, 2),
		company: text(30, 4),
		role: text(20, 6),
		duration: text(12),
		projectSummary: Array.from({ length: 6 }, (_, index) => text(30 + index * 111, index)),
		challenges: Array.from({ length: 10 }, (_, index) => text(10 + index * 47, index)),
		solution: Array.from({ length: 10 }, (_, index) => text(15 + index * 59, index)),
		results: Array.from({ length: 10 }, (_, index) => text(5 + index * 71, index)),
		active: true,
		featured: true,
	})
	projectId = item.portfolioId
	server = await startAppServer({ PUBLIC_SITE_URL: 'http://tagg.test' })
}, 90_000)

afterAll(async () => {
	await server?.stop()
})

describe('every response is valid UTF-8', () => {
	test('public pages, their files and the builder, at every offset of the chunk edges', async () => {
		const publicUrls = [
			`/${owner.path}`,
			`/${owner.path}/portfolio`,
			`/${owner.path}/portfolio/${projectId}`,
			`/${owner.path}/resume`,
		]
		const files = [`/${owner.path}/resume.json`, `/${owner.path}/contact.vcf`, '/sitemap.xml']
		const builder = [
			'/builder',
			'/builder/portfolio',
			`/builder/portfolio/${projectId}`,
			`/builder/portfolio/manage-images/${projectId}`,
			'/builder/import',
		]
		let checked = 0
		// Each shift moves everything after the first name by one more byte, so over the shifts
		// every chunk edge falls at each offset inside the 2-, 3- and 4-byte characters.
		for (let shift = 0; shift < 8; shift++) {
			await updateProfile(owner.id, {
				firstName: `Aiko${'a'.repeat(shift)}`,
				lastName: '山田',
				designation: DESIGNATION,
				city: '東京',
				country: '日本',
				tagline: text(60 + shift * 17, shift),
				highOne: text(40 + shift * 11, 1),
				highTwo: text(90 + shift * 13, 2),
				highThree: text(150 + shift * 5, 3),
				bio: Array.from({ length: 12 }, (_, index) =>
					text(25 + (((index + shift) * 61) % 640), index),
				),
			})
			const requests: Array<[string, Record<string, string>]> = [
				...publicUrls.map((url): [string, Record<string, string>] => [url, {}]),
				// The script-less variant is a render (and a cache entry) of its own.
				...publicUrls.map((url): [string, Record<string, string>] => [url, { 'save-data': 'on' }]),
				// Uncompressed, as a crawler that sends no Accept-Encoding reads it.
				...publicUrls.map((url): [string, Record<string, string>] => [
					url,
					{ 'accept-encoding': 'identity' },
				]),
				...files.map((url): [string, Record<string, string>] => [url, {}]),
				...builder.map((url): [string, Record<string, string>] => [
					url,
					{ authorization: `Bearer ${owner.token}` },
				]),
			]
			for (const [url, headers] of requests) {
				const response = await fetch(`${server.url}${url}`, { headers })
				const where = `${url} ${JSON.stringify(headers)} (shift ${shift})`
				expect(response.status, where).toBe(200)
				const bytes = new Uint8Array(await response.arrayBuffer())
				expect(utf8Fault(bytes), where).toBeNull()
				checked++
				if (!/^text\/html/.test(response.headers.get('content-type') ?? '')) continue
				const html = new TextDecoder().decode(bytes)
				// The owner's text is on the pages that show it, whole.
				if ([`/${owner.path}`, `/${owner.path}/resume`, '/builder'].includes(url))
					expect(html.includes(DESIGNATION), where).toBe(true)
				for (const [, json] of html.matchAll(
					/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g,
				)) {
					expect(() => JSON.parse(json!), where).not.toThrow()
				}
			}
		}
		expect(checked).toBe(8 * 20)
	})

	test('a finished render is left alone when its stream timeout passes (no error logged)', async () => {
		const before = server.output().length
		for (const url of [`/${owner.path}/resume`, '/builder']) {
			const response = await fetch(`${server.url}${url}`, {
				headers: { authorization: `Bearer ${owner.token}`, 'save-data': 'on' },
			})
			expect(response.status).toBe(200)
			await response.arrayBuffer()
		}
		// Past app/entry.server.tsx's streamTimeout + 1 s: aborting a finished render made React
		// close its stream twice (ERR_INVALID_STATE, logged by onError).
		await new Promise((resolve) => setTimeout(resolve, 7_000))
		expect(server.output().slice(before)).not.toMatch(/ERR_INVALID_STATE|already closed/)
	})

	test('the profile’s JSON-LD parses and names the designation exactly', async () => {
		const html = await (await fetch(`${server.url}/${owner.path}`)).text()
		const blocks = [
			...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
		].map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
		expect(blocks).toHaveLength(1)
		expect(JSON.stringify(blocks[0])).toContain(JSON.stringify(DESIGNATION))
	})
})
