/**
 * The mail outbox: a message is a row here until it is sent, so a mail server that is down (or
 * an instance that restarts) loses nothing. A message is claimed with `FOR UPDATE SKIP LOCKED`
 * and leased for a few minutes, so with several instances running each is sent by one of them
 * only; a failed attempt is retried with back-off.
 */
import { prisma, type Prisma } from '~/utils/db.server'
import { DEFAULT_LOCALE, isLocale, type Locale } from '~/utils/locales'

export type OutboxKind =
	| 'password-reset'
	| 'password-changed'
	| 'email-change'
	| 'email-change-requested'
	| 'email-changed'
	| 'verify-email'
	| 'set-password'
	| 'signup-invite'
	/** A sign-in factor was added (`data.factor`: totp, totp-changed, passkey, recovery-codes). */
	| 'factor-added'
	/** A sign-in factor was removed (`data.factor`: totp, passkey, all). */
	| 'factor-removed'
	/** A recovery code was used (`data.left`: how many are left). */
	| 'recovery-code-used'
	/** The daily check found no TXT record for the owner's domain (`data.domain`, `record`, `token`). */
	| 'domain-failing'
	/**
	 * Visitors left their details (`data.customerId`): every contact not told yet, one
	 * email (a digest when there are several), sent only to a verified address.
	 */
	| 'contact-received'

/**
 * What an address that is not verified yet may receive: its verification link, reset links
 * (and the link to choose a password after an import), and the link that confirms a new address
 * (sent to that new address: opening it verifies it), and an operator's sign-up invitation (an
 * address with no account yet). Every other message, notices and whatever
 * later features send, goes only to a verified address (app/services/mailer.server.ts).
 */
export const SENT_TO_UNVERIFIED: ReadonlySet<string> = new Set<OutboxKind>([
	'verify-email',
	'password-reset',
	'set-password',
	'email-change',
	'signup-invite',
])

export type OutboxMessage = {
	id: string
	kind: OutboxKind
	to: string
	data: Record<string, unknown>
	attempts: number
	createdAt: Date
}

type Db = Prisma.TransactionClient | ReturnType<typeof prisma>

/** How long an attempt in progress keeps its message from the other instances. */
export const LEASE_MS = 2 * 60_000
/** Messages not sent within this time are given up (and kept, marked failed). */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60_000

/** Waiting time before attempt n + 1 after n failed ones: 5 s, 10 s, 20 s ... at most 1 hour. */
export const backoffMs = (attempts: number) =>
	Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000)

/** Adds a message (inside the caller's transaction when `db` is one). */
export async function enqueueEmail(
	message: { kind: OutboxKind; to: string; data?: Record<string, unknown> },
	db: Db = prisma(),
) {
	await db.outboxMessage.create({
		data: {
			kind: message.kind,
			to: message.to,
			data: (message.data ?? {}) as Prisma.InputJsonObject,
		},
	})
}

/**
 * Queues the notice of new contacts for the owner `customerId`, due at `dueAt`,
 * unless one is already waiting to be sent (not attempted yet): that one will tell of the new
 * contacts too. Two queued at once are harmless: each contact is claimed by one notice only
 * (app/models/contact.server.ts), and a notice with nothing left to tell sends nothing.
 */
export async function queueContactNotice(customerId: string, to: string, dueAt: Date) {
	const waiting = await prisma().outboxMessage.findFirst({
		where: {
			kind: 'contact-received',
			failedAt: null,
			attempts: 0,
			data: { path: ['customerId'], equals: customerId },
		},
		select: { id: true },
	})
	if (waiting) return false
	await prisma().outboxMessage.create({
		data: { kind: 'contact-received', to, data: { customerId }, nextAttemptAt: dueAt },
	})
	return true
}

/** Adds several messages in one transaction. */
export async function enqueueEmails(
	messages: Array<{ kind: OutboxKind; to: string; data?: Record<string, unknown> }>,
) {
	await prisma().$transaction(async (tx) => {
		for (const message of messages) await enqueueEmail(message, tx)
	})
}

