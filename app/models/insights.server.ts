/**
 * Insights storage (docs/decisions/022-insights.md): daily rollups per owner, metric and
 * dimension; the day's salt shared by every instance; today's visitor hashes, kept only to count
 * each visitor once a day. Days are UTC dates written `YYYY-MM-DD`.
 */
import crypto from 'node:crypto'
import { prisma } from '~/utils/db.server'
import { type InsightsRow } from '~/utils/insights'

export type CountRow = {
	day: string
	customerId: string
	metric: string
	dimension: string
	count: number
}

/** A visitor of a day: `scope` '' counts the page's visitors, else the source they came from. */
export type VisitorRow = { day: string; customerId: string; scope: string; hash: Buffer }

/**
 * The salt of `day`: made at random by the first instance that needs it, read by the others.
 * Deleted once the day is over (`removeExpired`), so no hash can be linked to another day's.
 */
export async function readOrCreateSalt(day: string): Promise<Buffer> {
	const client = prisma()
	await client.$executeRaw`
		INSERT INTO "InsightsSalt" ("day", "salt") VALUES (${day}::date, ${crypto.randomBytes(32)})
		ON CONFLICT ("day") DO NOTHING`
	const rows = await client.$queryRaw<Array<{ salt: Uint8Array }>>`
		SELECT "salt" FROM "InsightsSalt" WHERE "day" = ${day}::date`
	const salt = rows[0]?.salt
	if (!salt) throw new Error(`the insights salt of ${day} could not be read`)
	return Buffer.from(salt)
}

/**
 * Adds a batch in ONE statement: today's new visitor hashes are inserted (a hash already there,
 * from this instance or another, is no new visitor), the new ones are counted into the
 * 'visitors' and 'source' rows, and every count is added to its day's row. Rows of owners that
 * are gone are skipped. Rows are written in key order, so two instances flushing at once wait
 * for each other instead of deadlocking.
 */
export async function addCounts(counts: readonly CountRow[], visitors: readonly VisitorRow[]) {
	if (!counts.length && !visitors.length) return
	await prisma().$executeRaw`
		WITH new_visitors AS (
			INSERT INTO "InsightsVisitor" ("day", "customerId", "scope", "hash")
			SELECT v.day, v.customer_id, v.scope, decode(v.hash, 'hex')
			FROM unnest(
				${visitors.map((row) => row.day)}::date[],
				${visitors.map((row) => row.customerId)}::text[],
				${visitors.map((row) => row.scope)}::text[],
				${visitors.map((row) => row.hash.toString('hex'))}::text[]
			) AS v(day, customer_id, scope, hash)
			JOIN "Customer" c ON c."id" = v.customer_id
			ORDER BY 1, 2, 3, 4
			ON CONFLICT DO NOTHING
			RETURNING "day", "customerId", "scope"
		),
		increments AS (
			SELECT h.day, h.customer_id, h.metric, h.dimension, h.n
			FROM unnest(
				${counts.map((row) => row.day)}::date[],
				${counts.map((row) => row.customerId)}::text[],
				${counts.map((row) => row.metric)}::text[],
				${counts.map((row) => row.dimension)}::text[],
				${counts.map((row) => row.count)}::int[]
			) AS h(day, customer_id, metric, dimension, n)
			UNION ALL
			SELECT "day", "customerId",
				CASE WHEN "scope" = '' THEN 'visitors' ELSE 'source' END, "scope", count(*)::int
			FROM new_visitors GROUP BY 1, 2, 3, 4
		)
		INSERT INTO "InsightsDay" ("day", "customerId", "metric", "dimension", "count")
		SELECT i.day, i.customer_id, i.metric, i.dimension, sum(i.n)::int
		FROM increments i JOIN "Customer" c ON c."id" = i.customer_id
		GROUP BY 1, 2, 3, 4
		ORDER BY 2, 1, 3, 4
		ON CONFLICT ("customerId", "day", "metric", "dimension")
		DO UPDATE SET "count" = "InsightsDay"."count" + EXCLUDED."count"`
}

