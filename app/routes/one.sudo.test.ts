/**
 * Sudo mode over the /one API (ARCHITECTURE.md "Sudo mode", docs/decisions/040-sudo-mode.md),
 * against a real PostgreSQL, as an attacker holding a stolen session would try it: a token from
 * a login (no proof since) cannot add a passkey or authenticator codes, or move the page to a
 * domain; a proof (the password, a current code, a passkey) opens 10 minutes for that session
 * only; wrong proofs are limited per account, atomically.
 */
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createOwner, DEFAULT_PASSWORD } from '#tests/factories'
import { callApi, callAction } from '#tests/route'
import { codeAt, currentStep, SoftwareAuthenticator, turnOnTotp } from '#tests/second-factor'
import { pendingMessages } from '~/models/outbox.server'
import { renderMessage } from '~/services/mailer.server'
import { relyingParty } from '~/services/sign-in-factors.server'
import { runForClient } from '~/utils/client-context.server'
import { prisma } from '~/utils/db.server'
import { action as securityAction } from './builder.settings.security'
import { action as updateDomain } from './one.account.domain.update'
import { loader as getFactors } from './one.account.mfa.get'
import { action as registerOptions } from './one.account.mfa.passkeys.register.options'
import { action as registerVerify } from './one.account.mfa.passkeys.register.verify'
import { action as enableTotp } from './one.account.mfa.totp.enable'
import { action as setupTotp } from './one.account.mfa.totp.setup'
import { action as openSudo, loader as readSudo } from './one.account.sudo'
import { action as login } from './one.auth.new.login'
import { action as loginMfa } from './one.auth.new.login.mfa'
import { action as passkeyOptions } from './one.auth.new.passkey.options'
import { action as passkeyVerify } from './one.auth.new.passkey.verify'
import { action as changePassword } from './one.account.password.update'
import { action as remakeRecoveryCodes } from './one.account.mfa.recovery-codes'
import { action as removePasskey } from './one.account.mfa.passkeys.remove'
import { action as disableTotp } from './one.account.mfa.disable'
import { action as refresh } from './refresh'

let addressCounter = 0
const freshAddress = () => ({
	'x-tagg-remote-address': `10.47.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}`,
})

afterEach(() => {
	vi.useRealTimers()
})

/** A session as a login makes it (what a thief of the token holds): no sudo mode. */
async function signIn(email: string, password = DEFAULT_PASSWORD) {
	const answer = await callApi(login, '/one/auth/new/login', {
		body: { email, password },
		headers: freshAddress(),
	})
	expect(answer.status).toBe(200)
	return { token: answer.json.access_token as string, refresh: answer.json.refresh_token as string }
}

const sudo = (token: string, body: Record<string, unknown>) =>
	callApi(openSudo, '/one/account/sudo', { token, body, headers: freshAddress() })

const sudoState = async (token: string) =>
	(await callApi(readSudo, '/one/account/sudo', { token })).json.data as { until: string | null }

const factorsOf = async (token: string) =>
	(await callApi(getFactors, '/one/account/mfa/get', { token })).json.data as {
		totp: boolean
		passkeys: unknown[]
	}

async function addPasskey(token: string, authenticator: SoftwareAuthenticator) {
	const options = await callApi(registerOptions, '/one/account/mfa/passkeys/register/options', {
		token,
		body: {},
	})
	if (options.status !== 200) return options
	return callApi(registerVerify, '/one/account/mfa/passkeys/register/verify', {
		token,
		body: {
			response: authenticator.create(
				(options.json.data as { options: Parameters<SoftwareAuthenticator['create']>[0] }).options,
			),
		},
	})
}

/** A passkey's answer to a fresh sign-in challenge (what the dialog's 'Use a passkey' sends). */
async function passkeyProof(authenticator: SoftwareAuthenticator) {
	const options = await callApi(passkeyOptions, '/one/auth/new/passkey/options', {
		body: {},
		headers: freshAddress(),
	})
	return authenticator.get(
		(options.json.data as { options: Parameters<SoftwareAuthenticator['get']>[0] }).options,
	)
}

const expectSudoRequired = (answer: { status: number; json: Record<string, unknown> }) => {
	expect(answer.status).toBe(403)
	expect(answer.json).toMatchObject({ status: 403, code: 'sudo_required' })
}

