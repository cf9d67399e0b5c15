/**
 * Account self-service in the database: password reset links, email change links, ending
 * sessions, and deleting an account with everything it holds. Links carry 32 random bytes; only
 * their SHA-256 is stored, so a database leak gives no usable link.
 */
import crypto from 'node:crypto'
import { isUniqueViolation, prisma } from '~/utils/db.server'
import { LINK_TOKEN_PATTERN } from '~/utils/settings-schemas'
import { storage } from '~/utils/storage.server'
import { normaliseEmail, resetPassword } from './customer.server'
import { dropMessagesTo, enqueueEmail } from './outbox.server'
import { type Tx, writeAsOwner } from './tx.server'

export const PASSWORD_RESET_TTL_MS = 30 * 60_000
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000

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
	token: string,
	customerId: string,
) {
	const spent = await links.deleteMany({
		where: { tokenHash: hash(token), expiresAt: { gt: new Date() } },
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
 * refresh tokens are revoked and every access token issued until now is refused. The caller
 * gives the kept session a new access token.
 */
export async function endOtherSessions(customerId: string, keepFamilyId: string | null) {
	const now = new Date()
	await writeAsOwner(customerId, async (tx) => {
		await tx.customer.update({ where: { id: customerId }, data: { sessionsValidAfter: now } })
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
		select: { id: true, email: true, name: true, profile: { select: { path: true } } },
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
 * A new reset link for the owner of `email` (null when there is no active owner). It replaces
 * any earlier link of that owner.
 */
export async function createPasswordResetToken(email: string) {
	const customer = await findActiveByEmail(email)
	if (!customer) return null
	const { token, tokenHash } = newLinkToken()
	await prisma().$transaction([
		prisma().passwordResetToken.deleteMany({ where: { customerId: customer.id } }),
		prisma().passwordResetToken.create({
			data: {
				customerId: customer.id,
				tokenHash,
				expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
			},
		}),
	])
	return { token, customer }
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
		const owner = await spendLink(tx, tx.passwordResetToken, token as string, found.customerId)
		if (!owner) return false
		await enqueueEmail(
			{ kind: 'password-changed', to: owner.email, data: { name: owner.name } },
			tx,
		)
		return true
	})
	return done ? found.customerId : null
}

// ---------------------------------------------------------------- email change

export class EmailInUseError extends Error {
	constructor() {
		super('An account with this email already exists')
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

/** A new confirmation link for moving the owner to `newEmail`; it replaces any earlier one. */
export async function createEmailChangeToken(customerId: string, newEmail: string) {
	const { token, tokenHash } = newLinkToken()
	await prisma().$transaction([
		prisma().emailChangeToken.deleteMany({ where: { customerId } }),
		prisma().emailChangeToken.create({
			data: {
				customerId,
				newEmail: normaliseEmail(newEmail),
				tokenHash,
				expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
			},
		}),
	])
	return token
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
 * Makes the change a confirmation link stands for: the email is replaced, the link spent, and a
 * notice to the old address queued, all in one transaction. Null for an unknown, spent or
 * expired link; throws EmailInUseError when someone took the address meanwhile.
 */
export async function confirmEmailChange(token: unknown) {
	const found = await findEmailChangeToken(token)
	if (!found) return null
	try {
		return await writeAsOwner(found.customerId, async (tx) => {
			const before = await spendLink(tx, tx.emailChangeToken, token as string, found.customerId)
			if (!before) return null
			await tx.customer.update({
				where: { id: found.customerId },
				data: { email: found.newEmail },
			})
			await tx.emailChangeToken.deleteMany({ where: { customerId: found.customerId } })
			if (before.email !== found.newEmail) {
				await enqueueEmail(
					{
						kind: 'email-changed',
						to: before.email,
						data: { name: before.name, newEmail: found.newEmail },
					},
					tx,
				)
			}
			return { customerId: found.customerId, email: found.newEmail, previousEmail: before.email }
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw new EmailInUseError()
		throw error
	}
}

// ---------------------------------------------------------------- deletion

/**
 * Deletes the owner and everything they have: every row (profile, resume, portfolio, images,
 * sessions, links, rate-limit counters and unsent mail to them) in one transaction, so their
 * pages are gone at once; then every stored object under their prefix. Answers false when
 * there is no such owner. Objects a failing storage keeps are left to `npm run storage:gc`.
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
