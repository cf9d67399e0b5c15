/**
 * Owners' own domains (docs/decisions/034-own-domains.md): one per owner. A domain is `pending`
 * until its TXT record is found, then `verified`; a verified domain whose record has gone missing
 * at a daily check is `failing` (still served), and `pending` again after 3 days. A pending claim
 * holds nothing: several owners may claim one name, each with a token of their own, and the
 * first whose record is found holds it (verified or failing: one owner only, a partial unique
 * index); the others' claims then end. The one place that reads and writes the Domain table.
 */
import { isUniqueViolation, prisma } from '~/utils/db.server'

export type DomainStatus = 'pending' | 'verified' | 'failing'

export type OwnDomain = {
	customerId: string
	name: string
	token: string
	status: DomainStatus
	verifiedAt: Date | null
	lastCheckedAt: Date | null
	failingSince: Date | null
}

/** A domain that serves its owner's pages (verified or failing), with the owner's current path. */
export type ServedDomain = { name: string; customerId: string; path: string; status: DomainStatus }

const SELECT = {
	customerId: true,
	name: true,
	token: true,
	status: true,
	verifiedAt: true,
	lastCheckedAt: true,
	failingSince: true,
} as const

const asDomain = (row: Omit<OwnDomain, 'status'> & { status: string }): OwnDomain => ({
	...row,
	status: row.status === 'verified' || row.status === 'failing' ? row.status : 'pending',
})

export async function getDomain(customerId: string): Promise<OwnDomain | null> {
	const row = await prisma().domain.findUnique({ where: { customerId }, select: SELECT })
	return row ? asDomain(row) : null
}

/**
 * The owner's domain becomes `name`: unchanged when it already is (its state kept), else
 * pending with `token` (a new name needs a new proof). `taken` when another owner holds the
 * name (verified or failing); another owner's pending claim does not stop this one.
 */
export async function claimDomain(
	customerId: string,
	name: string,
	token: string,
	now = new Date(),
): Promise<
	{ ok: true; domain: OwnDomain; previous: string | null } | { ok: false; reason: 'taken' }
> {
	return prisma().$transaction(async (tx) => {
		const current = await tx.domain.findUnique({ where: { customerId }, select: SELECT })
		if (current?.name === name)
			return { ok: true as const, domain: asDomain(current), previous: null }
		const held = await tx.domain.findFirst({
			where: { name, customerId: { not: customerId }, status: { not: 'pending' } },
			select: { customerId: true },
		})
		if (held) return { ok: false as const, reason: 'taken' as const }
		const fresh = {
			name,
			token,
			status: 'pending',
			verifiedAt: null,
			lastCheckedAt: null,
			failingSince: null,
		}
		const row = current
			? await tx.domain.update({
					where: { customerId },
					data: { ...fresh, createdAt: now },
					select: SELECT,
				})
			: await tx.domain.create({ data: { customerId, ...fresh }, select: SELECT })
		return { ok: true as const, domain: asDomain(row), previous: current?.name ?? null }
	})
}

/**
 * The domain `name` of the owner is verified now (only while it is still their domain), and the
 * other owners' pending claims on the name end. `gone` when it is no longer their domain,
 * `taken` when another owner holds the name (their record was found first).
 */
export async function markVerified(
	customerId: string,
	name: string,
	now = new Date(),
): Promise<{ ok: true; domain: OwnDomain } | { ok: false; reason: 'gone' | 'taken' }> {
	try {
		const { count } = await prisma().domain.updateMany({
			where: { customerId, name },
			data: { status: 'verified', verifiedAt: now, lastCheckedAt: now, failingSince: null },
		})
		if (!count) return { ok: false, reason: 'gone' }
	} catch (error) {
		// The partial unique index on held names.
		if (isUniqueViolation(error)) return { ok: false, reason: 'taken' }
		throw error
	}
	// Once the name is held, in a statement of its own: in one transaction with the update, two
	// owners verifying at once could each wait for the other's row.
	await prisma().domain.deleteMany({
		where: { name, customerId: { not: customerId }, status: 'pending' },
	})
	const domain = await getDomain(customerId)
	return domain ? { ok: true, domain } : { ok: false, reason: 'gone' }
}

/** A check of the owner's pending domain found no record: only when it was checked. */
export async function markChecked(customerId: string, name: string, now = new Date()) {
	await prisma().domain.updateMany({ where: { customerId, name }, data: { lastCheckedAt: now } })
}

/**
 * A served domain whose record is missing: `failing` since `now` (when it was verified), or
 * `pending` once it has been failing for `failingMs`. Answers the new status, or null when the
 * domain changed meanwhile.
 */
export async function markMissing(
	customerId: string,
	name: string,
	failingMs: number,
	now = new Date(),
): Promise<DomainStatus | null> {
	const current = await prisma().domain.findUnique({ where: { customerId }, select: SELECT })
	if (!current || current.name !== name || current.status === 'pending') return null
	if (current.status === 'verified') {
		const { count } = await prisma().domain.updateMany({
			where: { customerId, name, status: 'verified' },
			data: { status: 'failing', failingSince: now, lastCheckedAt: now },
		})
		return count ? 'failing' : null
	}
	if (current.failingSince && now.getTime() - current.failingSince.getTime() >= failingMs) {
		const { count } = await prisma().domain.updateMany({
			where: { customerId, name, status: 'failing' },
			data: { status: 'pending', failingSince: null, verifiedAt: null, lastCheckedAt: now },
		})
		return count ? 'pending' : null
	}
	await markChecked(customerId, name, now)
	return 'failing'
}

/** Removes the owner's domain: the name it had, or null when there was none. */
export async function deleteDomain(customerId: string): Promise<string | null> {
	const rows = await prisma().domain.findMany({ where: { customerId }, select: { name: true } })
	await prisma().domain.deleteMany({ where: { customerId } })
	return rows[0]?.name ?? null
}

/**
 * Every domain that serves pages now (verified or failing, of an owner who is not disabled and
 * has a path): what host routing reads (app/services/domains.server.ts).
 */
export async function listServedDomains(): Promise<ServedDomain[]> {
	const rows = await prisma().$queryRaw<ServedDomain[]>`
		SELECT d."name", d."customerId", p."path", d."status"
		FROM "Domain" d
		JOIN "Customer" c ON c."id" = d."customerId"
		JOIN "Profile" p ON p."customerId" = d."customerId"
		WHERE d."status" IN ('verified', 'failing') AND NOT c."disabled" AND p."path" IS NOT NULL`
	return rows
}

/** Served domains not checked since `before`, oldest first (the daily check). */
export async function listDomainsToRecheck(before: Date, take = 500): Promise<OwnDomain[]> {
	const rows = await prisma().domain.findMany({
		where: {
			status: { in: ['verified', 'failing'] },
			OR: [{ lastCheckedAt: null }, { lastCheckedAt: { lt: before } }],
		},
		orderBy: { lastCheckedAt: 'asc' },
		take,
		select: SELECT,
	})
	return rows.map(asDomain)
}
