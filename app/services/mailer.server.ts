/**
 * The outbox worker: every app instance runs one (server/main.ts starts it). It sends due
 * messages one at a time, wakes at once when this instance queues a message, and otherwise
 * sleeps until the next retry is due (30 s at most, to pick up messages queued elsewhere).
 *
 * Messages are rendered when they are sent: a reset or confirmation link (and its token) is made
 * at that moment, so the outbox never holds a usable link, and the words are in the recipient's
 * language as it is then (messageLocale). A failed send never fails the request that queued it.
 */
import cluster from 'node:cluster'
import {
	addressMayBeNotified,
	createAccountLinkToken,
	createEmailChangeToken,
	createPasswordResetToken,
	getAccount,
	mayNotify,
	SET_PASSWORD_TTL_MS,
} from '~/models/account.server'
import { createSignupInvite } from '~/models/invite.server'
import { claimContactsForNotice, deleteContactsBefore } from '~/models/contact.server'
import { unsubscribeUrl } from './contact-notices.server'
import { claimJobTurn } from '~/models/job-lease.server'
import {
	claimNextMessage,
	completeMessage,
	failMessage,
	hasNewerMessage,
	messageLocale,
	nextDueAt,
	SENT_TO_UNVERIFIED,
	type OutboxMessage,
} from '~/models/outbox.server'
import {
	domainFailingEmail,
	emailChangedEmail,
	emailChangeEmail,
	emailChangeRequestedEmail,
	contactNoticeEmail,
	factorAddedEmail,
	factorRemovedEmail,
	passwordChangedEmail,
	recoveryCodeUsedEmail,
	passwordResetEmail,
	setPasswordEmail,
	signupInviteEmail,
	siteUrl,
	verifyEmailEmail,
	type FactorAdded,
	type FactorChange,
	type FactorRemoved,
	type RenderedEmail,
} from '~/utils/emails.server'
import { env } from '~/utils/env.server'
import { serverI18n } from '~/utils/i18n.server'
import { deliver, type Email } from '~/utils/mail.server'

