/**
 * Refresh tokens: random, stored only as SHA-256 hashes, rotated on every use. Every token
 * rotated from one login shares a family; presenting a spent token revokes the whole family
 * (it was stolen, or replayed). A family ends 30 days after its login, whatever the rotation.
 */
import crypto from 'node:crypto'
import { prisma } from '~/utils/db.server'

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

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
			expiresAt: family?.expiresAt ?? new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
		},
	})
	return token
}

export type RotateResult =
	| { ok: true; customerId: string; refreshToken: string }
	| { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'disabled' }

/** Exchanges a refresh token for a new one of the same family. */
export async function rotateRefreshToken(token: string): Promise<RotateResult> {
	if (typeof token !== 'string' || token.length < 20 || token.length > 200) {
		return { ok: false, reason: 'unknown' }
	}
	const db = prisma()
	const existing = await db.refreshToken.findUnique({
		where: { tokenHash: hash(token) },
		include: { customer: { select: { disabled: true } } },
	})
	if (!existing) return { ok: false, reason: 'unknown' }
	if (existing.revokedAt) return { ok: false, reason: 'revoked' }
	if (existing.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' }
	if (existing.customer.disabled) return { ok: false, reason: 'disabled' }

	// Spend it atomically: of two concurrent uses only one wins; the other is a reuse.
	const spent = await db.refreshToken.updateMany({
		where: { id: existing.id, usedAt: null, revokedAt: null },
		data: { usedAt: new Date() },
	})
	if (spent.count !== 1) {
		await revokeFamily(existing.familyId)
		return { ok: false, reason: 'reused' }
	}
	const refreshToken = await issueRefreshToken(existing.customerId, {
		familyId: existing.familyId,
		expiresAt: existing.expiresAt,
	})
	return { ok: true, customerId: existing.customerId, refreshToken }
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

/** Housekeeping: drops tokens whose family expired more than a day ago. */
export async function deleteExpiredRefreshTokens() {
	const { count } = await prisma().refreshToken.deleteMany({
		where: { expiresAt: { lt: new Date(Date.now() - 24 * 60 * 60 * 1000) } },
	})
	return count
}
