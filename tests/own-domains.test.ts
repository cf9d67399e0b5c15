/**
 * Owners' own domains against the real server, with a DNS server run by the test
 * (tests/dns-server.ts, DNS_SERVERS pointing at it): the claim and its records, verify before and
 * after the TXT record is published, uniqueness, the refusals, Caddy's `ask`, every short path on
 * the domain naming `https://{domain}/` (canonical, JSON-LD, QR code, vCard, resume.json,
 * sitemap, robots.txt), the 301 from the main host, what a domain never serves (the builder,
 * sign-in pages, the owner's API: 404 and no cookie), an unknown host, removal taking effect at
 * once, and the daily check (failing, the email, back to pending after 3 days, once across
 * instances).
 */
import http from 'node:http'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createOwner, createPortfolio } from '#tests/factories'
import { startAppServer, type AppServer } from '#tests/app-server'
import { startDnsServer, type TestDnsServer } from '#tests/dns-server'
import { pageName } from '~/components/insights-names'
import { getDomain } from '~/models/domain.server'
import { pendingMessages } from '~/models/outbox.server'
import { updateProfile } from '~/models/profile.server'
import {
	replaceAchievements,
	replaceCertificates,
	replaceEducation,
	replaceSkills,
	replaceWorkExp,
} from '~/models/resume.server'
import { renderMessage } from '~/services/mailer.server'
import { FAILING_FOR_MS, recheckDomains, runDailyDomainChecks } from '~/services/domains.server'
import { resetEnv } from '~/utils/env.server'
import { inlineStyles, styleHash } from '~/utils/critical-css.server'

const SITE = 'http://tagg.test'
const DOMAIN = 'jane.test'

let server: AppServer
let dns: TestDnsServer
let jane: Awaited<ReturnType<typeof createOwner>>
let mallory: Awaited<ReturnType<typeof createOwner>>
let port: number

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string }

/** A request to the server with any Host header (fetch cannot set one). */
function request(
	host: string,
	path: string,
	options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
	const body = options.body === undefined ? undefined : JSON.stringify(options.body)
	return new Promise((resolve, reject) => {
		const req = http.request(
			{
				host: '127.0.0.1',
				port,
				path,
				method: options.method ?? 'GET',
				headers: {
					host,
					...(body ? { 'content-type': 'application/json' } : {}),
					...options.headers,
				},
			},
			(res) => {
				const chunks: Buffer[] = []
				res.on('data', (chunk: Buffer) => chunks.push(chunk))
				res.on('end', () => {
					const all = Buffer.concat(chunks)
					resolve({
						status: res.statusCode!,
						headers: res.headers,
						body: all,
						text: all.toString(),
					})
				})
			},
		)
		req.on('error', reject)
		req.end(body)
	})
}

type Envelope = {
	status: number
	message?: string
	data: {
		domain: string | null
		status: string | null
		records: Array<{ type: string; name: string; value: string }>
	}
}

const api = (token: string, path: string, body?: unknown, lang?: string) =>
	request(`localhost:${port}`, path, {
		method: body === undefined ? 'GET' : 'POST',
		body,
		headers: { authorization: `Bearer ${token}`, ...(lang ? { 'accept-language': lang } : {}) },
	}).then((answer) => ({ ...answer, json: JSON.parse(answer.text) as Envelope }))

const onDomain = (path: string, headers: Record<string, string> = {}) =>
	request(DOMAIN, path, { headers })

const tokenOf = async (customerId: string) => (await getDomain(customerId))!.token

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
	dns = await startDnsServer()
	// The daily check runs in this process too (called directly below).
	process.env.DNS_SERVERS = dns.address
	resetEnv()
	jane = await createOwner({ name: 'Jane Doe', path: 'Jane-Doe' })
	await updateProfile(jane.id, {
		firstName: 'Jane',
		lastName: 'Doe',
		designation: 'Engineer',
		tagline: 'I build calm software.',
	})
	mallory = await createOwner({ name: 'Mallory Mal' })
	server = await startAppServer({ PUBLIC_SITE_URL: SITE, DNS_SERVERS: dns.address })
	port = Number(new URL(server.url).port)
}, 90_000)

