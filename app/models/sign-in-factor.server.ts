/**
 * Sign-in factors in the database (docs/decisions/033-sign-in-factors.md): authenticator codes
 * (TOTP, a sealed secret and the last step accepted), recovery codes (SHA-256 only, deleted when
 * used), passkeys, WebAuthn challenges and the second step of a login or reset (`mfa_token`, only
 * its SHA-256 stored). Changes of factors run in the owner's serialised write, with the notice
 * email queued in the same transaction (the outbox: decision 009).
 */
import crypto from 'node:crypto'
import { currentClient } from '~/utils/client-context.server'
import { isUniqueViolation, prisma } from '~/utils/db.server'
import { endPendingLinks } from './customer.server'
import { enqueueEmail, type OutboxKind } from './outbox.server'
import { type Tx, writeAsOwner } from './tx.server'

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex')

/** The owner's name and email, for a notice queued inside a write. */
async function ownerOf(tx: Tx, customerId: string) {
	return tx.customer.findUniqueOrThrow({
		where: { id: customerId },
		select: { email: true, name: true },
	})
}

/** Queues a notice about the owner's factors to their address (inside the write). */
async function notify(
	tx: Tx,
	customerId: string,
	kind: Extract<OutboxKind, 'factor-added' | 'factor-removed' | 'recovery-code-used'>,
	data: Record<string, unknown>,
) {
	const owner = await ownerOf(tx, customerId)
	// When, and from which browser (the request's, where there is one): the notice lets the owner
	// tell their own change from someone else's.
	const { browser, system } = currentClient()
	await enqueueEmail(
		{
			kind,
			to: owner.email,
			data: {
				...data,
				customerId,
				name: owner.name,
				at: new Date().toISOString(),
				browser,
				system,
			},
		},
		tx,
	)
}

// ---------------------------------------------------------------- summary

export type PasskeySummary = {
	id: string
	name: string
	createdAt: Date
	lastUsedAt: Date | null
}

/** What Settings shows: whether authenticator codes are on, the passkeys, the codes left. */
export async function getFactors(customerId: string) {
	const [totp, passkeys, recoveryCodesLeft] = await Promise.all([
		prisma().totpFactor.findUnique({
			where: { customerId },
			select: { enabledAt: true, pendingAt: true },
		}),
		listPasskeys(customerId),
		prisma().recoveryCode.count({ where: { customerId } }),
	])
	return {
		totp: Boolean(totp?.enabledAt),
		totpEnabledAt: totp?.enabledAt ?? null,
		passkeys,
		recoveryCodesLeft: totp?.enabledAt ? recoveryCodesLeft : 0,
	}
}

/** Whether the owner's second factor is on (authenticator codes confirmed). */
export async function secondFactorIsOn(customerId: string) {
	const row = await prisma().totpFactor.findUnique({
		where: { customerId },
		select: { enabledAt: true },
	})
	return Boolean(row?.enabledAt)
}

// ---------------------------------------------------------------- authenticator codes

/** The sealed secrets and the last step used, or null when the owner never set one up. */
export async function getTotpState(customerId: string) {
	return prisma().totpFactor.findUnique({
		where: { customerId },
		select: {
			secret: true,
			enabledAt: true,
			lastStep: true,
			pendingSecret: true,
			pendingAt: true,
		},
	})
}

/** Keeps a new secret being set up (it replaces an earlier one not confirmed). */
export async function savePendingTotpSecret(customerId: string, sealed: string) {
	const now = new Date()
	await writeAsOwner(customerId, (tx) =>
		tx.totpFactor.upsert({
			where: { customerId },
			create: { customerId, pendingSecret: sealed, pendingAt: now },
			update: { pendingSecret: sealed, pendingAt: now },
			select: { customerId: true },
		}),
	)
}

/**
 * Records that the code of `step` was accepted for the secret in use: true when no code of this
 * step or a later one was accepted before (one statement, so two requests with the same code
 * cannot both pass).
 */
export async function acceptTotpStep(customerId: string, sealed: string, step: number) {
	const { count } = await prisma().totpFactor.updateMany({
		where: { customerId, secret: sealed, enabledAt: { not: null }, lastStep: { lt: step } },
		data: { lastStep: step },
	})
	return count === 1
}

/**
 * Turns authenticator codes on with the secret being set up (`pendingSealed`, whose code of
 * `step` was just checked): it becomes the secret in use, the recovery codes are replaced by
 * `recoveryHashes`, every session ends (the caller gets a new one) with every link issued before,
 * and the owner is told. False when the secret being set up changed meanwhile (nothing changed).
 */
