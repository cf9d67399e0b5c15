import jwt from 'jsonwebtoken'
import { describe, expect, test, vi } from 'vitest'
import { createOwner, DEFAULT_PASSWORD, uniqueEmail, uniquePath } from '#tests/factories'
import { callApi } from '#tests/route'
import { REUSE_GRACE_MS } from '~/models/token.server'
import { LOGIN_LIMITS } from '~/services/rate-limit.server'
import { action as login } from './one.auth.new.login'
import { action as logout } from './one.auth.new.logout'
import { action as register } from './one.auth.new.register'
import { loader as session } from './one.auth.new.session'
import { loader as getEmail } from './one.auth.new.get.email'
import { loader as getCustomerId } from './one.auth.new.get.[customer_id].$pname'
import { loader as getPath } from './one.path-name.get'
import { action as updatePath } from './one.path-name.update'
import { action as refresh } from './refresh'

const address = (ip: string) => ({ 'x-tagg-remote-address': ip })

describe('POST /one/auth/new/register', () => {
	test('creates an account and answers like login, without a path', async () => {
		const email = uniqueEmail()
		const { status, json } = await callApi(register, '/one/auth/new/register', {
			body: { email, password: DEFAULT_PASSWORD, name: 'Ada Lovelace' },
		})
		expect(status).toBe(200)
		expect(json).toMatchObject({ status: 200, path: false, customer_id: expect.any(String) })
		expect(json.access_token).toEqual(expect.any(String))
		expect(json.refresh_token).toEqual(expect.any(String))
	})

	test('a taken email (any case) is 409', async () => {
		const owner = await createOwner()
		const { status, json } = await callApi(register, '/one/auth/new/register', {
			body: { email: owner.email.toUpperCase(), password: DEFAULT_PASSWORD, name: 'Someone' },
		})
		expect(status).toBe(409)
		expect(json.status).toBe(409)
	})

	test.each([
		[{ email: 'not-an-email', password: DEFAULT_PASSWORD, name: 'A' }, /email/],
		[{ email: uniqueEmail(), password: 'short', name: 'A' }, /at least 8/],
		[{ email: uniqueEmail(), password: 'x'.repeat(129), name: 'A' }, /at most 128 characters/],
		// Counted in characters, not bytes: two emoji are 8 bytes but 2 characters.
		[{ email: uniqueEmail(), password: '😀😀', name: 'A' }, /at least 8 characters/],
		// 'é' typed as e + U+0301 is one character: 7 of them are too short.
		[{ email: uniqueEmail(), password: 'e\u0301'.repeat(7), name: 'A' }, /at least 8/],
		[{ email: uniqueEmail(), password: DEFAULT_PASSWORD, name: '   ' }, /name/],
		[{ email: uniqueEmail(), password: DEFAULT_PASSWORD }, /name/],
	])('invalid input is 400 with a clear message (%#)', async (body, message) => {
		const { status, json } = await callApi(register, '/one/auth/new/register', { body })
		expect(status).toBe(400)
		expect(json.message).toMatch(message)
	})

	test('malformed JSON is 400', async () => {
		const { status, json } = await callApi(register, '/one/auth/new/register', {
			rawBody: '{"email":',
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
		})
		expect(status).toBe(400)
		expect(json.message).toBe('The request body must be valid JSON')
	})
})

describe('POST /one/auth/new/login', () => {
	test('answers tokens and whether a path is claimed', async () => {
		const withPath = await createOwner()
		const withoutPath = await createOwner({ path: null })
		const a = await callApi(login, '/one/auth/new/login', {
			body: { email: withPath.email, password: withPath.password },
			headers: address('10.0.0.1'),
		})
		expect(a.status).toBe(200)
		expect(a.json).toMatchObject({ status: 200, path: true, customer_id: withPath.id })
		const b = await callApi(login, '/one/auth/new/login', {
			body: { email: withoutPath.email, password: withoutPath.password },
			headers: address('10.0.0.1'),
		})
		expect(b.json).toMatchObject({ status: 200, path: false, customer_id: withoutPath.id })
	})

	test('unknown email and wrong password are indistinguishable', async () => {
		const owner = await createOwner()
		const wrong = await callApi(login, '/one/auth/new/login', {
			body: { email: owner.email, password: 'wrong-password' },
			headers: address('10.0.0.2'),
		})
		const unknown = await callApi(login, '/one/auth/new/login', {
			body: { email: uniqueEmail(), password: 'wrong-password' },
			headers: address('10.0.0.2'),
		})
		expect(wrong.status).toBe(401)
		expect(unknown.status).toBe(401)
		expect(wrong.json).toEqual(unknown.json)
		expect(wrong.json).toEqual({ status: 401, message: 'Invalid email or password' })
	})

	test('repeated failures are rate-limited with 429 for that account and address only', async () => {
		const owner = await createOwner()
		for (let i = 0; i < LOGIN_LIMITS.accountFromAddress.max; i++) {
			const { status } = await callApi(login, '/one/auth/new/login', {
				body: { email: owner.email, password: 'nope-nope-nope' },
				headers: address('10.0.0.3'),
			})
			expect(status).toBe(401)
		}
		const blocked = await callApi(login, '/one/auth/new/login', {
			body: { email: owner.email, password: owner.password },
			headers: address('10.0.0.3'),
		})
		expect(blocked.status).toBe(429)
		expect(blocked.json.message).toBe(
			'Too many login attempts. Please wait a few minutes and try again.',
		)
		expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0)

		// The owner, from their own address, is not locked out by the attacker.
		const owners = await callApi(login, '/one/auth/new/login', {
			body: { email: owner.email, password: owner.password },
			headers: address('10.0.0.4'),
		})
		expect(owners.status).toBe(200)
		// Another account from the attacker's address still works.
		const other = await createOwner()
		const fromSameAddress = await callApi(login, '/one/auth/new/login', {
			body: { email: other.email, password: other.password },
			headers: address('10.0.0.3'),
		})
		expect(fromSameAddress.status).toBe(200)
	})
})

