/**
 * Passkeys and two-factor codes over the /one API (ARCHITECTURE.md "Sign-in factors",
 * docs/decisions/033-sign-in-factors.md), against a real PostgreSQL. Codes are computed here from
 * the secret the API hands out (tests/second-factor.ts, written apart from the code under test);
 * passkeys come from a software authenticator. Every rule:
 * - setup, enable (recovery codes, other sessions ended), disable (password and a code);
 * - with the factor on, login and reset answer `mfa_required` and an `mfa_token`, no tokens;
 *   a reset changes nothing until its second step; `login/mfa` takes a code or a recovery code;
 * - a code works once; wrong codes are 401 and limited atomically per account (429, Retry-After,
 *   not lifted by a new login); 50 concurrent wrong codes check at most 5;
 * - passkeys: added, listed, renamed, removed (password or a code), a way in on their own;
 * - the owner is told by email; the export holds no secret; deleting the account deletes all.
 */
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createOwner, DEFAULT_PASSWORD, snapshotAccount, sudoSessionToken } from '#tests/factories'
import { callApi, callRoute } from '#tests/route'
import { codeAt, currentStep, SoftwareAuthenticator } from '#tests/second-factor'
import {
	createPasswordResetToken,
	deleteAccount,
	findPasswordResetToken,
	getCredentials,
} from '~/models/account.server'
import { exportAccountArchive } from '~/models/account-transfer.server'
import { setCustomerLanguage } from '~/models/customer.server'
import { pendingMessages } from '~/models/outbox.server'
import { renderMessage } from '~/services/mailer.server'
import { relyingParty } from '~/services/sign-in-factors.server'
import { prisma } from '~/utils/db.server'
import { readTarGz } from '~/utils/tar.server'
import { action as deleteOwnAccount } from './one.account.delete'
import { action as exportOwnAccount } from './one.account.export'
import { action as disable } from './one.account.mfa.disable'
import { loader as getFactors } from './one.account.mfa.get'
import { action as registerOptions } from './one.account.mfa.passkeys.register.options'
import { action as registerVerify } from './one.account.mfa.passkeys.register.verify'
import { action as removePasskey } from './one.account.mfa.passkeys.remove'
import { action as renamePasskey } from './one.account.mfa.passkeys.rename'
import { action as recoveryCodes } from './one.account.mfa.recovery-codes'
import { action as enable } from './one.account.mfa.totp.enable'
import { action as setup } from './one.account.mfa.totp.setup'
import { action as login } from './one.auth.new.login'
import { action as loginMfa } from './one.auth.new.login.mfa'
import { action as passkeyOptions } from './one.auth.new.passkey.options'
import { action as passkeyVerify } from './one.auth.new.passkey.verify'
import { action as reset } from './one.auth.new.password.reset'
import { loader as session } from './one.auth.new.session'
import { action as refresh } from './refresh'

let addressCounter = 0
const freshAddress = () => ({
	'x-tagg-remote-address': `10.38.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}`,
})

afterEach(() => {
	vi.useRealTimers()
})

/** Moves the clock to the next 30-second step (a new authenticator code). */
function nextStep() {
	vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: Date.now() + 30_000 })
}

const loginAs = (email: string, password = DEFAULT_PASSWORD) =>
	callApi(login, '/one/auth/new/login', { body: { email, password }, headers: freshAddress() })

const secondStep = (mfaToken: unknown, code: string) =>
	callApi(loginMfa, '/one/auth/new/login/mfa', { body: { mfa_token: mfaToken, code } })

const factorsOf = async (token: string) =>
	(await callApi(getFactors, '/one/account/mfa/get', { token })).json.data as {
		totp: boolean
		passkeys: Array<{ id: string; name: string; createdAt: string; lastUsedAt: string | null }>
		recoveryCodesLeft: number
	}

const sessionWorks = async (token: unknown) =>
	(await callApi(session, '/one/auth/new/session', { token: token as string })).status === 200
const refreshWorks = async (refreshToken: unknown) =>
	(await callApi(refresh, '/refresh', { body: { refresh_token: refreshToken } })).status === 200

/** The messages waiting for this address, as `kind` and data. */
async function mailTo(email: string) {
	return (await pendingMessages())
		.filter((message) => message.to === email)
		.map((message) => ({ kind: message.kind, data: message.data as Record<string, unknown> }))
}

/** An owner with authenticator codes on, through the API: secret, recovery codes, token. */
async function ownerWithTotp() {
	const owner = await createOwner()
	const set = await callApi(setup, '/one/account/mfa/totp/setup', { token: owner.token, body: {} })
	expect(set.status).toBe(200)
	const secret = (set.json.data as { secret: string }).secret
	const on = await callApi(enable, '/one/account/mfa/totp/enable', {
		token: owner.token,
		body: { code: codeAt(secret, currentStep() - 1) },
	})
	expect(on.status).toBe(200)
	return {
		...owner,
		secret,
		recoveryCodes: (on.json.data as { recoveryCodes: string[] }).recoveryCodes,
		// The session enabling opened has no sudo mode (nothing but a proof opens it): a new one
		// that has, as an owner who just confirmed it's them.
		token: await sudoSessionToken(owner.id),
	}
}

const LOGIN_FIELDS = ['access_token', 'customer_id', 'path', 'refresh_token', 'status']