afterAll(async () => {
	await server?.stop()
	await dns?.close()
	delete process.env.DNS_SERVERS
	resetEnv()
})

describe('claiming a domain', () => {
	test('GET before any: no domain, no records', async () => {
		const { status, json } = await api(jane.token, '/one/account/domain/get')
		expect(status).toBe(200)
		expect(json.data).toEqual({ domain: null, status: null, records: [] })
	})

	test.each([
		['not a name', 'jane', 400, 'Enter a domain name such as jane.dev or cv.jane.dev.'],
		['a wildcard', '*.jane.test', 400, 'Enter a domain name such as jane.dev or cv.jane.dev.'],
		['an underscore', 'my_site.test', 400, 'Enter a domain name such as jane.dev or cv.jane.dev.'],
		['a port', 'jane.test:8080', 400, 'Enter a domain name such as jane.dev or cv.jane.dev.'],
		['an IPv4 address', '192.0.2.7', 400, 'Enter a domain name, not an IP address.'],
		['an IPv6 address', '[2001:db8::1]', 400, 'Enter a domain name, not an IP address.'],
		[
			'the instance’s own host',
			'TAGG.test.',
			400,
			'This is Tagg’s own address. Enter a domain of your own.',
		],
		['an empty name', '  ', 400, 'domain: Enter your domain'],
	])('%s is refused (%s)', async (_, domain, status, message) => {
		const { status: got, json } = await api(jane.token, '/one/account/domain/update', { domain })
		expect(got).toBe(status)
		expect(json).toEqual({ status, message })
		expect(await getDomain(jane.id)).toBeNull()
	})

	test('a refusal speaks the request’s language', async () => {
		const { json } = await api(
			jane.token,
			'/one/account/domain/update',
			{ domain: '10.0.0.1' },
			'es',
		)
		expect(json.message).toBe('Escribe un nombre de dominio, no una dirección IP.')
	})

	test('normalised (scheme, case, trailing dot, IDN), pending, with the exact records', async () => {
		const idn = await api(mallory.token, '/one/account/domain/update', {
			domain: 'https://Café.Example./',
		})
		expect(idn.status).toBe(200)
		expect(idn.json.data.domain).toBe('xn--caf-dma.example')
		const { status, json } = await api(jane.token, '/one/account/domain/update', {
			domain: ' Jane.TEST. ',
		})
		expect(status).toBe(200)
		const token = await tokenOf(jane.id)
		expect(token).toMatch(/^tagg-verify=[A-Za-z0-9_-]{32}$/)
		expect(json.data).toEqual({
			domain: DOMAIN,
			status: 'pending',
			records: [
				{ type: 'TXT', name: `_tagg.${DOMAIN}`, value: token },
				{ type: 'CNAME', name: DOMAIN, value: 'tagg.test' },
			],
		})
		// The same name again keeps its token and state.
		await api(jane.token, '/one/account/domain/update', { domain: DOMAIN })
		expect(await tokenOf(jane.id)).toBe(token)
		expect((await api(jane.token, '/one/account/domain/get')).json.data).toEqual(json.data)
	})

	test('a pending domain is not served and gets no certificate', async () => {
		expect((await onDomain('/')).status).toBe(404)
		const ask = await request(`localhost:${port}`, `/.well-known/tagg/tls-allowed?domain=${DOMAIN}`)
		expect(ask.status).toBe(404)
	})

	test('verify before the record is published: 409 naming the record and its value', async () => {
		const token = await tokenOf(jane.id)
		const { status, json } = await api(jane.token, '/one/account/domain/verify', {})
		expect(status).toBe(409)
		expect(json.message).toBe(
			`No TXT record named _tagg.${DOMAIN} was found. Add it with the value ${token}, then try again: new records can take a few minutes to appear.`,
		)
		dns.records.set(`_tagg.${DOMAIN}`, ['tagg-verify=someone-elses-value-0000000000'])
		const wrong = await api(jane.token, '/one/account/domain/verify', {})
		expect(wrong.status).toBe(409)
		expect(wrong.json.message).toContain(`does not hold ${token}`)
		expect((await getDomain(jane.id))!.status).toBe('pending')
	})

	test('verify after the record is published: verified (other TXT records beside it are fine)', async () => {
		const token = await tokenOf(jane.id)
		dns.records.set(`_tagg.${DOMAIN}`, ['v=spf1 -all', token])
		const { status, json } = await api(jane.token, '/one/account/domain/verify', {})
		expect(status).toBe(200)
		expect(json.data.status).toBe('verified')
		expect(dns.asked).toContain(`_tagg.${DOMAIN} TXT`)
	})

	test('a verified domain is no one else’s: 409, and the owner’s stays', async () => {
		const { status, json } = await api(mallory.token, '/one/account/domain/update', {
			domain: 'JANE.test',
		})
		expect(status).toBe(409)
		expect(json.message).toBe('This domain is already connected to another Tagg page.')
		expect((await getDomain(jane.id))!.status).toBe('verified')
	})

	test('without a domain, verify is 404; without a session, 401', async () => {
		const other = await createOwner()
		expect((await api(other.token, '/one/account/domain/verify', {})).status).toBe(404)
		const anonymous = await request(`localhost:${port}`, '/one/account/domain/get')
		expect(anonymous.status).toBe(401)
	})
})

