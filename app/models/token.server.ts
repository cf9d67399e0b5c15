/**
 * Refresh tokens: random, stored only as SHA-256 hashes, rotated on every use. Every token
 * rotated from one login shares a family; presenting a spent token revokes the whole family
 * (it was stolen, or replayed). A family ends 30 days after its login, whatever the rotation.
 *
 * Two tabs (or an app and a tab) that refresh the same session at the same moment both present
 * the same token. For REUSE_GRACE_MS after a token is spent, presenting it again answers the
 * same successor instead of revoking the family (Supabase's reuse interval). The successor is
 * derived from the token with a server-side HMAC, so it can be answered again without being
 * stored in the clear; after the grace period, reuse revokes the family as before.
 */
import crypto from 'node:crypto'
import { prisma } from '~/utils/db.server'
import { env } from '~/utils/env.server'

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000
export const REUSE_GRACE_MS = 10_000

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

/** The token that replaces `token` when it is rotated (the same every time it is asked). */
function successorOf(token: string) {
	const key = crypto
		.createHmac('sha256', env().JWT_SECRET)
		.update('tagg refresh-token successor')
		.digest()
	return crypto.createHmac('sha256', key).update(token).digest('base64url')
}

/** When a family started now ends, whatever its rotations. */
export const refreshFamilyExpiry = () => new Date(Date.now() + REFRESH_TOKEN_TTL_MS)

export async function issueRefreshToken(
	customerId: string,
	family?: { familyId: string; expiresAt: Date },
) {
	const token = crypto.randomBytes(32).toString('base64url')
	await prisma().refreshToken.create({
		data: {
			customerId,
			tokenHash: hash(token),
			familyId: family?.familyId ?? crypto.randomUUID(),
			expiresAt: family?.expiresAt ?? refreshFamilyExpiry(),
		},
	})
	return token
}

export type RotateResult =
	| { ok: true; customerId: string; refreshToken: string; familyId: string }
	| { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'disabled' }

/** Exchanges a refresh token for a new one of the same family. */
export async function rotateRefreshToken(token: string): Promise<RotateResult> {
	if (typeof token !== 'string' || token.length < 20 || token.length > 200) {
		return { ok: false, reason: 'unknown' }
	}
	const db = prisma()
	const find = () =>
		db.refreshToken.findUnique({
			where: { tokenHash: hash(token) },
			include: { customer: { select: { disabled: true } } },
		})
	let existing = await find()
	if (!existing) return { ok: false, reason: 'unknown' }
	if (existing.revokedAt) return { ok: false, reason: 'revoked' }
	if (existing.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' }
	if (existing.customer.disabled) return { ok: false, reason: 'disabled' }

	const successor = successorOf(token)
	if (!existing.usedAt) {
		// Spend it and store its successor in one statement: of two concurrent uses only one
		// wins, and the other then sees the successor already there. (Times are passed from here,
		// in UTC, as Prisma writes them: the database's time zone setting does not matter.)
		const now = new Date()
		const inserted = await db.$executeRaw`
			WITH spent AS (
				UPDATE "RefreshToken" SET "usedAt" = ${now}
				WHERE "id" = ${existing.id} AND "usedAt" IS NULL AND "revokedAt" IS NULL
				RETURNING "customerId", "familyId", "expiresAt"
			)
			INSERT INTO "RefreshToken" ("id", "customerId", "tokenHash", "familyId", "expiresAt", "createdAt")
			SELECT ${crypto.randomUUID()}, "customerId", ${hash(successor)}, "familyId", "expiresAt", ${now}
			FROM spent`
		if (inserted === 1) {
			return {
				ok: true,
				customerId: existing.customerId,
				refreshToken: successor,
				familyId: existing.familyId,
			}
		}
		existing = await find()
		if (!existing || existing.revokedAt) return { ok: false, reason: 'revoked' }
	}

	// Spent already: within the grace period the same successor is answered again.
	const spentFor = existing.usedAt ? Date.now() - existing.usedAt.getTime() : Infinity
	if (spentFor <= REUSE_GRACE_MS) {
		const next = await db.refreshToken.findUnique({ where: { tokenHash: hash(successor) } })
		if (next && next.familyId === existing.familyId && !next.revokedAt) {
			return {
				ok: true,
				customerId: existing.customerId,
				refreshToken: successor,
				familyId: existing.familyId,
			}
		}
	}
	await revokeFamily(existing.familyId)
	return { ok: false, reason: 'reused' }
}

export async function revokeFamily(familyId: string) {
	await prisma().refreshToken.updateMany({
		where: { familyId, revokedAt: null },
		data: { revokedAt: new Date() },
	})
}

/** Logout: revokes the family of this token. Unknown tokens are ignored. */
export async function revokeRefreshToken(token: string) {
	if (typeof token !== 'string' || !token) return
	const existing = await prisma().refreshToken.findUnique({ where: { tokenHash: hash(token) } })
	if (existing) await revokeFamily(existing.familyId)
}

export async function revokeAllForCustomer(customerId: string) {
	await prisma().refreshToken.updateMany({
		where: { customerId, revokedAt: null },
		data: { revokedAt: new Date() },
	})
}

/** The family of a refresh token of this customer (live or not), or null. */
export async function refreshTokenFamily(customerId: string, token: string | undefined) {
	if (typeof token !== 'string' || token.length < 20 || token.length > 200) return null
	const row = await prisma().refreshToken.findFirst({
		where: { tokenHash: hash(token), customerId },
		select: { familyId: true },
	})
	return row?.familyId ?? null
}

/** Housekeeping: drops tokens whose family expired more than a day ago. */
export async function deleteExpiredRefreshTokens() {
	const { count } = await prisma().refreshToken.deleteMany({
		where: { expiresAt: { lt: new Date(Date.now() - 24 * 60 * 60 * 1000) } },
	})
	return count
}
