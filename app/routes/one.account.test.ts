/**
 * Account self-service over the /one API, against a real PostgreSQL: forgot and reset password,
 * change of password and email, ending sessions, deleting an account. Bad input is a 400 with
 * the field named, and changes nothing.
 */
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createOwner, DEFAULT_PASSWORD, snapshotAccount, uniqueEmail } from '#tests/factories'
import { callApi, callRoute } from '#tests/route'
import {
	createEmailChangeToken,
	createPasswordResetToken,
	PASSWORD_RESET_TTL_MS,
} from '~/models/account.server'
import { getCustomerIdByPath } from '~/models/customer.server'
import { pendingMessages } from '~/models/outbox.server'
import { createPortfolio, addPortfolioImageRecord } from '~/models/portfolio.server'
import { storage } from '~/utils/storage.server'
import { FORGOT_PASSWORD_SENT } from '~/utils/settings-schemas'
import { createSession } from '~/services/session.server'
import { action as deleteAccount } from './one.account.delete'
import { action as confirmEmail } from './one.account.email.confirm'
import { action as updateEmail } from './one.account.email.update'
import { action as updatePassword } from './one.account.password.update'
import { action as revokeSessions } from './one.account.sessions.revoke'
import { action as login } from './one.auth.new.login'
import { action as forgot } from './one.auth.new.password.forgot'
import { action as reset } from './one.auth.new.password.reset'
import { loader as session } from './one.auth.new.session'
import { action as refresh } from './refresh'

const from = (ip: string) => ({ 'x-tagg-remote-address': ip })
let addressCounter = 0
const freshAddress = () =>
	from(`10.20.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}`)

afterEach(() => {
	vi.useRealTimers()
})

async function loginAs(email: string, password = DEFAULT_PASSWORD) {
	return callApi(login, '/one/auth/new/login', {
		body: { email, password },
		headers: freshAddress(),
	})
}

const sessionWorks = async (token: string) =>
	(await callApi(session, '/one/auth/new/session', { token })).status === 200
const refreshWorks = async (refreshToken: string) =>
	(await callApi(refresh, '/refresh', { body: { refresh_token: refreshToken } })).status === 200

describe('POST /one/auth/new/password/forgot', () => {
	test('a known and an unknown email get the same answer, and each queues one message', async () => {
		const owner = await createOwner()
		const nobody = uniqueEmail('nobody')
		const known = await callApi(forgot, '/one/auth/new/password/forgot', {
			body: { email: owner.email.toUpperCase() },
			headers: freshAddress(),
		})
		const unknown = await callApi(forgot, '/one/auth/new/password/forgot', {
			body: { email: nobody },
			headers: freshAddress(),
		})
		expect(known.status).toBe(200)
		expect(known.json).toEqual({ status: 200, message: FORGOT_PASSWORD_SENT })
		expect(unknown.status).toBe(known.status)
		expect(unknown.json).toEqual(known.json)
		// The same work for both: the worker finds out later whether there is an account.
		const queued = (await pendingMessages()).filter((message) =>
			[owner.email, nobody].includes(message.to),
		)
		expect(queued.map((message) => [message.kind, message.to]).sort()).toEqual(
			[
				['password-reset', owner.email],
				['password-reset', nobody],
			].sort(),
		)
	})

	test('at most 5 an hour per email: the 6th is 429 with Retry-After', async () => {
		const owner = await createOwner()
		for (let i = 0; i < 5; i++) {
			const { status } = await callApi(forgot, '/one/auth/new/password/forgot', {
				body: { email: owner.email },
				headers: freshAddress(),
			})
			expect(status).toBe(200)
		}
		const blocked = await callApi(forgot, '/one/auth/new/password/forgot', {
			body: { email: owner.email },
			headers: freshAddress(),
		})
		expect(blocked.status).toBe(429)
		expect(blocked.json.status).toBe(429)
		expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(3000)
		expect(Number(blocked.headers.get('Retry-After'))).toBeLessThanOrEqual(3600)
	})

	test('at most 5 an hour per address, whatever the emails', async () => {
		const address = freshAddress()
		for (let i = 0; i < 5; i++) {
			const { status } = await callApi(forgot, '/one/auth/new/password/forgot', {
				body: { email: uniqueEmail() },
				headers: address,
			})
			expect(status).toBe(200)
		}
		const blocked = await callApi(forgot, '/one/auth/new/password/forgot', {
			body: { email: uniqueEmail() },
			headers: address,
		})
		expect(blocked.status).toBe(429)
		expect(blocked.headers.get('Retry-After')).toMatch(/^\d+$/)
	})

	test.each([
		[{ email: 'not-an-email' }, /^email: Enter a valid email address$/],
		[{ email: `${'a'.repeat(250)}@example.com` }, /^email: Enter a valid email address$/],
		[{}, /^email: /],
	])('a malformed email is 400 naming the field (%#)', async (body, message) => {
		const before = (await pendingMessages()).length
		const { status, json } = await callApi(forgot, '/one/auth/new/password/forgot', {
			body,
			headers: freshAddress(),
		})
		expect(status).toBe(400)
		expect(json.message).toMatch(message)
		expect((await pendingMessages()).length).toBe(before)
	})
})