describe('Caddy’s ask', () => {
	test.each([
		[DOMAIN, 200],
		['JANE.test.', 200],
		['tagg.test', 200],
		['other.test', 404],
		['xn--caf-dma.example', 404],
		['', 404],
	])('%s → %d, on any host', async (domain, status) => {
		for (const host of ['app:3000', `localhost:${port}`, 'unknown.example']) {
			const answer = await request(host, `/.well-known/tagg/tls-allowed?domain=${domain}`)
			expect(answer.status, host).toBe(status)
		}
	})
})

describe('a verified domain serves the owner’s pages at short paths', () => {
	test.each([
		['/', 'text/html'],
		['/portfolio', 'text/html'],
		['/resume', 'text/html'],
		['/resume.pdf', 'application/pdf'],
		['/resume.json', 'application/json'],
		['/contact.vcf', 'text/vcard'],
		['/qr.png', 'image/png'],
		['/og.png', 'image/png'],
		['/sitemap.xml', 'application/xml'],
		['/robots.txt', 'text/plain'],
		['/favicon.svg', 'image/svg+xml'],
	])('%s (%s), with no cookie', async (path, type) => {
		const answer = await onDomain(path)
		expect(answer.status).toBe(200)
		expect(answer.headers['content-type']).toContain(type)
		expect(answer.headers['set-cookie']).toBeUndefined()
		expect(answer.headers['strict-transport-security']).toBeUndefined()
	})

	test('the profile names https://{domain}/: canonical, og:url, JSON-LD', async () => {
		const { text } = await onDomain('/')
		expect(text).toContain(`<link rel="canonical" href="https://${DOMAIN}/"/>`)
		expect(text).toContain(`property="og:url" content="https://${DOMAIN}/"`)
		expect(text).toContain(`https://${DOMAIN}/og.png?v=`)
		expect(text).not.toContain('tagg.test/Jane-Doe')
		const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(text)![1]!
		expect(new URL(JSON.parse(jsonLd).url ?? JSON.parse(jsonLd).mainEntity?.url).href).toBe(
			`https://${DOMAIN}/`,
		)
		expect(text).toContain('Jane')
	})

	test('the portfolio and resume pages are canonical on the domain', async () => {
		expect((await onDomain('/portfolio')).text).toContain(
			`<link rel="canonical" href="https://${DOMAIN}/portfolio"/>`,
		)
		expect((await onDomain('/resume')).text).toContain(
			`<link rel="canonical" href="https://${DOMAIN}/resume"/>`,
		)
	})

	test('the QR code, the vCard and resume.json name https://{domain}/', async () => {
		const png = PNG.sync.read((await onDomain('/qr.png')).body)
		expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(
			`https://${DOMAIN}/`,
		)
		expect((await onDomain('/contact.vcf')).text).toContain(`https://${DOMAIN}/`)
		const resume = JSON.parse((await onDomain('/resume.json')).text)
		expect(new URL(resume.basics.url).href).toBe(`https://${DOMAIN}/`)
	})

	test('the sitemap and robots.txt name the domain’s pages only', async () => {
		const sitemap = (await onDomain('/sitemap.xml')).text
		const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
		expect(locs).toEqual([
			`https://${DOMAIN}/`,
			`https://${DOMAIN}/portfolio`,
			`https://${DOMAIN}/resume`,
		])
		expect((await onDomain('/robots.txt')).text).toContain(`Sitemap: https://${DOMAIN}/sitemap.xml`)
	})

	test('the main host’s pages are the same as before: its own addresses', async () => {
		const main = await request(`localhost:${port}`, '/robots.txt')
		expect(main.text).toContain(`Sitemap: ${SITE}/sitemap.xml`)
	})

	test('the page cache keeps the domain’s page apart from the main host’s (ETag per host)', async () => {
		const first = await onDomain('/')
		const again = await onDomain('/', { 'if-none-match': String(first.headers.etag) })
		expect(again.status).toBe(304)
	})

	test('/{pname}… on the main host answers 301 to the same page on the domain', async () => {
		for (const [path, location] of [
			['/Jane-Doe', `https://${DOMAIN}/`],
			['/jane-doe/portfolio?utm_source=x', `https://${DOMAIN}/portfolio?utm_source=x`],
			['/Jane-Doe/resume.pdf', `https://${DOMAIN}/resume.pdf`],
			['/Jane-Doe/qr.png', `https://${DOMAIN}/qr.png`],
		]) {
			const answer = await request(`localhost:${port}`, path!)
			expect(answer.status, path).toBe(301)
			expect(answer.headers.location, path).toBe(location)
		}
		// Another owner's page is not moved.
		expect((await request(`localhost:${port}`, `/${mallory.path}`)).status).toBe(200)
	})

	test('on the domain, an address under the owner’s path answers 301 to its short form', async () => {
		const answer = await onDomain('/Jane-Doe/portfolio')
		expect(answer.status).toBe(301)
		expect(answer.headers.location).toBe('/portfolio')
	})

	test('the builder, sign-in pages and the owner’s API are never served there, nor any cookie', async () => {
		for (const path of [
			'/builder',
			'/builder/settings',
			'/login',
			'/signup',
			'/set-path',
			'/logout',
		]) {
			const answer = await onDomain(path, { cookie: 'tagg_session=x; tagg_refresh=y' })
			expect(answer.status, path).toBe(404)
			expect(answer.headers['set-cookie'], path).toBeUndefined()
			expect(answer.text, path).toContain('Page not found')
		}
		for (const path of ['/one/account/domain/get', '/one/auth/new/session', '/refresh']) {
			const answer = await request(DOMAIN, path, {
				headers: { authorization: `Bearer ${jane.token}` },
			})
			expect(answer.status, path).toBe(404)
			expect(answer.headers['set-cookie'], path).toBeUndefined()
		}
		// Another owner's page is not reachable through this domain.
		expect((await onDomain(`/${mallory.path}`)).status).toBe(404)
	})

	test('what the pages call is served: the insights beacon counts the short path', async () => {
		const hit = await request(DOMAIN, '/one/insights/hit', {
			method: 'POST',
			body: { t: 'view', p: '/portfolio' },
			headers: { origin: `https://${DOMAIN}` },
		})
		expect(hit.status).toBe(200)
		const pixel = await onDomain(`/one/insights/pixel.gif?p=/${jane.path}`)
		expect(pixel.status).toBe(200)
		expect(pixel.headers['content-type']).toBe('image/gif')
	})
})

