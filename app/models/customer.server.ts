/**
 * Customers (owners): registration, credentials, and the claimed public path.
 */
import crypto from 'node:crypto'
import { isUniqueViolation, prisma, type Prisma } from '~/utils/db.server'
import { hashPassword, verifyPassword } from '~/utils/password.server'
import { checkPath, PATH_HOLD_DAYS } from '~/utils/path-name'
import { writeAsOwner } from './tx.server'
import { msg } from '~/utils/i18n-macro'
import { type Locale } from '~/utils/locales'

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** Splits "Jane van Doe" into first name "Jane" and last name "van Doe". */
export function splitName(name: string) {
	const parts = name.trim().split(/\s+/).filter(Boolean)
	return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') }
}

export class EmailTakenError extends Error {
	constructor() {
		super(msg`An account with this email already exists`.message)
	}
}

/**
 * Registers an owner. A new address is unverified, and the link that verifies it is queued in
 * the same transaction; `emailVerified` is for owners whose address is vouched for otherwise
 * (the demo owner, test owners). `signupLanguage`: the language the browser asked for, which
 * the owner's emails are in until they choose one (the first, that link, included).
 */
export async function createCustomer(
	input: { email: string; password: string; name: string },
	options: {
		emailVerified?: boolean
		signupLanguage?: Locale
		/** The password's hash when the caller has it already (the test factories reuse one). */
		passwordHash?: string
	} = {},
) {
	const passwordHash = options.passwordHash ?? (await hashPassword(input.password))
	const { firstName, lastName } = splitName(input.name)
	const email = normaliseEmail(input.email)
	const data = {
		email,
		name: input.name.trim(),
		passwordHash,
		signupLanguage: options.signupLanguage ?? null,
		profile: { create: { firstName: firstName || null, lastName: lastName || null } },
	}
	const select = { id: true, email: true, name: true } as const
	try {
		if (options.emailVerified) {
			return await prisma().customer.create({
				data: { ...data, emailVerifiedAt: new Date() },
				select,
			})
		}
		// One batch (no transaction held open across awaits): the account and its link's message.
		const id = crypto.randomUUID()
		const [customer] = await prisma().$transaction([
			prisma().customer.create({ data: { ...data, id }, select }),
			prisma().outboxMessage.create({
				data: { kind: 'verify-email', to: email, data: { customerId: id } },
			}),
		])
		return customer
	} catch (error) {
		if (isUniqueViolation(error)) throw new EmailTakenError()
		throw error
	}
}

/** The customer for these credentials, or null. Unknown email and wrong password cost the same. */
export async function verifyLogin(email: string, password: string) {
	const customer = await prisma().customer.findUnique({
		where: { email: normaliseEmail(email) },
		select: { id: true, passwordHash: true, disabled: true },
	})
	const ok = await verifyPassword(password, customer?.passwordHash ?? null)
	if (!customer || !ok || customer.disabled) return null
	return { id: customer.id }
}

export async function getCustomerEmail(customerId: string) {
	const customer = await prisma().customer.findFirst({
		where: { id: customerId, disabled: false },
		select: { email: true },
	})
	return customer?.email ?? null
}

export async function customerIsActive(customerId: string) {
	const customer = await prisma().customer.findUnique({
		where: { id: customerId },
		select: { disabled: true },
	})
	return customer ? !customer.disabled : false
}

/** The claimed path of a customer, or null when none is claimed yet. */
export async function getCustomerPath(customerId: string) {
	const profile = await prisma().profile.findUnique({
		where: { customerId },
		select: { path: true },
	})
	return profile?.path ?? null
}

/** The customer id behind a public path (case-insensitive), or null. Disabled owners are hidden. */
export async function getCustomerIdByPath(path: string) {
	const check = checkPath(path)
	if (!check.ok) return null
	const profile = await prisma().profile.findFirst({
		where: { pathKey: check.key, customer: { disabled: false } },
		select: { customerId: true },
	})
	return profile?.customerId ?? null
}

export type ClaimResult =
	/** `changed`: false when the path was already exactly this one. */
	| { ok: true; path: string; changed: boolean }
	| { ok: false; reason: 'invalid' | 'reserved' | 'taken' }

/** An owner keeps at most this many previous paths (the oldest is released first). */
export const MAX_HELD_PATHS = 5

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Claims (or changes) the customer's public path. Uniqueness is enforced by the unique index
 * on the lower-cased key, so two concurrent claims of one name cannot both win. A changed path
 * is kept for its owner for {@link PATH_HOLD_DAYS} days (it redirects to the new one and no one
 * else can claim it); the owner may take it back, or release it ({@link releaseHeldPath}).
 */