describe('POST /one/auth/new/password/reset', () => {
	test('a link works once: new password, every old session ended, signed in afresh', async () => {
		const owner = await createOwner()
		const old = await loginAs(owner.email)
		const { token } = (await createPasswordResetToken(owner.email))!
		const answer = await callApi(reset, '/one/auth/new/password/reset', {
			body: { token, password: 'a-brand-new-password' },
		})
		expect(answer.status).toBe(200)
		expect(answer.json).toMatchObject({ status: 200, path: true, customer_id: owner.id })
		expect(await sessionWorks(answer.json.access_token as string)).toBe(true)
		expect(await refreshWorks(answer.json.refresh_token as string)).toBe(true)

		// The old session is over at once: its access token and its refresh token.
		expect(await sessionWorks(old.json.access_token as string)).toBe(false)
		expect(await refreshWorks(old.json.refresh_token as string)).toBe(false)
		expect((await loginAs(owner.email)).status).toBe(401)
		expect((await loginAs(owner.email, 'a-brand-new-password')).status).toBe(200)
		expect((await pendingMessages()).some((message) => message.to === owner.email)).toBe(true)

		const again = await callApi(reset, '/one/auth/new/password/reset', {
			body: { token, password: 'yet-another-password' },
		})
		expect(again.status).toBe(400)
		expect(again.json.message).toMatch(/^token: /)
		expect((await loginAs(owner.email, 'a-brand-new-password')).status).toBe(200)
	})

	test('one link sent twice at the same moment: one reset, one refusal, one notice', async () => {
		const owner = await createOwner()
		const { token } = (await createPasswordResetToken(owner.email))!
		const passwords = ['first-new-password', 'second-new-password']
		const answers = await Promise.all(
			passwords.map((password) =>
				callApi(reset, '/one/auth/new/password/reset', { body: { token, password } }),
			),
		)
		expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
		const winner = passwords[answers.findIndex((answer) => answer.status === 200)]
		expect((await loginAs(owner.email, winner)).status).toBe(200)
		const notices = (await pendingMessages()).filter(
			(message) => message.kind === 'password-changed' && message.to === owner.email,
		)
		expect(notices).toHaveLength(1)
	})

	test('a newer request voids the older link', async () => {
		const owner = await createOwner()
		const older = (await createPasswordResetToken(owner.email))!.token
		const newer = (await createPasswordResetToken(owner.email))!.token
		const stale = await callApi(reset, '/one/auth/new/password/reset', {
			body: { token: older, password: 'a-brand-new-password' },
		})
		expect(stale.status).toBe(400)
		const fresh = await callApi(reset, '/one/auth/new/password/reset', {
			body: { token: newer, password: 'a-brand-new-password' },
		})
		expect(fresh.status).toBe(200)
	})

	test('a link is good for 30 minutes', async () => {
		const owner = await createOwner()
		const { token } = (await createPasswordResetToken(owner.email))!
		vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + PASSWORD_RESET_TTL_MS + 1_000 })
		const expired = await callApi(reset, '/one/auth/new/password/reset', {
			body: { token, password: 'a-brand-new-password' },
		})
		vi.useRealTimers()
		expect(expired.status).toBe(400)
		expect((await loginAs(owner.email)).status).toBe(200)
	})

	test.each([
		[{ token: 'short', password: 'a-brand-new-password' }, /^token: /],
		[{ token: 'A'.repeat(43), password: 'a-brand-new-password' }, /^token: /],
		[{ token: '!'.repeat(43), password: 'a-brand-new-password' }, /^token: /],
		[{ password: 'a-brand-new-password' }, /^token: /],
	])('a token of the wrong shape or unknown is 400 (%#)', async (body, message) => {
		const { status, json } = await callApi(reset, '/one/auth/new/password/reset', { body })
		expect(status).toBe(400)
		expect(json.message).toMatch(message)
	})

	test('a password against the signup rules is 400, and the link stays good', async () => {
		const owner = await createOwner()
		const { token } = (await createPasswordResetToken(owner.email))!
		for (const password of ['short', 'x'.repeat(129)]) {
			const { status, json } = await callApi(reset, '/one/auth/new/password/reset', {
				body: { token, password },
			})
			expect(status).toBe(400)
			expect(json.message).toMatch(/^password: Password must be at/)
		}
		const ok = await callApi(reset, '/one/auth/new/password/reset', {
			body: { token, password: 'a-brand-new-password' },
		})
		expect(ok.status).toBe(200)
	})
})

