/**
 * SIGNUPS=open|invite|closed: who may create an account. The /one register call answers 403
 * with the envelope when sign-ups are closed or need an invitation; `npm run admin -- invite`
 * mails a one-time link (written as an .eml file here, with no SMTP_URL); `create` is the way
 * in when they are closed.
 */
import { afterEach, describe, expect, test } from 'vitest'
import { runScript } from '#tests/run-script'
import { callApi, callRoute, makeRequest } from '#tests/route'
import { uniqueEmail } from '#tests/factories'
import { verifyLogin } from '~/models/customer.server'
import { resetEnv } from '~/utils/env.server'
import { action as register } from '~/routes/one.auth.new.register'
import { loader as loginLoader } from '~/routes/login'
import { action as signupAction, loader as signupLoader } from '~/routes/signup'
import {
	INVITE_NOT_USABLE,
	INVITE_OTHER_EMAIL,
	SIGNUPS_BY_INVITE,
	SIGNUPS_CLOSED,
} from '~/services/account.server'

const PASSWORD = 'a-long-enough-password'

function setSignups(mode: string | undefined) {
	if (mode === undefined) delete process.env.SIGNUPS
	else process.env.SIGNUPS = mode
	resetEnv()
}

afterEach(() => setSignups(undefined))

const registerBody = (email: string, invite?: string) => ({
	name: 'Ada Lovelace',
	email,
	password: PASSWORD,
	...(invite ? { invite } : {}),
})

async function pageOf(path: string) {
	return (await signupLoader({ request: makeRequest(path), params: {}, context: {} })) as {
		refusal: string | null
		invite: { token: string; email: string } | null
	}
}

/** `npm run admin -- invite EMAIL`, then the token of the link in the email it wrote. */
async function invite(email: string, env: Record<string, string> = {}) {
	const result = await runScript('admin.ts', ['invite', email], { SIGNUPS: 'invite', ...env })
	expect(result.stderr).toBe('')
	expect(result.code).toBe(0)
	expect(result.stdout).toContain(`Invited ${email.toLowerCase()}`)
	// The outbox may hold other mail (sign-ups' verification links): the invitation's line.
	const line = result.stdout
		.split('\n')
		.find((text) => text.includes(` to ${email.toLowerCase()} `))
	const link = /its link: (\S+)/.exec(line ?? '')?.[1]
	expect(link).toMatch(/\/signup\?invite=[\w-]{40,}$/)
	return new URL(link!).searchParams.get('invite')!
}

async function loginOffersSignup() {
	const data = (await loginLoader({ request: makeRequest('/login'), params: {}, context: {} })) as {
		signupsOpen: boolean
	}
	return data.signupsOpen
}

describe('SIGNUPS', () => {
	test('open (the default): anyone signs up through the API and the page', async () => {
		setSignups(undefined)
		const api = await callApi(register, '/one/auth/new/register', {
			body: registerBody(uniqueEmail('open')),
		})
		expect(api.status).toBe(200)
		expect(await pageOf('/signup')).toEqual({ refusal: null, invite: null })
		expect(await loginOffersSignup()).toBe(true)
	})

	test('closed: the API answers 403 with the envelope, the page says so and has no form, the admin CLI creates owners', async () => {
		setSignups('closed')
		const email = uniqueEmail('closed')
		const api = await callApi(register, '/one/auth/new/register', { body: registerBody(email) })
		expect(api.status).toBe(403)
		expect(api.json).toEqual({ status: 403, message: SIGNUPS_CLOSED })
		expect(await verifyLogin(email, PASSWORD)).toBeNull()
		expect(await pageOf('/signup')).toEqual({ refusal: SIGNUPS_CLOSED, invite: null })
		// The login page no longer offers a sign-up that would be refused.
		expect(await loginOffersSignup()).toBe(false)
		// A form posted anyway (no JavaScript, an old tab) is refused the same way.
		const form = new FormData()
		for (const [name, value] of Object.entries({
			name: 'Ada',
			email,
			password: PASSWORD,
			confirmPassword: PASSWORD,
		}))
			form.set(name, value)
		const posted = (await signupAction({
			request: makeRequest('/signup', { rawBody: form }),
			params: {},
			context: {},
		})) as { result: { error?: Record<string, string[]> } }
		expect(posted.result.error?.['']).toEqual([SIGNUPS_CLOSED])
		expect(await verifyLogin(email, PASSWORD)).toBeNull()

		const created = await runScript('admin.ts', ['create', email, 'Ada Lovelace', PASSWORD], {
			SIGNUPS: 'closed',
		})
		expect(created.code).toBe(0)
		expect(created.stdout).toContain(`Created ${email}`)
		expect(await verifyLogin(email, PASSWORD)).not.toBeNull()
	})

	test('invite: no link, 403; a link from `admin invite` signs up its email once', async () => {
		setSignups('invite')
		const email = uniqueEmail('invited')
		const without = await callApi(register, '/one/auth/new/register', {
			body: registerBody(email),
		})
		expect(without.status).toBe(403)
		expect(without.json).toEqual({ status: 403, message: SIGNUPS_BY_INVITE })
		expect(await pageOf('/signup')).toEqual({ refusal: SIGNUPS_BY_INVITE, invite: null })

		const token = await invite(email)
		// The page fills in the invited email and carries the token in the form.
		expect(await pageOf(`/signup?invite=${token}`)).toEqual({
			refusal: null,
			invite: { token, email },
		})
		// The link is for that email only.
		const other = await callApi(register, '/one/auth/new/register', {
			body: registerBody(uniqueEmail('someone-else'), token),
		})
		expect(other.status).toBe(403)
		expect(other.json).toEqual({ status: 403, message: INVITE_OTHER_EMAIL })

		const signedUp = await callApi(register, '/one/auth/new/register', {
			body: registerBody(email, token),
		})
		expect(signedUp.status).toBe(200)
		expect(signedUp.json.access_token).toEqual(expect.any(String))
		// Spent: a second account, or the page, cannot use it again.
		const again = await callApi(register, '/one/auth/new/register', {
			body: registerBody(uniqueEmail('again'), token),
		})
		expect(again.json).toEqual({ status: 403, message: INVITE_NOT_USABLE })
		expect(await pageOf(`/signup?invite=${token}`)).toEqual({
			refusal: INVITE_NOT_USABLE,
			invite: null,
		})
	})

	test('invite through the signup page form (no JavaScript): the account is made, then set-path', async () => {
		setSignups('invite')
		const email = uniqueEmail('form')
		const token = await invite(email)
		const form = new FormData()
		for (const [name, value] of Object.entries({
			name: 'Grace Hopper',
			email,
			password: PASSWORD,
			confirmPassword: PASSWORD,
			invite: token,
		}))
			form.set(name, value)
		const response = await callRoute(signupAction, '/signup', { rawBody: form })
		expect(response.status).toBe(302)
		expect(response.headers.get('Location')).toBe('/set-path')
		expect(await verifyLogin(email, PASSWORD)).not.toBeNull()
	})

	test('admin invite refuses a bad address and an existing account', async () => {
		const bad = await runScript('admin.ts', ['invite', 'not-an-email'])
		expect(bad.code).toBe(2)
		expect(bad.stderr).toContain('is not an email address')
		const email = uniqueEmail('exists')
		await callApi(register, '/one/auth/new/register', { body: registerBody(email) })
		const taken = await runScript('admin.ts', ['invite', email])
		expect(taken.code).toBe(1)
		expect(taken.stderr).toContain('already has an account')
	})
})