describe('a stolen session cannot plant a way back in', () => {
	test('a passkey: 403 sudo_required at both steps, nothing added; the password opens it', async () => {
		const owner = await createOwner()
		const stolen = await signIn(owner.email)
		const authenticator = new SoftwareAuthenticator(relyingParty().origin)
		expectSudoRequired(
			await callApi(registerOptions, '/one/account/mfa/passkeys/register/options', {
				token: stolen.token,
				body: {},
			}),
		)
		// Even with a registration made for a challenge of another session of the owner.
		const other = await createOwner()
		const options = await callApi(registerOptions, '/one/account/mfa/passkeys/register/options', {
			token: other.token,
			body: {},
		})
		expectSudoRequired(
			await callApi(registerVerify, '/one/account/mfa/passkeys/register/verify', {
				token: stolen.token,
				body: {
					response: authenticator.create(
						(options.json.data as { options: Parameters<SoftwareAuthenticator['create']>[0] })
							.options,
					),
				},
			}),
		)
		expect(await prisma().passkey.count({ where: { customerId: owner.id } })).toBe(0)
		expect(await sudoState(stolen.token)).toEqual({ until: null })

		// The owner, with the password: ten minutes, then the passkey is added.
		const wrong = await sudo(stolen.token, { password: 'not-the-password' })
		expect(wrong.status).toBe(400)
		expect(await sudoState(stolen.token)).toEqual({ until: null })
		const before = Date.now()
		const opened = await sudo(stolen.token, { password: DEFAULT_PASSWORD })
		expect(opened.status).toBe(200)
		const until = Date.parse((opened.json.data as { until: string }).until)
		expect(until).toBeGreaterThanOrEqual(before + 10 * 60_000 - 1000)
		expect(until).toBeLessThanOrEqual(Date.now() + 10 * 60_000 + 1000)
		expect((await sudoState(stolen.token)).until).toBe(new Date(until).toISOString())
		expect((await addPasskey(stolen.token, authenticator)).status).toBe(200)
	})

	test('authenticator codes with the thief’s secret: setup and enable are 403, nothing changes', async () => {
		const owner = await createOwner()
		const stolen = await signIn(owner.email)
		expectSudoRequired(
			await callApi(setupTotp, '/one/account/mfa/totp/setup', { token: stolen.token, body: {} }),
		)
		expectSudoRequired(
			await callApi(enableTotp, '/one/account/mfa/totp/enable', {
				token: stolen.token,
				body: { code: '123456' },
			}),
		)
		const row = await prisma().totpFactor.findUnique({ where: { customerId: owner.id } })
		expect(row).toBeNull()
		// The session goes on: nothing else was ended.
		expect((await factorsOf(stolen.token)).totp).toBe(false)
	})

	test('a domain: connecting or changing it is 403 without sudo mode', async () => {
		const owner = await createOwner()
		const stolen = await signIn(owner.email)
		expectSudoRequired(
			await callApi(updateDomain, '/one/account/domain/update', {
				token: stolen.token,
				body: { domain: 'thief.example' },
			}),
		)
		expect(await prisma().domain.count({ where: { customerId: owner.id } })).toBe(0)
	})

	test('the builder answers 403 with what the dialog may offer, and changes nothing', async () => {
		const owner = await createOwner()
		const stolen = await signIn(owner.email)
		const form = new FormData()
		form.set('intent', 'passkey-options')
		const { status, body } = await callAction(securityAction, '/builder/settings/security', {
			token: stolen.token,
			method: 'POST',
			rawBody: form,
		})
		expect(status).toBe(403)
		expect(body).toMatchObject({
			intent: 'passkey-options',
			ok: false,
			error: 'Confirm it’s you to continue.',
			sudo: { totp: false, passkeys: false },
		})
	})
})

