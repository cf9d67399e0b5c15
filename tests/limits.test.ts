/**
 * Bounded cost for every request, against the real production server (tests/app-server.ts) over
 * keep-alive connections: one HTTP contract for every /one route (a table of every method on
 * every route), the lists of an owner with 200 items of the largest size (page sizes, the first
 * page's bound, ETags, the public 'Load more' without JavaScript, the builder's list), the caps,
 * a burst of 60 sign-ins (never a 503), text cut on character boundaries, a password typed in
 * another Unicode form, and a renamed address (301 from the old one, held for its owner).
 */
import http from 'node:http'
import bcrypt from 'bcryptjs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { API_ENDPOINTS, samplePng, type ApiEndpoint } from '#tests/api-endpoints'
import { startAppServer, type AppServer } from '#tests/app-server'
import {
	createOwner,
	createPortfolio,
	createPortfolioImage,
	DEFAULT_PASSWORD,
	uniqueEmail,
	uniquePath,
} from '#tests/factories'
import { createLargeOwner } from '#tests/fixtures/large-owner'
import { MAX_IMAGES_PER_PORTFOLIO } from '~/models/image.server'
import {
	MAX_PORTFOLIO_ITEMS,
	PAGE_BYTES,
	updatePortfolio,
	type PortfolioItem,
} from '~/models/portfolio.server'
import { updateProfile } from '~/models/profile.server'
import { prisma } from '~/utils/db.server'

let app: AppServer
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })

beforeAll(async () => {
	app = await startAppServer({
		DATABASE_URL: process.env.DATABASE_URL!,
		DATA_DIR: process.env.DATA_DIR!,
	})
}, 120_000)

afterAll(async () => {
	agent.destroy()
	await app?.stop()
})

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string }

/** Any method (TRACE included, which fetch refuses), over the keep-alive agent. */
function send(
	method: string,
	path: string,
	options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const length =
			options.body === undefined
				? {}
				: { 'content-length': String(Buffer.byteLength(options.body)) }
		const request = http.request(
			`${app.url}${path}`,
			{ method, agent, headers: { 'accept-encoding': 'identity', ...length, ...options.headers } },
			(response) => {
				const chunks: Buffer[] = []
				response.on('data', (chunk: Buffer) => chunks.push(chunk))
				response.on('end', () => {
					const body = Buffer.concat(chunks)
					resolve({
						status: response.statusCode ?? 0,
						headers: response.headers,
						body,
						text: body.toString('utf8'),
					})
				})
				response.on('error', reject)
			},
		)
		request.on('error', reject)
		request.end(options.body)
	})
}

const json = (answer: Answer) => JSON.parse(answer.text) as Record<string, unknown>
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })
const asJson = { 'Content-Type': 'application/json' }

/** The project ids of the cards of a public portfolio page, in order. */
const cardIds = (html: string) => [
	...new Set([...html.matchAll(/href="\/[^/"]+\/portfolio\/([^"?/]+)"/g)].map((m) => m[1]!)),
]
/** The project names of the cards (their headings) of a public portfolio page. */
const cardNames = (html: string) => [...html.matchAll(/<h2[^>]*title="([^"]*)"/g)].map((m) => m[1]!)
/** Where the 'Load more' link of a public portfolio page goes, or null. */
const loadMoreHref = (html: string) => {
	const link = /<a href="(\/[^"]+\/portfolio\?cursor=[^"]+)"[^>]*>Load more<\/a>/.exec(html)
	return link ? link[1]!.replace(/&amp;/g, '&') : null
}

// ---------------------------------------------------------------- one HTTP contract

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'] as const

/** Every distinct URL of the table with its documented methods (most have one). */
function routes() {
	const seen = new Map<string, [ApiEndpoint['method'][], string | undefined]>()
	for (const endpoint of API_ENDPOINTS) {
		const params: Record<string, string> = { pname: 'nobody-here', ...endpoint.params }
		const url = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? name)
		const methods = seen.get(url)?.[0] ?? []
		if (!methods.includes(endpoint.method)) methods.push(endpoint.method)
		seen.set(url, [methods.sort(), endpoint.binary])
	}
	return [...seen].map(([url, [methods, binary]]) => [url, methods.join(' or '), binary] as const)
}