export async function enableTotp(
	customerId: string,
	pendingSealed: string,
	step: number,
	recoveryHashes: string[],
) {
	return writeAsOwner(customerId, async (tx) => {
		const now = new Date()
		const before = await tx.totpFactor.findUnique({
			where: { customerId },
			select: { enabledAt: true },
		})
		const { count } = await tx.totpFactor.updateMany({
			where: { customerId, pendingSecret: pendingSealed },
			data: {
				secret: pendingSealed,
				enabledAt: now,
				lastStep: step,
				pendingSecret: null,
				pendingAt: null,
			},
		})
		if (count !== 1) return false
		await writeRecoveryCodes(tx, customerId, recoveryHashes)
		const { email } = await tx.customer.update({
			where: { id: customerId },
			data: { sessionsValidAfter: now },
			select: { email: true },
		})
		await tx.refreshToken.updateMany({
			where: { customerId, revokedAt: null },
			data: { revokedAt: now },
		})
		await endPendingLinks(tx, customerId, [email])
		await notify(tx, customerId, 'factor-added', {
			factor: before?.enabledAt ? 'totp-changed' : 'totp',
		})
		return true
	})
}

/**
 * Turns authenticator codes off: the secret and every recovery code are deleted (and any second
 * step of a login or reset under way), and the owner is told. False when they were not on.
 */
export async function disableTotp(customerId: string) {
	return writeAsOwner(customerId, async (tx) => {
		const { count } = await tx.totpFactor.deleteMany({
			where: { customerId, enabledAt: { not: null } },
		})
		if (count !== 1) return false
		await tx.recoveryCode.deleteMany({ where: { customerId } })
		await tx.secondStepToken.deleteMany({ where: { customerId } })
		await notify(tx, customerId, 'factor-removed', { factor: 'totp' })
		return true
	})
}

// ---------------------------------------------------------------- recovery codes

async function writeRecoveryCodes(tx: Tx, customerId: string, hashes: string[]) {
	await tx.recoveryCode.deleteMany({ where: { customerId } })
	await tx.recoveryCode.createMany({
		data: hashes.map((codeHash) => ({ customerId, codeHash })),
	})
}

/** New recovery codes (the old ones stop working); false when authenticator codes are off. */
export async function replaceRecoveryCodes(customerId: string, hashes: string[]) {
	return writeAsOwner(customerId, async (tx) => {
		const on = await tx.totpFactor.findFirst({
			where: { customerId, enabledAt: { not: null } },
			select: { customerId: true },
		})
		if (!on) return false
		await writeRecoveryCodes(tx, customerId, hashes)
		await notify(tx, customerId, 'factor-added', { factor: 'recovery-codes' })
		return true
	})
}

/**
 * Spends a recovery code (one statement: a code works once, whatever the concurrency) and tells
 * the owner how many are left. The number left, or null when no such code is unused.
 */
export async function spendRecoveryCode(customerId: string, codeHash: string) {
	return writeAsOwner(customerId, async (tx) => {
		const on = await tx.totpFactor.findFirst({
			where: { customerId, enabledAt: { not: null } },
			select: { customerId: true },
		})
		if (!on) return null
		const { count } = await tx.recoveryCode.deleteMany({ where: { customerId, codeHash } })
		if (count !== 1) return null
		const left = await tx.recoveryCode.count({ where: { customerId } })
		await notify(tx, customerId, 'recovery-code-used', { left })
		return left
	})
}

// ---------------------------------------------------------------- passkeys

export const MAX_PASSKEYS = 20

const passkeySummary = {
	id: true,
	name: true,
	createdAt: true,
	lastUsedAt: true,
} as const

/** The owner's passkeys, oldest first. */
export async function listPasskeys(customerId: string): Promise<PasskeySummary[]> {
	return prisma().passkey.findMany({
		where: { customerId },
		orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
		select: passkeySummary,
	})
}

/** The credential ids of the owner's passkeys (a registration excludes them). */
export async function listPasskeyCredentials(customerId: string) {
	return prisma().passkey.findMany({
		where: { customerId },
		select: { credentialId: true, transports: true },
	})
}

export type NewPasskey = {
	credentialId: string
	publicKey: Uint8Array
	counter: number
	transports: string[]
	backedUp: boolean
	name: string
}