describe('authenticator codes: setting up and turning on', () => {
	test('setup hands out a secret and its otpauth URL; nothing is on until a first code', async () => {
		const owner = await createOwner()
		const answer = await callApi(setup, '/one/account/mfa/totp/setup', {
			token: owner.token,
			body: {},
		})
		expect(answer.status).toBe(200)
		const { secret, otpauthUrl } = answer.json.data as { secret: string; otpauthUrl: string }
		expect(secret).toMatch(/^[A-Z2-7]{32}$/)
		const url = new URL(otpauthUrl)
		expect(`${url.protocol}//${url.host}${decodeURIComponent(url.pathname)}`).toBe(
			`otpauth://totp/Tagg:${owner.email}`,
		)
		expect(url.searchParams.get('secret')).toBe(secret)
		expect(url.searchParams.get('issuer')).toBe('Tagg')
		expect(await factorsOf(owner.token)).toEqual({
			totp: false,
			passkeys: [],
			recoveryCodesLeft: 0,
		})
		// The login answer is SPEC.md's, field for field.
		const plain = await loginAs(owner.email)
		expect(plain.status).toBe(200)
		expect(Object.keys(plain.json).sort()).toEqual(LOGIN_FIELDS)
		// The secret is stored sealed, never as it was handed out.
		const row = await prisma().totpFactor.findUnique({ where: { customerId: owner.id } })
		expect(JSON.stringify(row)).not.toContain(secret)
	})

	test('a wrong first code turns nothing on; the right one answers 10 recovery codes once', async () => {
		const owner = await createOwner()
		const other = await loginAs(owner.email)
		const set = await callApi(setup, '/one/account/mfa/totp/setup', {
			token: owner.token,
			body: {},
		})
		const { secret } = set.json.data as { secret: string }
		const wrongCode = codeAt(secret, currentStep() - 5)
		const wrong = await callApi(enable, '/one/account/mfa/totp/enable', {
			token: owner.token,
			body: { code: wrongCode },
		})
		expect(wrong.status).toBe(400)
		expect(wrong.json.message).toBe('code: This code is not correct.')
		expect((await factorsOf(owner.token)).totp).toBe(false)

		// Kept: by the time it is tried again the clock may be in the next 30-second step.
		const firstCode = codeAt(secret)
		const on = await callApi(enable, '/one/account/mfa/totp/enable', {
			token: owner.token,
			body: { code: firstCode },
		})
		expect(on.status).toBe(200)
		const codes = (on.json.data as { recoveryCodes: string[] }).recoveryCodes
		expect(codes).toHaveLength(10)
		expect(new Set(codes).size).toBe(10)
		for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/)
		// Stored hashed: no code appears in the database.
		const stored = JSON.stringify(
			await prisma().recoveryCode.findMany({ where: { customerId: owner.id } }),
		)
		for (const code of codes) expect(stored).not.toContain(code.replace(/-/g, ''))

		// The other sessions were opened with the password alone: they end. This caller goes on.
		expect(await sessionWorks(other.json.access_token)).toBe(false)
		expect(await refreshWorks(other.json.refresh_token)).toBe(false)
		expect(await sessionWorks(owner.token)).toBe(false)
		expect(await sessionWorks(on.json.access_token)).toBe(true)
		expect(await refreshWorks(on.json.refresh_token)).toBe(true)
		expect(await factorsOf(on.json.access_token as string)).toEqual({
			totp: true,
			passkeys: [],
			recoveryCodesLeft: 10,
		})
		expect(await mailTo(owner.email)).toContainEqual({
			kind: 'factor-added',
			data: expect.objectContaining({ factor: 'totp', customerId: owner.id }),
		})
		// The first code cannot be used again to log in.
		const step = await loginAs(owner.email)
		expect((await secondStep(step.json.mfa_token, firstCode)).status).toBe(401)
	})

	test('enable without setup is 409; a code of another shape is 400', async () => {
		const owner = await createOwner()
		const none = await callApi(enable, '/one/account/mfa/totp/enable', {
			token: owner.token,
			body: { code: '123456' },
		})
		expect(none.status).toBe(409)
		await callApi(setup, '/one/account/mfa/totp/setup', { token: owner.token, body: {} })
		for (const code of ['12345', 'abcdef', 'ABCD-EFGH-JKMN-PQRS']) {
			const answer = await callApi(enable, '/one/account/mfa/totp/enable', {
				token: owner.token,
				body: { code },
			})
			expect(answer.status).toBe(400)
			expect(answer.json.message).toMatch(/^code: /)
		}
		const missing = await callApi(enable, '/one/account/mfa/totp/enable', {
			token: owner.token,
			body: {},
		})
		expect(missing.status).toBe(400)
	})

	test('moving to another app while on needs a code of the current one; the old one then stops', async () => {
		const owner = await ownerWithTotp()
		const bare = await callApi(setup, '/one/account/mfa/totp/setup', {
			token: owner.token,
			body: {},
		})
		expect(bare.status).toBe(400)
		expect(bare.json.message).toMatch(/^code: /)
		const wrong = await callApi(setup, '/one/account/mfa/totp/setup', {
			token: owner.token,
			body: { code: codeAt(owner.secret, currentStep() - 3) },
		})
		expect(wrong.status).toBe(400)
		const moved = await callApi(setup, '/one/account/mfa/totp/setup', {
			token: owner.token,
			body: { code: codeAt(owner.secret) },
		})
		expect(moved.status).toBe(200)
		const next = (moved.json.data as { secret: string }).secret
		// Until the new app's first code, the old one is still the factor.
		expect((await factorsOf(owner.token)).totp).toBe(true)
		const on = await callApi(enable, '/one/account/mfa/totp/enable', {
			token: owner.token,
			body: { code: codeAt(next) },
		})
		expect(on.status).toBe(200)
		const step = await loginAs(owner.email)
		// Old recovery codes and codes of the old app no longer work; the new app's do.
		expect((await secondStep(step.json.mfa_token, owner.recoveryCodes[0]!)).status).toBe(401)
		expect(
			(await secondStep(step.json.mfa_token, codeAt(owner.secret, currentStep() + 1))).status,
		).toBe(401)
		expect((await secondStep(step.json.mfa_token, codeAt(next, currentStep() + 1))).status).toBe(
			200,
		)
		expect(await mailTo(owner.email)).toContainEqual({
			kind: 'factor-added',
			data: expect.objectContaining({ factor: 'totp-changed' }),
		})
	})
})

