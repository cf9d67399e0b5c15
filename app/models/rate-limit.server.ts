/**
 * Fixed-window counters in PostgreSQL, so every app instance shares them.
 *
 * A limit is reserved BEFORE the work it guards: one statement increments the counter and
 * answers the new count, so of N concurrent requests exactly `max` see a count within the limit
 * and the others are refused, whatever their timing (docs/decisions/025-account-security.md).
 * Reading the counter first and counting after the work let a burst walk through.
 */
import { prisma } from '~/utils/db.server'

export type Limit = { key: string; max: number; windowMs: number }

export type Reservation = { ok: true } | { ok: false; retryAfterMs: number }

/** Counts one event on one limit (atomic; a window restarts once it is over): the new count. */
async function increment(limit: Limit) {
	const resetAt = new Date(Date.now() + limit.windowMs)
	const rows = await prisma().$queryRaw<Array<{ count: number; resetAt: Date }>>`
		INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES (${limit.key}, 1, ${resetAt})
		ON CONFLICT ("key") DO UPDATE SET
			"count" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."count" + 1 END,
			"resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
		RETURNING "count", "resetAt"`
	const row = rows[0]!
	return { count: Number(row.count), resetAt: new Date(row.resetAt) }
}

/**
 * Reserves one attempt on each limit, in order, before the work is done. Refused at the first
 * limit that is exhausted (the attempts reserved on the limits before it are given back, so a
 * refused request uses up nothing else): `retryAfterMs` is how long until that window ends.
 */
export async function reserve(limits: Limit[]): Promise<Reservation> {
	for (const [index, limit] of limits.entries()) {
		const { count, resetAt } = await increment(limit)
		if (count > limit.max) {
			await release(limits.slice(0, index))
			return { ok: false, retryAfterMs: Math.max(1000, resetAt.getTime() - Date.now()) }
		}
	}
	return { ok: true }
}

/**
 * Gives back one reserved attempt on each limit (the work turned out not to count, e.g. a login
 * that succeeded). A window that has ended meanwhile is left alone.
 */
export async function release(limits: Limit[]) {
	for (const limit of limits) {
		await prisma().$executeRaw`
			UPDATE "RateLimit" SET "count" = "count" - 1
			WHERE "key" = ${limit.key} AND "count" > 0 AND "resetAt" > now()`
	}
}

export async function clear(keys: string[]) {
	await prisma().rateLimit.deleteMany({ where: { key: { in: keys } } })
}

export async function deleteExpiredRateLimits() {
	await prisma().rateLimit.deleteMany({ where: { resetAt: { lt: new Date() } } })
}
