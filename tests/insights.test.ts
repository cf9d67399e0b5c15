/**
 * Insights over HTTP, with the production server: simulated visitors (distinct X-Forwarded-For
 * and user agents from loopback, which the server trusts as a proxy) are counted once a day,
 * bots, prefetches and the owner are not, downloads count where they happen, two instances add
 * into the same rows, and a graceful stop (SIGTERM) loses nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createOwner, createPortfolio } from '#tests/factories'
import { startAppServer, type AppServer } from '#tests/app-server'
import { updateProfile } from '~/models/profile.server'

const servers: AppServer[] = []
afterAll(async () => {
	await Promise.all(servers.map((server) => server.stop()))
})

async function start(extraEnv: Record<string, string> = {}) {
	const server = await startAppServer({ WEB_CONCURRENCY: '1', ...extraEnv })
	servers.push(server)
	return server
}

/** One server for the tests that need no stop, restart or settings of their own (each has its own owner). */
let shared: AppServer
beforeAll(async () => {
	shared = await start()
})

const browser = (n: number) => ({
	'User-Agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/13${n}.0 Safari/537.36`,
	'X-Forwarded-For': `198.51.100.${n}`,
})

function hit(server: AppServer, body: Record<string, string>, headers: Record<string, string>) {
	return fetch(`${server.url}/one/insights/hit`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: server.url, ...headers },
		body: JSON.stringify(body),
	})
}

type Summary = {
	totals: Record<string, number>
	daily: Array<{ date: string; views: number; visitors: number }>
	sources: Array<{ source: string; visitors: number }>
	links: Array<{ link: string; clicks: number }>
	pages: Array<{ path: string; views: number }>
}

async function summary(server: AppServer, token: string): Promise<Summary> {
	const response = await fetch(`${server.url}/one/insights/summary?range=7d`, {
		headers: { Authorization: `Bearer ${token}` },
	})
	expect(response.status).toBe(200)
	return ((await response.json()) as { data: Summary }).data
}