describe('logging in with the second factor on', () => {
	test('login answers mfa_required and an mfa_token, no tokens; the code step answers the login fields', async () => {
		const owner = await ownerWithTotp()
		const first = await loginAs(owner.email)
		expect(first.status).toBe(200)
		expect(Object.keys(first.json).sort()).toEqual(['mfa_required', 'mfa_token', 'status'])
		expect(first.json).toMatchObject({ status: 200, mfa_required: true })
		expect(first.json.mfa_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
		// The mfa_token is no session.
		expect(await sessionWorks(first.json.mfa_token)).toBe(false)
		expect(await refreshWorks(first.json.mfa_token)).toBe(false)

		const done = await secondStep(first.json.mfa_token, codeAt(owner.secret))
		expect(done.status).toBe(200)
		expect(Object.keys(done.json).sort()).toEqual(LOGIN_FIELDS)
		expect(done.json).toMatchObject({ status: 200, path: true, customer_id: owner.id })
		expect(await sessionWorks(done.json.access_token)).toBe(true)
		// The step is spent.
		nextStep()
		expect((await secondStep(first.json.mfa_token, codeAt(owner.secret))).status).toBe(401)
	})

	test('a wrong password is the same 401 as without a second factor', async () => {
		const owner = await ownerWithTotp()
		const wrong = await loginAs(owner.email, 'not-the-password')
		expect(wrong.status).toBe(401)
		expect(wrong.json).toEqual({ status: 401, message: 'Invalid email or password' })
	})

	test('a wrong code is 401 and the mfa_token stays usable', async () => {
		const owner = await ownerWithTotp()
		const first = await loginAs(owner.email)
		const wrong = await secondStep(first.json.mfa_token, codeAt(owner.secret, currentStep() - 4))
		expect(wrong.status).toBe(401)
		expect(wrong.json).toEqual({ status: 401, message: 'code: This code is not correct.' })
		expect((await secondStep(first.json.mfa_token, 'ABCD-EFGH-JKMN-PQRS')).status).toBe(401)
		expect((await secondStep(first.json.mfa_token, codeAt(owner.secret))).status).toBe(200)
	})

	test('a code is accepted once: the same code (or an older one) on a second login is refused', async () => {
		const owner = await ownerWithTotp()
		const code = codeAt(owner.secret)
		expect((await secondStep((await loginAs(owner.email)).json.mfa_token, code)).status).toBe(200)
		const again = await loginAs(owner.email)
		expect((await secondStep(again.json.mfa_token, code)).status).toBe(401)
		expect(
			(await secondStep(again.json.mfa_token, codeAt(owner.secret, currentStep() - 1))).status,
		).toBe(401)
		// The next step's code is a new one.
		expect(
			(await secondStep(again.json.mfa_token, codeAt(owner.secret, currentStep() + 1))).status,
		).toBe(200)
	})

	test('two logins racing with one code: one gets in', async () => {
		const owner = await ownerWithTotp()
		const [a, b] = await Promise.all([loginAs(owner.email), loginAs(owner.email)])
		const code = codeAt(owner.secret)
		const answers = await Promise.all([
			secondStep(a.json.mfa_token, code),
			secondStep(b.json.mfa_token, code),
		])
		expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401])
	})

	test('a recovery code works once, in any case and spacing; the owner is told how many are left', async () => {
		const owner = await ownerWithTotp()
		const [code] = owner.recoveryCodes
		const typed = ` ${code!.toLowerCase().replace(/-/g, ' ')} `
		const done = await secondStep((await loginAs(owner.email)).json.mfa_token, typed)
		expect(done.status).toBe(200)
		expect(done.json.customer_id).toBe(owner.id)
		const again = await secondStep((await loginAs(owner.email)).json.mfa_token, code!)
		expect(again.status).toBe(401)
		expect((await factorsOf(done.json.access_token as string)).recoveryCodesLeft).toBe(9)
		expect(await mailTo(owner.email)).toContainEqual({
			kind: 'recovery-code-used',
			data: expect.objectContaining({ left: 9 }),
		})
	})

	test('an unknown, malformed or expired mfa_token is refused', async () => {
		const owner = await ownerWithTotp()
		const unknown = await secondStep('A'.repeat(43), codeAt(owner.secret))
		expect(unknown.status).toBe(401)
		expect(unknown.json.message).toMatch(/^mfa_token: /)
		expect((await secondStep('short', codeAt(owner.secret))).status).toBe(400)
		const first = await loginAs(owner.email)
		vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: Date.now() + 11 * 60_000 })
		expect((await secondStep(first.json.mfa_token, codeAt(owner.secret))).status).toBe(401)
	})

	test('a password change ends the logins waiting for their second step', async () => {
		const owner = await ownerWithTotp()
		const first = await loginAs(owner.email)
		const { token } = (await createPasswordResetToken(owner.email))!
		const begun = await callApi(reset, '/one/auth/new/password/reset', {
			body: { token, password: 'a-brand-new-password' },
		})
		const finished = await secondStep(begun.json.mfa_token, codeAt(owner.secret))
		expect(finished.status).toBe(200)
		nextStep()
		expect((await secondStep(first.json.mfa_token, codeAt(owner.secret))).status).toBe(401)
	})
})

