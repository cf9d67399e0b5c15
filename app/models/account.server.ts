/**
 * Account self-service in the database: password reset links, email change links, ending
 * sessions, and deleting an account with everything it holds. Links carry 32 random bytes; only
 * their SHA-256 is stored, so a database leak gives no usable link.
 */
import crypto from 'node:crypto'
import { isUniqueViolation, prisma } from '~/utils/db.server'
import { LINK_TOKEN_PATTERN } from '~/utils/settings-schemas'
import { storage } from '~/utils/storage.server'
import { endPendingLinks, normaliseEmail, resetPassword, setPasswordHash } from './customer.server'
import { dropMessagesTo, enqueueEmail } from './outbox.server'
import { spendSecondStep } from './sign-in-factor.server'
import { type Tx, writeAsOwner } from './tx.server'
import { msg } from '~/utils/i18n-macro'

export const PASSWORD_RESET_TTL_MS = 30 * 60_000
/** A link to choose a password for an account imported without one. */
export const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60_000
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000
export const VERIFY_EMAIL_TTL_MS = 7 * 24 * 60 * 60_000
export const CANCEL_EMAIL_CHANGE_TTL_MS = 7 * 24 * 60 * 60_000

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

function newLinkToken() {
	const token = crypto.randomBytes(32).toString('base64url')
	return { token, tokenHash: hash(token) }
}

const wellFormed = (token: unknown): token is string =>
	typeof token === 'string' && LINK_TOKEN_PATTERN.test(token)

/**
 * Spends a link inside a write: deletes it while it is unexpired and answers its owner's email
 * and name, or null when another request spent it first or it has just expired (two clicks on
 * one link: one wins).
 */
async function spendLink(
	tx: Tx,
	links: {
		deleteMany: (args: {
			where: { tokenHash: string; expiresAt: { gt: Date } }
		}) => Promise<{ count: number }>
	},
	tokenHash: string,
	customerId: string,
) {
	const spent = await links.deleteMany({
		where: { tokenHash, expiresAt: { gt: new Date() } },
	})
	if (spent.count !== 1) return null
	return tx.customer.findUniqueOrThrow({
		where: { id: customerId },
		select: { email: true, name: true },
	})
}

// ---------------------------------------------------------------- sessions

/**
 * Whether an access token issued at `issuedAt` (milliseconds) still opens the owner's session:
 * the owner exists, is not disabled, and has not ended every session since.
 */
export async function sessionIsCurrent(customerId: string, issuedAt: number) {
	const customer = await prisma().customer.findUnique({
		where: { id: customerId },
		select: { disabled: true, sessionsValidAfter: true },
	})
	if (!customer || customer.disabled) return false
	const after = customer.sessionsValidAfter
	return !after || issuedAt >= after.getTime()
}

/**
 * Ends every session of the owner but the refresh family `keepFamilyId` (all when null): their
 * refresh tokens are revoked and every access token issued until now is refused, and every
 * unused reset link and pending change of email ends with them. The caller gives the kept
 * session a new access token.
 */
export async function endOtherSessions(customerId: string, keepFamilyId: string | null) {
	const now = new Date()
	await writeAsOwner(customerId, async (tx) => {
		const { email } = await tx.customer.update({
			where: { id: customerId },
			data: { sessionsValidAfter: now },
			select: { email: true },
		})
		// Whoever was signed in may have asked for a change of email or a reset link: gone too.
		await endPendingLinks(tx, customerId, [email])
		await tx.refreshToken.updateMany({
			where: {
				customerId,
				revokedAt: null,
				...(keepFamilyId ? { familyId: { not: keepFamilyId } } : {}),
			},
			data: { revokedAt: now },
		})
	})
}

// ---------------------------------------------------------------- the owner

export async function getAccount(customerId: string) {
	return prisma().customer.findFirst({
		where: { id: customerId, disabled: false },
		select: {
			id: true,
			email: true,
			name: true,
			emailVerifiedAt: true,
			language: true,
			contactNotices: true,
			profile: { select: { path: true } },
		},
	})
}