describe('refresh tokens', () => {
	async function loginTokens() {
		const owner = await createOwner()
		const { json } = await callApi(login, '/one/auth/new/login', {
			body: { email: owner.email, password: owner.password },
			headers: address('10.1.0.1'),
		})
		return { owner, refreshToken: json.refresh_token as string }
	}

	test('rotate on every use and answer a working access token', async () => {
		const { owner, refreshToken } = await loginTokens()
		const first = await callApi(refresh, '/refresh', { body: { refresh_token: refreshToken } })
		expect(first.status).toBe(200)
		expect(first.json.customer_id).toBe(owner.id)
		expect(first.json.refresh_token).not.toBe(refreshToken)
		const check = await callApi(session, '/one/auth/new/session', {
			token: first.json.access_token as string,
		})
		expect(check.json).toEqual({ status: 200, data: { customer_id: owner.id } })
	})

	test('a spent token replayed within the grace period answers the same successor', async () => {
		const { refreshToken } = await loginTokens()
		const first = await callApi(refresh, '/refresh', { body: { refresh_token: refreshToken } })
		const replay = await callApi(refresh, '/refresh', { body: { refresh_token: refreshToken } })
		expect(replay.status).toBe(200)
		expect(replay.json.refresh_token).toBe(first.json.refresh_token)
	})

	test('reusing a spent token after the grace period revokes the whole family', async () => {
		const { refreshToken } = await loginTokens()
		const first = await callApi(refresh, '/refresh', { body: { refresh_token: refreshToken } })
		expect(first.status).toBe(200)
		vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + REUSE_GRACE_MS + 1_000 })
		const replay = await callApi(refresh, '/refresh', {
			body: { refresh_token: refreshToken },
		}).finally(() => vi.useRealTimers())
		expect(replay.status).toBe(401)
		// the legitimate successor is revoked too
		const successor = await callApi(refresh, '/refresh', {
			body: { refresh_token: first.json.refresh_token },
		})
		expect(successor.status).toBe(401)
	})

	test('logout revokes the family', async () => {
		const { refreshToken } = await loginTokens()
		const out = await callApi(logout, '/one/auth/new/logout', {
			body: { refresh_token: refreshToken },
		})
		expect(out.status).toBe(200)
		const after = await callApi(refresh, '/refresh', { body: { refresh_token: refreshToken } })
		expect(after.status).toBe(401)
	})

	test('unknown or missing refresh tokens are refused', async () => {
		expect(
			(await callApi(refresh, '/refresh', { body: { refresh_token: 'x'.repeat(43) } })).status,
		).toBe(401)
		expect((await callApi(refresh, '/refresh', { body: {} })).status).toBe(400)
	})
})