describe('on the domain every link is the short path; the main host keeps its own', () => {
	const items: string[] = []

	beforeAll(async () => {
		// A whole resume: the profile's Resume section links its page and PDF.
		await replaceWorkExp(jane.id, [
			{
				company: 'Acme',
				role: 'Engineer',
				startDate: '2019-03-01',
				endDate: 'Ongoing',
				experience: ['Built things.'],
			},
		])
		await replaceEducation(jane.id, [
			{ eduName: 'BSc', eduInstitution: 'Uni', eduStartYear: 2010, eduEndYear: 2014 },
		])
		await replaceSkills(jane.id, [{ skillName: 'Python', halves: 7 }])
		await replaceCertificates(jane.id, [
			{ crtName: 'Cert', crtPlat: 'Org', crtUrl: null, crtYear: 2022 },
		])
		await replaceAchievements(jane.id, ['An award'])
		// Four active projects (three featured): the profile shows cards and 'View All'.
		for (const [index, name] of ['Atlas', 'Beacon', 'Compass', 'Delta'].entries()) {
			const item = await createPortfolio(jane.id, {
				productName: name,
				active: true,
				featured: index < 3,
			})
			items.push(item.portfolioId)
		}
	})

	/** Every href and src of a page (attribute values, entities decoded where needed). */
	const addresses = (html: string) =>
		[...html.matchAll(/\s(?:href|src|action)="([^"]*)"/g)].map((match) =>
			match[1]!.replaceAll('&amp;', '&'),
		)

	test('no visitor page on the domain links to /{pname}…', async () => {
		const pages = ['/', '/portfolio', `/portfolio/${items[0]}`, '/resume']
		for (const page of pages) {
			const answer = await onDomain(page)
			expect(answer.status, page).toBe(200)
			expect(answer.text.toLowerCase(), page).not.toContain(`="/${jane.path!.toLowerCase()}`)
			for (const address of addresses(answer.text)) {
				expect(address.toLowerCase(), `${page}: ${address}`).not.toMatch(
					new RegExp(`^(https?://[^/]+)?/${jane.path!.toLowerCase()}(/|$|\\?)`),
				)
			}
		}
	})

	test('the profile links the short paths: cards, View All, resume, PDF, QR code, vCard', async () => {
		const shown = addresses((await onDomain('/')).text)
		expect(shown).toEqual(
			expect.arrayContaining([
				'/portfolio',
				`/portfolio/${items[0]}`,
				'/resume',
				'/resume.pdf',
				'/contact.vcf',
			]),
		)
		expect(shown.some((address) => /^\/qr\.png\?v=/.test(address))).toBe(true)
		expect(shown.some((address) => /^\/qr\.png\?download=1&v=/.test(address))).toBe(true)
		const portfolio = addresses((await onDomain('/portfolio')).text)
		expect(portfolio).toEqual(expect.arrayContaining(['/', `/portfolio/${items[3]}`]))
		const project = addresses((await onDomain(`/portfolio/${items[0]}`)).text)
		expect(project).toEqual(expect.arrayContaining(['/', '/portfolio']))
		const resume = addresses((await onDomain('/resume')).text)
		expect(resume).toEqual(expect.arrayContaining(['/', '/resume.pdf']))
	})

	test('the Share sheet names https://{domain}/ (and its modal reads the page’s base)', async () => {
		for (const page of ['/', '/portfolio', `/portfolio/${items[1]}`]) {
			const { text } = await onDomain(page)
			expect(text, page).toContain(`data-profile-url="https://${DOMAIN}/"`)
			expect(text, page).toContain(`data-base=""`)
			expect(text, page).toMatch(
				new RegExp(`<span dir="ltr" class="select-all">https://${DOMAIN}/</span>`),
			)
			expect(text, page).not.toContain('tagg.test/Jane-Doe')
		}
	})

	test('the main host’s pages keep /{pname}… and no data-base (as before)', async () => {
		const answer = await request(`localhost:${port}`, `/${mallory.path}`)
		expect(answer.status).toBe(200)
		expect(answer.text).toContain(`data-profile-url="${SITE}/${mallory.path}"`)
		expect(answer.text).toContain(`href="/${mallory.path}/contact.vcf"`)
		expect(answer.text).not.toContain('data-base=')
	})

	test('the main sitemap leaves out an owner whose domain serves the pages; the domain’s lists them', async () => {
		const main = (await request(`localhost:${port}`, '/sitemap.xml')).text
		expect(main).toContain(`<loc>${SITE}/${mallory.path}</loc>`)
		expect(main.toLowerCase()).not.toContain(`${SITE}/${jane.path}`.toLowerCase())
		const own = (await onDomain('/sitemap.xml')).text
		expect(own).toContain(`<loc>https://${DOMAIN}/portfolio/${items[0]}</loc>`)
		expect(own).not.toContain(SITE)
	})

	test('the builder names https://{domain}/: the address, View Live, the share link, Insights', async () => {
		const builder = await request(`localhost:${port}`, '/builder', {
			headers: { authorization: `Bearer ${jane.token}` },
		})
		expect(builder.status).toBe(200)
		expect(builder.text).toContain(`<span dir="ltr">https://${DOMAIN}/</span>`)
		expect(builder.text).toContain(`href="https://${DOMAIN}/" target="_blank"`)
		// The share modal's link (loader data): the domain's, never the main address.
		expect(builder.text).not.toContain(`${SITE}/${jane.path}`)
		const insights = await request(`localhost:${port}`, '/builder/insights?range=7d', {
			headers: { authorization: `Bearer ${jane.token}` },
		})
		expect(insights.status).toBe(200)
		// No visits yet: the page's address to share, and the link to it, on the domain.
		expect(insights.text).toContain(`>https://${DOMAIN}/</p>`)
		expect(insights.text).toContain(`href="https://${DOMAIN}/" target="_blank"`)
		// Settings' address card says where that address now sends visitors.
		const settings = await request(`localhost:${port}`, '/builder/settings', {
			headers: { authorization: `Bearer ${jane.token}` },
		})
		expect(settings.text).toContain(
			`Your own domain is connected: this address sends visitors to <bdi dir="ltr">https://${DOMAIN}/</bdi>.`,
		)
		// The counted pages by the names visitors reach them at there.
		expect(pageName(`/${jane.path}/portfolio`, jane.path, {}, undefined, DOMAIN)).toBe(
			`Portfolio (${DOMAIN}/portfolio)`,
		)
		expect(pageName(`/${jane.path}`, jane.path, {}, undefined, DOMAIN)).toBe(`Profile (${DOMAIN})`)
		expect(pageName(`/${jane.path}`, jane.path, {})).toBe(`Profile (/${jane.path})`)
		// Another owner's builder is as before.
		const other = await request(`localhost:${port}`, '/builder', {
			headers: { authorization: `Bearer ${mallory.token}` },
		})
		expect(other.text).toContain(`href="/${mallory.path}" target="_blank"`)
		expect(other.text).not.toContain(DOMAIN)
		const otherSettings = await request(`localhost:${port}`, '/builder/settings', {
			headers: { authorization: `Bearer ${mallory.token}` },
		})
		expect(otherSettings.text).not.toContain('Your own domain is connected')
	})
})

