/**
 * The outbox and its worker against a real SMTP server (smtp-server + mailparser): messages have
 * a text and an HTML part with links on PUBLIC_SITE_URL, in the recipient's language; a mail
 * server that is down delays messages without losing them; two workers never send one message
 * twice; with no SMTP_URL the message is an .eml file whose link is logged, except in production,
 * where the log names the file only and start-up warns that no email is being sent.
 */
import fs from 'node:fs'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createOwner, uniqueEmail } from '#tests/factories'
import { linkIn, startTestSmtpServer, type TestSmtpServer } from '#tests/smtp-server'
import { findPasswordResetToken } from '~/models/account.server'
import { enqueueEmail, pendingMessages } from '~/models/outbox.server'
import { resetPasswordFromLink } from './account-settings.server'
import { prisma } from '~/utils/db.server'
import { resetEnv } from '~/utils/env.server'
import { closeMailTransport } from '~/utils/mail.server'
import { processOutbox, startMailer, type MailLog } from './mailer.server'

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

describe('the outbox worker', () => {
	test('a reset email: text and HTML parts, Tagg wording, a working link on the public site', async () => {
		const owner = await createOwner({ name: 'Ada Lovelace' })
		await enqueueEmail({ kind: 'password-reset', to: owner.email })
		expect(await processOutbox(silent)).toBeGreaterThanOrEqual(1)
		const mail = await smtp.waitFor((message) => message.to.includes(owner.email))
		expect(mail.subject).toBe('Reset your Tagg password')
		expect(mail.parsed.from?.value).toEqual([{ name: 'Tagg', address: 'no-reply@tagg.test' }])
		expect(mail.text).toContain('Hi Ada,')
		expect(mail.text).toContain('It works once, within 30 minutes')
		const link = linkIn(mail.text, '/reset-password?token=')
		expect(link.startsWith('http://tagg.test/reset-password?token=')).toBe(true)
		expect(mail.html).toContain('Choose a new password')
		expect(mail.html).toContain(link.replace(/&/g, '&amp;'))
		const token = new URL(link).searchParams.get('token')!
		expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
		expect(await findPasswordResetToken(token)).toEqual({ customerId: owner.id })
		expect(await resetPasswordFromLink(token, 'a-brand-new-password')).toMatchObject({
			customerId: owner.id,
		})
		expect(
			(await pendingMessages()).filter((message) => message.kind === 'password-reset'),
		).toEqual([])
	})

	test('an unknown email gets nothing, and leaves nothing behind', async () => {
		const nobody = uniqueEmail('nobody')
		await enqueueEmail({ kind: 'password-reset', to: nobody })
		await processOutbox(silent)
		expect((await pendingMessages()).some((message) => message.to === nobody)).toBe(false)
		expect(smtp.messages.some((message) => message.to.includes(nobody))).toBe(false)
	})

	test('several queued resets for one address send one email, with the newest link', async () => {
		const owner = await createOwner()
		for (let i = 0; i < 3; i++) await enqueueEmail({ kind: 'password-reset', to: owner.email })
		await processOutbox(silent)
		expect(smtp.messages.filter((message) => message.to.includes(owner.email))).toHaveLength(1)
	})

	test('resets queued in the same millisecond still send one email', async () => {
		const owner = await createOwner()
		for (let i = 0; i < 3; i++) await enqueueEmail({ kind: 'password-reset', to: owner.email })
		// A double tap on a fast machine: every row has the same time.
		await prisma().outboxMessage.updateMany({
			where: { to: owner.email },
			data: { createdAt: new Date('2026-11-25T12:00:00.000Z') },
		})
		await processOutbox(silent)
		expect(smtp.messages.filter((message) => message.to.includes(owner.email))).toHaveLength(1)
		expect((await pendingMessages()).some((message) => message.to === owner.email)).toBe(false)
	})

	test('SMTP down: the message waits with back-off and is sent once the server is back', async () => {
		const owner = await createOwner()
		await smtp.stop()
		const warnings: string[] = []
		try {
			await enqueueEmail({ kind: 'password-changed', to: owner.email, data: { name: 'Ada' } })
			await processOutbox({ ...silent, warn: (message) => warnings.push(message) })
		} finally {
			await smtp.start()
		}
		const [waiting] = (await pendingMessages()).filter((message) => message.to === owner.email)
		expect(waiting).toMatchObject({ attempts: 1, failedAt: null })
		expect(waiting!.lastError).toBeTruthy()
		expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now())
		expect(warnings.join('\n')).toMatch(/will be retried/)

		// Not due yet: nothing is sent.
		await processOutbox(silent)
		expect(smtp.messages.some((message) => message.to.includes(owner.email))).toBe(false)

		vi.useFakeTimers({ toFake: ['Date'], now: waiting!.nextAttemptAt.getTime() + 10 })
		await processOutbox(silent)
		vi.useRealTimers()
		const mail = await smtp.waitFor((message) => message.to.includes(owner.email))
		expect(mail.subject).toBe('Your Tagg password was changed')
		expect((await pendingMessages()).some((message) => message.to === owner.email)).toBe(false)
	})

	test('two workers at once send each message exactly once', async () => {
		const owners = await Promise.all(Array.from({ length: 6 }, () => createOwner()))
		for (const owner of owners) {
			await enqueueEmail({ kind: 'password-changed', to: owner.email, data: { name: 'X' } })
		}
		await Promise.all([processOutbox(silent), processOutbox(silent), processOutbox(silent)])
		for (const owner of owners) {
			expect(smtp.messages.filter((message) => message.to.includes(owner.email))).toHaveLength(1)
		}
	})
})

