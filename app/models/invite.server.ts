/**
 * Sign-up invitations (SIGNUPS=invite): a one-time link for one email address, made when the
 * invitation email is sent (the outbox never holds a usable link), kept only as the token's
 * SHA-256, spent by the sign-up it allows, valid for INVITE_TTL_MS.
 */
import crypto from 'node:crypto'
import { prisma } from '~/utils/db.server'
import { normaliseEmail } from './customer.server'

export const INVITE_TTL_MS = 7 * 24 * 60 * 60_000

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

/** A new invitation for `email`; answers the token for the link. */
export async function createSignupInvite(email: string) {
	const token = crypto.randomBytes(32).toString('base64url')
	await prisma().signupInvite.create({
		data: {
			email: normaliseEmail(email),
			tokenHash: hash(token),
			expiresAt: new Date(Date.now() + INVITE_TTL_MS),
		},
	})
	return token
}

/** The email an unspent, unexpired invitation is for, or null. */
export async function findUsableInvite(token: string): Promise<{ email: string } | null> {
	if (typeof token !== 'string' || token.length < 20 || token.length > 200) return null
	const invite = await prisma().signupInvite.findUnique({
		where: { tokenHash: hash(token) },
		select: { email: true, usedAt: true, expiresAt: true },
	})
	if (!invite || invite.usedAt || invite.expiresAt.getTime() <= Date.now()) return null
	return { email: invite.email }
}

/** Spends the invitation (after the account it allowed was created). */
export async function spendInvite(token: string) {
	await prisma().signupInvite.updateMany({
		where: { tokenHash: hash(token), usedAt: null },
		data: { usedAt: new Date() },
	})
}