describe('POST /one/account/password/update', () => {
	test('needs the current password; then every other session ends and a notice is queued', async () => {
		const owner = await createOwner()
		const other = await loginAs(owner.email)
		const before = await snapshotAccount(owner.id)

		const wrong = await callApi(updatePassword, '/one/account/password/update', {
			token: owner.token,
			body: { currentPassword: 'not-my-password', newPassword: 'a-brand-new-password' },
			headers: freshAddress(),
		})
		expect(wrong.status).toBe(400)
		expect(wrong.json.message).toBe('currentPassword: Your current password is not correct.')
		const tooShort = await callApi(updatePassword, '/one/account/password/update', {
			token: owner.token,
			body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'short' },
		})
		expect(tooShort.status).toBe(400)
		expect(tooShort.json.message).toMatch(/^newPassword: Password must be at least 8/)
		expect(await snapshotAccount(owner.id)).toEqual(before)

		const ok = await callApi(updatePassword, '/one/account/password/update', {
			token: owner.token,
			body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'a-brand-new-password' },
			headers: freshAddress(),
		})
		expect(ok.status).toBe(200)
		expect(await sessionWorks(ok.json.access_token as string)).toBe(true)
		expect(await sessionWorks(other.json.access_token as string)).toBe(false)
		expect(await refreshWorks(other.json.refresh_token as string)).toBe(false)
		expect((await loginAs(owner.email, 'a-brand-new-password')).status).toBe(200)
		const notices = (await pendingMessages()).filter((message) => message.to === owner.email)
		expect(notices.map((message) => message.kind)).toEqual(['password-changed'])
	})
})

describe('POST /one/account/email/update and /one/account/email/confirm', () => {
	test('a link to the new address; the email changes when it is confirmed, once', async () => {
		const owner = await createOwner()
		const newEmail = uniqueEmail('moved')
		const asked = await callApi(updateEmail, '/one/account/email/update', {
			token: owner.token,
			body: { email: newEmail.toUpperCase(), password: DEFAULT_PASSWORD },
			headers: freshAddress(),
		})
		expect(asked.status).toBe(200)
		expect(asked.json.data).toEqual({ pendingEmail: newEmail })
		// Nothing changes until the link is opened.
		expect((await loginAs(owner.email)).status).toBe(200)
		expect(
			(await pendingMessages()).some(
				(message) => message.kind === 'email-change' && message.to === newEmail,
			),
		).toBe(true)

		const token = await createEmailChangeToken(owner.id, newEmail)
		const confirmed = await callApi(confirmEmail, '/one/account/email/confirm', {
			body: { token },
		})
		expect(confirmed.status).toBe(200)
		expect(confirmed.json).toEqual({ status: 200, data: { email: newEmail } })
		expect((await loginAs(newEmail)).status).toBe(200)
		expect((await loginAs(owner.email)).status).toBe(401)
		// The old address hears about it.
		expect(
			(await pendingMessages()).some(
				(message) => message.kind === 'email-changed' && message.to === owner.email,
			),
		).toBe(true)

		const again = await callApi(confirmEmail, '/one/account/email/confirm', { body: { token } })
		expect(again.status).toBe(400)
	})

	test('one confirmation link opened twice at the same moment changes the email once', async () => {
		const owner = await createOwner()
		const newEmail = uniqueEmail('moved')
		const token = await createEmailChangeToken(owner.id, newEmail)
		const answers = await Promise.all(
			[1, 2].map(() => callApi(confirmEmail, '/one/account/email/confirm', { body: { token } })),
		)
		expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
		expect((await loginAs(newEmail)).status).toBe(200)
		const notices = (await pendingMessages()).filter(
			(message) => message.kind === 'email-changed' && message.to === owner.email,
		)
		expect(notices).toHaveLength(1)
	})

	test('a taken email is 409, the same email or a wrong password 400; nothing changes', async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const before = await snapshotAccount(owner.id)
		const call = (body: Record<string, unknown>) =>
			callApi(updateEmail, '/one/account/email/update', {
				token: owner.token,
				body,
				headers: freshAddress(),
			})
		const taken = await call({ email: other.email, password: DEFAULT_PASSWORD })
		expect(taken.status).toBe(409)
		expect(taken.json.message).toBe('email: An account with this email already exists.')
		const same = await call({ email: owner.email, password: DEFAULT_PASSWORD })
		expect(same.status).toBe(400)
		const wrong = await call({ email: uniqueEmail(), password: 'not-my-password' })
		expect(wrong.status).toBe(400)
		expect(wrong.json.message).toBe('password: Your password is not correct.')
		const malformed = await call({ email: 'nope', password: DEFAULT_PASSWORD })
		expect(malformed.status).toBe(400)
		expect(malformed.json.message).toBe('email: Enter a valid email address')
		const long = await call({ email: uniqueEmail(), password: 'x'.repeat(5000) })
		expect(long.status).toBe(400)
		expect(long.json.message).toMatch(/^password: /)
		expect(await snapshotAccount(owner.id)).toEqual(before)
	})

	test('an address taken between the request and the click is refused at the click', async () => {
		const owner = await createOwner()
		const newEmail = uniqueEmail('contested')
		const token = await createEmailChangeToken(owner.id, newEmail)
		await createOwner({ email: newEmail })
		const answer = await callApi(confirmEmail, '/one/account/email/confirm', { body: { token } })
		expect(answer.status).toBe(409)
		expect((await loginAs(owner.email)).status).toBe(200)
	})
})