describe('in the recipient’s language', () => {
	test('a reset email for an owner whose own language is German is all German', async () => {
		const owner = await createOwner({ name: 'Ada Lovelace' })
		await prisma().customer.update({ where: { id: owner.id }, data: { language: 'de' } })
		await enqueueEmail({ kind: 'password-reset', to: owner.email })
		await processOutbox(silent)
		const mail = await smtp.waitFor((message) => message.to.includes(owner.email))
		expect(mail.subject).toBe('Setzen Sie Ihr Tagg-Passwort zurück')
		expect(mail.text).toContain('Hallo Ada,')
		expect(mail.text).toContain(
			`das Passwort Ihres Tagg-Kontos (${owner.email}) zurückzusetzen. Öffnen Sie diesen Link`,
		)
		expect(mail.text).toContain('Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail')
		expect(mail.html).toMatch(/^<!doctype html>\n<html lang="de">/)
		expect(mail.html).toContain('>Wählen Sie ein neues Passwort</a>')
		expect(mail.html).toContain('Oder fügen Sie diesen Link in Ihren Browser ein:')
		for (const english of ['Reset your', 'Hi Ada', 'Someone, hopefully you', 'Or paste this link'])
			expect(mail.text + mail.html).not.toContain(english)
		// The link works as in English.
		const link = linkIn(mail.text, '/reset-password?token=')
		const token = new URL(link).searchParams.get('token')!
		expect(await findPasswordResetToken(token)).toEqual({ customerId: owner.id })
	})

	test('an owner with no language of their own gets their public pages’ (Arabic: right to left)', async () => {
		const owner = await createOwner({ name: 'ليلى حداد' })
		await prisma().profile.update({ where: { customerId: owner.id }, data: { language: 'ar' } })
		await enqueueEmail({ kind: 'password-reset', to: owner.email })
		await processOutbox(silent)
		const mail = await smtp.waitFor((message) => message.to.includes(owner.email))
		expect(mail.subject).toBe('أعد تعيين كلمة مرور Tagg')
		// Each value keeps its own direction inside the Arabic sentence (isolated).
		expect(mail.text).toContain('مرحبًا \u2068ليلى\u2069،')
		expect(mail.text).toContain(`إعادة تعيين كلمة مرور حسابك على Tagg (\u2068${owner.email}\u2069)`)
		expect(mail.html).toMatch(/^<!doctype html>\n<html lang="ar" dir="rtl">/)
		expect(mail.html).toContain(`<span dir="auto">${owner.email}</span>`)
		expect(mail.html).toContain('>اختر كلمة مرور جديدة</a>')
		expect(mail.html).toContain('text-align:right')
		for (const english of ['Reset your', 'Hi ', 'Someone, hopefully you', 'Or paste this link'])
			expect(mail.text + mail.html).not.toContain(english)
	})

	test('the owner’s own language comes before their pages’; English owners read English', async () => {
		const both = await createOwner({ name: 'Zoé Martin' })
		await prisma().customer.update({ where: { id: both.id }, data: { language: 'fr' } })
		await prisma().profile.update({ where: { customerId: both.id }, data: { language: 'ar' } })
		const english = await createOwner({ name: 'Ada Lovelace' })
		for (const owner of [both, english]) {
			await enqueueEmail({
				kind: 'password-changed',
				to: owner.email,
				data: { name: 'X', customerId: owner.id },
			})
		}
		await processOutbox(silent)
		const french = await smtp.waitFor((message) => message.to.includes(both.email))
		expect(french.subject).toBe('Le mot de passe de votre compte Tagg a été modifié')
		expect(french.text).toContain('Bonjour X,')
		const plain = await smtp.waitFor((message) => message.to.includes(english.email))
		expect(plain.subject).toBe('Your Tagg password was changed')
		expect(plain.text).toContain('Hi X,')
		expect(plain.html).toMatch(/^<!doctype html>\n<html lang="en">/)
	})
})