/**
 * Adds a passkey and tells the owner. `exists` when this credential is already registered (by
 * anyone), `limit` when the owner has {@link MAX_PASSKEYS}.
 */
export async function addPasskey(
	customerId: string,
	passkey: NewPasskey,
): Promise<PasskeySummary | 'exists' | 'limit'> {
	try {
		return await writeAsOwner(customerId, async (tx) => {
			if ((await tx.passkey.count({ where: { customerId } })) >= MAX_PASSKEYS) {
				return 'limit' as const
			}
			const created = await tx.passkey.create({
				data: {
					customerId,
					credentialId: passkey.credentialId,
					publicKey: Buffer.from(passkey.publicKey),
					counter: BigInt(passkey.counter),
					transports: passkey.transports,
					backedUp: passkey.backedUp,
					name: passkey.name,
				},
				select: passkeySummary,
			})
			await notify(tx, customerId, 'factor-added', { factor: 'passkey', passkey: passkey.name })
			return created
		})
	} catch (error) {
		if (isUniqueViolation(error)) return 'exists'
		throw error
	}
}

/** Renames one of the owner's passkeys: the passkey, or null when the owner has no such one. */
export async function renamePasskey(customerId: string, id: string, name: string) {
	return writeAsOwner(customerId, async (tx) => {
		const { count } = await tx.passkey.updateMany({ where: { id, customerId }, data: { name } })
		if (count !== 1) return null
		return tx.passkey.findUniqueOrThrow({ where: { id }, select: passkeySummary })
	})
}

/** Whether the owner has this passkey. */
export async function ownsPasskey(customerId: string, id: string) {
	return Boolean(
		await prisma().passkey.findFirst({ where: { id, customerId }, select: { id: true } }),
	)
}

/** Removes one of the owner's passkeys and tells the owner; false when there is no such one. */
export async function removePasskey(customerId: string, id: string) {
	return writeAsOwner(customerId, async (tx) => {
		const passkey = await tx.passkey.findFirst({
			where: { id, customerId },
			select: { name: true },
		})
		if (!passkey) return false
		await tx.passkey.delete({ where: { id } })
		await notify(tx, customerId, 'factor-removed', { factor: 'passkey', passkey: passkey.name })
		return true
	})
}

/** A passkey by its credential id, with its owner's state, for a sign-in. */
export async function findPasskeyByCredential(credentialId: string) {
	return prisma().passkey.findUnique({
		where: { credentialId },
		select: {
			id: true,
			customerId: true,
			credentialId: true,
			publicKey: true,
			counter: true,
			transports: true,
			customer: { select: { disabled: true } },
		},
	})
}

/**
 * Records a sign-in with a passkey: its new signature counter and when it was used. False when
 * another sign-in changed the counter since it was read as `previous`.
 */
export async function recordPasskeyUse(id: string, previous: bigint, counter: number) {
	// The library refused a counter that did not move forward; this guards a race between two
	// sign-ins (each with its own challenge) reading the same previous value.
	const { count } = await prisma().passkey.updateMany({
		where: { id, counter: previous },
		data: { counter: BigInt(counter), lastUsedAt: new Date() },
	})
	return count === 1
}

// ---------------------------------------------------------------- WebAuthn challenges

export const CHALLENGE_TTL_MS = 5 * 60_000

export type ChallengePurpose = 'register' | 'login'

/** Keeps a challenge just handed out (and drops the ones that expired, anyone's). */
export async function saveChallenge(
	challenge: string,
	purpose: ChallengePurpose,
	customerId: string | null,
) {
	const now = new Date()
	await prisma().webAuthnChallenge.deleteMany({ where: { expiresAt: { lt: now } } })
	await prisma().webAuthnChallenge.create({
		data: {
			challengeHash: sha256(challenge),
			purpose,
			customerId,
			expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
		},
	})
}

/**
 * Spends a challenge before a response is checked against it: true when it was handed out for
 * this purpose (and, for a registration, to this owner), is unexpired and unused. A challenge
 * of another owner is left alone.
 */
export async function spendChallenge(
	challenge: string,
	purpose: ChallengePurpose,
	customerId: string | null,
) {
	const { count } = await prisma().webAuthnChallenge.deleteMany({
		where: {
			challengeHash: sha256(challenge),
			purpose,
			expiresAt: { gt: new Date() },
			...(purpose === 'register' ? { customerId: customerId ?? '' } : {}),
		},
	})
	return count === 1
}