export async function claimPath(customerId: string, input: unknown): Promise<ClaimResult> {
	const check = checkPath(input)
	if (!check.ok) return check
	try {
		return await writeAsOwner(customerId, async (tx) => {
			const current = await tx.profile.findUnique({
				where: { customerId },
				select: { path: true, pathKey: true },
			})
			// Claims and holds of one name are serialised, so a name being let go by one owner and
			// claimed by another never ends up both held and claimed.
			const keys = [...new Set([check.key, current?.pathKey ?? check.key])].sort()
			for (const key of keys) {
				await tx.$executeRaw`SELECT pg_advisory_xact_lock(${PATH_LOCK_SPACE}::int, hashtext(${key}))`
			}
			const now = new Date()
			await tx.pathRedirect.deleteMany({ where: { expiresAt: { lte: now } } })
			const hold = await tx.pathRedirect.findUnique({ where: { pathKey: check.key } })
			if (hold && hold.customerId !== customerId) return { ok: false, reason: 'taken' } as const
			if (hold) await tx.pathRedirect.delete({ where: { pathKey: check.key } })
			await tx.profile.upsert({
				where: { customerId },
				create: { customerId, path: check.path, pathKey: check.key },
				update: { path: check.path, pathKey: check.key },
			})
			if (current?.path && current.pathKey && current.pathKey !== check.key) {
				const held = {
					path: current.path,
					customerId,
					expiresAt: new Date(now.getTime() + PATH_HOLD_DAYS * DAY_MS),
					createdAt: now,
				}
				await tx.pathRedirect.upsert({
					where: { pathKey: current.pathKey },
					create: { pathKey: current.pathKey, ...held },
					update: held,
				})
				const surplus = await tx.pathRedirect.findMany({
					where: { customerId },
					orderBy: [{ createdAt: 'desc' }, { pathKey: 'asc' }],
					skip: MAX_HELD_PATHS,
					select: { pathKey: true },
				})
				if (surplus.length) {
					await tx.pathRedirect.deleteMany({
						where: { customerId, pathKey: { in: surplus.map((row) => row.pathKey) } },
					})
				}
			}
			return { ok: true, path: check.path, changed: current?.path !== check.path } as const
		})
	} catch (error) {
		if (isUniqueViolation(error)) return { ok: false, reason: 'taken' }
		throw error
	}
}

// The first key of the advisory locks on path names (other advisory locks use other spaces).
const PATH_LOCK_SPACE = 7_284_201

/** Whether a name is claimed by an owner or held for one after a change (case-insensitive). */
export async function pathKeyInUse(pathKey: string) {
	const [claimed, held] = await Promise.all([
		prisma().profile.findUnique({ where: { pathKey }, select: { customerId: true } }),
		prisma().pathRedirect.findFirst({
			where: { pathKey, expiresAt: { gt: new Date() } },
			select: { customerId: true },
		}),
	])
	return Boolean(claimed || held)
}

export type HeldPath = { path: string; until: Date }

/** The customer's previous paths that still redirect to the current one, newest first. */
export async function listHeldPaths(customerId: string): Promise<HeldPath[]> {
	const rows = await prisma().pathRedirect.findMany({
		where: { customerId, expiresAt: { gt: new Date() } },
		orderBy: [{ createdAt: 'desc' }, { pathKey: 'asc' }],
		select: { path: true, expiresAt: true },
	})
	return rows.map((row) => ({ path: row.path, until: row.expiresAt }))
}

/**
 * Lets a previous path go before its {@link PATH_HOLD_DAYS} days are up: it stops redirecting
 * and anyone may claim it. False when the customer holds no such path.
 */
export async function releaseHeldPath(customerId: string, path: string) {
	const check = checkPath(path)
	if (!check.ok) return false
	const { count } = await prisma().pathRedirect.deleteMany({
		where: { pathKey: check.key, customerId },
	})
	return count > 0
}

/**
 * Where a public name has moved: the owner's current path while `pname` is one of their held
 * previous paths (and the owner is not disabled), else null.
 */
export async function findMovedPath(pname: string): Promise<string | null> {
	const check = checkPath(pname)
	if (!check.ok) return null
	const rows = await prisma().$queryRaw<Array<{ path: string }>>`
		SELECT p."path"
		FROM "PathRedirect" r
		JOIN "Profile" p ON p."customerId" = r."customerId"
		JOIN "Customer" c ON c."id" = r."customerId"
		WHERE r."pathKey" = ${check.key} AND r."expiresAt" > now()
			AND p."path" IS NOT NULL AND NOT c."disabled"`
	return rows[0]?.path ?? null
}

// ---------------------------------------------------------------- administration

export type OwnerSummary = {
	id: string
	email: string
	name: string
	path: string | null
	disabled: boolean
	createdAt: Date
}

/** Every owner, newest first (for `npm run admin -- list`). */
export async function listCustomers(): Promise<OwnerSummary[]> {
	const rows = await prisma().customer.findMany({
		orderBy: { createdAt: 'desc' },
		select: {
			id: true,
			email: true,
			name: true,
			disabled: true,
			createdAt: true,
			profile: { select: { path: true } },
		},
	})
	return rows.map(({ profile, ...row }) => ({ ...row, path: profile?.path ?? null }))
}