describe('a host that is no verified domain', () => {
	test('gets the “not connected” page in the visitor’s language, never a page or the builder', async () => {
		for (const path of ['/', '/builder', `/${jane.path}`, '/login']) {
			const answer = await request('nobody.example', path)
			expect(answer.status, path).toBe(404)
			expect(answer.text, path).toContain('This domain is not connected')
			expect(answer.text, path).not.toContain('Jane')
			expect(answer.headers['set-cookie'], path).toBeUndefined()
			// Its one `<style>` admitted by its hash, as on the visitors' pages
			// (docs/decisions/036-first-screen.md).
			const styles = inlineStyles(answer.text)
			expect(styles, path).toHaveLength(1)
			expect(String(answer.headers['content-security-policy']).split(';'), path).toEqual(
				expect.arrayContaining([
					`style-src-elem 'self' 'sha256-${styleHash(styles[0]!)}'`,
					"style-src-attr 'unsafe-inline'",
				]),
			)
		}
		const arabic = await request('nobody.example', '/', { headers: { 'accept-language': 'ar' } })
		expect(arabic.text).toContain('<html lang="ar" dir="rtl">')
		expect(arabic.text).toContain('هذا النطاق غير مرتبط')
		expect(arabic.text).toContain('<bdi dir="ltr">nobody.example</bdi>')
		const spanish = await request('nobody.example', '/?lang=es')
		expect(spanish.text).toContain('Este dominio no está conectado')
	})
})

