/**
 * Account-takeover attacks, each run as an attacker would run it against the real production
 * server (HTTP, a real SMTP server reading what each mailbox gets):
 * - someone with the owner's password asks to move the account to their own address; the owner
 *   changes the password, signs out every device and resets by email; the pending change must be
 *   dead by then (and the owner is told of the request, with a link that cancels it);
 * - a reset link mailed before a password change or a change of email must not work after it;
 * - bursts of concurrent requests must not get past a limit (login, forgot password);
 * - the email change form must not mail a stranger more than 3 times;
 * - an address nobody verified gets nothing but its verification link and reset links;
 * - the owner's export needs the password and never holds the password hash;
 * - `redirectTo` payloads that normalise to `//host` never leave the site.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { deleteAccount, getCredentials } from '~/models/account.server'
import { bundleFromFiles, importAccount } from '~/models/account-transfer.server'
import { pendingMessages } from '~/models/outbox.server'
import { resendVerification, VERIFY_LIMIT } from '~/services/account-settings.server'
import { readTarGz } from '~/utils/tar.server'
import { startAppServer, type AppServer } from './app-server'
import { createOwner, DEFAULT_PASSWORD, uniqueEmail } from './factories'
import { linkIn, startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from './smtp-server'

let smtp: TestSmtpServer
let app: AppServer
let dataDir: string

beforeAll(async () => {
	smtp = await startTestSmtpServer()
	dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-takeover-'))
	app = await startAppServer({
		DATABASE_URL: process.env.DATABASE_URL!,
		DATA_DIR: dataDir,
		SMTP_URL: smtp.url,
	})
}, 90_000)

afterAll(async () => {
	await app?.stop()
	await smtp?.stop()
	if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

let addressCounter = 1
/** A client address of its own (the server trusts X-Forwarded-For from loopback). */
const newAddress = () => `10.29.${Math.floor(addressCounter / 250) % 250}.${addressCounter++ % 250}`

type Options = { token?: string; address?: string }

async function post(pathname: string, body: unknown, options: Options = {}) {
	const response = await fetch(`${app.url}${pathname}`, {
		method: 'POST',
		headers: {
			'Content-Type': 'application/json',
			'X-Forwarded-For': options.address ?? newAddress(),
			...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
		},
		body: JSON.stringify(body),
	})
	const text = await response.text()
	let json: Record<string, unknown> = {}
	try {
		json = JSON.parse(text) as Record<string, unknown>
	} catch {
		// not JSON
	}
	return { status: response.status, headers: response.headers, json, text }
}

/** A whole-page form post (as a browser without JavaScript sends it), not followed. */
async function postForm(pathname: string, fields: Record<string, string>, options: Options = {}) {
	return fetch(`${app.url}${pathname}`, {
		method: 'POST',
		redirect: 'manual',
		headers: {
			'Content-Type': 'application/x-www-form-urlencoded',
			'X-Forwarded-For': options.address ?? newAddress(),
			...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
		},
		body: new URLSearchParams(fields).toString(),
	})
}

async function login(email: string, password: string, address?: string) {
	return post('/one/auth/new/login', { email, password }, { address })
}

async function accessToken(email: string, password: string) {
	const answer = await login(email, password)
	expect(answer.status).toBe(200)
	return answer.json.access_token as string
}

const mailTo = (email: string, subject: string) =>
	smtp.waitFor((mail) => mail.to.includes(email) && mail.subject === subject, 20_000)

const tokenIn = (mail: ReceivedMail, prefix: string, parameter: string) =>
	new URL(linkIn(mail.text, prefix)).searchParams.get(parameter)!

const received = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email))