describe('wrong codes are limited per account', () => {
	test('the 6th wrong code and any code after it: 429 with Retry-After; a new login does not lift it', async () => {
		const owner = await ownerWithTotp()
		const first = await loginAs(owner.email)
		const wrongCode = codeAt(owner.secret, currentStep() - 6)
		for (let i = 0; i < 5; i++) {
			expect((await secondStep(first.json.mfa_token, wrongCode)).status).toBe(401)
		}
		const sixth = await secondStep(first.json.mfa_token, wrongCode)
		expect(sixth.status).toBe(429)
		expect(sixth.json).toEqual({
			status: 429,
			message: 'code: Too many wrong codes. Please wait a few minutes and try again.',
		})
		const retryAfter = Number(sixth.headers.get('Retry-After'))
		expect(retryAfter).toBeGreaterThan(800)
		expect(retryAfter).toBeLessThanOrEqual(900)
		// Any code during the lock, the right one and a recovery code included.
		expect((await secondStep(first.json.mfa_token, codeAt(owner.secret))).status).toBe(429)
		expect((await secondStep(first.json.mfa_token, owner.recoveryCodes[0]!)).status).toBe(429)
		// A new password login gets a new step, not a new allowance.
		const second = await loginAs(owner.email)
		expect(second.status).toBe(200)
		expect((await secondStep(second.json.mfa_token, codeAt(owner.secret))).status).toBe(429)
		// The refused recovery code was not spent.
		expect(await prisma().recoveryCode.count({ where: { customerId: owner.id } })).toBe(10)
		// Another owner is not affected.
		const other = await ownerWithTotp()
		const theirs = await loginAs(other.email)
		expect((await secondStep(theirs.json.mfa_token, codeAt(other.secret))).status).toBe(200)
		// Once the window is over, the right code works again (the step is still usable).
		await prisma().rateLimit.update({
			where: { key: `mfa:acct:${owner.id}` },
			data: { resetAt: new Date(Date.now() - 1000) },
		})
		expect((await secondStep(second.json.mfa_token, codeAt(owner.secret))).status).toBe(200)
	})

	test('right codes do not count: an owner who types them is never slowed down', async () => {
		const owner = await ownerWithTotp()
		for (let i = 0; i < 7; i++) {
			const step = await loginAs(owner.email)
			const code = codeAt(owner.secret, currentStep() + 1)
			expect((await secondStep(step.json.mfa_token, code)).status).toBe(200)
			nextStep()
		}
	})

	test('50 concurrent wrong codes: at most 5 are checked (401), the others 429', async () => {
		const owner = await ownerWithTotp()
		const first = await loginAs(owner.email)
		const wrongCode = codeAt(owner.secret, currentStep() - 6)
		const answers = await Promise.all(
			Array.from({ length: 50 }, () => secondStep(first.json.mfa_token, wrongCode)),
		)
		const statuses = answers.map((answer) => answer.status)
		expect(statuses.filter((status) => status === 401)).toHaveLength(5)
		expect(statuses.filter((status) => status === 429)).toHaveLength(45)
	})

	test('the limit counts codes wherever they are typed: turning off and new recovery codes too', async () => {
		const owner = await ownerWithTotp()
		const wrongCode = codeAt(owner.secret, currentStep() - 6)
		for (let i = 0; i < 3; i++) {
			const answer = await callApi(disable, '/one/account/mfa/disable', {
				token: owner.token,
				body: { password: DEFAULT_PASSWORD, code: wrongCode },
				headers: freshAddress(),
			})
			expect(answer.status).toBe(400)
		}
		for (let i = 0; i < 2; i++) {
			const answer = await callApi(recoveryCodes, '/one/account/mfa/recovery-codes', {
				token: owner.token,
				body: { code: wrongCode },
			})
			expect(answer.status).toBe(400)
		}
		const step = await loginAs(owner.email)
		expect((await secondStep(step.json.mfa_token, codeAt(owner.secret))).status).toBe(429)
	})
})