describe('one HTTP contract for /one', () => {
	test.each(routes())(
		'%s answers only %s (405 with Allow otherwise, OPTIONS 204 without data)',
		async (url, documented, binary) => {
			const methods = documented.split(' or ')
			const allow = methods.map((one) => (one === 'GET' ? 'GET, HEAD' : one)).join(', ')
			for (const method of METHODS) {
				const withBody = ['POST', 'PUT', 'PATCH'].includes(method)
				const answer = await send(method, url, withBody ? { headers: asJson, body: '{}' } : {})
				const label = `${method} ${url}`
				if (methods.includes(method) || (methods.includes('GET') && method === 'HEAD')) {
					expect(answer.status, label).not.toBe(405)
					expect(answer.status, label).toBeLessThan(500)
					if (binary && answer.status === 200)
						expect(answer.headers['content-type'], label).toBe(binary)
					else if (method !== 'HEAD') expect(json(answer).status, label).toBe(answer.status)
				} else if (method === 'OPTIONS') {
					expect(answer.status, label).toBe(204)
					expect(answer.headers.allow, label).toBe(allow)
					expect(answer.body.length, label).toBe(0)
				} else {
					expect(answer.status, label).toBe(405)
					expect(answer.headers.allow, label).toBe(allow)
					if (method !== 'HEAD') {
						expect(answer.headers['content-type'], label).toMatch(/^application\/json/)
						expect(json(answer), label).toEqual({
							status: 405,
							message: `Method not allowed: use ${documented}`,
						})
					}
				}
			}
		},
	)

	test('a PUT or DELETE never acts as the POST it resembles', async () => {
		const owner = await createOwner()
		const item = await createPortfolio(owner.id, { productName: 'Still here' })
		for (const method of ['PUT', 'PATCH', 'DELETE']) {
			const answer = await send(method, '/one/sites/portfolio/data/delete', {
				headers: { ...asJson, ...bearer(owner.token) },
				body: JSON.stringify({ portfolioId: item.portfolioId }),
			})
			expect(answer.status).toBe(405)
		}
		const login = await send('PUT', '/one/auth/new/login', {
			headers: asJson,
			body: JSON.stringify({ email: owner.email, password: owner.password }),
		})
		expect(login.status).toBe(405)
		expect(login.text).not.toContain('access_token')
		const still = await send(
			'GET',
			`/one/sites/portfolio/data/get/individual/data?customer_id=${owner.id}&portfolioId=${item.portfolioId}`,
			{ headers: bearer(owner.token) },
		)
		expect(still.status).toBe(200)
	})

	test.each([
		['GET', '/one/nothing/here'],
		['POST', '/one/nothing/here'],
		['DELETE', '/one/sites/portfolio/data/get/active/extra'],
		['GET', '/one'],
		['TRACE', '/one/what'],
	])('%s %s: a JSON 404', async (method, url) => {
		const answer = await send(method, url)
		expect(answer.status).toBe(404)
		expect(answer.headers['content-type']).toMatch(/^application\/json/)
		expect(json(answer)).toEqual({ status: 404, message: 'No such API endpoint' })
	})

	test('TRACE outside the API is 405, not a 500', async () => {
		const answer = await send('TRACE', '/')
		expect(answer.status).toBe(405)
		expect(answer.headers.allow).toBeTruthy()
	})

	test('a JSON body must be application/json in UTF-8, sent uncompressed: else 415', async () => {
		const owner = await createOwner()
		await updateProfile(owner.id, { tagline: 'Unchanged' })
		const update = (headers: Record<string, string>, body: string | Buffer) =>
			send('POST', '/one/sites/info/general/tagline/update', {
				headers: { ...bearer(owner.token), ...headers },
				body,
			})
		const café = JSON.stringify({ tagline: 'café' })
		for (const [headers, body] of [
			[{ 'Content-Type': 'text/plain' }, café],
			[{}, café],
			[{ 'Content-Type': 'application/x-www-form-urlencoded' }, 'tagline=caf%E9'],
			[{ 'Content-Type': 'application/json; charset=iso-8859-1' }, Buffer.from(café, 'latin1')],
			[{ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, café],
		] as const) {
			const answer = await update(headers, body)
			expect(answer.status, JSON.stringify(headers)).toBe(415)
			expect(json(answer).status).toBe(415)
			expect(String(json(answer).message)).toMatch(/JSON|UTF-8|Content-Encoding/)
		}
		const read = await send('GET', `/one/sites/info/general/tagline?customer_id=${owner.id}`)
		expect(json(read)).toMatchObject({ data: { tagline: 'Unchanged' } })
		const ok = await update({ 'Content-Type': 'application/json; charset=UTF-8' }, café)
		expect(ok.status).toBe(200)
		expect(json(ok)).toMatchObject({ data: { tagline: 'café' } })
	})
})

// ---------------------------------------------------------------- the 200-item owner

describe(`an owner with ${MAX_PORTFOLIO_ITEMS} items of the largest size`, () => {
	let owner: { customerId: string; portfolioIds: string[]; token: string; path: string }

	beforeAll(async () => {
		const path = uniquePath('Max')
		const email = uniqueEmail('max')
		const large = await createLargeOwner({ email, password: DEFAULT_PASSWORD, path })
		const login = await send('POST', '/one/auth/new/login', {
			headers: asJson,
			body: JSON.stringify({ email, password: DEFAULT_PASSWORD }),
		})
		owner = { ...large, path, token: String(json(login).access_token) }
	}, 120_000)

	const list = (type: string, query = '', headers: Record<string, string> = {}) =>
		send('GET', `/one/sites/portfolio/data/get/${type}?customer_id=${owner.customerId}${query}`, {
			headers,
		})
	const page = (answer: Answer) =>
		(json(answer) as { data: { portfoliosData: PortfolioItem[]; next: string | null } }).data

	test('the first page is bounded: at most 20 items and about a megabyte, with a next cursor', async () => {
		for (const [type, headers] of [
			['active', {}],
			['all', bearer(owner.token)],
		] as const) {
			const first = await list(type, '', headers)
			expect(first.status).toBe(200)
			const { portfoliosData, next } = page(first)
			expect(portfoliosData.length).toBeGreaterThan(0)
			expect(portfoliosData.length).toBeLessThanOrEqual(20)
			expect(typeof next).toBe('string')
			// One item past the budget at most (an item is about 250 KB here).
			expect(first.body.length).toBeLessThan(PAGE_BYTES + 300_000)
		}
	})

	test('pages at the largest limit stay about a megabyte and go on where the last ended', async () => {
		const seen: string[] = []
		let cursor: string | null = null
		for (let pages = 0; pages < 3; pages++) {
			const answer = await list('active', `&limit=100${cursor ? `&cursor=${cursor}` : ''}`)
			expect(answer.status).toBe(200)
			expect(answer.body.length).toBeLessThan(PAGE_BYTES + 300_000)
			const { portfoliosData, next } = page(answer)
			expect(portfoliosData.length).toBeGreaterThan(0)
			seen.push(...portfoliosData.map((item) => item.portfolioId))
			expect(typeof next).toBe('string')
			cursor = next
		}
		expect(seen).toEqual(owner.portfolioIds.slice(0, seen.length))
	})

	test('walking every page gives every item once, in order; small items fill a page', async () => {
		const small = await createOwner()
		const names: string[] = []
		for (let i = 0; i < 45; i++) {
			names.push(`P${i}`)
			await createPortfolio(small.id, { productName: `P${i}`, active: true })
		}
		const read = (query: string) =>
			send('GET', `/one/sites/portfolio/data/get/active?customer_id=${small.id}${query}`)
		const sizes: number[] = []
		const seen: string[] = []
		let cursor: string | null = null
		do {
			const answer = page(await read(cursor ? `&cursor=${cursor}` : ''))
			sizes.push(answer.portfoliosData.length)
			seen.push(...answer.portfoliosData.map((item) => item.productName))
			cursor = answer.next
		} while (cursor && sizes.length < 10)
		expect(sizes).toEqual([20, 20, 5])
		expect(seen).toEqual(names)
		expect(page(await read('&limit=100')).portfoliosData).toHaveLength(45)

		// The public list the same way, following 'Load more' as a plain link (no JavaScript).
		const publicSeen: string[] = []
		let url: string | null = `/${small.path}/portfolio`
		let pages = 0
		while (url && pages < 10) {
			const answer = await send('GET', url)
			expect(answer.status).toBe(200)
			publicSeen.push(...cardNames(answer.text))
			url = loadMoreHref(answer.text)
			pages++
		}
		expect(pages).toBe(3)
		expect(publicSeen).toEqual(names)
	})

	test.each(['&limit=0', '&limit=101', '&limit=abc', '&limit=0x10', '&limit=2e1', '&cursor=nope'])(
		'%s is 400',
		async (query) => {
			const answer = await list('active', query)
			expect(answer.status).toBe(400)
			expect(json(answer).message).toMatch(/^(limit|cursor): /)
		},
	)

	test('featured keeps its meaning: at most 3, no next page', async () => {
		const { portfoliosData, next } = page(await list('featured', '&limit=100'))
		expect(portfoliosData.map((item) => item.portfolioId)).toEqual(owner.portfolioIds.slice(0, 3))
		expect(next).toBeNull()
	})

	test('an ETag answers a repeated read with 304, until something changes', async () => {
		const first = await list('active', '&limit=3')
		const etag = first.headers.etag!
		expect(etag).toMatch(/^W\/"/)
		expect(first.headers['cache-control']).toBe('no-cache')
		const again = await list('active', '&limit=3', { 'If-None-Match': etag })
		expect(again.status).toBe(304)
		expect(again.body.length).toBe(0)
		expect(again.headers.etag).toBe(etag)
		const other = await list('active', '&limit=4', { 'If-None-Match': etag })
		expect(other.status).toBe(200)
		await updatePortfolio(owner.customerId, owner.portfolioIds[0]!, { role: 'Changed' })
		const changed = await list('active', '&limit=3', { 'If-None-Match': etag })
		expect(changed.status).toBe(200)
		expect(changed.headers.etag).not.toBe(etag)
		expect(page(changed).portfoliosData[0]!.role).toBe('Changed')
	})

	/**
	 * A page's bytes without its inline CSS (about 40 KB, the same whatever the number of items:
	 * docs/decisions/036-first-screen.md).
	 */
	const withoutStyles = (html: string) =>
		Buffer.byteLength(html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, ''))

	test("the public list shows a first page and a 'Load more' link to the next", async () => {
		const first = await send('GET', `/${owner.path}/portfolio`)
		expect(first.status).toBe(200)
		// It was 708 KB for 200 items (939 KB at the largest sizes).
		expect(withoutStyles(first.text)).toBeLessThan(120_000)
		const ids = cardIds(first.text)
		expect(ids).toEqual(owner.portfolioIds.slice(0, 20))
		const next = loadMoreHref(first.text)
		expect(next).toMatch(/^\/[^/]+\/portfolio\?cursor=/)
		const second = await send('GET', next!)
		expect(second.status).toBe(200)
		expect(withoutStyles(second.text)).toBeLessThan(120_000)
		expect(cardIds(second.text)).toEqual(owner.portfolioIds.slice(20, 40))
		expect(second.text).toContain('Back to the first projects')
		expect(loadMoreHref(second.text)).toMatch(/cursor=/)
	})

	test("the builder's list sends what a row shows, not every item whole", async () => {
		const answer = await send('GET', '/builder/portfolio', { headers: bearer(owner.token) })
		expect(answer.status).toBe(200)
		expect(answer.text).toContain(owner.portfolioIds[MAX_PORTFOLIO_ITEMS - 1])
		// It was 1.4 to 1.7 MB.
		expect(answer.body.length).toBeLessThan(300_000)
	})

	test(`a ${MAX_PORTFOLIO_ITEMS + 1}st item is refused with a clear 400`, async () => {
		const answer = await send('POST', '/one/sites/portfolio/data/create/new/portfolio', {
			headers: bearer(owner.token),
		})
		expect(answer.status).toBe(400)
		expect(json(answer).message).toBe(
			`You can have at most ${MAX_PORTFOLIO_ITEMS} portfolio items. Delete one to add another.`,
		)
	})
})

// ---------------------------------------------------------------- images

describe('images of a project', () => {
	test(`at most ${MAX_IMAGES_PER_PORTFOLIO} per project (a clear 400); the gallery in pages`, async () => {
		const owner = await createOwner()
		const item = await createPortfolio(owner.id, { active: true })
		const images = []
		for (let i = 0; i < MAX_IMAGES_PER_PORTFOLIO; i++) {
			images.push(await createPortfolioImage(owner.id, item.portfolioId, { active: i % 5 !== 0 }))
		}
		const form = new FormData()
		form.append('product_images', new Blob([new Uint8Array(await samplePng())]), 'a.png')
		const upload = await fetch(
			`${app.url}/one/sites/images/update/portfolio-images?productId=${item.portfolioId}`,
			{ method: 'POST', headers: bearer(owner.token), body: form },
		)
		expect(upload.status).toBe(400)
		expect(((await upload.json()) as { message: string }).message).toBe(
			`A project can hold at most ${MAX_IMAGES_PER_PORTFOLIO} images. Delete some to add others.`,
		)

		const gallery = async (token?: string) => {
			const ids: string[] = []
			let cursor: string | null = null
			const sizes: number[] = []
			do {
				const answer = await send(
					'GET',
					`/one/sites/images/get/portfolio-images?customer_id=${owner.id}&productId=${item.portfolioId}&limit=20${cursor ? `&cursor=${cursor}` : ''}`,
					{ headers: token ? bearer(token) : {} },
				)
				expect(answer.status).toBe(200)
				const data = json(answer).data as {
					images: Array<{ pProductImageId: string }>
					next: string | null
				}
				sizes.push(data.images.length)
				ids.push(...data.images.map((image) => image.pProductImageId))
				cursor = data.next
			} while (cursor)
			return { ids, sizes }
		}
		const mine = await gallery(owner.token)
		expect(mine.sizes).toEqual([20, 20, 10])
		expect(mine.ids).toEqual(images.map((image) => image.id))
		const theirs = await gallery()
		expect(theirs.ids).toEqual(images.filter((image) => image.active).map((image) => image.id))
	})
})

// ---------------------------------------------------------------- a burst of sign-ins

describe('a burst of 60 logins and sign-ups', () => {
	test('is answered 200 (or 429 with Retry-After), never 503; /healthz stays up', async () => {
		const owners: Array<Awaited<ReturnType<typeof createOwner>>> = []
		for (let i = 0; i < 5; i++) owners.push(await createOwner({ path: null }))
		const logins = Array.from({ length: 30 }, (_, i) => owners[i % owners.length]!).map((owner) =>
			fetch(`${app.url}/one/auth/new/login`, {
				method: 'POST',
				headers: asJson,
				body: JSON.stringify({ email: owner.email, password: owner.password }),
			}),
		)
		const signups = Array.from({ length: 30 }, (_, i) =>
			fetch(`${app.url}/one/auth/new/register`, {
				method: 'POST',
				headers: asJson,
				body: JSON.stringify({
					email: uniqueEmail(`burst${i}`),
					password: DEFAULT_PASSWORD,
					name: 'B',
				}),
			}),
		)
		const health = fetch(`${app.url}/healthz`)
		const answers = await Promise.all([...logins, ...signups])
		expect((await health).status).toBe(200)
		const statuses = answers.map((answer) => answer.status)
		expect(statuses.filter((status) => status === 503)).toEqual([])
		for (const answer of answers) {
			expect([200, 429]).toContain(answer.status)
			if (answer.status === 429)
				expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
		}
		await Promise.all(answers.map((answer) => answer.text()))
	}, 60_000)
})

// ---------------------------------------------------------------- text

describe('text cut on character boundaries', () => {
	test('project names of emoji are shortened whole on the public pages', async () => {
		const owner = await createOwner()
		const name = `${'x'.repeat(29)}${'😀'.repeat(5)}`
		const listName = `${'y'.repeat(29)}${'👨‍👩‍👧'.repeat(5)}`
		await createPortfolio(owner.id, { productName: name, active: true, featured: true })
		await createPortfolio(owner.id, {
			productName: listName,
			active: true,
			projectSummary: [`${'z'.repeat(91)}${'🇫🇷'.repeat(3)}`],
		})
		const profile = await send('GET', `/${owner.path}`)
		expect(profile.text).toContain(`${'x'.repeat(29)}😀...`)
		const list = await send('GET', `/${owner.path}/portfolio`)
		expect(list.text).toContain(`${'y'.repeat(29)}👨‍👩‍👧...`)
		expect(list.text).toContain(`${'z'.repeat(91)}🇫🇷...`)
		for (const page of [profile, list]) expect(page.text).not.toContain('\ufffd')
	})
})

describe('passwords in characters, after NFC', () => {
	const nfc = 'Crème brûlée 2026'
	const nfd = nfc.normalize('NFD')

	test('a password set in NFC logs in when typed in NFD (and the reverse)', async () => {
		const email = uniqueEmail('nfc')
		const register = await send('POST', '/one/auth/new/register', {
			headers: asJson,
			body: JSON.stringify({ email, password: nfd, name: 'Zoë' }),
		})
		expect(register.status).toBe(200)
		for (const typed of [nfc, nfd]) {
			const login = await send('POST', '/one/auth/new/login', {
				headers: asJson,
				body: JSON.stringify({ email, password: typed }),
			})
			expect(login.status).toBe(200)
		}
	})

	test('a hash made before passwords were normalised still logs in', async () => {
		const owner = await createOwner()
		// What the old code stored for a password typed in NFD: bcrypt of the raw text.
		await prisma().customer.update({
			where: { id: owner.id },
			data: { passwordHash: bcrypt.hashSync(nfd, 10) },
		})
		const login = (password: string) =>
			send('POST', '/one/auth/new/login', {
				headers: asJson,
				body: JSON.stringify({ email: owner.email, password }),
			})
		expect((await login(nfd)).status).toBe(200)
		expect((await login('Creme brulee 2026')).status).toBe(401)
	})
})

// ---------------------------------------------------------------- renamed addresses

describe('a changed address', () => {
	test('redirects (301) from the old one, QR code, vCard and resume included, and is held for its owner', async () => {
		const owner = await createOwner()
		const old = owner.path!
		const item = await createPortfolio(owner.id, { productName: 'Moved', active: true })
		const renamed = uniquePath('Renamed')
		const claim = await send('POST', '/one/path-name/update', {
			headers: { ...asJson, ...bearer(owner.token) },
			body: JSON.stringify({ path: renamed }),
		})
		expect(claim.status).toBe(200)

		for (const [from, to] of [
			[`/${old}`, `/${renamed}`],
			[`/${old.toLowerCase()}/portfolio`, `/${renamed}/portfolio`],
			[`/${old}/portfolio/${item.portfolioId}`, `/${renamed}/portfolio/${item.portfolioId}`],
			[`/${old}/qr.png?download=1`, `/${renamed}/qr.png?download=1`],
			[`/${old}/contact.vcf`, `/${renamed}/contact.vcf`],
			[`/${old}/resume`, `/${renamed}/resume`],
			[`/${old}/resume.json`, `/${renamed}/resume.json`],
			[`/${old}/resume.pdf`, `/${renamed}/resume.pdf`],
		]) {
			const answer = await send('GET', from!)
			expect(answer.status, from).toBe(301)
			expect(answer.headers.location, from).toBe(to)
			expect((await send('GET', to!)).status, to).toBe(200)
		}

		const other = await createOwner({ path: null })
		const taken = await send('POST', '/one/path-name/update', {
			headers: { ...asJson, ...bearer(other.token) },
			body: JSON.stringify({ path: old.toUpperCase() }),
		})
		expect(taken.status).toBe(409)
		const held = await send('GET', '/one/path-name/get', { headers: bearer(owner.token) })
		expect(json(held).data).toMatchObject({ path: renamed, previous: [{ path: old }] })

		// The owner lets it go sooner: it stops redirecting and someone else may claim it.
		const release = await send('POST', '/one/path-name/release', {
			headers: { ...asJson, ...bearer(owner.token) },
			body: JSON.stringify({ path: old }),
		})
		expect(release.status).toBe(200)
		expect((await send('GET', `/${old}`)).status).toBe(404)
		const claimed = await send('POST', '/one/path-name/update', {
			headers: { ...asJson, ...bearer(other.token) },
			body: JSON.stringify({ path: old }),
		})
		expect(claimed.status).toBe(200)
		expect((await send('GET', `/${old}`)).status).toBe(200)
	})

	test('the owner can take a held address back', async () => {
		const owner = await createOwner()
		const old = owner.path!
		const change = (path: string) =>
			send('POST', '/one/path-name/update', {
				headers: { ...asJson, ...bearer(owner.token) },
				body: JSON.stringify({ path }),
			})
		const renamed = uniquePath('Renamed')
		expect((await change(renamed)).status).toBe(200)
		expect((await change(old)).status).toBe(200)
		expect((await send('GET', `/${old}`)).status).toBe(200)
		const back = await send('GET', `/${renamed}`)
		expect(back.status).toBe(301)
		expect(back.headers.location).toBe(`/${old}`)
	})
})