describe('sudo mode', () => {
	test('belongs to the session that proved it: another session of the owner, and a new login, have none', async () => {
		const owner = await createOwner()
		const first = await signIn(owner.email)
		const second = await signIn(owner.email)
		expect((await sudo(first.token, { password: DEFAULT_PASSWORD })).status).toBe(200)
		expect((await sudoState(first.token)).until).not.toBeNull()
		expect(await sudoState(second.token)).toEqual({ until: null })
		expect((await sudoState((await signIn(owner.email)).token)).until).toBeNull()
		// Refreshing keeps the session (and what it proved); it does not open it for another.
		const refreshed = await callApi(refresh, '/refresh', {
			body: { refresh_token: first.refresh },
		})
		expect((await sudoState(refreshed.json.access_token as string)).until).not.toBeNull()
		const refreshedSecond = await callApi(refresh, '/refresh', {
			body: { refresh_token: second.refresh },
		})
		expect((await sudoState(refreshedSecond.json.access_token as string)).until).toBeNull()
	})

	test('ends after 10 minutes', async () => {
		const owner = await createOwner()
		const session = await signIn(owner.email)
		expect((await sudo(session.token, { password: DEFAULT_PASSWORD })).status).toBe(200)
		vi.useFakeTimers({
			toFake: ['Date'],
			shouldAdvanceTime: true,
			now: Date.now() + 10 * 60_000 + 5_000,
		})
		expect(await sudoState(session.token)).toEqual({ until: null })
	})

	test('a current code of the authenticator app proves it; a recovery code does not', async () => {
		const owner = await createOwner()
		const { secret, recoveryCodes } = await turnOnTotp(owner.id)
		// Codes on: a login ends with the second step.
		const first = await callApi(login, '/one/auth/new/login', {
			body: { email: owner.email, password: DEFAULT_PASSWORD },
			headers: freshAddress(),
		})
		const signedIn = await callApi(loginMfa, '/one/auth/new/login/mfa', {
			body: { mfa_token: first.json.mfa_token, code: codeAt(secret) },
		})
		const token = signedIn.json.access_token as string
		expect(await sudoState(token)).toEqual({ until: null })
		const recovery = await sudo(token, { code: recoveryCodes[0] })
		expect(recovery.status).toBe(400)
		expect(recovery.json.message).toMatch(/^code: /)
		// The login spent this step's code: the next step's is current too.
		expect((await sudo(token, { code: codeAt(secret, currentStep() + 1) })).status).toBe(200)
	})

	test('one of the owner’s passkeys proves it; another owner’s does not', async () => {
		const owner = await createOwner()
		const mine = new SoftwareAuthenticator(relyingParty().origin)
		expect((await addPasskey(owner.token, mine)).status).toBe(200)
		const stranger = await createOwner()
		const theirs = new SoftwareAuthenticator(relyingParty().origin)
		expect((await addPasskey(stranger.token, theirs)).status).toBe(200)

		const session = await signIn(owner.email)
		const foreign = await sudo(session.token, { response: await passkeyProof(theirs) })
		expect(foreign.status).toBe(400)
		expect(await sudoState(session.token)).toEqual({ until: null })
		const own = await sudo(session.token, { response: await passkeyProof(mine) })
		expect(own.status).toBe(200)
		// A passkey signs in on its own, and its session still has to prove itself.
		const viaPasskey = await callApi(passkeyVerify, '/one/auth/new/passkey/verify', {
			body: { response: await passkeyProof(mine) },
		})
		expect(await sudoState(viaPasskey.json.access_token as string)).toEqual({ until: null })
	})

	test('exactly one proof; an empty body is 400', async () => {
		const owner = await createOwner()
		const session = await signIn(owner.email)
		expect((await sudo(session.token, {})).status).toBe(400)
		expect((await sudo(session.token, { password: DEFAULT_PASSWORD, code: '123456' })).status).toBe(
			400,
		)
		expect(await sudoState(session.token)).toEqual({ until: null })
	})

	test('5 wrong proofs in 15 minutes, then 429 with Retry-After for every try, the right one included', async () => {
		const owner = await createOwner()
		const session = await signIn(owner.email)
		for (let i = 0; i < 5; i++) {
			expect((await sudo(session.token, { password: `wrong-${i}-password` })).status).toBe(400)
		}
		const right = await sudo(session.token, { password: DEFAULT_PASSWORD })
		expect(right.status).toBe(429)
		expect(Number(right.headers.get('Retry-After'))).toBeGreaterThan(0)
		expect(await sudoState(session.token)).toEqual({ until: null })
	})

	test('50 concurrent wrong proofs: at most 5 are checked (400), the others 429', async () => {
		const owner = await createOwner()
		const session = await signIn(owner.email)
		const answers = await Promise.all(
			Array.from({ length: 50 }, (_, i) => sudo(session.token, { password: `wrong-${i}-guess` })),
		)
		const statuses = answers.map((answer) => answer.status)
		expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5)
		expect(statuses.filter((status) => status !== 400).every((status) => status === 429)).toBe(true)
	})

	test('a password change ends the other sessions and what they proved', async () => {
		const owner = await createOwner()
		const thief = await signIn(owner.email)
		expect((await sudo(thief.token, { password: DEFAULT_PASSWORD })).status).toBe(200)
		const mine = await signIn(owner.email)
		const changed = await callApi(changePassword, '/one/account/password/update', {
			token: mine.token,
			body: { currentPassword: DEFAULT_PASSWORD, newPassword: 'a-new-long-password' },
			headers: freshAddress(),
		})
		expect(changed.status).toBe(200)
		expect((await callApi(readSudo, '/one/account/sudo', { token: thief.token })).status).toBe(401)
		const authenticator = new SoftwareAuthenticator(relyingParty().origin)
		expect((await addPasskey(thief.token, authenticator)).status).toBe(401)
		expect(await prisma().passkey.count({ where: { customerId: owner.id } })).toBe(0)
	})
})

