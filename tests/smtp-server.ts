/**
 * A real SMTP server for tests (smtp-server, from the nodemailer project): it accepts every
 * message on 127.0.0.1 and parses it with mailparser, so tests read what an owner's mail program
 * would show. `stop()` and `start()` again on the same port simulate a mail server that goes
 * down and comes back.
 */
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { freePort } from '../server/embedded-db'

export type ReceivedMail = {
	to: string[]
	from: string
	subject: string
	text: string
	html: string
	parsed: ParsedMail
}

export type TestSmtpServer = {
	/** smtp://127.0.0.1:PORT, for SMTP_URL. */
	url: string
	port: number
	messages: ReceivedMail[]
	/** The first message (already received or arriving within `timeoutMs`) that matches. */
	waitFor: (match: (mail: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>
	/** Stops listening (the port stays reserved for `start`). */
	stop: () => Promise<void>
	start: () => Promise<void>
}

const addresses = (value: ParsedMail['to']) =>
	(Array.isArray(value) ? value : value ? [value] : []).flatMap((entry) =>
		entry.value.map((address) => address.address?.toLowerCase() ?? ''),
	)

export async function startTestSmtpServer(port?: number): Promise<TestSmtpServer> {
	const chosen = port ?? (await freePort())
	const messages: ReceivedMail[] = []
	const waiters = new Set<() => void>()
	let server: SMTPServer | undefined

	const create = () =>
		new SMTPServer({
			authOptional: true,
			disabledCommands: ['STARTTLS'],
			logger: false,
			onData(stream, _session, callback) {
				simpleParser(stream).then(
					(parsed) => {
						messages.push({
							to: addresses(parsed.to),
							from: parsed.from?.text ?? '',
							subject: parsed.subject ?? '',
							text: parsed.text ?? '',
							html: typeof parsed.html === 'string' ? parsed.html : '',
							parsed,
						})
						for (const wake of waiters) wake()
						callback()
					},
					(error: Error) => callback(error),
				)
			},
		})

	const start = async () => {
		server = create()
		await new Promise<void>((resolve, reject) => {
			server!.once('error', reject)
			server!.listen(chosen, '127.0.0.1', () => resolve())
		})
	}
	const stop = async () => {
		const current = server
		server = undefined
		if (current) await new Promise<void>((resolve) => current.close(() => resolve()))
	}

	await start()
	return {
		url: `smtp://127.0.0.1:${chosen}`,
		port: chosen,
		messages,
		start,
		stop,
		waitFor(match, timeoutMs = 15_000) {
			return new Promise((resolve, reject) => {
				const check = () => {
					const found = messages.find(match)
					if (!found) return false
					waiters.delete(check)
					clearTimeout(timer)
					resolve(found)
					return true
				}
				const timer = setTimeout(() => {
					waiters.delete(check)
					reject(
						new Error(
							`no matching email within ${timeoutMs} ms (received: ${messages.map((mail) => `${mail.to.join(',')}: ${mail.subject}`).join('; ') || 'none'})`,
						),
					)
				}, timeoutMs)
				if (!check()) waiters.add(check)
			})
		},
	}
}

/** The first http(s) link of a text that goes to `pathname` on the site. */
export function linkIn(text: string, pathname: string) {
	const match = new RegExp(`https?://\\S+${pathname.replace(/[/?]/g, '\\$&')}\\S*`).exec(text)
	if (!match) throw new Error(`no ${pathname} link in:\n${text}`)
	return match[0]
}