/** Waits until no message to any of `emails` waits in the outbox (sent, or dropped). */
async function outboxSettled(...emails: string[]) {
	const deadline = Date.now() + 30_000
	for (;;) {
		const waiting = (await pendingMessages()).filter((message) => emails.includes(message.to))
		if (!waiting.length) return
		if (Date.now() > deadline) throw new Error(`mail to ${emails.join(', ')} still waiting`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

const CONFIRM_SUBJECT = 'Confirm your new email for Tagg'
const REQUESTED_SUBJECT = 'Someone asked to change your Tagg email'
const RESET_SUBJECT = 'Reset your Tagg password'

/**
 * Someone who knows the owner's password asks to move the account to `attackerEmail` and gets
 * the confirmation link in their own mailbox.
 */
async function attackerAsksForChange(owner: { email: string }, attackerEmail: string) {
	const token = await accessToken(owner.email, DEFAULT_PASSWORD)
	const asked = await post(
		'/one/account/email/update',
		{ email: attackerEmail, password: DEFAULT_PASSWORD },
		{ token },
	)
	expect(asked.status).toBe(200)
	const mail = await mailTo(attackerEmail, CONFIRM_SUBJECT)
	return tokenIn(mail, '/confirm-email?token=', 'token')
}

/** The `count + 1`-th message with this subject to `email` (waiting for it to arrive). */
async function nextMail(email: string, subject: string, count: number) {
	await smtp.waitFor(
		() => received(email).filter((mail) => mail.subject === subject).length > count,
		20_000,
	)
	return received(email).filter((mail) => mail.subject === subject)[count]!
}

/** Asks for a reset link for `email` and waits for it: the token. */
async function askForResetLink(email: string) {
	const before = received(email).filter((mail) => mail.subject === RESET_SUBJECT).length
	expect((await post('/one/auth/new/password/forgot', { email })).status).toBe(200)
	return tokenIn(await nextMail(email, RESET_SUBJECT, before), '/reset-password?token=', 'token')
}

async function resetByEmail(email: string, password: string) {
	const token = await askForResetLink(email)
	return post('/one/auth/new/password/reset', { token, password })
}

describe('1. account takeover after "recovery"', () => {
	test('the whole chain: the owner recovers, the attacker link is dead, the owner keeps the account', async () => {
		const owner = await createOwner()
		const attackerEmail = uniqueEmail('attacker')
		const link = await attackerAsksForChange(owner, attackerEmail)

		// The owner is told at once, with a link that cancels the change.
		const told = await mailTo(owner.email, REQUESTED_SUBJECT)
		expect(told.text).toContain(attackerEmail)
		expect(linkIn(told.text, '/confirm-email?cancel=')).toContain('cancel=')

		// The owner does everything the product offers.
		const ownerToken = await accessToken(owner.email, DEFAULT_PASSWORD)
		const changed = await post(
			'/one/account/password/update',
			{ currentPassword: DEFAULT_PASSWORD, newPassword: 'owner-second-password' },
			{ token: ownerToken },
		)
		expect(changed.status).toBe(200)
		const again = await accessToken(owner.email, 'owner-second-password')
		expect((await post('/one/account/sessions/revoke', {}, { token: again })).status).toBe(200)
		expect((await resetByEmail(owner.email, 'owner-third-password')).status).toBe(200)

		// The attacker's link no longer moves the account...
		const confirmed = await post('/one/account/email/confirm', { token: link })
		expect(confirmed.status).toBe(400)
		// ... so a reset asked for the attacker's address reaches nobody,
		expect((await post('/one/auth/new/password/forgot', { email: attackerEmail })).status).toBe(200)
		await outboxSettled(attackerEmail)
		expect(received(attackerEmail).map((mail) => mail.subject)).toEqual([CONFIRM_SUBJECT])
		// ... and the owner keeps the account.
		const ownerLogin = await login(owner.email, 'owner-third-password')
		expect(ownerLogin.status).toBe(200)
		expect(ownerLogin.json.customer_id).toBe(owner.id)
		expect((await login(attackerEmail, 'owner-third-password')).status).toBe(401)
	}, 60_000)

	test.each([
		[
			'a password change',
			async (owner: { email: string }) => {
				const token = await accessToken(owner.email, DEFAULT_PASSWORD)
				const answer = await post(
					'/one/account/password/update',
					{ currentPassword: DEFAULT_PASSWORD, newPassword: 'a-new-owner-password' },
					{ token },
				)
				expect(answer.status).toBe(200)
			},
		],
		[
			'signing out every device',
			async (owner: { email: string }) => {
				const token = await accessToken(owner.email, DEFAULT_PASSWORD)
				expect((await post('/one/account/sessions/revoke', {}, { token })).status).toBe(200)
			},
		],
		[
			'a reset by email',
			async (owner: { email: string }) => {
				expect((await resetByEmail(owner.email, 'a-new-owner-password')).status).toBe(200)
			},
		],
	])(
		'%s alone ends the pending change of email',
		async (_name, secure) => {
			const owner = await createOwner()
			const attackerEmail = uniqueEmail('attacker')
			const link = await attackerAsksForChange(owner, attackerEmail)
			await secure(owner)
			expect((await post('/one/account/email/confirm', { token: link })).status).toBe(400)
			expect((await login(attackerEmail, 'a-new-owner-password')).status).toBe(401)
		},
		60_000,
	)

	test('the link mailed to the current address cancels the change and signs out every device', async () => {
		const owner = await createOwner()
		const attackerEmail = uniqueEmail('attacker')
		const link = await attackerAsksForChange(owner, attackerEmail)
		const attackerSession = await login(owner.email, DEFAULT_PASSWORD)
		const told = await mailTo(owner.email, REQUESTED_SUBJECT)
		const cancelLink = linkIn(told.text, '/confirm-email?cancel=')

		const page = await fetch(cancelLink)
		expect(page.status).toBe(200)
		expect(await page.text()).toContain('Cancel the change of email')
		const cancel = tokenIn(told, '/confirm-email?cancel=', 'cancel')
		const done = await postForm(`/confirm-email?cancel=${cancel}`, {
			intent: 'cancel',
			token: cancel,
		})
		expect(done.status).toBe(302)
		expect(done.headers.get('location')).toBe('/confirm-email?done=cancel')
		const cancelled = await fetch(`${app.url}/confirm-email?done=cancel`)
		expect(await cancelled.text()).toContain('The change is cancelled')

		expect((await post('/one/account/email/confirm', { token: link })).status).toBe(400)
		const session = await fetch(`${app.url}/one/auth/new/session`, {
			headers: { Authorization: `Bearer ${attackerSession.json.access_token as string}` },
		})
		expect(session.status).toBe(401)
		const refresh = await post('/refresh', {
			refresh_token: attackerSession.json.refresh_token,
		})
		expect(refresh.status).toBe(401)
		// Spent: a second click does nothing.
		const twice = await postForm(`/confirm-email?cancel=${cancel}`, {
			intent: 'cancel',
			token: cancel,
		})
		expect(twice.status).toBe(400)
	}, 60_000)

	test('a change still waiting in the outbox is ended too, and no link is ever sent', async () => {
		const owner = await createOwner()
		const attackerEmail = uniqueEmail('attacker')
		const attackerToken = await accessToken(owner.email, DEFAULT_PASSWORD)
		await smtp.stop()
		try {
			const asked = await post(
				'/one/account/email/update',
				{ email: attackerEmail, password: DEFAULT_PASSWORD },
				{ token: attackerToken },
			)
			expect(asked.status).toBe(200)
			expect((await post('/one/auth/new/password/forgot', { email: owner.email })).status).toBe(200)
			const waiting = async () =>
				(await pendingMessages())
					.filter((message) => [owner.email, attackerEmail].includes(message.to))
					.map((message) => message.kind)
					.sort()
			expect(await waiting()).toEqual(['email-change', 'email-change-requested', 'password-reset'])

			const ownerToken = await accessToken(owner.email, DEFAULT_PASSWORD)
			expect((await post('/one/account/sessions/revoke', {}, { token: ownerToken })).status).toBe(
				200,
			)
			// The link to the attacker and the reset link asked for before are no longer waiting;
			// the notice to the owner still is.
			expect(await waiting()).toEqual(['email-change-requested'])
		} finally {
			await smtp.start()
		}
		await mailTo(owner.email, REQUESTED_SUBJECT)
		await outboxSettled(owner.email, attackerEmail)
		expect(received(attackerEmail)).toEqual([])
		expect(received(owner.email).map((mail) => mail.subject)).toEqual([REQUESTED_SUBJECT])
	}, 90_000)
})

describe('2. old reset links', () => {
	test('a link mailed before a password change no longer sets a password', async () => {
		const owner = await createOwner()
		expect((await post('/one/auth/new/password/forgot', { email: owner.email })).status).toBe(200)
		const link = tokenIn(
			await mailTo(owner.email, RESET_SUBJECT),
			'/reset-password?token=',
			'token',
		)
		const token = await accessToken(owner.email, DEFAULT_PASSWORD)
		const changed = await post(
			'/one/account/password/update',
			{ currentPassword: DEFAULT_PASSWORD, newPassword: 'changed-in-settings' },
			{ token },
		)
		expect(changed.status).toBe(200)
		const reset = await post('/one/auth/new/password/reset', { token: link, password: 'old-link' })
		expect(reset.status).toBe(400)
		expect((await login(owner.email, 'changed-in-settings')).status).toBe(200)
	}, 60_000)

	test('a link mailed to the old address no longer works once a new email is confirmed', async () => {
		const owner = await createOwner()
		const newEmail = uniqueEmail('moved')
		expect((await post('/one/auth/new/password/forgot', { email: owner.email })).status).toBe(200)
		const link = tokenIn(
			await mailTo(owner.email, RESET_SUBJECT),
			'/reset-password?token=',
			'token',
		)
		const token = await accessToken(owner.email, DEFAULT_PASSWORD)
		const asked = await post(
			'/one/account/email/update',
			{ email: newEmail, password: DEFAULT_PASSWORD },
			{ token },
		)
		expect(asked.status).toBe(200)
		const confirm = tokenIn(
			await mailTo(newEmail, CONFIRM_SUBJECT),
			'/confirm-email?token=',
			'token',
		)
		const confirmed = await post('/one/account/email/confirm', { token: confirm })
		expect(confirmed.status).toBe(200)
		expect(confirmed.json).toEqual({ status: 200, data: { email: newEmail } })

		const reset = await post('/one/auth/new/password/reset', { token: link, password: 'old-link' })
		expect(reset.status).toBe(400)
		expect((await login(newEmail, DEFAULT_PASSWORD)).status).toBe(200)
		// The confirmed change ended every session made under the old address.
		const session = await fetch(`${app.url}/one/auth/new/session`, {
			headers: { Authorization: `Bearer ${token}` },
		})
		expect(session.status).toBe(401)
	}, 60_000)
})

describe('3. limits that hold under bursts', () => {
	test('40 concurrent wrong passwords for one account from one address: at most 5 are checked', async () => {
		const owner = await createOwner()
		const address = newAddress()
		const answers = await Promise.all(
			Array.from({ length: 40 }, () => login(owner.email, 'not-the-password', address)),
		)
		const checked = answers.filter((answer) => answer.status === 401)
		const throttled = answers.filter((answer) => answer.status === 429)
		expect(checked.length).toBeLessThanOrEqual(5)
		expect(checked.length + throttled.length).toBe(40)
		for (const answer of throttled) {
			expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
			expect(answer.json.message).toBe(
				'Too many login attempts. Please wait a few minutes and try again.',
			)
		}
		// That address is held back; the owner elsewhere is not locked out.
		expect((await login(owner.email, DEFAULT_PASSWORD, address)).status).toBe(429)
		expect((await login(owner.email, DEFAULT_PASSWORD)).status).toBe(200)
	}, 60_000)

	test('50 concurrent forgot-password requests for one email: at most 5 are accepted', async () => {
		const owner = await createOwner()
		const answers = await Promise.all(
			Array.from({ length: 50 }, () =>
				post('/one/auth/new/password/forgot', { email: owner.email }),
			),
		)
		const accepted = answers.filter((answer) => answer.status === 200)
		expect(accepted.length).toBeLessThanOrEqual(5)
		expect(accepted.length).toBeGreaterThan(0)
		for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
			expect(answer.status).toBe(429)
			expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
		}
	}, 60_000)
	test('40 concurrent "send the link again" for one unverified owner: at most 5 links go out', async () => {
		const owner = await createOwner({ emailVerified: false })
		const outcomes = await Promise.all(
			Array.from({ length: 40 }, () => resendVerification(owner.id)),
		)
		const sent = outcomes.filter((outcome) => outcome.ok && !outcome.verified)
		expect(sent.length).toBeLessThanOrEqual(VERIFY_LIMIT.max)
		expect(sent.length).toBeGreaterThan(0)
		for (const outcome of outcomes.filter((candidate) => !candidate.ok)) {
			expect(outcome).toMatchObject({ ok: false, status: 429 })
			expect(outcome.ok === false && outcome.retryAfterSeconds).toBeGreaterThan(0)
		}
		expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(sent.length)
	}, 60_000)
})

describe('4. the email change form is no mail relay', () => {
	test('20 requests naming one stranger: at most 3 emails reach them, the rest are 429', async () => {
		const stranger = uniqueEmail('stranger')
		const owner = await createOwner()
		const token = await accessToken(owner.email, DEFAULT_PASSWORD)
		const statuses: number[] = []
		for (let i = 0; i < 20; i++) {
			const answer = await post(
				'/one/account/email/update',
				{ email: stranger, password: DEFAULT_PASSWORD },
				{ token },
			)
			statuses.push(answer.status)
			if (answer.status === 429)
				expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
		}
		expect(statuses.filter((status) => status === 200)).toHaveLength(3)
		expect(statuses.filter((status) => status === 429)).toHaveLength(17)
		// Another account naming the same stranger the same day is refused too.
		const other = await createOwner()
		const otherToken = await accessToken(other.email, DEFAULT_PASSWORD)
		const more = await post(
			'/one/account/email/update',
			{ email: stranger, password: DEFAULT_PASSWORD },
			{ token: otherToken },
		)
		expect(more.status).toBe(429)
		await outboxSettled(stranger)
		expect(received(stranger).length).toBeLessThanOrEqual(3)
	}, 90_000)

	test('at most 5 requests an hour per account, whatever the addresses', async () => {
		const owner = await createOwner()
		const token = await accessToken(owner.email, DEFAULT_PASSWORD)
		const statuses: number[] = []
		for (let i = 0; i < 7; i++) {
			const answer = await post(
				'/one/account/email/update',
				{ email: uniqueEmail('somewhere'), password: DEFAULT_PASSWORD },
				{ token },
			)
			statuses.push(answer.status)
		}
		expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429])
	}, 60_000)
})