describe('the owner hears of every change of their factors at once', () => {
	const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'

	/** The notices queued for `email` since `since`, rendered in English. */
	async function noticesTo(email: string, since: number) {
		const queued = (await pendingMessages()).filter(
			(message) => message.to === email && message.createdAt.getTime() >= since,
		)
		return Promise.all(
			queued.map(async (message) => ({
				kind: message.kind,
				...(await renderMessage(message as Parameters<typeof renderMessage>[0]))!,
			})),
		)
	}

	test('added, removed, new recovery codes, a recovery code spent: what, when (UTC) and from which browser', async () => {
		const owner = await createOwner()
		const since = Date.now() - 1000
		const authenticator = new SoftwareAuthenticator(relyingParty().origin)
		// As the HTTP server runs each request: inside its browser's context.
		await runForClient(FIREFOX, async () => {
			expect((await addPasskey(owner.token, authenticator)).status).toBe(200)
			const setup = await callApi(setupTotp, '/one/account/mfa/totp/setup', {
				token: owner.token,
				body: {},
			})
			const secret = (setup.json.data as { secret: string }).secret
			const on = await callApi(enableTotp, '/one/account/mfa/totp/enable', {
				token: owner.token,
				body: { code: codeAt(secret, currentStep() - 1) },
			})
			expect(on.status).toBe(200)
			const recovery = (on.json.data as { recoveryCodes: string[] }).recoveryCodes
			const token = on.json.access_token as string
			expect(
				(
					await callApi(remakeRecoveryCodes, '/one/account/mfa/recovery-codes', {
						token,
						body: { code: recovery[0] },
					})
				).status,
			).toBe(200)
			const [passkey] = (await factorsOf(token)).passkeys as Array<{ id: string }>
			expect(
				(
					await callApi(removePasskey, '/one/account/mfa/passkeys/remove', {
						token,
						body: { id: passkey!.id, password: DEFAULT_PASSWORD },
						headers: freshAddress(),
					})
				).status,
			).toBe(200)
			expect(
				(
					await callApi(disableTotp, '/one/account/mfa/disable', {
						token,
						body: { password: DEFAULT_PASSWORD, code: codeAt(secret, currentStep() + 1) },
						headers: freshAddress(),
					})
				).status,
			).toBe(200)
		})
		const notices = await noticesTo(owner.email, since)
		expect(notices.map((notice) => notice.subject)).toEqual([
			'A passkey was added to your Tagg account',
			'Two-factor authentication is on for your Tagg account',
			'A recovery code of your Tagg account was used',
			'New recovery codes were made for your Tagg account',
			'A passkey was removed from your Tagg account',
			'Two-factor authentication is off for your Tagg account',
		])
		for (const notice of notices) {
			expect(notice.text, notice.subject).toMatch(
				/This was on .+ \(UTC\), from Firefox on Windows\./,
			)
			expect(notice.text, notice.subject).toContain('/forgot-password')
		}
	})
})