describe('POST /one/account/sessions/revoke', () => {
	test('ends every session but the one given; without one, every session', async () => {
		const owner = await createOwner()
		const kept = await loginAs(owner.email)
		const other = await loginAs(owner.email)
		const answer = await callApi(revokeSessions, '/one/account/sessions/revoke', {
			token: kept.json.access_token as string,
			body: { refresh_token: kept.json.refresh_token },
		})
		expect(answer.status).toBe(200)
		expect(await sessionWorks(answer.json.access_token as string)).toBe(true)
		expect(await refreshWorks(kept.json.refresh_token as string)).toBe(true)
		expect(await refreshWorks(other.json.refresh_token as string)).toBe(false)
		expect(await sessionWorks(other.json.access_token as string)).toBe(false)

		const { accessToken, refreshToken } = await createSession(owner.id)
		const all = await callApi(revokeSessions, '/one/account/sessions/revoke', {
			token: accessToken,
			body: {},
		})
		expect(all.status).toBe(200)
		expect(await refreshWorks(refreshToken)).toBe(false)
	})
})

describe('POST /one/account/delete', () => {
	test('needs the password and the address; then every row and object is gone', async () => {
		const owner = await createOwner()
		const item = await createPortfolio(owner.id, { productName: 'Gone soon' })
		const image = await addPortfolioImageRecord(owner.id, item.portfolioId, {})
		await storage().put(image!.key, Buffer.from('image'), 'image/webp')
		await storage().put(`${owner.id}/display-picture.webp`, Buffer.from('me'), 'image/webp')
		const call = (body: Record<string, unknown>) =>
			callApi(deleteAccount, '/one/account/delete', {
				token: owner.token,
				body,
				headers: freshAddress(),
			})
		const before = await snapshotAccount(owner.id)
		const wrongPath = await call({ password: DEFAULT_PASSWORD, path: 'someone-else' })
		expect(wrongPath.status).toBe(400)
		expect(wrongPath.json.message).toMatch(/^path: /)
		const wrongPassword = await call({ password: 'not-my-password', path: owner.path })
		expect(wrongPassword.status).toBe(400)
		expect(wrongPassword.json.message).toBe('password: Your password is not correct.')
		expect(await snapshotAccount(owner.id)).toEqual(before)

		const done = await call({ password: DEFAULT_PASSWORD, path: owner.path!.toLowerCase() })
		expect(done.status).toBe(200)
		expect(done.headers.get('Set-Cookie')).toMatch(/tagg_at=;/)
		expect(await getCustomerIdByPath(owner.path!)).toBeNull()
		expect((await loginAs(owner.email)).status).toBe(401)
		expect(await sessionWorks(owner.token)).toBe(false)
		const left: string[] = []
		for await (const key of storage().list(`${owner.id}/`)) left.push(key)
		expect(left).toEqual([])
		const after = await snapshotAccount(owner.id)
		expect(after).toMatchObject({ email: null, credentials: null, path: null, portfolios: [] })

		// The path is free for someone else at once.
		const next = await createOwner({ path: owner.path! })
		expect(next.path).toBe(owner.path)
	})

	test('a request without a session is 401', async () => {
		const response = await callRoute(deleteAccount, '/one/account/delete', {
			body: { password: DEFAULT_PASSWORD, path: 'x' },
		})
		expect(response.status).toBe(401)
	})
})
