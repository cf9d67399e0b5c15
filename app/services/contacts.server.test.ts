/**
 * The owner hears of contacts by email, through the outbox, against a real SMTP
 * server (smtp-server + mailparser): one contact is one email from Tagg's sender with the visitor
 * as Reply-To, a minute later; several within minutes go in one digest; nothing is told twice
 * (two workers at once); only a verified address gets it; the words are the owner's language.
 * And retention: contacts older than CONTACTS_RETENTION_DAYS are deleted, once across instances.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createOwner } from '#tests/factories'
import { callAction, callApi } from '#tests/route'
import { startTestSmtpServer, type TestSmtpServer } from '#tests/smtp-server'
import { createAccountLinkToken, verifyEmailWithToken } from '~/models/account.server'
import { contactNoticesOn } from '~/models/contact.server'
import { pendingMessages } from '~/models/outbox.server'
import { action as stopAction, loader as stopLoader } from '~/routes/account.notices.$token'
import { loader as readForm } from '~/routes/one.sites.info.general.contact-form'
import { action as updateForm } from '~/routes/one.sites.info.general.contact-form.update'
import { ContactSchema } from '~/utils/contact-schemas'
import { prisma } from '~/utils/db.server'
import { resetEnv } from '~/utils/env.server'
import { closeMailTransport } from '~/utils/mail.server'
import { NOTICE_DELAY_MS, NOTICE_WINDOW_MS, receiveContact } from './contacts.server'
import {
	CONTACTS_PURGE_EVERY_MS,
	processOutbox,
	purgeExpiredContacts,
	type MailLog,
} from './mailer.server'
import { REMOTE_ADDRESS_HEADER } from './rate-limit.server'

let smtp: TestSmtpServer

beforeAll(async () => {
	smtp = await startTestSmtpServer()
	process.env.SMTP_URL = smtp.url
	resetEnv()
})

afterAll(async () => {
	closeMailTransport()
	await smtp.stop()
	delete process.env.SMTP_URL
	resetEnv()
})

afterEach(() => {
	vi.useRealTimers()
})

const silent: MailLog = { info: () => {}, warn: () => {}, error: () => {} }

let counter = 0
async function leave(pname: string, fields: Record<string, unknown>, now = new Date()) {
	const request = new Request('http://tagg.test/one/contacts/x', {
		headers: { [REMOTE_ADDRESS_HEADER]: `198.51.100.${++counter % 250}-${Date.now()}` },
	})
	const input = ContactSchema.parse({ consent: true, ...fields })
	const outcome = await receiveContact(request, pname, input, now)
	expect(outcome).toEqual({ ok: true })
}

/** Runs the outbox as it would run at `at` (messages due by then are sent). */
async function sendAt(at: number) {
	vi.useFakeTimers({ toFake: ['Date'], now: at })
	try {
		await processOutbox(silent)
	} finally {
		vi.useRealTimers()
	}
}

const mailsTo = (email: string) => smtp.messages.filter((mail) => mail.to.includes(email))