// ---------------------------------------------------------------- second steps (mfa_token)

export const SECOND_STEP_TTL_MS = 10 * 60_000

export type SecondStep =
	| { id: string; customerId: string; purpose: 'login' }
	| {
			id: string
			customerId: string
			purpose: 'reset'
			resetTokenHash: string
			passwordHash: string
	  }

/**
 * The second step of a login, or of a reset holding its link (the link's hash) and the new
 * password's hash: the token to hand out (`mfa_token`), never stored itself.
 */
export async function createSecondStep(
	customerId: string,
	step: { purpose: 'login' } | { purpose: 'reset'; resetTokenHash: string; passwordHash: string },
) {
	const token = crypto.randomBytes(32).toString('base64url')
	const now = new Date()
	await prisma().secondStepToken.deleteMany({ where: { expiresAt: { lt: now } } })
	await prisma().secondStepToken.create({
		data: {
			customerId,
			tokenHash: sha256(token),
			purpose: step.purpose,
			resetTokenHash: step.purpose === 'reset' ? step.resetTokenHash : null,
			passwordHash: step.purpose === 'reset' ? step.passwordHash : null,
			expiresAt: new Date(now.getTime() + SECOND_STEP_TTL_MS),
			// This server's clock, as `sessionsValidAfter` is set (the two are compared).
			createdAt: now,
		},
	})
	return { token, expiresAt: new Date(now.getTime() + SECOND_STEP_TTL_MS) }
}

/** Second-step tokens are 32 random bytes in base64url. */
const SECOND_STEP_PATTERN = /^[A-Za-z0-9_-]{43}$/

/**
 * What a second-step token continues, while it is unexpired, its owner active, the second
 * factor still on and the owner's credentials unchanged since it was made; else null.
 */
export async function findSecondStep(token: unknown): Promise<SecondStep | null> {
	if (typeof token !== 'string' || !SECOND_STEP_PATTERN.test(token)) return null
	const row = await prisma().secondStepToken.findUnique({
		where: { tokenHash: sha256(token) },
		select: {
			id: true,
			customerId: true,
			purpose: true,
			resetTokenHash: true,
			passwordHash: true,
			expiresAt: true,
			createdAt: true,
			customer: {
				select: {
					disabled: true,
					sessionsValidAfter: true,
					totpFactor: { select: { enabledAt: true } },
				},
			},
		},
	})
	if (!row || row.expiresAt.getTime() <= Date.now()) return null
	const { customer } = row
	if (customer.disabled || !customer.totpFactor?.enabledAt) return null
	if (customer.sessionsValidAfter && row.createdAt < customer.sessionsValidAfter) return null
	if (row.purpose === 'reset' && row.resetTokenHash && row.passwordHash) {
		return {
			id: row.id,
			customerId: row.customerId,
			purpose: 'reset',
			resetTokenHash: row.resetTokenHash,
			passwordHash: row.passwordHash,
		}
	}
	return { id: row.id, customerId: row.customerId, purpose: 'login' }
}

/** Spends a login's second step: true when this call spent it (two requests: one wins). */
export async function spendSecondStep(id: string, tx?: Tx) {
	const { count } = await (tx ?? prisma()).secondStepToken.deleteMany({
		where: { id, expiresAt: { gt: new Date() } },
	})
	return count === 1
}

// ---------------------------------------------------------------- support

/**
 * Removes every factor of the owner (authenticator codes, recovery codes, passkeys, challenges
 * and second steps under way) for support (`npm run admin -- reset-mfa`), and tells the owner.
 * Answers what was removed.
 */
export async function removeAllFactors(customerId: string) {
	return writeAsOwner(customerId, async (tx) => {
		const wasOn = await tx.totpFactor.findFirst({
			where: { customerId, enabledAt: { not: null } },
			select: { customerId: true },
		})
		await tx.totpFactor.deleteMany({ where: { customerId } })
		const codes = await tx.recoveryCode.deleteMany({ where: { customerId } })
		const passkeys = await tx.passkey.deleteMany({ where: { customerId } })
		await tx.webAuthnChallenge.deleteMany({ where: { customerId } })
		await tx.secondStepToken.deleteMany({ where: { customerId } })
		const removed = { totp: Boolean(wasOn), recoveryCodes: codes.count, passkeys: passkeys.count }
		if (removed.totp || removed.passkeys) {
			await notify(tx, customerId, 'factor-removed', { factor: 'all' })
		}
		return removed
	})
}