describe('without SMTP_URL', () => {
	beforeAll(() => {
		delete process.env.SMTP_URL
		resetEnv()
	})
	afterAll(() => {
		process.env.SMTP_URL = smtp.url
		resetEnv()
	})

	test('the message is written as an .eml file under DATA_DIR/mail and its link is logged', async () => {
		const owner = await createOwner()
		const logged: string[] = []
		await enqueueEmail({ kind: 'password-reset', to: owner.email })
		await processOutbox({ ...silent, info: (message) => logged.push(message) })
		const line = logged.find((message) => message.includes(owner.email))!
		expect(line).toMatch(
			/written to .*\.eml; its link: http:\/\/tagg\.test\/reset-password\?token=/,
		)
		const dir = path.join(process.env.DATA_DIR!, 'mail')
		const file = fs
			.readdirSync(dir)
			.find((name) => fs.readFileSync(path.join(dir, name), 'utf8').includes(owner.email))!
		const eml = fs.readFileSync(path.join(dir, file), 'utf8')
		expect(eml).toMatch(/^Content-Type: multipart\/alternative/m)
		expect(eml).toContain('Subject: Reset your Tagg password')
		expect(eml).toMatch(/^Auto-Submitted: auto-generated\r?$/m)
		expect(eml).toMatch(/text\/plain[\s\S]*text\/html/)
	})
})

describe('without SMTP_URL in production', () => {
	const nodeEnv = process.env.NODE_ENV
	beforeAll(() => {
		delete process.env.SMTP_URL
		process.env.NODE_ENV = 'production'
		resetEnv()
	})
	afterAll(() => {
		process.env.NODE_ENV = nodeEnv
		process.env.SMTP_URL = smtp.url
		resetEnv()
	})

	/** Every line the worker logs, at any level. */
	const capture = () => {
		const lines: string[] = []
		const log: MailLog = {
			info: (line) => lines.push(line),
			warn: (line) => lines.push(line),
			error: (line) => lines.push(line),
		}
		return { lines, log }
	}

	test('a reset email: the log names its .eml file and holds no token; the file holds the live link', async () => {
		const owner = await createOwner()
		const { lines, log } = capture()
		await enqueueEmail({ kind: 'password-reset', to: owner.email })
		await processOutbox(log)
		const line = lines.find((text) => text.includes(owner.email))!
		const file = /written to (\S+\.eml)$/.exec(line)?.[1]
		expect(file, line).toBeDefined()
		expect(path.dirname(file!)).toBe(path.join(process.env.DATA_DIR!, 'mail'))

		const mail = await simpleParser(fs.readFileSync(file!))
		const link = linkIn(mail.text ?? '', '/reset-password?token=')
		const token = new URL(link).searchParams.get('token')!
		expect(await findPasswordResetToken(token)).toEqual({ customerId: owner.id })
		const logged = lines.join('\n')
		expect(logged).not.toContain(token)
		expect(logged).not.toContain('token=')
	})

	test('start-up warns once that no email is being sent, and where they are written', async () => {
		const { lines, log } = capture()
		const warnings: string[] = []
		const mailer = startMailer({ ...log, warn: (line) => warnings.push(line) })
		await mailer.stop()
		expect(warnings).toEqual([
			expect.stringContaining('SMTP_URL is not set: no email is being sent'),
		])
		expect(warnings[0]).toContain(path.join(process.env.DATA_DIR!, 'mail'))
		expect(lines.join('\n')).not.toMatch(/links are logged/)
	})
})