/**
 * Deletes what must not outlive its day (salts and visitor hashes of days before `today`) and
 * rollups older than `retentionDays`. Cheap: each is a range on an indexed column.
 */
export async function removeExpired(today: string, retentionDays: number) {
	const client = prisma()
	await client.$executeRaw`DELETE FROM "InsightsVisitor" WHERE "day" < ${today}::date`
	await client.$executeRaw`DELETE FROM "InsightsSalt" WHERE "day" < ${today}::date`
	await client.$executeRaw`
		DELETE FROM "InsightsDay" WHERE "day" < ${today}::date - ${retentionDays}::int`
}

/** The owner's rollup rows from `from` to `to` (inclusive). */
export async function readRows(customerId: string, from: string, to: string) {
	const rows = await prisma().$queryRaw<
		Array<{ day: Date; metric: string; dimension: string; count: number }>
	>`
		SELECT "day", "metric", "dimension", "count" FROM "InsightsDay"
		WHERE "customerId" = ${customerId} AND "day" BETWEEN ${from}::date AND ${to}::date`
	return rows.map((row): InsightsRow => ({
		day: row.day.toISOString().slice(0, 10),
		metric: row.metric,
		dimension: row.dimension,
		count: Number(row.count),
	}))
}

/** Sets rows that are not there yet (the demo history of `npm run seed`: idempotent). */
export async function addMissingRows(rows: readonly CountRow[]) {
	if (!rows.length) return 0
	return prisma().$executeRaw`
		INSERT INTO "InsightsDay" ("day", "customerId", "metric", "dimension", "count")
		SELECT * FROM unnest(
			${rows.map((row) => row.day)}::date[],
			${rows.map((row) => row.customerId)}::text[],
			${rows.map((row) => row.metric)}::text[],
			${rows.map((row) => row.dimension)}::text[],
			${rows.map((row) => row.count)}::int[]
		)
		ON CONFLICT DO NOTHING`
}

/** Whether the owner has any insights row at all. */
export async function hasAnyRows(customerId: string) {
	const row = await prisma().insightsDay.findFirst({ where: { customerId }, select: { day: true } })
	return Boolean(row)
}

/** The names of the owner's projects among `ids` (for 'portfolio:{id}' links and pages). */
export async function projectNames(customerId: string, ids: readonly string[]) {
	if (!ids.length) return new Map<string, string>()
	const rows = await prisma().portfolio.findMany({
		where: { customerId, id: { in: [...ids] } },
		select: { id: true, productName: true },
	})
	return new Map(rows.map((row) => [row.id, row.productName ?? '']))
}

// ---------------------------------------------------------------- contacts received

/**
 * Counts a contact a visitor left on its UTC day: the metric `contact`, written at
 * once with the contact (inside its transaction), so the count is exact and outlives the contact
 * itself (deleted by its owner or by retention) for INSIGHTS_RETENTION_DAYS, like every rollup.
 */
export async function addContactCount(
	customerId: string,
	day: string,
	db: Pick<ReturnType<typeof prisma>, '$executeRaw'> = prisma(),
) {
	await db.$executeRaw`
		INSERT INTO "InsightsDay" ("day", "customerId", "metric", "dimension", "count")
		VALUES (${day}::date, ${customerId}, 'contact', '', 1)
		ON CONFLICT ("customerId", "day", "metric", "dimension")
		DO UPDATE SET "count" = "InsightsDay"."count" + 1`
}

/** Contacts received per UTC day from `from` to `to` (inclusive), only the days with some. */
export async function readContactCounts(customerId: string, from: string, to: string) {
	const rows = await prisma().$queryRaw<Array<{ day: Date; count: number }>>`
		SELECT "day", "count" FROM "InsightsDay"
		WHERE "customerId" = ${customerId} AND "metric" = 'contact' AND "dimension" = ''
			AND "day" BETWEEN ${from}::date AND ${to}::date
		ORDER BY "day"`
	return rows.map((row) => ({ day: row.day.toISOString().slice(0, 10), count: Number(row.count) }))
}