/**
 * What signs the owner in: the password hash and the moment sessions were last ended (tests
 * compare it to prove a call changed, or did not change, an owner's credentials).
 */
export async function getCredentials(customerId: string) {
	return prisma().customer.findUnique({
		where: { id: customerId },
		select: { passwordHash: true, sessionsValidAfter: true },
	})
}

async function findActiveByEmail(email: string) {
	return prisma().customer.findFirst({
		where: { email: normaliseEmail(email), disabled: false },
		select: { id: true, email: true, name: true },
	})
}

// ---------------------------------------------------------------- password reset

/**
 * Runs `make` in the owner's serialised write unless the owner's credentials changed after
 * `requestedAt` (a password change, a reset, a sign-out of every device, a confirmed change of
 * email): a message queued before that must not make a link. Changes of credentials take the
 * same serialisation, so one either ends the link made here or makes this answer null.
 */
async function makeLinkUnlessRevoked<T>(
	customerId: string,
	requestedAt: Date,
	make: (tx: Tx, owner: { email: string; name: string }) => Promise<T>,
) {
	return writeAsOwner(customerId, async (tx) => {
		const owner = await tx.customer.findUnique({
			where: { id: customerId },
			select: { email: true, name: true, disabled: true, sessionsValidAfter: true },
		})
		if (!owner || owner.disabled) return null
		if (owner.sessionsValidAfter && requestedAt < owner.sessionsValidAfter) return null
		return make(tx, owner)
	})
}

/**
 * A new reset link for the owner of `email` (null when there is no active owner, or when the
 * request at `requestedAt` came before the owner's credentials last changed). It replaces any
 * earlier link of that owner.
 */
export async function createPasswordResetToken(
	email: string,
	requestedAt = new Date(),
	ttlMs = PASSWORD_RESET_TTL_MS,
) {
	const customer = await findActiveByEmail(email)
	if (!customer) return null
	return makeLinkUnlessRevoked(customer.id, requestedAt, async (tx, owner) => {
		if (owner.email !== customer.email) return null
		const { token, tokenHash } = newLinkToken()
		await tx.passwordResetToken.deleteMany({ where: { customerId: customer.id } })
		await tx.passwordResetToken.create({
			data: { customerId: customer.id, tokenHash, expiresAt: new Date(Date.now() + ttlMs) },
		})
		return { token, customer }
	})
}

/** The owner a reset link is for, while it is unused and unexpired; else null. */
export async function findPasswordResetToken(token: unknown) {
	if (!wellFormed(token)) return null
	const row = await prisma().passwordResetToken.findUnique({
		where: { tokenHash: hash(token) },
		select: { customerId: true, expiresAt: true, customer: { select: { disabled: true } } },
	})
	if (!row || row.expiresAt.getTime() <= Date.now() || row.customer.disabled) return null
	return { customerId: row.customerId }
}

/**
 * Spends a reset link, sets the new password, ends every session and queues a notice, in one
 * transaction.
 * Answers the owner's id, or null when the link is unknown, spent or expired (nothing changed).
 */
export async function resetPasswordWithToken(token: unknown, password: string) {
	const found = await findPasswordResetToken(token)
	if (!found) return null
	const done = await resetPassword(found.customerId, password, async (tx) => {
		const owner = await spendLink(
			tx,
			tx.passwordResetToken,
			hash(token as string),
			found.customerId,
		)
		if (!owner) return false
		// The link came to this address: it is the owner's.
		const verified = await tx.customer.updateMany({
			where: { id: found.customerId, emailVerifiedAt: null },
			data: { emailVerifiedAt: new Date() },
		})
		if (verified.count) await noticeOfWaitingContacts(tx, found.customerId, owner.email)
		await enqueueEmail(
			{
				kind: 'password-changed',
				to: owner.email,
				data: { name: owner.name, customerId: found.customerId },
			},
			tx,
		)
		return true
	})
	return done ? found.customerId : null
}

/** What is stored of a reset link (the second step of a reset keeps it, never the link). */
export const resetLinkHash = (token: string) => hash(token)

