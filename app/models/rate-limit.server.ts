/**
 * Fixed-window counters in PostgreSQL, so every app instance shares them.
 */
import { prisma } from '~/utils/db.server'

export type Limit = { key: string; max: number; windowMs: number }

/** How long until the first exhausted limit resets, or 0 when none is exhausted. */
export async function retryAfterMs(limits: Limit[]): Promise<number> {
	if (!limits.length) return 0
	const rows = await prisma().rateLimit.findMany({
		where: { key: { in: limits.map((limit) => limit.key) }, resetAt: { gt: new Date() } },
	})
	let wait = 0
	for (const row of rows) {
		const limit = limits.find((candidate) => candidate.key === row.key)
		if (limit && row.count >= limit.max) {
			wait = Math.max(wait, row.resetAt.getTime() - Date.now())
		}
	}
	return wait
}

/** Counts one event against each limit (atomic upsert; a window restarts once it is over). */
export async function hit(limits: Limit[]) {
	for (const limit of limits) {
		const resetAt = new Date(Date.now() + limit.windowMs)
		await prisma().$executeRaw`
			INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES (${limit.key}, 1, ${resetAt})
			ON CONFLICT ("key") DO UPDATE SET
				"count" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."count" + 1 END,
				"resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END`
	}
}

export async function clear(keys: string[]) {
	await prisma().rateLimit.deleteMany({ where: { key: { in: keys } } })
}

export async function deleteExpiredRateLimits() {
	await prisma().rateLimit.deleteMany({ where: { resetAt: { lt: new Date() } } })
}