describe('5. an address nobody verified', () => {
	test('gets its verification link and reset links, nothing else, until it is verified', async () => {
		const email = uniqueEmail('unverified')
		const registered = await post('/one/auth/new/register', {
			email,
			password: DEFAULT_PASSWORD,
			name: 'Sam Stranger',
		})
		// SPEC.md's flow is unchanged: a new account has no path yet and goes to /set-path.
		expect(registered.status).toBe(200)
		expect(registered.json.path).toBe(false)
		const token = registered.json.access_token as string
		const verifyMail = await mailTo(email, 'Verify your email for Tagg')
		const verify = tokenIn(verifyMail, '/confirm-email?verify=', 'verify')

		// The builder asks to verify.
		expect(
			(await post('/one/path-name/update', { path: `Sam-${Date.now()}` }, { token })).status,
		).toBe(200)
		const builder = await fetch(`${app.url}/builder`, {
			headers: { Authorization: `Bearer ${token}` },
		})
		expect(builder.status).toBe(200)
		expect(await builder.text()).toContain('Please verify your email')

		// Things that would send notices to a verified address.
		const changed = await post(
			'/one/account/password/update',
			{ currentPassword: DEFAULT_PASSWORD, newPassword: 'second-password' },
			{ token },
		)
		expect(changed.status).toBe(200)
		const token2 = await accessToken(email, 'second-password')
		const elsewhere = uniqueEmail('elsewhere')
		expect(
			(
				await post(
					'/one/account/email/update',
					{ email: elsewhere, password: 'second-password' },
					{ token: token2 },
				)
			).status,
		).toBe(200)
		await outboxSettled(email)
		expect(received(email).map((mail) => mail.subject)).toEqual(['Verify your email for Tagg'])
		// A reset link is still sent.
		const reset = await askForResetLink(email)
		await outboxSettled(email)
		expect(received(email).map((mail) => mail.subject)).toEqual([
			'Verify your email for Tagg',
			RESET_SUBJECT,
		])
		// The reset link came to this address: that verifies it, and notices follow from now on.
		expect(
			(await post('/one/auth/new/password/reset', { token: reset, password: 'third-password' }))
				.status,
		).toBe(200)
		const token3 = await accessToken(email, 'third-password')
		const fourth = await post(
			'/one/account/password/update',
			{ currentPassword: 'third-password', newPassword: 'fourth-password' },
			{ token: token3 },
		)
		expect(fourth.status).toBe(200)
		await mailTo(email, 'Your Tagg password was changed')
		expect(verify).toMatch(/^[\w-]{43}$/)
	}, 90_000)

	test('the verification link verifies; it is sent again at most 5 times an hour', async () => {
		const email = uniqueEmail('verify')
		const registered = await post('/one/auth/new/register', {
			email,
			password: DEFAULT_PASSWORD,
			name: 'Vera Fied',
		})
		expect(registered.status).toBe(200)
		const token = registered.json.access_token as string
		await mailTo(email, 'Verify your email for Tagg')
		// Settings live in the builder, which needs a claimed address.
		expect(
			(await post('/one/path-name/update', { path: `Vera-${Date.now()}` }, { token })).status,
		).toBe(200)
		const statuses: number[] = []
		for (let i = 0; i < 6; i++) {
			const answer = await postForm('/builder/settings', { intent: 'verify' }, { token })
			statuses.push(answer.status)
			if (answer.status === 429)
				expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
		}
		expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
		await outboxSettled(email)
		const links = received(email).filter((mail) => mail.subject === 'Verify your email for Tagg')
		expect(links.length).toBeGreaterThanOrEqual(2)
		expect(links.length).toBeLessThanOrEqual(6)
		const last = tokenIn(links.at(-1)!, '/confirm-email?verify=', 'verify')

		const page = await fetch(`${app.url}/confirm-email?verify=${last}`)
		expect(page.status).toBe(200)
		expect(await page.text()).toContain('Verify my email')
		const done = await postForm(`/confirm-email?verify=${last}`, { intent: 'verify', token: last })
		expect(done.status).toBe(302)
		expect(done.headers.get('location')).toBe('/confirm-email?done=verify')
		// Spent: the link cannot be used twice.
		const twice = await postForm(`/confirm-email?verify=${last}`, { intent: 'verify', token: last })
		expect(twice.status).toBe(400)
		// Now it hears about changes.
		const changed = await post(
			'/one/account/password/update',
			{ currentPassword: DEFAULT_PASSWORD, newPassword: 'verified-password' },
			{ token },
		)
		expect(changed.status).toBe(200)
		await mailTo(email, 'Your Tagg password was changed')
	}, 90_000)
})