/**
 * The end of a reset whose owner has a second factor, once that step succeeded: in one
 * transaction the step is spent, the reset link it continues is spent, the password it held
 * (hashed) is set, every session and link ends, the address is verified and a notice queued, as
 * {@link resetPasswordWithToken} does. The owner's id, or null when the step or the link was
 * spent or expired meanwhile (nothing changed).
 */
export async function resetPasswordFromSecondStep(step: {
	id: string
	customerId: string
	resetTokenHash: string
	passwordHash: string
}) {
	const done = await setPasswordHash(step.customerId, step.passwordHash, async (tx) => {
		if (!(await spendSecondStep(step.id, tx))) return false
		const owner = await spendLink(tx, tx.passwordResetToken, step.resetTokenHash, step.customerId)
		if (!owner) return false
		const verified = await tx.customer.updateMany({
			where: { id: step.customerId, emailVerifiedAt: null },
			data: { emailVerifiedAt: new Date() },
		})
		if (verified.count) await noticeOfWaitingContacts(tx, step.customerId, owner.email)
		await enqueueEmail(
			{
				kind: 'password-changed',
				to: owner.email,
				data: { name: owner.name, customerId: step.customerId },
			},
			tx,
		)
		return true
	})
	return done ? step.customerId : null
}

// ---------------------------------------------------------------- email change

export class EmailInUseError extends Error {
	constructor() {
		super(msg`An account with this email already exists`.message)
	}
}

/** Whether another account uses this email. */
export async function emailInUse(email: string, exceptCustomerId?: string) {
	const customer = await prisma().customer.findUnique({
		where: { email: normaliseEmail(email) },
		select: { id: true },
	})
	return Boolean(customer && customer.id !== exceptCustomerId)
}

/**
 * A new confirmation link for moving the owner to `newEmail`; it replaces any earlier one. Null
 * when the request at `requestedAt` came before the owner's credentials last changed.
 */
export async function createEmailChangeToken(
	customerId: string,
	newEmail: string,
	requestedAt = new Date(),
) {
	return makeLinkUnlessRevoked(customerId, requestedAt, async (tx) => {
		const { token, tokenHash } = newLinkToken()
		await tx.emailChangeToken.deleteMany({ where: { customerId } })
		await tx.emailChangeToken.create({
			data: {
				customerId,
				newEmail: normaliseEmail(newEmail),
				tokenHash,
				expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
			},
		})
		return token
	})
}

/** The address a sent, still valid confirmation link would move the owner to, or null. */
export async function pendingEmailChange(customerId: string) {
	const row = await prisma().emailChangeToken.findFirst({
		where: { customerId, expiresAt: { gt: new Date() } },
		orderBy: { createdAt: 'desc' },
		select: { newEmail: true },
	})
	return row?.newEmail ?? null
}

/** What an unused, unexpired confirmation link would change; else null. */
export async function findEmailChangeToken(token: unknown) {
	if (!wellFormed(token)) return null
	const row = await prisma().emailChangeToken.findUnique({
		where: { tokenHash: hash(token) },
		select: {
			customerId: true,
			newEmail: true,
			expiresAt: true,
			customer: { select: { disabled: true, email: true } },
		},
	})
	if (!row || row.expiresAt.getTime() <= Date.now() || row.customer.disabled) return null
	return { customerId: row.customerId, newEmail: row.newEmail, currentEmail: row.customer.email }
}

/**
 * Makes the change a confirmation link stands for, all in one transaction: the email is replaced
 * (and verified: the link came to it), the link spent, every session ended, every other link
 * issued under the old address ended (reset links mailed there included), and a notice to the
 * old address queued when that address was verified. Null for an unknown, spent or expired
 * link; throws EmailInUseError when someone took the address meanwhile.
 */
