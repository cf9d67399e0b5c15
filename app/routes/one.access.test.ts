/**
 * Access control of every signed-in /one call, table-driven from tests/api-endpoints.ts: without
 * a session or with a forged token an owner-only call is 401; owner B calling with owner A's
 * ids and names gets 404 (another owner's object), 409 (another owner's name) or a 200 that
 * touches only B's own account. Each time, a snapshot of A's whole account (profile, resume,
 * portfolio items with their images, path, stored objects) proves nothing of A's changed. Then
 * A makes the very same call and it works, so the refusals above are about ownership, not a
 * malformed example.
 */
import jwt from 'jsonwebtoken'
import { beforeAll, describe, expect, test } from 'vitest'
import {
	API_ENDPOINTS,
	callEndpointJson,
	createApiFixture,
	endpointName,
	endpointTableProblems,
	exampleCall,
	type Call,
	type Fixture,
	type SignedInEndpoint,
} from '#tests/api-endpoints'
import { snapshotAccount } from '#tests/factories'
import { env } from '~/utils/env.server'
import { ACCESS_COOKIE } from '~/services/session.server'

const signedIn = API_ENDPOINTS.filter(
	(endpoint): endpoint is SignedInEndpoint => endpoint.auth !== 'public',
)

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/**
 * Tokens that claim to be owner A but must not be accepted, and other ways of presenting a
 * credential that is not a valid session.
 */
function forgedCredentials(fx: Fixture): Array<[label: string, credentials: Partial<Call>]> {
	const secret = env().JWT_SECRET
	const now = Math.floor(Date.now() / 1000)
	const claims = { sub: fx.a.id, typ: 'access' }
	const sign = (payload: object, key = secret, algorithm: jwt.Algorithm = 'HS256') =>
		jwt.sign(payload, key, { algorithm })
	const [headerOfB, , signatureOfB] = fx.b.token.split('.')
	return [
		['no credentials at all', {}],
		['a token that is no JWT', { token: 'not-a-jwt' }],
		[
			"A's claims signed with another secret",
			{ token: sign({ ...claims, iat: now, exp: now + 900 }, 'another-secret-long-enough-1234') },
		],
		[
			"A's claims unsigned (alg none)",
			{
				token: `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...claims, iat: now, exp: now + 900 })}.`,
			},
		],
		[
			"B's token with its payload swapped for A's",
			{
				token: `${headerOfB}.${base64url({ ...claims, iat: now, exp: now + 900 })}.${signatureOfB}`,
			},
		],
		[
			"A's claims signed with HS512 (only HS256 is accepted)",
			{ token: sign({ ...claims, iat: now, exp: now + 900 }, secret, 'HS512') },
		],
		["A's expired token", { token: sign({ ...claims, iat: now - 3600, exp: now - 1800 }) }],
		[
			"A's token issued in the future",
			{ token: sign({ ...claims, iat: now + 3600, exp: now + 7200 }) },
		],
		[
			'a token that is not an access token',
			{ token: sign({ sub: fx.a.id, typ: 'refresh', iat: now, exp: now + 900 }) },
		],
		["A's refresh token used as an access token", { token: fx.a.refreshToken }],
		[
			'a forged token in the session cookie',
			{
				headers: {
					Cookie: `${ACCESS_COOKIE}=${sign({ ...claims, iat: now, exp: now + 900 }, 'another-secret-long-enough-1234')}`,
				},
			},
		],
		["A's token under another scheme", { headers: { Authorization: `Basic ${fx.a.token}` } }],
	]
}

const snapshots = async (fx: Fixture) => ({
	a: await snapshotAccount(fx.a.id),
	b: await snapshotAccount(fx.b.id),
})

/** What of owner A an answer to someone else must never show. */
const secretsOfA = (fx: Fixture) => [
	fx.a.id,
	fx.a.email,
	fx.a.path.toLowerCase(),
	fx.a.portfolioId,
	fx.a.imageId,
]

describe('the endpoint table', () => {
	test('lists every /one route module and /refresh, each with its own loader or action', async () => {
		expect(await endpointTableProblems()).toEqual([])
	})

	test('every call that changes data or reads private data needs a session', () => {
		const publicWrites = API_ENDPOINTS.filter(
			(endpoint) =>
				endpoint.auth === 'public' &&
				endpoint.method === 'POST' &&
				![
					'/one/auth/new/register',
					'/one/auth/new/login',
					// The second step of a login or reset (holds its mfa_token), and passkey sign-in.
					'/one/auth/new/login/mfa',
					'/one/auth/new/passkey/options',
					'/one/auth/new/passkey/verify',
					'/one/auth/new/logout',
					'/refresh',
					// Only queue an email, whoever asks; or hold their credential in a link's token.
					'/one/auth/new/password/forgot',
					'/one/auth/new/password/reset',
					'/one/account/email/confirm',
					// Counts a visit to a public page, anonymously by design (insights).
					'/one/insights/hit',
					// A visitor leaves their details for an owner, held by the limits.
					'/one/contacts/{pname}',
				].includes(endpoint.path),
		)
		expect(publicWrites.map(endpointName)).toEqual([])
	})
})

describe.each(signedIn.map((endpoint) => [endpointName(endpoint), endpoint] as const))(
	'%s',
	(_, endpoint) => {
		let fx: Fixture
		beforeAll(async () => {
			fx = await createApiFixture()
		})

		const refusal = endpoint.auth === 'owner' ? 401 : endpoint.asOtherOwner.status
		test(`without a valid session: ${refusal}, and nothing changes`, async () => {
			const before = await snapshots(fx)
			const valid = exampleCall(endpoint, fx)
			for (const [label, credentials] of forgedCredentials(fx)) {
				const { status, json } = await callEndpointJson(endpoint, { ...valid, ...credentials })
				expect(status, label).toBe(refusal)
				expect(json.status, label).toBe(refusal)
				if (endpoint.auth === 'owner') expect(json.message, label).toBe('Unauthorized')
			}
			expect(await snapshots(fx)).toEqual(before)
		})

		const { status: otherStatus, changesCaller } = endpoint.asOtherOwner
		test(`owner B with A's ids and names: ${otherStatus}, nothing of A's changes${
			changesCaller ? ', only B’s own account does' : ''
		}`, async () => {
			const before = await snapshots(fx)
			const { status, json, text } = await callEndpointJson(
				endpoint,
				exampleCall(endpoint, fx, fx.b.token),
			)
			expect(status).toBe(otherStatus)
			expect(json.status).toBe(otherStatus)
			const after = await snapshots(fx)
			expect(after.a).toEqual(before.a)
			if (changesCaller) expect(after.b).not.toEqual(before.b)
			else expect(after.b).toEqual(before.b)
			for (const secret of secretsOfA(fx)) expect(text.toLowerCase()).not.toContain(secret)
			if (status === 200 && !changesCaller && endpoint.method === 'GET') {
				// A read that answers 200 answers about the caller.
				expect(text.includes(fx.b.id) || text.includes(fx.b.path)).toBe(true)
			}
		})

		test(`owner A's own call works${endpoint.mutates ? ' and changes A’s account' : ''}`, async () => {
			const before = await snapshotAccount(fx.a.id)
			const { status, json } = await callEndpointJson(
				endpoint,
				exampleCall(endpoint, fx, fx.a.token),
			)
			expect(status, JSON.stringify(json)).toBe(200)
			const after = await snapshotAccount(fx.a.id)
			if (endpoint.mutates) expect(after).not.toEqual(before)
			else expect(after).toEqual(before)
		})
	},
)