describe('a password reset with the second factor on', () => {
	test('changes nothing until its second step; then the password, the link and every session', async () => {
		const owner = await ownerWithTotp()
		const other = await loginAs(owner.email)
		const otherSession = await secondStep(other.json.mfa_token, codeAt(owner.secret))
		expect(otherSession.status).toBe(200)
		const { token } = (await createPasswordResetToken(owner.email))!
		const before = await snapshotAccount(owner.id)
		const messagesBefore = await mailTo(owner.email)

		const begun = await callApi(reset, '/one/auth/new/password/reset', {
			body: { token, password: 'a-brand-new-password' },
		})
		expect(begun.status).toBe(200)
		expect(Object.keys(begun.json).sort()).toEqual(['mfa_required', 'mfa_token', 'status'])
		// Nothing changed: password, sessions, the link.
		expect(await snapshotAccount(owner.id)).toEqual(before)
		expect(await findPasswordResetToken(token)).not.toBeNull()
		expect(await sessionWorks(otherSession.json.access_token)).toBe(true)
		expect((await loginAs(owner.email)).status).toBe(200)
		expect((await loginAs(owner.email, 'a-brand-new-password')).status).toBe(401)
		// A wrong code changes nothing either.
		nextStep()
		const wrong = await secondStep(begun.json.mfa_token, codeAt(owner.secret, currentStep() - 5))
		expect(wrong.status).toBe(401)
		expect(await getCredentials(owner.id)).toEqual(before.credentials)
		expect(await mailTo(owner.email)).toEqual(messagesBefore)

		const done = await secondStep(begun.json.mfa_token, codeAt(owner.secret))
		expect(done.status).toBe(200)
		expect(Object.keys(done.json).sort()).toEqual(LOGIN_FIELDS)
		expect(await sessionWorks(done.json.access_token)).toBe(true)
		expect(await sessionWorks(otherSession.json.access_token)).toBe(false)
		expect(await refreshWorks(otherSession.json.refresh_token)).toBe(false)
		expect(await findPasswordResetToken(token)).toBeNull()
		expect((await loginAs(owner.email)).status).toBe(401)
		expect((await loginAs(owner.email, 'a-brand-new-password')).json.mfa_required).toBe(true)
		expect(await mailTo(owner.email)).toContainEqual({
			kind: 'password-changed',
			data: expect.objectContaining({ customerId: owner.id }),
		})
		// The link is spent: it cannot begin another reset.
		const again = await callApi(reset, '/one/auth/new/password/reset', {
			body: { token, password: 'yet-another-password' },
		})
		expect(again.status).toBe(400)
	})

	test('a recovery code completes it too', async () => {
		const owner = await ownerWithTotp()
		const { token } = (await createPasswordResetToken(owner.email))!
		const begun = await callApi(reset, '/one/auth/new/password/reset', {
			body: { token, password: 'a-brand-new-password' },
		})
		expect((await secondStep(begun.json.mfa_token, owner.recoveryCodes[3]!)).status).toBe(200)
		expect((await loginAs(owner.email, 'a-brand-new-password')).status).toBe(200)
	})

	test('a reset link replaced meanwhile: the second step sets nothing (400)', async () => {
		const owner = await ownerWithTotp()
		const { token } = (await createPasswordResetToken(owner.email))!
		const begun = await callApi(reset, '/one/auth/new/password/reset', {
			body: { token, password: 'a-brand-new-password' },
		})
		await createPasswordResetToken(owner.email)
		const done = await secondStep(begun.json.mfa_token, codeAt(owner.secret))
		expect(done.status).toBe(400)
		expect(done.json.message).toMatch(/^token: /)
		expect((await loginAs(owner.email)).status).toBe(200)
	})

	test('owners without the second factor reset as before (SPEC.md answer)', async () => {
		const owner = await createOwner()
		const { token } = (await createPasswordResetToken(owner.email))!
		const done = await callApi(reset, '/one/auth/new/password/reset', {
			body: { token, password: 'a-brand-new-password' },
		})
		expect(done.status).toBe(200)
		expect(Object.keys(done.json).sort()).toEqual(LOGIN_FIELDS)
	})
})

