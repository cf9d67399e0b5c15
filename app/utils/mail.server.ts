/**
 * Sending one email. With `SMTP_URL` set, nodemailer hands it to that SMTP server; without it
 * the message is written as an .eml file under `DATA_DIR/mail/` (open it with any mail program),
 * so a newcomer on `npm start` can still follow a password reset link. The outbox
 * (models/outbox.server.ts) decides when to send and retries; this file only delivers.
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { env } from './env.server'

export type Email = {
	to: string
	subject: string
	text: string
	html: string
	/** Where a reply goes (a visitor who left their details); the sender otherwise. */
	replyTo?: { name: string; address: string }
	/**
	 * A notice the owner may stop: the address that stops it, for one-click unsubscribe
	 * (RFC 8058: mail clients show an Unsubscribe button and POST to it).
	 */
	unsubscribe?: string
}

export type Delivery =
	| { ok: true; file?: string }
	/** `permanent`: the server refused this message for good (a 5xx answer); retrying is useless. */
	| { ok: false; permanent: boolean; error: string }

type Transport = ReturnType<typeof nodemailer.createTransport>
let transport: { url: string; transport: Transport } | undefined

function smtpTransport(url: string) {
	if (transport?.url !== url) {
		transport?.transport.close()
		transport = {
			url,
			transport: nodemailer.createTransport({
				url,
				// Fail within seconds when the server is down: the outbox tries again later.
				connectionTimeout: 10_000,
				greetingTimeout: 10_000,
				socketTimeout: 30_000,
			}),
		}
	}
	return transport.transport
}

/** The folder where messages are written when no SMTP server is configured. */
export const mailDir = () => path.join(env().DATA_DIR, 'mail')

export async function deliver(email: Email): Promise<Delivery> {
	const { SMTP_URL, MAIL_FROM } = env()
	const message = {
		from: MAIL_FROM,
		to: email.to,
		subject: email.subject,
		text: email.text,
		html: email.html,
		...(email.replyTo ? { replyTo: email.replyTo } : {}),
		// Every message is sent by the product, none by a person (RFC 3834): auto-responders and
		// vacation replies leave it alone.
		headers: {
			'Auto-Submitted': 'auto-generated',
			...(email.unsubscribe ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
		},
		...(email.unsubscribe ? { list: { unsubscribe: email.unsubscribe } } : {}),
	}
	if (!SMTP_URL) {
		const built = await nodemailer
			.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
			.sendMail(message)
		const dir = mailDir()
		await fs.mkdir(dir, { recursive: true })
		const stamp = new Date().toISOString().replace(/[:.]/g, '-')
		const file = path.join(dir, `${stamp}-${crypto.randomBytes(3).toString('hex')}.eml`)
		await fs.writeFile(file, built.message as Buffer, { mode: 0o600 })
		return { ok: true, file }
	}
	try {
		await smtpTransport(SMTP_URL).sendMail(message)
		return { ok: true }
	} catch (error) {
		const code = (error as { responseCode?: unknown }).responseCode
		return {
			ok: false,
			permanent: typeof code === 'number' && code >= 500,
			error: error instanceof Error ? error.message : String(error),
		}
	}
}

/** Closes the SMTP connection (server shutdown, tests). */
export function closeMailTransport() {
	transport?.transport.close()
	transport = undefined
}
