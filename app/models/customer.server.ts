/**
 * Customers (owners): registration, credentials, and the claimed public path.
 */
import { prisma } from '~/utils/db.server'
import { hashPassword, verifyPassword } from '~/utils/password.server'
import { checkPath } from '~/utils/path-name'

export const normaliseEmail = (email: string) => email.trim().toLowerCase()

/** Splits "Jane van Doe" into first name "Jane" and last name "van Doe". */
export function splitName(name: string) {
	const parts = name.trim().split(/\s+/).filter(Boolean)
	return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') }
}

export class EmailTakenError extends Error {
	constructor() {
		super('An account with this email already exists')
	}
}

export async function createCustomer(input: { email: string; password: string; name: string }) {
	const passwordHash = await hashPassword(input.password)
	const { firstName, lastName } = splitName(input.name)
	try {
		return await prisma().customer.create({
			data: {
				email: normaliseEmail(input.email),
				name: input.name.trim(),
				passwordHash,
				profile: { create: { firstName: firstName || null, lastName: lastName || null } },
			},
			select: { id: true, email: true, name: true },
		})
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
	{ ok: true; path: string } | { ok: false; reason: 'invalid' | 'reserved' | 'taken' }

/**
 * Claims (or changes) the customer's public path. Uniqueness is enforced by the unique index
 * on the lower-cased key, so two concurrent claims of one name cannot both win.
 */
export async function claimPath(customerId: string, input: unknown): Promise<ClaimResult> {
	const check = checkPath(input)
	if (!check.ok) return check
	try {
		await prisma().profile.upsert({
			where: { customerId },
			create: { customerId, path: check.path, pathKey: check.key },
			update: { path: check.path, pathKey: check.key },
		})
		return { ok: true, path: check.path }
	} catch (error) {
		if (isUniqueViolation(error)) return { ok: false, reason: 'taken' }
		throw error
	}
}

function isUniqueViolation(error: unknown) {
	return (
		typeof error === 'object' &&
		error !== null &&
		'code' in error &&
		(error as { code: unknown }).code === 'P2002'
	)
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

/** Finds an owner by id, email or claimed path. */
export async function findCustomer(ref: string) {
	const byPath = checkPath(ref)
	return prisma().customer.findFirst({
		where: {
			OR: [
				{ id: ref },
				{ email: normaliseEmail(ref) },
				...(byPath.ok ? [{ profile: { pathKey: byPath.key } }] : []),
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
	await prisma().$transaction([
		prisma().customer.update({ where: { id: customerId }, data: { disabled } }),
		...(disabled
			? [
					prisma().refreshToken.updateMany({
						where: { customerId, revokedAt: null },
						data: { revokedAt: new Date() },
					}),
				]
			: []),
	])
}

/** Sets a new password and ends every session of the owner. */
export async function resetPassword(customerId: string, password: string) {
	const passwordHash = await hashPassword(password)
	await prisma().$transaction([
		prisma().customer.update({ where: { id: customerId }, data: { passwordHash } }),
		prisma().refreshToken.updateMany({
			where: { customerId, revokedAt: null },
			data: { revokedAt: new Date() },
		}),
	])
}

/** Frees the owner's public path so someone else can claim it. */
export async function releasePath(customerId: string) {
	await prisma().profile.update({ where: { customerId }, data: { path: null, pathKey: null } })
}