describe('turning the factor off, and new recovery codes', () => {
	test('asks for the password and a code; then login is the password alone again', async () => {
		const owner = await ownerWithTotp()
		const wrongPassword = await callApi(disable, '/one/account/mfa/disable', {
			token: owner.token,
			body: { password: 'not-my-password', code: codeAt(owner.secret) },
			headers: freshAddress(),
		})
		expect(wrongPassword.status).toBe(400)
		expect(wrongPassword.json.message).toBe('password: Your password is not correct.')
		const noCode = await callApi(disable, '/one/account/mfa/disable', {
			token: owner.token,
			body: { password: DEFAULT_PASSWORD },
			headers: freshAddress(),
		})
		expect(noCode.status).toBe(400)
		const wrongCode = await callApi(disable, '/one/account/mfa/disable', {
			token: owner.token,
			body: { password: DEFAULT_PASSWORD, code: codeAt(owner.secret, currentStep() - 5) },
			headers: freshAddress(),
		})
		expect(wrongCode.status).toBe(400)
		expect(wrongCode.json.message).toBe('code: This code is not correct.')
		expect((await factorsOf(owner.token)).totp).toBe(true)

		const off = await callApi(disable, '/one/account/mfa/disable', {
			token: owner.token,
			body: { password: DEFAULT_PASSWORD, code: codeAt(owner.secret) },
			headers: freshAddress(),
		})
		expect(off.status).toBe(200)
		expect(off.json).toEqual({ status: 200, message: 'Two-factor authentication is off.' })
		// Sessions go on; the factor and its recovery codes are gone.
		expect(await sessionWorks(owner.token)).toBe(true)
		expect(await factorsOf(owner.token)).toEqual({
			totp: false,
			passkeys: [],
			recoveryCodesLeft: 0,
		})
		expect(await prisma().recoveryCode.count({ where: { customerId: owner.id } })).toBe(0)
		const plain = await loginAs(owner.email)
		expect(Object.keys(plain.json).sort()).toEqual(LOGIN_FIELDS)
		expect(await mailTo(owner.email)).toContainEqual({
			kind: 'factor-removed',
			data: expect.objectContaining({ factor: 'totp' }),
		})
		const again = await callApi(disable, '/one/account/mfa/disable', {
			token: owner.token,
			body: { password: DEFAULT_PASSWORD, code: codeAt(owner.secret, currentStep() + 1) },
			headers: freshAddress(),
		})
		expect(again.status).toBe(409)
	})

	test('a recovery code turns it off too (a lost phone)', async () => {
		const owner = await ownerWithTotp()
		const off = await callApi(disable, '/one/account/mfa/disable', {
			token: owner.token,
			body: { password: DEFAULT_PASSWORD, code: owner.recoveryCodes[9]! },
			headers: freshAddress(),
		})
		expect(off.status).toBe(200)
	})

	test('new recovery codes need a code; the old ones die', async () => {
		const owner = await ownerWithTotp()
		const none = await callApi(recoveryCodes, '/one/account/mfa/recovery-codes', {
			token: owner.token,
			body: {},
		})
		expect(none.status).toBe(400)
		const made = await callApi(recoveryCodes, '/one/account/mfa/recovery-codes', {
			token: owner.token,
			body: { code: codeAt(owner.secret) },
		})
		expect(made.status).toBe(200)
		const fresh = (made.json.data as { recoveryCodes: string[] }).recoveryCodes
		expect(fresh).toHaveLength(10)
		expect(fresh.some((code) => owner.recoveryCodes.includes(code))).toBe(false)
		const step = await loginAs(owner.email)
		expect((await secondStep(step.json.mfa_token, owner.recoveryCodes[1]!)).status).toBe(401)
		expect((await secondStep(step.json.mfa_token, fresh[0]!)).status).toBe(200)
		// Without the factor on there is nothing to remake.
		const plain = await createOwner()
		const off = await callApi(recoveryCodes, '/one/account/mfa/recovery-codes', {
			token: plain.token,
			body: { code: '123456' },
		})
		expect(off.status).toBe(409)
	})
})