/** Polls the summary until `done` holds, for at most `ms` (the promise: within 10 s). */
async function summaryWhen(
	server: AppServer,
	token: string,
	done: (summary: Summary) => boolean,
	ms = 10_000,
) {
	const deadline = Date.now() + ms
	for (;;) {
		const current = await summary(server, token)
		if (done(current) || Date.now() > deadline) return current
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
}

describe('insights over HTTP', () => {
	test('N views by K visitors count N and K within 10 s; bots, prefetches and the owner count nothing', async () => {
		const server = shared
		const owner = await createOwner()
		const project = await createPortfolio(owner.id, { productName: 'Atlas', active: true })
		await updateProfile(owner.id, { designation: 'Designer' })
		const started = Date.now()
		const page = `/${owner.path}`
		for (let i = 0; i < 12; i++) {
			const response = await hit(
				server,
				{ t: 'view', p: page, r: i % 2 ? 'https://www.linkedin.com/' : '' },
				browser(i % 4),
			)
			expect(response.status).toBe(200)
		}
		await hit(server, { t: 'view', p: `${page}/portfolio/${project.portfolioId}` }, browser(1))
		await hit(server, { t: 'click', p: page, l: 'linkedInUrl' }, browser(2))
		await hit(server, { t: 'click', p: page, l: `portfolio:${project.portfolioId}` }, browser(2))
		await hit(server, { t: 'share', p: page, m: 'copy' }, browser(3))
		// Not counted: a bot, a prefetch, a prerender, the owner (cookie or token).
		await hit(server, { t: 'view', p: page }, { ...browser(9), 'User-Agent': 'Googlebot/2.1' })
		await hit(server, { t: 'view', p: page }, { ...browser(9), 'Sec-Purpose': 'prefetch' })
		await hit(server, { t: 'view', p: page }, { ...browser(9), Purpose: 'prefetch' })
		await hit(server, { t: 'view', p: page }, { ...browser(9), Cookie: `tagg_at=${owner.token}` })
		await hit(
			server,
			{ t: 'click', p: page, l: 'xUrl' },
			{ ...browser(9), Authorization: `Bearer ${owner.token}` },
		)
		// A bad hit is refused, and counts nothing.
		expect((await hit(server, { t: 'click', p: page, l: 'javascript:x' }, browser(1))).status).toBe(
			400,
		)
		expect((await hit(server, { t: 'view', p: '/builder/x/y/z' }, browser(1))).status).toBe(400)

		const result = await summaryWhen(server, owner.token, (s) => s.totals.views === 13)
		expect(Date.now() - started).toBeLessThan(10_000 + 2_000)
		expect(result.totals).toEqual({
			views: 13,
			visitors: 4,
			linkClicks: 2,
			vcardDownloads: 0,
			qrDownloads: 0,
			shares: 1,
		})
		// Visitors 0 and 2 came direct, 1 and 3 from LinkedIn (1 came direct to the project too).
		expect(result.sources).toEqual([
			{ source: 'direct', visitors: 3 },
			{ source: 'linkedin.com', visitors: 2 },
		])
		expect(result.links).toEqual([
			{ link: 'linkedInUrl', clicks: 1 },
			{ link: `portfolio:${project.portfolioId}`, clicks: 1 },
		])
		expect(result.pages).toEqual([
			{ path: page, views: 12 },
			{ path: `${page}/portfolio/${project.portfolioId}`, views: 1 },
		])
	}, 60_000)

	test('the no-script pixel counts a view, is never cached, and downloads count on the server', async () => {
		const server = shared
		const owner = await createOwner()
		const pixel = await fetch(
			`${server.url}/one/insights/pixel.gif?p=${encodeURIComponent(`/${owner.path}/portfolio`)}`,
			{
				headers: {
					...browser(5),
					Referer: `${server.url}/${owner.path}/portfolio?utm_source=Flyer`,
				},
			},
		)
		expect(pixel.status).toBe(200)
		expect(pixel.headers.get('content-type')).toBe('image/gif')
		expect(pixel.headers.get('cache-control')).toBe('no-store')
		const vcard = await fetch(`${server.url}/${owner.path}/contact.vcf`, { headers: browser(5) })
		expect(vcard.status).toBe(200)
		expect(vcard.headers.get('cache-control')).toBe('no-store')
		const qr = await fetch(`${server.url}/${owner.path}/qr.png?download=1`, { headers: browser(5) })
		expect(qr.headers.get('cache-control')).toBe('no-store')
		// The code shown on the pages is no download: cached, not counted.
		const shown = await fetch(`${server.url}/${owner.path}/qr.png`, { headers: browser(5) })
		expect(shown.headers.get('cache-control')).toContain('public')
		// The owner's own download is not counted.
		await fetch(`${server.url}/${owner.path}/contact.vcf`, {
			headers: { ...browser(5), Cookie: `tagg_at=${owner.token}` },
		})
		const result = await summaryWhen(server, owner.token, (s) => s.totals.qrDownloads === 1)
		expect(result.totals).toMatchObject({
			views: 1,
			visitors: 1,
			vcardDownloads: 1,
			qrDownloads: 1,
		})
		expect(result.sources).toEqual([{ source: 'flyer', visitors: 1 }])
		expect(result.pages).toEqual([{ path: `/${owner.path}/portfolio`, views: 1 }])
	}, 60_000)

	test('public pages carry the pixel: in noscript with the script, plain on Save-Data pages', async () => {
		const server = shared
		const owner = await createOwner()
		await updateProfile(owner.id, { designation: 'Designer' })
		const withScript = await (await fetch(`${server.url}/${owner.path}`)).text()
		expect(withScript).toMatch(/<noscript><img src="\/one\/insights\/pixel\.gif\?p=/)
		expect(withScript).toContain('data-insights="/one/insights/hit"')
		const saveData = await (
			await fetch(`${server.url}/${owner.path}`, { headers: { 'Save-Data': 'on' } })
		).text()
		expect(saveData).not.toContain('<noscript><img')
		expect(saveData).toMatch(/<img src="\/one\/insights\/pixel\.gif\?p=/)
		expect(saveData).not.toContain('<script type="module"')
	}, 60_000)

	test('odd and unknown addresses: the branded 404, titled as it reads, and never counted', async () => {
		const server = shared
		const owner = await createOwner()
		const cases = [
			[`/${owner.path}/portfolio/%00`, 'Project not found | Tagg'],
			[`/${owner.path}/portfolio/%E0%A4%A`, 'Project not found | Tagg'],
			[`/${owner.path}/portfolio/${'x'.repeat(5000)}`, 'Project not found | Tagg'],
			['/%E0%A4%A', 'Profile not found | Tagg'],
			['/nobody-here-at-all', 'Profile not found | Tagg'],
			[`/${owner.path}/nothing`, 'Page not found | Tagg'],
			[`/${owner.path}//portfolio`, 'Page not found | Tagg'],
			[`/${owner.path}/%E0%A4%A`, 'Page not found | Tagg'],
		] as const
		for (const [address, title] of cases) {
			const response = await fetch(`${server.url}${address}`)
			const html = await response.text()
			expect(response.status, address).toBe(404)
			expect(html, address).toContain(`<title>${title}</title>`)
			expect(html, address).toContain('Go to Tagg')
			// A 404 is not a view of anyone's page.
			expect(html, address).not.toContain('data-insights')
			expect(html, address).not.toContain('pixel.gif')
		}
		expect(server.output()).not.toMatch(/"level":50/)
	}, 60_000)

	test('SIGTERM writes what is counted; the counts survive a restart; two instances add into the same rows', async () => {
		const owner = await createOwner()
		const [first, second] = await Promise.all([start(), start()])
		// Visitors 0-5 on the first instance, 3-8 on the second: 9 distinct people.
		for (let i = 0; i < 6; i++) {
			await hit(first, { t: 'view', p: `/${owner.path}` }, browser(i))
			await hit(second, { t: 'view', p: `/${owner.path}` }, browser(i + 3))
		}
		// Stopped before their first write (every 5 s): the stop writes.
		await Promise.all([first.stop(), second.stop()])
		// Read by an instance that saw none of these visits: the counts are in the database.
		const result = await summary(shared, owner.token)
		expect(result.totals).toMatchObject({ views: 12, visitors: 9 })
		expect(result.daily.at(-1)).toMatchObject({ views: 12, visitors: 9 })
	}, 90_000)

	test('the privacy page says what this instance keeps, and whether it counts at all', async () => {
		const [kept, off] = await Promise.all([
			start({ INSIGHTS_RETENTION_DAYS: '400' }),
			start({ INSIGHTS: 'off' }),
		])
		// React marks where text pieces meet with empty comments.
		const page = (await (await fetch(`${kept.url}/privacy`)).text()).replaceAll('<!-- -->', '')
		expect(page).toContain('Only daily totals are kept, for 400 days')
		expect(page).not.toContain('does not count visits')
		expect(await (await fetch(`${off.url}/privacy`)).text()).toContain(
			'This site does not count visits at the moment.',
		)
	}, 90_000)

	test('the summary: 401 without a session, 400 for an unknown range, 405 with Allow for POST', async () => {
		const server = shared
		const owner = await createOwner()
		expect((await fetch(`${server.url}/one/insights/summary`)).status).toBe(401)
		const bad = await fetch(`${server.url}/one/insights/summary?range=1y`, {
			headers: { Authorization: `Bearer ${owner.token}` },
		})
		expect(bad.status).toBe(400)
		expect(await bad.json()).toEqual({ status: 400, message: 'range: 7d, 30d or 90d' })
		const post = await fetch(`${server.url}/one/insights/summary`, {
			method: 'POST',
			headers: { Authorization: `Bearer ${owner.token}`, Origin: server.url },
		})
		expect(post.status).toBe(405)
		expect(post.headers.get('allow')).toBe('GET, HEAD')
		const empty = await summary(server, owner.token)
		expect(empty.totals.views).toBe(0)
		expect(empty.daily).toHaveLength(7)
	}, 60_000)
})