export async function confirmEmailChange(token: unknown) {
	const found = await findEmailChangeToken(token)
	if (!found) return null
	try {
		return await writeAsOwner(found.customerId, async (tx) => {
			const before = await spendLink(
				tx,
				tx.emailChangeToken,
				hash(token as string),
				found.customerId,
			)
			if (!before) return null
			const { emailVerifiedAt: wasVerified } = await tx.customer.findUniqueOrThrow({
				where: { id: found.customerId },
				select: { emailVerifiedAt: true },
			})
			const now = new Date()
			await tx.customer.update({
				where: { id: found.customerId },
				data: { email: found.newEmail, emailVerifiedAt: now, sessionsValidAfter: now },
			})
			await tx.refreshToken.updateMany({
				where: { customerId: found.customerId, revokedAt: null },
				data: { revokedAt: now },
			})
			await endPendingLinks(tx, found.customerId, [before.email, found.newEmail])
			await tx.accountLinkToken.deleteMany({
				where: { customerId: found.customerId, purpose: 'verify-email' },
			})
			if (before.email !== found.newEmail && wasVerified) {
				await enqueueEmail(
					{
						kind: 'email-changed',
						to: before.email,
						data: { name: before.name, newEmail: found.newEmail, customerId: found.customerId },
					},
					tx,
				)
			}
			if (!wasVerified) await noticeOfWaitingContacts(tx, found.customerId, found.newEmail)
			return { customerId: found.customerId, email: found.newEmail, previousEmail: before.email }
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw new EmailInUseError()
		throw error
	}
}

// ---------------------------------------------------------------- address links

export type AccountLinkPurpose = 'verify-email' | 'cancel-email-change'

const LINK_TTL: Record<AccountLinkPurpose, number> = {
	'verify-email': VERIFY_EMAIL_TTL_MS,
	'cancel-email-change': CANCEL_EMAIL_CHANGE_TTL_MS,
}

/**
 * A new link of `purpose` for the owner, sent to `email`: null when there is no active owner
 * (or `email` is no longer the owner's address). Earlier links stay valid until they expire.
 */
export async function createAccountLinkToken(
	customerId: string,
	purpose: AccountLinkPurpose,
	email: string,
) {
	const owner = await prisma().customer.findFirst({
		where: { id: customerId, disabled: false },
		select: { email: true, name: true, emailVerifiedAt: true },
	})
	if (!owner || owner.email !== normaliseEmail(email)) return null
	if (purpose === 'verify-email' && owner.emailVerifiedAt) return null
	const { token, tokenHash } = newLinkToken()
	await prisma().accountLinkToken.create({
		data: {
			customerId,
			purpose,
			email: owner.email,
			tokenHash,
			expiresAt: new Date(Date.now() + LINK_TTL[purpose]),
		},
	})
	return { token, name: owner.name }
}

/** What an unused, unexpired link of `purpose` stands for; else null. */
export async function findAccountLinkToken(token: unknown, purpose: AccountLinkPurpose) {
	if (!wellFormed(token)) return null
	const row = await prisma().accountLinkToken.findUnique({
		where: { tokenHash: hash(token) },
		select: {
			customerId: true,
			purpose: true,
			email: true,
			expiresAt: true,
			customer: { select: { disabled: true, email: true } },
		},
	})
	if (!row || row.purpose !== purpose || row.expiresAt.getTime() <= Date.now()) return null
	if (row.customer.disabled) return null
	// A verification link is for the address it was sent to, while it is still the owner's.
	if (purpose === 'verify-email' && row.customer.email !== row.email) return null
	return { customerId: row.customerId, email: row.email }
}

/** Spends a link of `purpose` inside a write: true when this call spent it. */
async function spendAccountLink(tx: Tx, token: string, purpose: AccountLinkPurpose) {
	const spent = await tx.accountLinkToken.deleteMany({
		where: { tokenHash: hash(token), purpose, expiresAt: { gt: new Date() } },
	})
	return spent.count === 1
}

/**
 * Contacts left while the owner's address was not verified were told of by no email: once it is
 * verified, one notice tells of them all (a digest, claimed as any notice's contacts are).
 */
async function noticeOfWaitingContacts(tx: Tx, customerId: string, to: string) {
	if (!(await tx.contact.count({ where: { customerId, noticeId: null } }))) return
	await enqueueEmail({ kind: 'contact-received', to, data: { customerId } }, tx)
}

/**
 * Marks the owner's address verified from its link: the address, or null when the link is
 * unknown, spent, expired or for an address the owner no longer has.
 */
export async function verifyEmailWithToken(token: unknown) {
	const found = await findAccountLinkToken(token, 'verify-email')
	if (!found) return null
	return writeAsOwner(found.customerId, async (tx) => {
		if (!(await spendAccountLink(tx, token as string, 'verify-email'))) return null
		const { count } = await tx.customer.updateMany({
			where: { id: found.customerId, email: found.email },
			data: { emailVerifiedAt: new Date() },
		})
		if (count !== 1) return null
		await tx.accountLinkToken.deleteMany({
			where: { customerId: found.customerId, purpose: 'verify-email' },
		})
		await noticeOfWaitingContacts(tx, found.customerId, found.email)
		return { customerId: found.customerId, email: found.email }
	})
}

/**
 * The link sent to the current address when a change of email was asked for: the change is
 * dropped (its link and any message still waiting to send it), every session on every device
 * ends, and every reset link too. The owner's id, or null for an unknown, spent or expired link.
 */
export async function cancelEmailChangeWithToken(token: unknown) {
	const found = await findAccountLinkToken(token, 'cancel-email-change')
	if (!found) return null
	return writeAsOwner(found.customerId, async (tx) => {
		if (!(await spendAccountLink(tx, token as string, 'cancel-email-change'))) return null
		const now = new Date()
		const { email } = await tx.customer.update({
			where: { id: found.customerId },
			data: { sessionsValidAfter: now },
			select: { email: true },
		})
		await tx.refreshToken.updateMany({
			where: { customerId: found.customerId, revokedAt: null },
			data: { revokedAt: now },
		})
		await endPendingLinks(tx, found.customerId, [email])
		return { customerId: found.customerId }
	})
}

/**
 * Whether the owner's address may receive notices (anything but its verification link and reset
 * links): only once it is verified.
 */
export async function mayNotify(customerId: string) {
	const owner = await prisma().customer.findUnique({
		where: { id: customerId },
		select: { emailVerifiedAt: true, disabled: true },
	})
	return Boolean(owner && !owner.disabled && owner.emailVerifiedAt)
}

/** The same for an address: true when an owner with a verified address has it. */
export async function addressMayBeNotified(email: string) {
	const owner = await prisma().customer.findUnique({
		where: { email: normaliseEmail(email) },
		select: { emailVerifiedAt: true, disabled: true },
	})
	return Boolean(owner && !owner.disabled && owner.emailVerifiedAt)
}

// ---------------------------------------------------------------- deletion

/**
 * Deletes the owner and everything they have: every row (profile, resume, portfolio, images,
 * sessions, links, sign-in factors, rate-limit counters and unsent mail to them) in one
 * transaction, so their pages are gone at once; then every stored object under their prefix.
 * Answers false when there is no such owner. Objects a failing storage keeps are left to `npm run storage:gc`.
 */
export async function deleteAccount(customerId: string) {
	const customer = await prisma().customer.findUnique({
		where: { id: customerId },
		select: { email: true },
	})
	if (!customer) return false
	await writeAsOwner(customerId, async (tx) => {
		await tx.customer.delete({ where: { id: customerId } })
		await dropMessagesTo(customer.email, tx)
		await tx.rateLimit.deleteMany({
			where: {
				OR: [
					{ key: `login:acct:${customer.email}` },
					{ key: { startsWith: `login:acct-ip:${customer.email}|` } },
					{ key: `forgot:email:${customer.email}` },
					{ key: `email-change:account:${customerId}` },
					{ key: `verify:email:${customer.email}` },
					{ key: `mfa:acct:${customerId}` },
				],
			},
		})
	})
	try {
		await storage().deletePrefix(`${customerId}/`)
	} catch (error) {
		// The account is gone either way; the orphaned objects are what storage:gc collects.
		console.warn(
			`deleting the objects of ${customerId} failed (npm run storage:gc removes them later): ${(error as Error).message}`,
		)
	}
	return true
}