describe('passkeys over the API', () => {
	async function addPasskey(token: string, authenticator: SoftwareAuthenticator, name?: string) {
		const options = await callApi(registerOptions, '/one/account/mfa/passkeys/register/options', {
			token,
			body: {},
		})
		expect(options.status).toBe(200)
		const response = authenticator.create(
			(options.json.data as { options: Parameters<SoftwareAuthenticator['create']>[0] }).options,
		)
		return callApi(registerVerify, '/one/account/mfa/passkeys/register/verify', {
			token,
			body: { response, ...(name ? { name } : {}) },
		})
	}

	async function signIn(authenticator: SoftwareAuthenticator, extra: Record<string, unknown> = {}) {
		const options = await callApi(passkeyOptions, '/one/auth/new/passkey/options', {
			body: {},
			headers: freshAddress(),
		})
		expect(options.status).toBe(200)
		const response = authenticator.get(
			(options.json.data as { options: Parameters<SoftwareAuthenticator['get']>[0] }).options,
		)
		return callApi(passkeyVerify, '/one/auth/new/passkey/verify', {
			body: { response, ...extra },
		})
	}

	test('added, listed, used to sign in with no email typed, renamed, removed with the password', async () => {
		const owner = await createOwner()
		const authenticator = new SoftwareAuthenticator(relyingParty().origin)
		const added = await addPasskey(owner.token, authenticator, 'My laptop')
		expect(added.status).toBe(200)
		const { passkey } = added.json.data as { passkey: { id: string; name: string } }
		expect(passkey).toMatchObject({ name: 'My laptop', lastUsedAt: null })
		// Adding a passkey signs nobody out and adds no step to password logins.
		expect(await sessionWorks(owner.token)).toBe(true)
		expect(Object.keys((await loginAs(owner.email)).json).sort()).toEqual(LOGIN_FIELDS)
		expect(await mailTo(owner.email)).toContainEqual({
			kind: 'factor-added',
			data: expect.objectContaining({ factor: 'passkey', passkey: 'My laptop' }),
		})

		const signedIn = await signIn(authenticator)
		expect(signedIn.status).toBe(200)
		expect(Object.keys(signedIn.json).sort()).toEqual(LOGIN_FIELDS)
		expect(signedIn.json).toMatchObject({ customer_id: owner.id, path: true })
		expect(await sessionWorks(signedIn.json.access_token)).toBe(true)
		const [listed] = (await factorsOf(owner.token)).passkeys
		expect(listed).toMatchObject({ id: passkey.id, name: 'My laptop' })
		expect(Date.parse(listed!.createdAt)).toBeLessThanOrEqual(Date.parse(listed!.lastUsedAt!))

		const renamed = await callApi(renamePasskey, '/one/account/mfa/passkeys/rename', {
			token: owner.token,
			body: { id: passkey.id, name: '  Work phone ' },
		})
		expect(renamed.status).toBe(200)
		expect((renamed.json.data as { passkey: { name: string } }).passkey.name).toBe('Work phone')
		for (const name of ['', ' ', 'x'.repeat(61)]) {
			const bad = await callApi(renamePasskey, '/one/account/mfa/passkeys/rename', {
				token: owner.token,
				body: { id: passkey.id, name },
			})
			expect(bad.status).toBe(400)
		}

		const noProof = await callApi(removePasskey, '/one/account/mfa/passkeys/remove', {
			token: owner.token,
			body: { id: passkey.id },
		})
		expect(noProof.status).toBe(400)
		const wrong = await callApi(removePasskey, '/one/account/mfa/passkeys/remove', {
			token: owner.token,
			body: { id: passkey.id, password: 'not-my-password' },
			headers: freshAddress(),
		})
		expect(wrong.status).toBe(400)
		// A code proves nothing while authenticator codes are off.
		const code = await callApi(removePasskey, '/one/account/mfa/passkeys/remove', {
			token: owner.token,
			body: { id: passkey.id, code: '123456' },
		})
		expect(code.status).toBe(400)
		const removed = await callApi(removePasskey, '/one/account/mfa/passkeys/remove', {
			token: owner.token,
			body: { id: passkey.id, password: DEFAULT_PASSWORD },
			headers: freshAddress(),
		})
		expect(removed.status).toBe(200)
		expect(await sessionWorks(owner.token)).toBe(true)
		expect((await factorsOf(owner.token)).passkeys).toEqual([])
		expect((await signIn(authenticator)).status).toBe(401)
		expect(await mailTo(owner.email)).toContainEqual({
			kind: 'factor-removed',
			data: expect.objectContaining({ factor: 'passkey', passkey: 'Work phone' }),
		})
	})

	test("another owner's passkey: 404 to rename and remove, and nothing changes", async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const authenticator = new SoftwareAuthenticator(relyingParty().origin)
		const { passkey } = (await addPasskey(owner.token, authenticator)).json.data as {
			passkey: { id: string; name: string }
		}
		expect(passkey.name).toBe('Passkey 1')
		const rename = await callApi(renamePasskey, '/one/account/mfa/passkeys/rename', {
			token: other.token,
			body: { id: passkey.id, name: 'Mine now' },
		})
		expect(rename.status).toBe(404)
		const remove = await callApi(removePasskey, '/one/account/mfa/passkeys/remove', {
			token: other.token,
			body: { id: passkey.id, password: DEFAULT_PASSWORD },
			headers: freshAddress(),
		})
		expect(remove.status).toBe(404)
		expect((await factorsOf(owner.token)).passkeys).toMatchObject([{ name: 'Passkey 1' }])
		expect((await factorsOf(other.token)).passkeys).toEqual([])
	})

	test('a passkey is a way in on its own: no second step even with authenticator codes on', async () => {
		const owner = await ownerWithTotp()
		const authenticator = new SoftwareAuthenticator(relyingParty().origin)
		expect((await addPasskey(owner.token, authenticator)).status).toBe(200)
		const signedIn = await signIn(authenticator)
		expect(signedIn.status).toBe(200)
		expect(Object.keys(signedIn.json).sort()).toEqual(LOGIN_FIELDS)
		// And removing one with a code instead of the password.
		const [passkey] = (await factorsOf(owner.token)).passkeys
		const removed = await callApi(removePasskey, '/one/account/mfa/passkeys/remove', {
			token: owner.token,
			body: { id: passkey!.id, code: codeAt(owner.secret) },
		})
		expect(removed.status).toBe(200)
	})

	test("a passkey as the second step of a reset: the same owner's only", async () => {
		const owner = await ownerWithTotp()
		const mine = new SoftwareAuthenticator(relyingParty().origin)
		expect((await addPasskey(owner.token, mine)).status).toBe(200)
		const stranger = await createOwner()
		const theirs = new SoftwareAuthenticator(relyingParty().origin)
		expect((await addPasskey(stranger.token, theirs)).status).toBe(200)

		const { token } = (await createPasswordResetToken(owner.email))!
		const begun = await callApi(reset, '/one/auth/new/password/reset', {
			body: { token, password: 'a-brand-new-password' },
		})
		const foreign = await signIn(theirs, { mfa_token: begun.json.mfa_token })
		expect(foreign.status).toBe(401)
		expect((await loginAs(owner.email)).status).toBe(200)
		const done = await signIn(mine, { mfa_token: begun.json.mfa_token })
		expect(done.status).toBe(200)
		expect(done.json.customer_id).toBe(owner.id)
		expect((await loginAs(owner.email, 'a-brand-new-password')).json.mfa_required).toBe(true)
		expect(await findPasswordResetToken(token)).toBeNull()
	})

	test('a response is good once, and a response of the wrong shape is 400', async () => {
		const owner = await createOwner()
		const authenticator = new SoftwareAuthenticator(relyingParty().origin)
		await addPasskey(owner.token, authenticator)
		const options = await callApi(passkeyOptions, '/one/auth/new/passkey/options', {
			body: {},
			headers: freshAddress(),
		})
		const response = authenticator.get(
			(options.json.data as { options: Parameters<SoftwareAuthenticator['get']>[0] }).options,
		)
		const first = await callApi(passkeyVerify, '/one/auth/new/passkey/verify', {
			body: { response },
		})
		expect(first.status).toBe(200)
		const replay = await callApi(passkeyVerify, '/one/auth/new/passkey/verify', {
			body: { response },
		})
		expect(replay.status).toBe(401)
		for (const body of [
			{},
			{ response: {} },
			{ response: { ...response, type: 'other' } },
			{ response: { ...response, id: 'not base64url!' } },
		]) {
			const bad = await callApi(passkeyVerify, '/one/auth/new/passkey/verify', { body })
			expect(bad.status).toBe(400)
		}
	})

	test('the options of a sign-in are limited per client address', async () => {
		const address = freshAddress()
		let last = 0
		for (let i = 0; i < 121; i++) {
			last = (
				await callApi(passkeyOptions, '/one/auth/new/passkey/options', {
					body: {},
					headers: address,
				})
			).status
		}
		expect(last).toBe(429)
	})
})

