/**
 * What a client must not be able to do through the headers and paths it sends, against the real
 * server (loopback is a trusted proxy by default; a second server trusts only 10.0.0.0/8 and
 * fd00::/8, so a request from 127.0.0.1 comes from a peer it does not trust):
 * - `X-Forwarded-Host` naming an owner's verified domain, from a peer not in TRUST_PROXY, is
 *   dropped: `/` on the main host stays the main site's page; from a trusted proxy the owner's page
 *   is answered with `Vary: X-Forwarded-Host`, and the page cache keeps it apart from the main
 *   host's;
 * - 30 concurrent contact posts from 30 addresses of one IPv6 /64 are one client: 5 accepted;
 * - `/{pname}//evil.example/` and `/{pname}/\evil.example/` on the owner's domain (and on the main
 *   host) never redirect to another site;
 * - a pending claim does not block the owner who proves the domain: the first to publish the TXT
 *   record and press Verify gets it, and the other pending claims end.
 */
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { startAppServer, type AppServer } from '#tests/app-server'
import { startDnsServer, type TestDnsServer } from '#tests/dns-server'
import { setContactFormOpen } from '~/models/contact.server'
import { claimDomain, getDomain, markVerified } from '~/models/domain.server'
import { updateProfile } from '~/models/profile.server'
import { CONTACT_RATE_LIMITS } from '~/services/contacts.server'
import { DOMAIN_TAKEN, updateOwnDomain, verifyOwnDomain } from '~/services/domains.server'
import { resetEnv } from '~/utils/env.server'

const SITE = 'http://tagg.test'
const DOMAIN = 'jane-proxy.test'
const TAGLINE = 'Only on my own domain.'

/** Trusts loopback (the default). */
let trusting: AppServer
/** Trusts 10.0.0.0/8 and fd00::/8 only: a request from 127.0.0.1 is from an untrusted peer. */
let untrusting: AppServer
let dns: TestDnsServer
let jane: Awaited<ReturnType<typeof createOwner>>

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string }

/** A request from 127.0.0.1 with any Host header and path (fetch can set neither). */
function request(
	server: AppServer,
	host: string,
	path: string,
	options: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
	const body = options.body === undefined ? undefined : JSON.stringify(options.body)
	return new Promise((resolve, reject) => {
		const req = http.request(
			{
				host: '127.0.0.1',
				port: Number(new URL(server.url).port),
				path,
				method: options.method ?? 'GET',
				headers: {
					host,
					...(body ? { 'content-type': 'application/json' } : {}),
					...options.headers,
				},
				// Each request on a connection of its own: 30 at once really are 30 clients.
				agent: false,
			},
			(res) => {
				const chunks: Buffer[] = []
				res.on('data', (chunk: Buffer) => chunks.push(chunk))
				res.on('end', () =>
					resolve({
						status: res.statusCode!,
						headers: res.headers,
						text: Buffer.concat(chunks).toString(),
					}),
				)
			},
		)
		req.on('error', reject)
		req.end(body)
	})
}

const mainHost = (server: AppServer) => new URL(server.url).host