describe('access tokens', () => {
	test('missing, forged, expired and wrong-algorithm tokens are 401', async () => {
		const owner = await createOwner()
		const secret = process.env.JWT_SECRET!
		const now = Math.floor(Date.now() / 1000)
		const tokens = [
			undefined,
			'not-a-jwt',
			jwt.sign({ sub: owner.id, typ: 'access' }, 'some-other-secret-of-enough-length-123', {
				algorithm: 'HS256',
			}),
			jwt.sign({ sub: owner.id, typ: 'access', iat: now - 3600, exp: now - 1800 }, secret, {
				algorithm: 'HS256',
			}),
			jwt.sign({ sub: owner.id, typ: 'access' }, secret, { algorithm: 'HS512' }),
			jwt.sign({ sub: owner.id, typ: 'access' }, '', { algorithm: 'none' }),
		]
		for (const token of tokens) {
			const { status, json } = await callApi(session, '/one/auth/new/session', { token })
			expect(status).toBe(401)
			expect(json.status).toBe(401)
		}
		expect((await callApi(session, '/one/auth/new/session', { token: owner.token })).status).toBe(
			200,
		)
	})

	test('expire after 15 minutes', () => {
		const owner = jwt.decode(
			jwt.sign({ sub: 'x', typ: 'access' }, 'k'.repeat(40), { algorithm: 'HS256', expiresIn: 900 }),
		) as { iat: number; exp: number }
		expect(owner.exp - owner.iat).toBe(900)
	})
})

describe('public name lookups', () => {
	test('customer id from a path, case-insensitively; 404 when unknown', async () => {
		const owner = await createOwner({ path: uniquePath('Mixed-Case') })
		const found = await callApi(getCustomerId, `/one/auth/new/get/customer_id/${owner.path}`, {
			params: { pname: owner.path!.toLowerCase() },
		})
		expect(found.json).toEqual({ status: 200, data: { customer_id: owner.id } })
		const missing = await callApi(getCustomerId, '/one/auth/new/get/customer_id/nobody-here', {
			params: { pname: 'nobody-here' },
		})
		expect(missing.status).toBe(404)
	})

	test('email of a customer', async () => {
		const owner = await createOwner()
		const { json } = await callApi(getEmail, `/one/auth/new/get/email?customerId=${owner.id}`)
		expect(json).toEqual({ status: 200, data: owner.email })
		expect((await callApi(getEmail, '/one/auth/new/get/email?customerId=nope')).status).toBe(404)
		expect((await callApi(getEmail, '/one/auth/new/get/email')).status).toBe(400)
	})
})

describe('path claim', () => {
	test('claims, reads back and can change the path', async () => {
		const owner = await createOwner({ path: null })
		const name = uniquePath('Jane')
		const claimed = await callApi(updatePath, '/one/path-name/update', {
			body: { path: name },
			token: owner.token,
		})
		expect(claimed.json).toEqual({ status: 200, data: { path: name } })
		expect((await callApi(getPath, '/one/path-name/get', { token: owner.token })).json).toEqual({
			status: 200,
			data: { path: name, previous: [] },
		})
		const changed = uniquePath('Janet')
		expect(
			(
				await callApi(updatePath, '/one/path-name/update', {
					body: { path: changed },
					token: owner.token,
				})
			).status,
		).toBe(200)
	})

	test('a name taken in any case is 409 with the spec wording', async () => {
		const first = await createOwner()
		const second = await createOwner({ path: null })
		const { status, json } = await callApi(updatePath, '/one/path-name/update', {
			body: { path: first.path!.toUpperCase() },
			token: second.token,
		})
		expect(status).toBe(409)
		expect(json.message).toBe('Sorry, this Tagg name is already taken. Please try something else.')
	})

	test.each([
		'',
		'has space',
		'-lead',
		'trail-',
		'double--hyphen',
		'dots.no',
		'émoji',
		'x'.repeat(41),
	])('invalid name %j is 400', async (path) => {
		const owner = await createOwner({ path: null })
		const { status } = await callApi(updatePath, '/one/path-name/update', {
			body: { path },
			token: owner.token,
		})
		expect(status).toBe(400)
	})

	test.each([
		'login',
		'Builder',
		'one',
		'cdn',
		'healthz',
		'set-path',
		'signup',
		'refresh',
		'assets',
	])('reserved name %j is 400', async (path) => {
		const owner = await createOwner({ path: null })
		const { status, json } = await callApi(updatePath, '/one/path-name/update', {
			body: { path },
			token: owner.token,
		})
		expect(status).toBe(400)
		expect(json.message).toMatch(/reserved/)
	})

	test('two concurrent claims of one name: exactly one wins', async () => {
		const [a, b] = await Promise.all([createOwner({ path: null }), createOwner({ path: null })])
		const name = uniquePath('Race')
		const results = await Promise.all(
			[a, b].map((owner) =>
				callApi(updatePath, '/one/path-name/update', { body: { path: name }, token: owner.token }),
			),
		)
		expect(results.map((result) => result.status).sort()).toEqual([200, 409])
	})

	test('needs a session', async () => {
		expect(
			(await callApi(updatePath, '/one/path-name/update', { body: { path: 'abc' } })).status,
		).toBe(401)
		expect((await callApi(getPath, '/one/path-name/get')).status).toBe(401)
	})
})