describe('the daily check', () => {
	test('once across instances: a second claim of the day’s turn does nothing', async () => {
		const now = new Date()
		const first = await runDailyDomainChecks(now)
		expect(first).not.toBeNull()
		expect(await runDailyDomainChecks(now)).toBeNull()
	})

	test('a missing record: failing, still served, the owner emailed; 3 days later pending', async () => {
		dns.records.delete(`_tagg.${DOMAIN}`)
		const day = 24 * 60 * 60_000
		const start = new Date(Date.now() + day)
		expect(await recheckDomains(start)).toMatchObject({ checked: 1, failing: 1 })
		expect((await getDomain(jane.id))!.status).toBe('failing')
		// Still served.
		expect((await onDomain('/')).status).toBe(200)
		const notice = (await pendingMessages()).find((message) => message.kind === 'domain-failing')
		expect(notice?.to).toBe(jane.email)
		const email = await renderMessage({
			...notice!,
			kind: 'domain-failing',
			data: notice!.data as Record<string, unknown>,
		})
		expect(email?.subject).toBe('Your domain needs your attention')
		expect(email?.text).toContain(`_tagg.${DOMAIN}`)
		// A day later, still failing (no second email).
		expect(await recheckDomains(new Date(start.getTime() + day))).toMatchObject({ failing: 0 })
		expect((await getDomain(jane.id))!.status).toBe('failing')
		// 3 days after it went missing: pending, no longer served (within the server's few seconds).
		const later = new Date(start.getTime() + FAILING_FOR_MS + day)
		expect(await recheckDomains(later)).toMatchObject({ pending: 1 })
		expect((await getDomain(jane.id))!.status).toBe('pending')
		await wait(5_500)
		expect((await onDomain('/')).status).toBe(404)
		expect((await request(`localhost:${port}`, `/${jane.path}`)).status).toBe(200)
	}, 20_000)

	test('publishing the record again and Verify brings it back', async () => {
		dns.records.set(`_tagg.${DOMAIN}`, [await tokenOf(jane.id)])
		expect((await api(jane.token, '/one/account/domain/verify', {})).status).toBe(200)
		expect((await onDomain('/')).status).toBe(200)
	})
})

describe('removing the domain', () => {
	test('stops serving it at once: not connected, no certificate, the main host’s page back', async () => {
		expect((await onDomain('/')).status).toBe(200)
		const removed = await api(jane.token, '/one/account/domain/delete', {})
		expect(removed.status).toBe(200)
		expect((await onDomain('/')).text).toContain('This domain is not connected')
		const ask = await request(`localhost:${port}`, `/.well-known/tagg/tls-allowed?domain=${DOMAIN}`)
		expect(ask.status).toBe(404)
		expect((await request(`localhost:${port}`, `/${jane.path}`)).status).toBe(200)
		expect((await api(jane.token, '/one/account/domain/get')).json.data.domain).toBeNull()
		// The name is free again.
		expect(
			(await api(mallory.token, '/one/account/domain/update', { domain: DOMAIN })).status,
		).toBe(200)
	})
})

describe('after the removal', () => {
	test('the main sitemap lists the owner’s pages at the main address again', async () => {
		const main = (await request(`localhost:${port}`, '/sitemap.xml')).text
		expect(main).toContain(`<loc>${SITE}/${jane.path}</loc>`)
	})
})