describe('5b. the export and the password hash', () => {
	test('the export needs the password, holds no hash, and its import asks for a password by email', async () => {
		const owner = await createOwner({ name: 'Ada Export' })
		const token = await accessToken(owner.email, DEFAULT_PASSWORD)
		const { passwordHash } = (await getCredentials(owner.id))!

		const get = await fetch(`${app.url}/one/account/export`, {
			headers: { Authorization: `Bearer ${token}` },
		})
		expect(get.status).toBe(405)
		expect(get.headers.get('allow')).toBe('POST')
		expect((await post('/one/account/export', {}, { token })).status).toBe(400)
		const wrong = await post('/one/account/export', { password: 'not-it' }, { token })
		expect(wrong.status).toBe(400)
		expect(wrong.json.message).toBe('password: Your password is not correct.')

		const response = await fetch(`${app.url}/one/account/export`, {
			method: 'POST',
			headers: {
				'Content-Type': 'application/json',
				Authorization: `Bearer ${token}`,
				'X-Forwarded-For': newAddress(),
			},
			body: JSON.stringify({ password: DEFAULT_PASSWORD }),
		})
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('application/gzip')
		const archive = Buffer.from(await response.arrayBuffer())
		expect(zlib.gunzipSync(archive).includes(passwordHash)).toBe(false)
		const files = readTarGz(archive)
		const document = JSON.parse(files[0]!.data.toString('utf8')) as {
			account: Record<string, unknown>
		}
		expect(document.account.email).toBe(owner.email)
		expect(document.account).not.toHaveProperty('passwordHash')

		// Moved to a deployment (here: the same one, after the account is deleted).
		await deleteAccount(owner.id)
		const imported = await importAccount(await bundleFromFiles(files), { path: null })
		expect(imported.passwordLinkSent).toBe(true)
		expect((await login(owner.email, DEFAULT_PASSWORD)).status).toBe(401)
		// The import ran here, not in the server: any request that queues mail wakes its worker.
		await post('/one/auth/new/password/forgot', { email: uniqueEmail('wake-up') })
		const mail = await mailTo(owner.email, 'Choose a password for your Tagg account')
		const link = tokenIn(mail, '/reset-password?token=', 'token')
		const reset = await post('/one/auth/new/password/reset', {
			token: link,
			password: 'chosen-after-import',
		})
		expect(reset.status).toBe(200)
		expect(reset.json.customer_id).toBe(imported.customerId)
		expect((await login(owner.email, 'chosen-after-import')).status).toBe(200)
	}, 90_000)

	test('Settings: the download asks for the password and says why it was refused', async () => {
		const owner = await createOwner()
		const token = await accessToken(owner.email, DEFAULT_PASSWORD)
		const refused = await postForm('/builder/settings/export', { password: 'nope' }, { token })
		expect(refused.status).toBe(302)
		expect(refused.headers.get('location')).toBe('/builder/settings?export=wrong#data')
		const page = await fetch(`${app.url}/builder/settings?export=wrong`, {
			headers: { Authorization: `Bearer ${token}` },
		})
		expect(await page.text()).toContain(
			'Your data was not downloaded: Your password is not correct.',
		)
		const download = await postForm(
			'/builder/settings/export',
			{ password: DEFAULT_PASSWORD },
			{ token },
		)
		expect(download.status).toBe(200)
		expect(download.headers.get('content-disposition')).toBe(
			`attachment; filename="${owner.path}-tagg-export.tar.gz"`,
		)
		const files = readTarGz(Buffer.from(await download.arrayBuffer()))
		const document = JSON.parse(files[0]!.data.toString('utf8')) as {
			account: Record<string, unknown>
		}
		expect(document.account).not.toHaveProperty('passwordHash')
	}, 60_000)
})

describe('6. redirect targets', () => {
	const PAYLOADS = [
		'/.//evil.example',
		'/..//evil.example',
		'/%2e//evil.example',
		'/a/..//evil.example',
		'/.%2e//evil.example',
		'/%2E%2E//evil.example',
		'/./\\evil.example',
	]

	test.each(PAYLOADS)('POST /login with redirectTo %s stays on this site', async (payload) => {
		const owner = await createOwner()
		const answer = await postForm('/login', {
			email: owner.email,
			password: DEFAULT_PASSWORD,
			redirectTo: payload,
		})
		expect([302, 303]).toContain(answer.status)
		const location = answer.headers.get('location')!
		expect(location).toBe('/builder')
		expect(new URL(location, app.url).origin).toBe(app.url)
	})

	test('a same-site page asked for is still where logging in leads', async () => {
		const owner = await createOwner()
		const answer = await postForm('/login', {
			email: owner.email,
			password: DEFAULT_PASSWORD,
			redirectTo: '/builder/./settings?tab=1',
		})
		expect(answer.headers.get('location')).toBe('/builder/settings?tab=1')
	})
})