describe('the owner’s email', () => {
	test('one contact: an email a minute later, from Tagg, Reply-To the visitor, with every detail', async () => {
		const owner = await createOwner({ name: 'Ada Lovelace' })
		const start = Date.now()
		await leave(owner.path!, {
			name: 'Grace Hopper',
			email: 'grace@example.com',
			phone: '+1 555 010 9999',
			company: 'Navy',
			message: 'Lovely to meet you.\nLet us talk <b>soon</b>.',
		})
		// Not due yet: a burst has a minute to join it.
		await processOutbox(silent)
		expect(mailsTo(owner.email)).toHaveLength(0)
		await sendAt(start + NOTICE_DELAY_MS + 1_000)
		const mail = await smtp.waitFor((message) => message.to.includes(owner.email))
		expect(mail.subject).toBe('Grace Hopper left their details on your Tagg page')
		expect(mail.parsed.from?.value).toEqual([{ name: 'Tagg', address: 'no-reply@tagg.test' }])
		expect(mail.parsed.replyTo?.value).toEqual([
			{ name: 'Grace Hopper', address: 'grace@example.com' },
		])
		expect(mail.text).toContain('Hi Ada,')
		expect(mail.text).toContain('Email: grace@example.com')
		expect(mail.text).toContain('Phone: +1 555 010 9999')
		expect(mail.text).toContain('Company: Navy')
		expect(mail.text).toContain('> Let us talk <b>soon</b>.')
		expect(mail.text).toContain('Reply to this email to write to Grace Hopper.')
		expect(mail.text).toContain('http://tagg.test/builder/contacts')
		// The visitor's words are text in the HTML part, never markup.
		expect(mail.html).toContain('Let us talk &lt;b&gt;soon&lt;/b&gt;.')
		expect(mail.html).not.toContain('<b>soon</b>')
		const contact = await prisma().contact.findFirstOrThrow({ where: { customerId: owner.id } })
		expect(contact.notifiedAt).toBeInstanceOf(Date)
		expect(await pendingMessages()).not.toContainEqual(expect.objectContaining({ to: owner.email }))
	})

	test('several within minutes: the first alone, the others in one digest after the window, without Reply-To', async () => {
		const owner = await createOwner()
		const start = Date.now()
		await leave(owner.path!, { name: 'First Visitor', email: 'first@example.com' }, new Date(start))
		await sendAt(start + NOTICE_DELAY_MS + 1_000)
		await smtp.waitFor((message) => message.to.includes(owner.email))
		for (const name of ['Second Visitor', 'Third Visitor', 'Fourth Visitor'])
			await leave(owner.path!, { name, phone: '5550100999' }, new Date(start + 2 * 60_000))
		// Within the window after the first email: nothing yet.
		await sendAt(start + 5 * 60_000)
		expect(mailsTo(owner.email)).toHaveLength(1)
		await sendAt(start + NOTICE_DELAY_MS + NOTICE_WINDOW_MS + 5_000)
		const digest = await smtp.waitFor(
			(message) => message.to.includes(owner.email) && message.subject.startsWith('3 people'),
		)
		expect(mailsTo(owner.email)).toHaveLength(2)
		expect(digest.subject).toBe('3 people left their details on your Tagg page')
		expect(digest.parsed.replyTo).toBeUndefined()
		for (const name of ['Second Visitor', 'Third Visitor', 'Fourth Visitor'])
			expect(digest.text).toContain(name)
		expect(digest.text).not.toContain('First Visitor')
		expect(await prisma().outboxMessage.count({ where: { to: owner.email } })).toBe(0)
	})

	test('two workers at once tell each contact once', async () => {
		const owner = await createOwner()
		const start = Date.now()
		await leave(owner.path!, { name: 'Only Once', email: 'once@example.com' }, new Date(start))
		// A second notice queued by another instance at the same moment.
		await prisma().outboxMessage.create({
			data: {
				kind: 'contact-received',
				to: owner.email,
				data: { customerId: owner.id },
				nextAttemptAt: new Date(start),
			},
		})
		vi.useFakeTimers({ toFake: ['Date'], now: start + NOTICE_DELAY_MS + 1_000 })
		try {
			await Promise.all([processOutbox(silent), processOutbox(silent)])
		} finally {
			vi.useRealTimers()
		}
		await smtp.waitFor((message) => message.to.includes(owner.email))
		await new Promise((resolve) => setTimeout(resolve, 300))
		expect(mailsTo(owner.email)).toHaveLength(1)
	})

	test('an owner whose address is not verified gets nothing until it is; then one digest of what came meanwhile', async () => {
		const owner = await createOwner({ emailVerified: false })
		const start = Date.now()
		await leave(owner.path!, { name: 'Early Bird', email: 'early@example.com' }, new Date(start))
		await sendAt(start + NOTICE_DELAY_MS + 1_000)
		const notices = () =>
			mailsTo(owner.email).filter((message) => message.subject.includes('details'))
		// The sign-up's verification link went out; no notice did.
		await smtp.waitFor((message) => message.to.includes(owner.email))
		expect(notices()).toHaveLength(0)
		await leave(
			owner.path!,
			{ name: 'Second Wind', email: 'second@example.com' },
			new Date(start + 20 * 60_000),
		)
		await sendAt(start + 40 * 60_000)
		expect(notices()).toHaveLength(0)

		// The owner opens the link of the verification email.
		const link = await createAccountLinkToken(owner.id, 'verify-email', owner.email)
		expect(await verifyEmailWithToken(link!.token)).toEqual({
			customerId: owner.id,
			email: owner.email.toLowerCase(),
		})
		await sendAt(Date.now() + 1_000)
		const digest = await smtp.waitFor(
			(message) => message.to.includes(owner.email) && message.subject.includes('details'),
		)
		expect(digest.text).toContain('Early Bird')
		expect(digest.text).toContain('Second Wind')
		// Told once: another run of the outbox, and the next contact, tell of nothing twice.
		await leave(owner.path!, { name: 'Third', email: 'third@example.com' }, new Date())
		await sendAt(Date.now() + 40 * 60_000)
		const next = await smtp.waitFor(
			(message) => message.to.includes(owner.email) && message.subject.includes('Third'),
		)
		expect(next.text).not.toContain('Early Bird')
		expect(notices()).toHaveLength(2)
	})

	test('each notice stops in one click (RFC 8058), from the mail client or its page; the API turns them on again', async () => {
		const owner = await createOwner({ name: 'Ada' })
		const start = Date.now()
		await leave(owner.path!, { name: 'First Caller', email: 'first@example.com' }, new Date(start))
		await sendAt(start + NOTICE_DELAY_MS + 1_000)
		const mail = await smtp.waitFor(
			(message) => message.to.includes(owner.email) && message.subject.includes('First Caller'),
		)
		const header = (name: string) =>
			mail.parsed.headerLines.find((line) => line.key === name)?.line ?? ''
		expect(header('list-unsubscribe-post')).toBe(
			'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
		)
		expect(header('auto-submitted')).toBe('Auto-Submitted: auto-generated')
		const url = /<([^>]+)>/.exec(header('list-unsubscribe'))?.[1] ?? ''
		expect(url).toMatch(/^http:\/\/tagg\.test\/account\/notices\/[\w.-]+$/)
		const token = url.split('/').pop()!
		const path = new URL(url).pathname

		// Opened (a mail scanner, a browser): it asks, and changes nothing.
		expect((await callAction(stopLoader, path, { params: { token } })).status).toBe(200)
		expect(await contactNoticesOn(owner.id)).toBe(true)
		// Another owner's session token, a token of another kind, a tampered one: refused.
		for (const bad of [owner.token, `${token}x`, 'not-a-token']) {
			const refused = await callAction(stopAction, path, {
				rawBody: 'List-Unsubscribe=One-Click',
				headers: { 'content-type': 'application/x-www-form-urlencoded' },
				params: { token: bad },
			})
			expect(refused.status).toBe(400)
		}
		expect(await contactNoticesOn(owner.id)).toBe(true)
		// The mail client's one-click POST.
		const stopped = await callAction(stopAction, path, {
			rawBody: 'List-Unsubscribe=One-Click',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			params: { token },
		})
		expect(stopped).toEqual({ status: 200, body: { stopped: true } })
		expect(await contactNoticesOn(owner.id)).toBe(false)

		// Stopped: the next contact is on the Contacts page, and no email tells of it, ever.
		await leave(owner.path!, { name: 'Quiet One', email: 'quiet@example.com' }, new Date())
		await sendAt(Date.now() + 40 * 60_000)
		expect(mailsTo(owner.email)).toHaveLength(1)
		const own = await callApi(readForm, '/one/sites/info/general/contact-form', {
			token: owner.token,
		})
		expect(own.json.data).toEqual({ enabled: true, notices: false })
		const turnedOn = await callApi(updateForm, '/one/sites/info/general/contact-form/update', {
			token: owner.token,
			body: { enabled: true, notices: true },
		})
		expect(turnedOn.json.data).toEqual({ enabled: true, notices: true })
		// On again: the next contact is told of, alone.
		await leave(owner.path!, { name: 'Heard Again', email: 'again@example.com' }, new Date())
		await sendAt(Date.now() + 80 * 60_000)
		const again = await smtp.waitFor(
			(message) => message.to.includes(owner.email) && message.subject.includes('Heard Again'),
		)
		expect(again.text).not.toContain('Quiet One')
		// What anyone reads of the form says nothing of the owner's emails.
		const visitor = await callApi(
			readForm,
			`/one/sites/info/general/contact-form?customer_id=${owner.id}`,
		)
		expect(visitor.json.data).toEqual({ enabled: true })
	})

	test('in the owner’s language', async () => {
		const owner = await createOwner({ name: 'Ana' })
		await prisma().customer.update({ where: { id: owner.id }, data: { language: 'es' } })
		const start = Date.now()
		await leave(owner.path!, { name: 'Grace', email: 'grace@example.com' }, new Date(start))
		await sendAt(start + NOTICE_DELAY_MS + 1_000)
		const mail = await smtp.waitFor((message) => message.to.includes(owner.email))
		expect(mail.subject).not.toContain('left their details')
		expect(mail.subject).toContain('Grace')
		expect(mail.text).not.toContain('Someone who visited')
	})
})

describe('retention', () => {
	test('contacts older than CONTACTS_RETENTION_DAYS go; the turn is taken once across instances', async () => {
		process.env.CONTACTS_RETENTION_DAYS = '30'
		resetEnv()
		try {
			const owner = await createOwner()
			const now = Date.now() + 10 * CONTACTS_PURGE_EVERY_MS
			await leave(
				owner.path!,
				{ name: 'Old', email: 'old@example.com' },
				new Date(now - 31 * 86_400_000),
			)
			await leave(
				owner.path!,
				{ name: 'Recent', email: 'recent@example.com' },
				new Date(now - 29 * 86_400_000),
			)
			const deleted = await purgeExpiredContacts(silent, new Date(now))
			expect(deleted).toBeGreaterThanOrEqual(1)
			const left = await prisma().contact.findMany({ where: { customerId: owner.id } })
			expect(left.map((contact) => contact.name)).toEqual(['Recent'])
			// Within the hour, neither this instance nor another runs it again.
			expect(await purgeExpiredContacts(silent, new Date(now + 1_000))).toBeNull()
		} finally {
			delete process.env.CONTACTS_RETENTION_DAYS
			resetEnv()
		}
	})
})