export type MailLog = {
	info: (message: string) => void
	warn: (message: string) => void
	error: (message: string) => void
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

const oneOf = <T extends string>(value: unknown, allowed: readonly T[]) =>
	allowed.find((item) => item === value)

/**
 * Whether a message may go out: links to an address that is not verified yet are limited to
 * {@link SENT_TO_UNVERIFIED}; anything else needs the owner it is about (`data.customerId`, else
 * the owner of the address) to have a verified address.
 */
async function mayBeSent(message: OutboxMessage) {
	if (SENT_TO_UNVERIFIED.has(message.kind)) return true
	const customerId = text(message.data.customerId)
	return customerId ? mayNotify(customerId) : addressMayBeNotified(message.to)
}

/**
 * The email a message stands for, with the link it carries (for the log when mail goes to
 * files outside production), or null when there is nothing to send any more (no such account,
 * a newer request, credentials changed since it was asked for, an address not verified yet).
 */
export async function renderMessage(
	message: OutboxMessage,
): Promise<
	(RenderedEmail & { link?: string; replyTo?: Email['replyTo']; unsubscribe?: string }) | null
> {
	const data = message.data
	// Contacts that come while the owner's address is not verified stay unclaimed: the address's
	// verification queues one notice of them all (app/models/account.server.ts).
	if (!(await mayBeSent(message))) return null
	const i18n = serverI18n(await messageLocale(message))
	switch (message.kind) {
		case 'password-reset':
		case 'set-password': {
			if (await hasNewerMessage(message)) return null
			const imported = message.kind === 'set-password'
			const created = await createPasswordResetToken(
				message.to,
				message.createdAt,
				imported ? SET_PASSWORD_TTL_MS : undefined,
			)
			if (!created) return null
			const link = siteUrl(`/reset-password?token=${created.token}`)
			const input = { name: created.customer.name, email: created.customer.email, link }
			return {
				...(imported ? setPasswordEmail(i18n, input) : passwordResetEmail(i18n, input)),
				link,
			}
		}
		case 'email-change': {
			const customerId = text(data.customerId)
			const account = customerId ? await getAccount(customerId) : null
			if (!account) return null
			const token = await createEmailChangeToken(account.id, message.to, message.createdAt)
			if (!token) return null
			const link = siteUrl(`/confirm-email?token=${token}`)
			return { ...emailChangeEmail(i18n, { name: account.name, newEmail: message.to, link }), link }
		}
		case 'signup-invite': {
			const token = await createSignupInvite(message.to)
			const link = siteUrl(`/signup?invite=${token}`)
			return { ...signupInviteEmail(i18n, { email: message.to, link }), link }
		}
		case 'email-change-requested': {
			const customerId = text(data.customerId)
			const created = customerId
				? await createAccountLinkToken(customerId, 'cancel-email-change', message.to)
				: null
			if (!created) return null
			const link = siteUrl(`/confirm-email?cancel=${created.token}`)
			return {
				...emailChangeRequestedEmail(i18n, {
					name: created.name,
					newEmail: text(data.newEmail) ?? '',
					link,
				}),
				link,
			}
		}
		case 'verify-email': {
			if (await hasNewerMessage(message)) return null
			const customerId = text(data.customerId)
			const created = customerId
				? await createAccountLinkToken(customerId, 'verify-email', message.to)
				: null
			if (!created) return null
			const link = siteUrl(`/confirm-email?verify=${created.token}`)
			return { ...verifyEmailEmail(i18n, { name: created.name, email: message.to, link }), link }
		}
		case 'password-changed':
			return passwordChangedEmail(i18n, { name: text(data.name), email: message.to })
		case 'email-changed':
			return emailChangedEmail(i18n, { name: text(data.name), newEmail: text(data.newEmail) ?? '' })
		case 'factor-added': {
			const factor = oneOf<FactorAdded>(data.factor, [
				'totp',
				'totp-changed',
				'passkey',
				'recovery-codes',
			])
			if (!factor) return null
			return factorAddedEmail(i18n, {
				name: text(data.name),
				email: message.to,
				factor,
				passkey: text(data.passkey),
				...changeOf(data),
			})
		}
		case 'factor-removed': {
			const factor = oneOf<FactorRemoved>(data.factor, ['totp', 'passkey', 'all'])
			if (!factor) return null
			return factorRemovedEmail(i18n, {
				name: text(data.name),
				email: message.to,
				factor,
				passkey: text(data.passkey),
				...changeOf(data),
			})
		}
		case 'contact-received': {
			const customerId = text(data.customerId)
			const account = customerId ? await getAccount(customerId) : null
			// The address changed since: the next contact's notice goes to the new one.
			if (!account || account.email !== message.to) return null
			const contacts = await claimContactsForNotice(account.id, message.id, new Date())
			// Stopped by the owner: what came meanwhile is in the builder, never told of later.
			if (!account.contactNotices) return null
			if (!contacts.length) return null
			const reachable = contacts.filter((contact) => contact.email)
			const replyTo =
				contacts.length === 1 && reachable[0]?.email
					? { name: reachable[0].name, address: reachable[0].email }
					: undefined
			return {
				...contactNoticeEmail(i18n, {
					name: account.name,
					contacts: contacts.map((contact) => ({
						...contact,
						createdAt: new Date(contact.createdAt),
					})),
					replyTo: Boolean(replyTo),
				}),
				replyTo,
				unsubscribe: unsubscribeUrl(account.id),
			}
		}
		case 'recovery-code-used':
			return recoveryCodeUsedEmail(i18n, {
				name: text(data.name),
				email: message.to,
				left: typeof data.left === 'number' ? data.left : 0,
				...changeOf(data),
			})
		case 'domain-failing':
			return domainFailingEmail(i18n, {
				name: text(data.name),
				domain: text(data.domain) ?? '',
				record: text(data.record) ?? '',
				token: text(data.token) ?? '',
			})
		default:
			return null
	}
}

/** Sends every message that is due now; answers how many were handled. */
export async function processOutbox(log?: MailLog) {
	let handled = 0
	for (let message = await claimNextMessage(); message; message = await claimNextMessage()) {
		handled++
		let email
		try {
			email = await renderMessage(message)
		} catch (error) {
			await failMessage(message, (error as Error).message, false)
			log?.warn(`could not prepare the ${message.kind} email: ${(error as Error).message}`)
			continue
		}
		if (!email) {
			await completeMessage(message.id)
			continue
		}
		const delivery = await deliver({
			to: message.to,
			subject: email.subject,
			text: email.text,
			html: email.html,
			replyTo: email.replyTo,
			unsubscribe: email.unsubscribe,
		}).catch((error: Error) => ({
			ok: false as const,
			permanent: false,
			error: error.message,
		}))
		if (delivery.ok) {
			await completeMessage(message.id)
			if (delivery.file) {
				// The link is a live credential (a reset, a confirmation): in production the log goes
				// to a log store others read, so it names only the file; elsewhere it saves opening it.
				const link = email.link && !env().isProduction ? `; its link: ${email.link}` : ''
				log?.info(`email "${email.subject}" to ${message.to} written to ${delivery.file}${link}`)
			} else {
				log?.info(`email "${email.subject}" sent to ${message.to}`)
			}
		} else {
			const { gaveUp } = await failMessage(message, delivery.error, delivery.permanent)
			const what = `sending "${email.subject}" to ${message.to} failed (attempt ${message.attempts}): ${delivery.error}`
			if (gaveUp) log?.error(`${what}; given up`)
			else log?.warn(`${what}; it will be retried`)
		}
	}
	return handled
}

/** How often the retention of contacts runs (once across instances: a job lease). */
export const CONTACTS_PURGE_EVERY_MS = 60 * 60_000
let lastContactsPurge = 0

/**
 * Deletes the contacts older than CONTACTS_RETENTION_DAYS: an hourly turn that one
 * instance takes (app/models/job-lease.server.ts), run from this worker's rounds (every instance
 * runs one, at least every 30 s). Answers how many were deleted (null: not this instance's turn).
 */
export async function purgeExpiredContacts(log?: MailLog, now = new Date()) {
	if (now.getTime() - lastContactsPurge < CONTACTS_PURGE_EVERY_MS) return null
	lastContactsPurge = now.getTime()
	if (
		!(await claimJobTurn(
			'contacts-retention',
			now,
			new Date(now.getTime() + CONTACTS_PURGE_EVERY_MS),
		))
	)
		return null
	const before = new Date(now.getTime() - env().CONTACTS_RETENTION_DAYS * 24 * 60 * 60_000)
	const deleted = await deleteContactsBefore(before)
	if (deleted)
		log?.info(`${deleted} contacts older than ${env().CONTACTS_RETENTION_DAYS} days deleted`)
	return deleted
}

declare global {
	var __taggMailerWake: (() => void) | undefined
}

/** Asks this instance's worker to look at the outbox now (after queueing a message). */
export function wakeMailer() {
	globalThis.__taggMailerWake?.()
}

const IDLE_POLL_MS = 30_000

/** Starts the worker of this instance. `stop()` waits for the message in progress. */
export function startMailer(log: MailLog) {
	const { SMTP_URL, DATA_DIR, isProduction } = env()
	if (SMTP_URL) {
		log.info(`emails are sent through ${new URL(SMTP_URL).host}`)
	} else if (!isProduction) {
		log.info(
			`SMTP_URL is not set: emails are written as .eml files to ${DATA_DIR}/mail, and their links are logged`,
		)
	} else if (!cluster.isWorker || cluster.worker?.id === 1) {
		// Every worker of WEB_CONCURRENCY starts a mailer: the first one warns for the instance.
		log.warn(
			`SMTP_URL is not set: no email is being sent. Each one (password resets, address confirmations, notices) is written as an .eml file to ${DATA_DIR}/mail, and the log names the file, never its link. Set SMTP_URL to send them.`,
		)
	}
	let stopped = false
	let running: Promise<void> | null = null
	let again = false
	let timer: NodeJS.Timeout | undefined

	const schedule = (delay: number) => {
		clearTimeout(timer)
		if (stopped) return
		timer = setTimeout(run, Math.max(0, Math.min(delay, IDLE_POLL_MS)))
		timer.unref()
	}

	function run() {
		if (stopped) return
		if (running) {
			again = true
			return
		}
		running = (async () => {
			do {
				again = false
				try {
					await processOutbox(log)
				} catch (error) {
					// The database is unreachable: try again on the next round.
					log.warn(`the mail outbox could not be read: ${(error as Error).message}`)
				}
			} while (again && !stopped)
			await purgeExpiredContacts(log).catch((error: unknown) =>
				log.warn(`old contacts could not be deleted: ${(error as Error).message}`),
			)
			let due: Date | null = null
			try {
				due = await nextDueAt()
			} catch {
				due = null
			}
			schedule(due ? due.getTime() - Date.now() + 50 : IDLE_POLL_MS)
		})().finally(() => {
			running = null
		})
	}

	globalThis.__taggMailerWake = run
	run()
	return {
		async stop() {
			stopped = true
			clearTimeout(timer)
			if (globalThis.__taggMailerWake === run) globalThis.__taggMailerWake = undefined
			await running
		},
	}
}

/** When a sign-in factor changed, and from which browser, as its notice was queued. */
function changeOf(data: Record<string, unknown>): FactorChange {
	const at = typeof data.at === 'string' ? new Date(data.at) : null
	return {
		at: at && !Number.isNaN(at.getTime()) ? at : undefined,
		browser: typeof data.browser === 'string' ? data.browser : undefined,
		system: typeof data.system === 'string' ? data.system : undefined,
	}
}