/** Finds an owner by id, email, claimed path or a previous path still held for them. */
export async function findCustomer(ref: string) {
	const byPath = checkPath(ref)
	return prisma().customer.findFirst({
		where: {
			OR: [
				{ id: ref },
				{ email: normaliseEmail(ref) },
				...(byPath.ok
					? [
							{ profile: { pathKey: byPath.key } },
							{ pathRedirects: { some: { pathKey: byPath.key } } },
						]
					: []),
			],
		},
		select: {
			id: true,
			email: true,
			name: true,
			disabled: true,
			profile: { select: { path: true } },
		},
	})
}

/** Disabling hides the owner's pages (404), refuses their login and ends their sessions. */
export async function setCustomerDisabled(customerId: string, disabled: boolean) {
	await writeAsOwner(customerId, async (tx) => {
		await tx.customer.update({ where: { id: customerId }, data: { disabled } })
		if (disabled) {
			await tx.refreshToken.updateMany({
				where: { customerId, revokedAt: null },
				data: { revokedAt: new Date() },
			})
		}
	})
}

/**
 * Ends every link and pending change issued under the owner's current credentials, inside the
 * caller's owner-serialised write: unused password reset links, email change links (the
 * pending change is dropped), logins and resets waiting for their second step, and the messages that would make such links that still wait in
 * the outbox (to any of `emails`, the owner's addresses old and new). The outbox worker makes
 * links under the same serialisation and skips a message older than `sessionsValidAfter`, so a
 * message being sent at this very moment makes no link either (account.server.ts).
 */
export async function endPendingLinks(
	tx: Prisma.TransactionClient,
	customerId: string,
	emails: string[],
) {
	await tx.passwordResetToken.deleteMany({ where: { customerId } })
	await tx.emailChangeToken.deleteMany({ where: { customerId } })
	// A login or reset waiting for its second step was begun under the old credentials too.
	await tx.secondStepToken.deleteMany({ where: { customerId } })
	await tx.outboxMessage.deleteMany({
		where: {
			OR: [
				{ kind: { in: ['password-reset', 'set-password'] }, to: { in: emails } },
				{ kind: 'email-change', data: { path: ['customerId'], equals: customerId } },
			],
		},
	})
}

/**
 * Sets a new password and ends every session of the owner (refresh families and access tokens)
 * and every link and pending change of email issued before ({@link endPendingLinks}).
 * `within` runs first in the same transaction (e.g. spending a reset link); when it answers
 * false nothing is changed and this answers false.
 */
export async function resetPassword(
	customerId: string,
	password: string,
	within?: (tx: Prisma.TransactionClient) => Promise<boolean>,
) {
	return setPasswordHash(customerId, await hashPassword(password), within)
}

/**
 * {@link resetPassword} with the new password already hashed (a reset whose second step held
 * the hash until it succeeded: app/models/account.server.ts).
 */
export async function setPasswordHash(
	customerId: string,
	passwordHash: string,
	within?: (tx: Prisma.TransactionClient) => Promise<boolean>,
) {
	return writeAsOwner(customerId, async (tx) => {
		if (within && !(await within(tx))) return false
		const now = new Date()
		const { email } = await tx.customer.update({
			where: { id: customerId },
			data: { passwordHash, sessionsValidAfter: now },
			select: { email: true },
		})
		await tx.refreshToken.updateMany({
			where: { customerId, revokedAt: null },
			data: { revokedAt: now },
		})
		await endPendingLinks(tx, customerId, [email])
		return true
	})
}

/**
 * Frees the owner's public path and every previous path held for them, so someone else can
 * claim them (`npm run admin -- release-path`). Answers the names released.
 */
export async function releasePath(customerId: string) {
	const held = await writeAsOwner(customerId, async (tx) => {
		const [profile, previous] = await Promise.all([
			tx.profile.findUnique({ where: { customerId }, select: { path: true } }),
			tx.pathRedirect.findMany({ where: { customerId }, select: { path: true } }),
		])
		await tx.profile.update({ where: { customerId }, data: { path: null, pathKey: null } })
		await tx.pathRedirect.deleteMany({ where: { customerId } })
		return [...(profile?.path ? [profile.path] : []), ...previous.map((row) => row.path)]
	})
	return held
}

/**
 * The owner's two languages (Settings): `language`, the builder's and their emails' (null: the
 * browser's), and `pageLanguage`, their public pages' (`Profile.language`).
 */
export async function getLanguages(customerId: string) {
	const row = await prisma().customer.findUnique({
		where: { id: customerId },
		select: { language: true, profile: { select: { language: true } } },
	})
	return row ? { language: row.language, pageLanguage: row.profile?.language ?? null } : null
}

/** Sets the language of the builder and the owner's emails; null follows the browser. */
export async function setCustomerLanguage(customerId: string, language: string | null) {
	await writeAsOwner(customerId, (tx) =>
		tx.customer.update({ where: { id: customerId }, data: { language }, select: { id: true } }),
	)
}