describe('the account: emails, export, deletion', () => {
	test('the notices are written in the owner’s language', async () => {
		const owner = await ownerWithTotp()
		await setCustomerLanguage(owner.id, 'ar')
		const step = await loginAs(owner.email)
		expect((await secondStep(step.json.mfa_token, owner.recoveryCodes[0]!)).status).toBe(200)
		const messages = (await pendingMessages()).filter((message) => message.to === owner.email)
		const used = messages.find((message) => message.kind === 'recovery-code-used')!
		const email = (await renderMessage(used as Parameters<typeof renderMessage>[0]))!
		expect(email.subject).toMatch(/[\u0600-\u06ff]/)
		expect(email.subject).not.toContain('recovery')
		expect(email.text).toContain(owner.email)
		expect(email.html).toContain('dir="rtl"')
		await setCustomerLanguage(owner.id, 'en')
		const english = (await renderMessage(used as Parameters<typeof renderMessage>[0]))!
		expect(english.subject).toBe('A recovery code of your Tagg account was used')
		expect(english.text).toContain('You have 9 recovery codes left.')
		const added = messages.find((message) => message.kind === 'factor-added')!
		expect((await renderMessage(added as Parameters<typeof renderMessage>[0]))!.subject).toBe(
			'Two-factor authentication is on for your Tagg account',
		)
	})

	test('neither export holds a secret, a recovery code or a passkey', async () => {
		const owner = await ownerWithTotp()
		const authenticator = new SoftwareAuthenticator(relyingParty().origin)
		const options = await callApi(registerOptions, '/one/account/mfa/passkeys/register/options', {
			token: owner.token,
			body: {},
		})
		await callApi(registerVerify, '/one/account/mfa/passkeys/register/verify', {
			token: owner.token,
			body: {
				response: authenticator.create(
					(options.json.data as { options: Parameters<SoftwareAuthenticator['create']>[0] })
						.options,
				),
			},
		})
		const sealed = (
			await prisma().totpFactor.findUniqueOrThrow({ where: { customerId: owner.id } })
		).secret!
		const hashes = (await prisma().recoveryCode.findMany({ where: { customerId: owner.id } })).map(
			(row) => row.codeHash,
		)
		const secrets = [owner.secret, sealed, authenticator.id, ...hashes]

		const response = await callRoute(exportOwnAccount, '/one/account/export', {
			token: owner.token,
			body: { password: DEFAULT_PASSWORD },
			headers: freshAddress(),
		})
		expect(response.status).toBe(200)
		const owners = readTarGz(Buffer.from(await response.arrayBuffer()))
		const operators = await exportAccountArchive(owner.id, { passwordHash: true })
		const chunks: Buffer[] = []
		for await (const chunk of operators!.archive) chunks.push(chunk as Buffer)
		for (const files of [owners, readTarGz(Buffer.concat(chunks))]) {
			const text = files.map((file) => file.data.toString('latin1')).join('\n')
			for (const secret of secrets) expect(text).not.toContain(secret)
			expect(text).not.toMatch(/totp|recovery|passkey/i)
		}
	})

	test('deleting the account deletes its factors', async () => {
		const owner = await ownerWithTotp()
		const authenticator = new SoftwareAuthenticator(relyingParty().origin)
		const options = await callApi(registerOptions, '/one/account/mfa/passkeys/register/options', {
			token: owner.token,
			body: {},
		})
		await callApi(registerVerify, '/one/account/mfa/passkeys/register/verify', {
			token: owner.token,
			body: {
				response: authenticator.create(
					(options.json.data as { options: Parameters<SoftwareAuthenticator['create']>[0] })
						.options,
				),
			},
		})
		await loginAs(owner.email)
		await callApi(registerOptions, '/one/account/mfa/passkeys/register/options', {
			token: owner.token,
			body: {},
		})
		// A wrong code leaves a counter behind.
		await secondStep((await loginAs(owner.email)).json.mfa_token, '000000')
		const deleted = await callApi(deleteOwnAccount, '/one/account/delete', {
			token: owner.token,
			body: { password: DEFAULT_PASSWORD, path: owner.path },
			headers: freshAddress(),
		})
		expect(deleted.status).toBe(200)
		const where = { where: { customerId: owner.id } }
		expect(await prisma().totpFactor.count(where)).toBe(0)
		expect(await prisma().recoveryCode.count(where)).toBe(0)
		expect(await prisma().passkey.count(where)).toBe(0)
		expect(await prisma().webAuthnChallenge.count(where)).toBe(0)
		expect(await prisma().secondStepToken.count(where)).toBe(0)
		expect(await prisma().rateLimit.count({ where: { key: `mfa:acct:${owner.id}` } })).toBe(0)
		expect(await deleteAccount(owner.id)).toBe(false)
	})
})
