/**
 * Account self-service through the real production server, with a real SMTP server receiving
 * the mail: a forgotten password answers the same, in about the same time, for a known and an
 * unknown email; a reset link works once; a message queued while the mail server is down
 * survives a restart of the app and is sent, once, when the mail server is back, even with two
 * instances running.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { pendingMessages } from '~/models/outbox.server'
import { startAppServer, type AppServer } from './app-server'
import { createOwner, uniqueEmail } from './factories'
import { linkIn, startTestSmtpServer, type TestSmtpServer } from './smtp-server'

let smtp: TestSmtpServer
let app: AppServer | undefined
const dataDirs: string[] = []

function startApp() {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-selfserve-'))
	dataDirs.push(dataDir)
	return startAppServer({
		DATABASE_URL: process.env.DATABASE_URL!,
		DATA_DIR: dataDir,
		SMTP_URL: smtp.url,
	})
}

beforeAll(async () => {
	smtp = await startTestSmtpServer()
	app = await startApp()
}, 60_000)

afterAll(async () => {
	await app?.stop()
	await smtp?.stop()
	for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true })
})

let addressCounter = 1
/** Each request from its own address (the server trusts X-Forwarded-For from loopback). */
function post(base: string, pathname: string, body: unknown) {
	return fetch(`${base}${pathname}`, {
		method: 'POST',
		headers: {
			'Content-Type': 'application/json',
			'X-Forwarded-For': `10.77.${Math.floor(addressCounter / 250)}.${addressCounter++ % 250}`,
		},
		body: JSON.stringify(body),
	})
}

async function timedForgot(email: string) {
	const started = performance.now()
	const response = await post(app!.url, '/one/auth/new/password/forgot', { email })
	const body = await response.text()
	return { status: response.status, body, ms: performance.now() - started }
}

async function until<T>(what: string, check: () => Promise<T | undefined | false>, ms = 20_000) {
	const deadline = Date.now() + ms
	for (;;) {
		const value = await check()
		if (value) return value
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

describe('forgot password over HTTP', () => {
	test('a known and an unknown email: same status, same body, about the same time', async () => {
		// One request per known account (the per-email limit is 5 an hour).
		const owners = await Promise.all(Array.from({ length: 12 }, () => createOwner()))
		await timedForgot(uniqueEmail('warm-up'))
		const known: Awaited<ReturnType<typeof timedForgot>>[] = []
		const unknown: Awaited<ReturnType<typeof timedForgot>>[] = []
		// Interleaved, each kind first in turn, so a slow moment of the machine (or the mail sent
		// after a known one) falls on both alike.
		for (const [index, owner] of owners.entries()) {
			const pair = [() => timedForgot(owner.email), () => timedForgot(uniqueEmail('nobody'))]
			if (index % 2) pair.reverse()
			const [first, second] = [await pair[0]!(), await pair[1]!()]
			known.push(index % 2 ? second : first)
			unknown.push(index % 2 ? first : second)
		}
		for (const answer of [...known, ...unknown]) {
			expect(answer.status).toBe(200)
			expect(answer.body).toBe(known[0]!.body)
		}
		expect(JSON.parse(known[0]!.body)).toEqual({
			status: 200,
			message: 'If an account exists for that email, we have sent a link to reset the password.',
		})
		// The fastest of each kind is its cost without the machine's noise (other processes share
		// these cores). Both do the same work, so they differ by less than a password hash or a
		// mail sent in the request would add.
		const fastest = (answers: typeof known) => Math.min(...answers.map((answer) => answer.ms))
		expect(Math.abs(fastest(known) - fastest(unknown))).toBeLessThan(50)
		// Only the real accounts get mail.
		for (const owner of owners) await smtp.waitFor((mail) => mail.to.includes(owner.email))
	}, 60_000)

	test('a reset link works once; a spent link shows the page that asks again', async () => {
		const owner = await createOwner({ name: 'Grace Hopper' })
		expect(
			(await post(app!.url, '/one/auth/new/password/forgot', { email: owner.email })).status,
		).toBe(200)
		const mail = await smtp.waitFor((message) => message.to.includes(owner.email))
		const link = linkIn(mail.text, '/reset-password?token=')
		expect(link.startsWith(`${app!.url}/reset-password?token=`)).toBe(true)
		const token = new URL(link).searchParams.get('token')

		const page = await fetch(link)
		expect(page.status).toBe(200)
		expect(await page.text()).toContain('Choose a new password')

		const first = await post(app!.url, '/one/auth/new/password/reset', {
			token,
			password: 'a-brand-new-password',
		})
		expect(first.status).toBe(200)
		expect(await first.json()).toMatchObject({ status: 200, path: true, customer_id: owner.id })
		const second = await post(app!.url, '/one/auth/new/password/reset', {
			token,
			password: 'another-new-password',
		})
		expect(second.status).toBe(400)
		const login = await post(app!.url, '/one/auth/new/login', {
			email: owner.email,
			password: 'a-brand-new-password',
		})
		expect(login.status).toBe(200)

		const spent = await fetch(link)
		expect(spent.status).toBe(400)
		const html = await spent.text()
		expect(html).toContain('This link has expired or has already been used.')
		expect(html).toContain('href="/forgot-password"')
		// And the owner hears that the password changed.
		const notice = await smtp.waitFor(
			(message) =>
				message.to.includes(owner.email) && message.subject === 'Your Tagg password was changed',
		)
		expect(notice.text).toContain('Hi Grace,')
	})
})

describe('the outbox across restarts and instances', () => {
	test('queued while SMTP is down, kept through a restart, sent once by two instances', async () => {
		const owners = await Promise.all([createOwner(), createOwner(), createOwner()])
		const emails = owners.map((owner) => owner.email)
		await smtp.stop()
		try {
			for (const email of emails) {
				// The request does not fail because the mail server is down.
				const response = await post(app!.url, '/one/auth/new/password/forgot', { email })
				expect(response.status).toBe(200)
			}
			await until('three failed attempts', async () => {
				const waiting = (await pendingMessages()).filter((message) => emails.includes(message.to))
				return waiting.length === 3 && waiting.every((message) => message.lastError)
			})
			await app!.stop()
			app = undefined
		} finally {
			await smtp.start()
		}
		expect(smtp.messages.filter((mail) => emails.some((email) => mail.to.includes(email)))).toEqual(
			[],
		)

		const [b, c] = await Promise.all([startApp(), startApp()])
		try {
			await until('the outbox to empty', async () =>
				(await pendingMessages()).every((message) => !emails.includes(message.to)),
			)
			for (const email of emails) {
				const received = smtp.messages.filter((mail) => mail.to.includes(email))
				expect(received.map((mail) => mail.subject)).toEqual(['Reset your Tagg password'])
			}
		} finally {
			await Promise.all([b.stop(), c.stop()])
		}
	}, 90_000)
})