/** Calls `read` until `done` holds for its answer (15 s at most): the answer. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
	const deadline = Date.now() + 15_000
	for (;;) {
		const value = await read()
		if (done(value) || Date.now() > deadline) return value
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

const varyOf = (answer: Answer) =>
	String(answer.headers.vary ?? '')
		.split(',')
		.map((name) => name.trim().toLowerCase())

beforeAll(async () => {
	dns = await startDnsServer()
	// Claims and checks below run in this process too.
	process.env.DNS_SERVERS = dns.address
	resetEnv()
	jane = await createOwner({ name: 'Jane Proxy', path: 'Jane-Proxy' })
	await updateProfile(jane.id, { firstName: 'Jane', lastName: 'Proxy', tagline: TAGLINE })
	const claimed = await claimDomain(jane.id, DOMAIN, 'tagg-verify=proxy-test-token-0000000000000')
	if (!claimed.ok) throw new Error('could not claim the domain')
	await markVerified(jane.id, DOMAIN)
	if ((await getDomain(jane.id))?.status !== 'verified') throw new Error('not verified')
	;[trusting, untrusting] = await Promise.all([
		startAppServer({ PUBLIC_SITE_URL: SITE, DNS_SERVERS: dns.address }),
		startAppServer({ PUBLIC_SITE_URL: SITE, TRUST_PROXY: '10.0.0.0/8, fd00::/8' }),
	])
}, 120_000)

afterAll(async () => {
	await Promise.all([trusting?.stop(), untrusting?.stop()])
	await dns?.close()
	delete process.env.DNS_SERVERS
	resetEnv()
})

describe('X-Forwarded-Host is believed only from a TRUST_PROXY peer', () => {
	test('from a peer not in TRUST_PROXY: `/` on the main host is the main site’s page, not the owner’s', async () => {
		for (let round = 0; round < 2; round++) {
			const answer = await request(untrusting, mainHost(untrusting), '/', {
				headers: { 'x-forwarded-host': DOMAIN },
			})
			expect(answer.status).toBe(200)
			expect(answer.text).not.toContain(TAGLINE)
			expect(answer.text).toContain('Welcome back!')
			expect(answer.headers['cache-control']).toBe('private, no-store')
		}
		// The owner's page on the main host is still the 301 to the domain (the host is the
		// Host header's), whatever the forwarded host says.
		const moved = await request(untrusting, mainHost(untrusting), `/${jane.path}`, {
			headers: { 'x-forwarded-host': 'nobody.example', 'x-forwarded-proto': 'https' },
		})
		expect(moved.status).toBe(301)
		expect(moved.headers.location).toBe(`https://${DOMAIN}/`)
	})

	test('from a trusted proxy: the owner’s page, with Vary: X-Forwarded-Host', async () => {
		const answer = await request(trusting, mainHost(trusting), '/', {
			headers: { 'x-forwarded-host': DOMAIN },
		})
		expect(answer.status).toBe(200)
		expect(answer.text).toContain(TAGLINE)
		expect(answer.headers['cache-control']).toContain('public')
		expect(varyOf(answer)).toEqual(
			expect.arrayContaining(['x-forwarded-host', 'accept-encoding', 'save-data']),
		)
		// Revalidated from the page cache, still varying on it.
		const again = await request(trusting, mainHost(trusting), '/', {
			headers: { 'x-forwarded-host': DOMAIN, 'if-none-match': String(answer.headers.etag) },
		})
		expect(again.status).toBe(304)
		expect(varyOf(again)).toContain('x-forwarded-host')
	})

	test('after it, the main host’s `/` is still its own page, and the domain’s the owner’s', async () => {
		await request(trusting, mainHost(trusting), '/', { headers: { 'x-forwarded-host': DOMAIN } })
		const main = await request(trusting, mainHost(trusting), '/')
		expect(main.status).toBe(200)
		expect(main.text).not.toContain(TAGLINE)
		expect(main.text).toContain('Welcome back!')
		// And the owner's domain asked directly is the owner's page, as before.
		const own = await request(trusting, DOMAIN, '/')
		expect(own.text).toContain(TAGLINE)
	})
})

describe('every limit counts an IPv6 client by its /64', () => {
	const leave = (server: AppServer, pname: string, forwardedFor?: string) =>
		request(server, mainHost(server), `/one/contacts/${pname}`, {
			method: 'POST',
			body: { name: 'Mallory', email: 'mallory@example.com', consent: true },
			headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
		})

	test('30 concurrent contact posts from 30 addresses of one /64: 5 accepted, the rest 429', async () => {
		const owner = await createOwner({ name: 'Ada Contact' })
		await updateProfile(owner.id, { firstName: 'Ada', lastName: 'Contact' })
		await setContactFormOpen(owner.id, true)
		const answers = await Promise.all(
			Array.from({ length: 30 }, (_, index) =>
				leave(trusting, owner.path!, `2001:db8:47:1::${(index + 1).toString(16)}`),
			),
		)
		const statuses = answers.map((answer) => answer.status)
		expect(statuses.filter((status) => status === 201)).toHaveLength(
			CONTACT_RATE_LIMITS.clientToOwner.max,
		)
		expect(statuses.filter((status) => status === 429)).toHaveLength(
			30 - CONTACT_RATE_LIMITS.clientToOwner.max,
		)
		// Other spellings of that /64 are the same client; another /64 is another client.
		expect((await leave(trusting, owner.path!, '2001:DB8:47:1:0:0:0:ffff')).status).toBe(429)
		expect((await leave(trusting, owner.path!, '2001:db8:47:2::1')).status).toBe(201)
	})

	test('from a peer not in TRUST_PROXY, X-Forwarded-For is dropped: the peer is the client', async () => {
		const owner = await createOwner({ name: 'Bea Contact' })
		await updateProfile(owner.id, { firstName: 'Bea', lastName: 'Contact' })
		await setContactFormOpen(owner.id, true)
		const statuses: number[] = []
		for (let index = 0; index < 6; index++)
			statuses.push((await leave(untrusting, owner.path!, `198.51.100.${index + 1}`)).status)
		expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
	})
})

describe('a redirect built from a path keeps one leading slash', () => {
	test.each([
		[`//evil.example/`, '/evil.example/'],
		[`/\\evil.example/`, '/evil.example/'],
		[`//evil.example/x?y=1`, '/evil.example/x?y=1'],
	])('on the owner’s domain, /{pname}%s answers 301 to %s on the domain', async (rest, target) => {
		for (const pname of [jane.path!, jane.path!.toLowerCase()]) {
			const answer = await request(trusting, DOMAIN, `/${pname}${rest}`)
			expect(answer.status).toBe(301)
			expect(answer.headers.location).toBe(target)
			expect(new URL(answer.headers.location!, `https://${DOMAIN}/${pname}${rest}`).host).toBe(
				DOMAIN,
			)
		}
	})

	test('on the main host, /{pname}//evil.example/ answers 301 to the path on the domain', async () => {
		for (const rest of ['//evil.example/', '/\\evil.example/']) {
			const answer = await request(trusting, mainHost(trusting), `/${jane.path}${rest}`)
			expect(answer.status).toBe(301)
			expect(answer.headers.location).toBe(`https://${DOMAIN}/evil.example/`)
		}
	})
})

describe('a pending claim never blocks the owner who proves the domain', () => {
	const CONTESTED = 'contested.test'
	const domainOf = (token: string) =>
		request(trusting, mainHost(trusting), '/one/account/domain/get', {
			headers: { authorization: `Bearer ${token}` },
		}).then((answer) => JSON.parse(answer.text) as { data: { domain: string | null } })

	test('A claims, B claims the same name (pending), B publishes the record and verifies: B’s', async () => {
		const squatter = await createOwner({ name: 'Sam Squatter' })
		const holder = await createOwner({ name: 'Hana Holder' })
		await updateProfile(holder.id, { firstName: 'Hana', lastName: 'Holder', tagline: 'Mine.' })

		const first = await updateOwnDomain(squatter.id, CONTESTED)
		expect(first.ok && first.view.status).toBe('pending')
		const second = await updateOwnDomain(holder.id, CONTESTED)
		expect(second.ok && second.view).toMatchObject({ domain: CONTESTED, status: 'pending' })
		const squatterToken = (await getDomain(squatter.id))!.token
		const holderToken = (await getDomain(holder.id))!.token
		expect(holderToken).not.toBe(squatterToken)

		dns.records.set(`_tagg.${CONTESTED}`, [holderToken])
		const verified = await verifyOwnDomain(holder.id)
		expect(verified.ok && verified.view.status).toBe('verified')

		// A's claim has ended; B's domain serves B's pages.
		expect(await getDomain(squatter.id)).toBeNull()
		expect((await domainOf(squatter.token)).data.domain).toBeNull()
		expect((await domainOf(holder.token)).data.domain).toBe(CONTESTED)
		// The server reads the served domains again within SERVED_TTL_MS.
		const page = await until(
			() => request(trusting, CONTESTED, '/'),
			(answer) => answer.status === 200,
		)
		expect(page.text).toContain('Mine.')

		// Now held: another claim is 409, and A's verify has nothing to check.
		const late = await updateOwnDomain(squatter.id, CONTESTED)
		expect(late).toMatchObject({ ok: false, status: 409, message: DOMAIN_TAKEN })
		expect(await verifyOwnDomain(squatter.id)).toMatchObject({ ok: false, status: 404 })
	})

	test('two owners whose records are both found: the first to verify holds it, the second is 409', async () => {
		const NAME = 'both.test'
		const one = await createOwner({ name: 'One Owner' })
		const two = await createOwner({ name: 'Two Owner' })
		expect((await updateOwnDomain(one.id, NAME)).ok).toBe(true)
		expect((await updateOwnDomain(two.id, NAME)).ok).toBe(true)
		const tokenTwo = (await getDomain(two.id))!.token
		dns.records.set(`_tagg.${NAME}`, [(await getDomain(one.id))!.token, tokenTwo])
		// Both at once: one holds the name, whichever it is.
		const [a, b] = await Promise.all([verifyOwnDomain(one.id), verifyOwnDomain(two.id)])
		const outcomes = [a, b].map((outcome) => (outcome.ok ? 'verified' : outcome.status))
		expect(outcomes.filter((outcome) => outcome === 'verified')).toHaveLength(1)
		expect([404, 409]).toContain(outcomes.find((outcome) => outcome !== 'verified'))
		const held = [await getDomain(one.id), await getDomain(two.id)].filter(
			(domain) => domain?.status === 'verified',
		)
		expect(held).toHaveLength(1)
	})
})