/** Claims the oldest message that is due, or null. The claim is a lease of LEASE_MS. */
export async function claimNextMessage(): Promise<OutboxMessage | null> {
	const now = new Date()
	const rows = await prisma().$queryRaw<OutboxMessage[]>`
		UPDATE "OutboxMessage"
		SET "attempts" = "attempts" + 1, "nextAttemptAt" = ${new Date(now.getTime() + LEASE_MS)}
		WHERE "id" = (
			SELECT "id" FROM "OutboxMessage"
			WHERE "failedAt" IS NULL AND "nextAttemptAt" <= ${now}
			ORDER BY "createdAt", "id"
			LIMIT 1
			FOR UPDATE SKIP LOCKED
		)
		RETURNING "id", "kind", "to", "data", "attempts", "createdAt"`
	return rows[0] ?? null
}

/** A message that was sent (or needs no sending any more) leaves the outbox. */
export async function completeMessage(id: string) {
	await prisma().outboxMessage.deleteMany({ where: { id } })
}

/** Records a failed attempt: retried after the back-off, or given up when `permanent`/too old. */
export async function failMessage(message: OutboxMessage, error: string, permanent: boolean) {
	const tooOld = Date.now() - message.createdAt.getTime() > GIVE_UP_AFTER_MS
	await prisma().outboxMessage.updateMany({
		where: { id: message.id },
		data: {
			lastError: error.slice(0, 1000),
			nextAttemptAt: new Date(Date.now() + backoffMs(message.attempts)),
			failedAt: permanent || tooOld ? new Date() : null,
		},
	})
	return { gaveUp: permanent || tooOld }
}

/**
 * Whether a newer message of the same kind to the same address waits (this one is stale). Newer
 * in the order messages are claimed (createdAt, then id): two requests in the same millisecond
 * must not both count as the newest (they would send two emails).
 */
export async function hasNewerMessage(message: OutboxMessage) {
	const newer = await prisma().outboxMessage.findFirst({
		where: {
			kind: message.kind,
			to: message.to,
			failedAt: null,
			OR: [
				{ createdAt: { gt: message.createdAt } },
				{ createdAt: message.createdAt, id: { gt: message.id } },
			],
		},
		select: { id: true },
	})
	return Boolean(newer)
}

/** When the next message falls due (null when the outbox is empty). */
export async function nextDueAt(): Promise<Date | null> {
	const next = await prisma().outboxMessage.findFirst({
		where: { failedAt: null },
		orderBy: { nextAttemptAt: 'asc' },
		select: { nextAttemptAt: true },
	})
	return next?.nextAttemptAt ?? null
}

/** Messages still waiting to be sent, oldest first (admin and tests). */
export async function pendingMessages() {
	return prisma().outboxMessage.findMany({
		where: { failedAt: null },
		orderBy: { createdAt: 'asc' },
	})
}

/** Drops unsent messages to an address (the account was deleted). */
export async function dropMessagesTo(to: string, db: Db = prisma()) {
	await db.outboxMessage.deleteMany({ where: { to } })
}

/**
 * The language a message is written in: its recipient owner's (the owner `data.customerId`
 * names, else the owner of the address): their own setting (`Customer.language`), else their
 * public pages' (`Profile.language`). A message to an address with no account (a sign-up
 * invitation) is in the language it was queued with (`data.language`), else English.
 */
export async function messageLocale(message: Pick<OutboxMessage, 'to' | 'data'>): Promise<Locale> {
	const customerId = typeof message.data.customerId === 'string' ? message.data.customerId : null
	const owner = await prisma().customer.findFirst({
		where: customerId ? { id: customerId } : { email: message.to },
		select: { language: true, signupLanguage: true, profile: { select: { language: true } } },
	})
	if (isLocale(owner?.language)) return owner.language
	// Else the language their browser asked for at sign-up: the first email an owner gets is
	// not in English because their pages start in English.
	if (isLocale(owner?.signupLanguage)) return owner.signupLanguage
	if (isLocale(owner?.profile?.language)) return owner.profile.language
	return isLocale(message.data.language) ? message.data.language : DEFAULT_LOCALE
}
