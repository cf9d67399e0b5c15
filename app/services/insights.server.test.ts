/**
 * Insights counting against the real database: batches, visitors counted once a day across
 * instances, the daily caps and the memory bound, failures kept for the next write, and what
 * must not outlive its day.
 */
import { describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { addCounts, readOrCreateSalt, readRows, removeExpired } from '~/models/insights.server'
import { InsightsRecorder, readSummary } from '~/services/insights.server'
import { prisma } from '~/utils/db.server'
import { addDays, utcDay } from '~/utils/insights'

const quiet = { warn: () => {}, error: () => {} }
const visitor = (n: number) => ({ address: `203.0.113.${n}`, userAgent: `Browser/${n}` })

async function totals(customerId: string) {
	const summary = await readSummary(customerId, '7d')
	return summary.totals
}

describe('the insights recorder', () => {
	test('N views by K visitors count N views and K visitors, in one statement', async () => {
		const owner = await createOwner()
		const recorder = new InsightsRecorder({ intervalMs: 60_000, log: quiet })
		// 30 views from each of 7 visitors: the most one address counts in a day.
		for (let i = 0; i < 210; i++) await recorder.view(owner.id, '/', 'direct', visitor(i % 7))
		for (let i = 0; i < 40; i++) recorder.add(owner.id, 'click', 'linkedInUrl')
		recorder.add(owner.id, 'vcard')
		recorder.add(owner.id, 'qr')
		recorder.add(owner.id, 'share', 'native')
		await recorder.flush()
		expect(recorder.writes.statements).toBe(1)
		const summary = await readSummary(owner.id, '7d')
		expect(summary.totals).toEqual({
			views: 210,
			visitors: 7,
			linkClicks: 40,
			vcardDownloads: 1,
			qrDownloads: 1,
			shares: 1,
		})
		expect(summary.sources).toEqual([{ source: 'direct', visitors: 7 }])
		expect(summary.links).toEqual([{ link: 'linkedInUrl', clicks: 40 }])
		expect(summary.pages).toEqual([{ path: `/${owner.path}`, views: 210 }])
		expect(summary.daily.at(-1)).toEqual({ date: utcDay(), views: 210, visitors: 7 })
		await recorder.stop()
	})

	test('two instances count a visitor once a day, and add into the same rows', async () => {
		const owner = await createOwner()
		const a = new InsightsRecorder({ intervalMs: 60_000, log: quiet })
		const b = new InsightsRecorder({ intervalMs: 60_000, log: quiet })
		for (let i = 0; i < 10; i++) {
			await a.view(owner.id, '/', 'example.com', visitor(i))
			await b.view(owner.id, '/', 'example.com', visitor(i + 5)) // 5 of them seen by both
		}
		await Promise.all([a.flush(), b.flush()])
		expect(await totals(owner.id)).toMatchObject({ views: 20, visitors: 15 })
		const rows = await prisma().insightsDay.findMany({ where: { customerId: owner.id } })
		// One row per metric and dimension, whichever instance wrote it.
		expect(rows.map((row) => `${row.metric}:${row.dimension}:${row.count}`).sort()).toEqual([
			'source:example.com:15',
			'view:/:20',
			'visitors::15',
		])
		await Promise.all([a.stop(), b.stop()])
	})

	test('a visitor on another day is another visitor: the salt is the day’s', async () => {
		const owner = await createOwner()
		const today = utcDay()
		const yesterday = addDays(today, -1)
		let now = new Date(`${yesterday}T23:59:00Z`)
		// The recorders of the tests above took this hour's cleanup turn (once across instances).
		await prisma().jobLease.deleteMany()
		const recorder = new InsightsRecorder({ intervalMs: 60_000, log: quiet, now: () => now })
		await recorder.view(owner.id, '/', null, visitor(1))
		await recorder.flush()
		now = new Date()
		await recorder.view(owner.id, '/', null, visitor(1))
		await recorder.flush()
		const rows = await readRows(owner.id, yesterday, today)
		expect(rows.filter((row) => row.metric === 'visitors').map((row) => row.day)).toEqual([
			yesterday,
			today,
		])
		// The day is over: its salt and its hashes are gone; today's stay until today ends.
		const salts = await prisma().insightsSalt.findMany()
		expect(salts.map((salt) => utcDay(salt.day))).toEqual([today])
		const hashes = await prisma().insightsVisitor.findMany({ where: { customerId: owner.id } })
		expect(hashes.every((row) => utcDay(row.day) === today)).toBe(true)
		expect(hashes).toHaveLength(1)
		await recorder.stop()
	})

	test('the salt is random, one per day, shared by every instance', async () => {
		const day = addDays(utcDay(), 1)
		const [first, second] = await Promise.all([readOrCreateSalt(day), readOrCreateSalt(day)])
		expect(first.equals(second)).toBe(true)
		expect(first).toHaveLength(32)
		await removeExpired(addDays(day, 1), 730)
		expect(await prisma().insightsSalt.count({ where: { day: new Date(day) } })).toBe(0)
	})

	test('rollups older than the retention are removed', async () => {
		const owner = await createOwner()
		const today = utcDay()
		const old = addDays(today, -31)
		const kept = addDays(today, -29)
		await addCounts(
			[
				{ day: old, customerId: owner.id, metric: 'view', dimension: '/', count: 3 },
				{ day: kept, customerId: owner.id, metric: 'view', dimension: '/', count: 4 },
			],
			[],
		)
		await removeExpired(today, 30)
		const rows = await readRows(owner.id, addDays(today, -90), today)
		expect(rows.map((row) => row.day)).toEqual([kept])
	})

	test('a flood of distinct dimensions is capped per day: the rest count as other', async () => {
		const owner = await createOwner()
		const recorder = new InsightsRecorder({ intervalMs: 60_000, log: quiet })
		for (let i = 0; i < 400; i++) recorder.add(owner.id, 'click', `portfolio:p${i}`)
		expect(recorder.pending.counts).toBe(251)
		await recorder.flush()
		const summary = await readSummary(owner.id, '7d')
		expect(summary.totals.linkClicks).toBe(400)
		expect(summary.links[0]).toEqual({ link: 'other', clicks: 150 })
		await recorder.stop()
	})

	test('memory stays bounded under a flood of distinct keys', async () => {
		const recorder = new InsightsRecorder({ intervalMs: 60_000, maxCountKeys: 100, log: quiet })
		// Owners that do not exist: the write skips them, and the map never holds more than the cap.
		let most = 0
		for (let i = 0; i < 5000; i++) {
			recorder.add(`nobody-${i}`, 'vcard')
			most = Math.max(most, recorder.pending.counts)
		}
		expect(most).toBeLessThanOrEqual(110)
		await recorder.stop()
	})

	test('one address counts as at most 3 visitors and 30 views a day, whatever its browsers, and names at most 3 sources', async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const recorder = new InsightsRecorder({ intervalMs: 60_000, log: quiet })
		// One address, 300 browsers, 300 made-up sources.
		for (let i = 0; i < 300; i++) {
			const forged = { address: '198.51.100.7', userAgent: `Forged/${i}` }
			await recorder.view(owner.id, '/', `spam-${i}.example`, forged)
			if (i < 5) await recorder.view(other.id, '/', null, forged)
		}
		// Another address on the same day is counted as usual.
		await recorder.view(owner.id, '/', 'linkedin.com', visitor(9))
		await recorder.stop()
		const summary = await readSummary(owner.id, '7d')
		expect(summary.totals).toMatchObject({ views: 31, visitors: 4 })
		expect(summary.sources.reduce((sum, row) => sum + row.visitors, 0)).toBe(4)
		expect(summary.sources).toContainEqual({ source: 'linkedin.com', visitors: 1 })
		// The caps are per owner: the same address on another owner's page counts there too.
		expect((await readSummary(other.id, '7d')).totals).toMatchObject({ views: 5, visitors: 3 })
	})

	test('the tallies stay under their byte caps, whatever arrives', async () => {
		const owner = await createOwner()
		const caps = { pending: 64 * 1024, seen: 16 * 1024, addresses: 32 * 1024 }
		const recorder = new InsightsRecorder({ intervalMs: 60_000, maxBytes: caps, log: quiet })
		let most = { pending: 0, seen: 0, addresses: 0 }
		for (let i = 0; i < 3000; i++) {
			await recorder.view(`nobody-${i % 400}`, `/portfolio/p${i}`, `site-${i}.example`, visitor(i))
			const bytes = recorder.bytes
			most = {
				pending: Math.max(most.pending, bytes.pending),
				seen: Math.max(most.seen, bytes.seen),
				addresses: Math.max(most.addresses, bytes.addresses),
			}
		}
		expect(most.pending).toBeLessThanOrEqual(caps.pending * 1.1)
		expect(most.seen).toBeLessThanOrEqual(caps.seen)
		expect(most.addresses).toBeLessThanOrEqual(caps.addresses)
		// Past the cap hits were dropped until a write made room; after it, counting goes on.
		expect(recorder.pending.dropped).toBeGreaterThan(0)
		await recorder.flush() // the write under way when the flood ended
		await recorder.flush() // what the flood left in memory
		await recorder.view(owner.id, '/', null, visitor(1))
		await recorder.stop()
		expect((await totals(owner.id)).views).toBe(1)
	})

	test('counts survive a failed write and are written by the next one', async () => {
		const owner = await createOwner()
		const recorder = new InsightsRecorder({ intervalMs: 60_000, log: quiet })
		recorder.add(owner.id, 'qr')
		const url = process.env.DATABASE_URL
		// A broken statement stands for the database being away: the batch is kept.
		await prisma().$executeRawUnsafe('ALTER TABLE "InsightsDay" RENAME TO "InsightsDayAway"')
		try {
			await recorder.flush()
			expect(recorder.writes.failures).toBe(1)
			expect(recorder.pending.counts).toBe(1)
		} finally {
			await prisma().$executeRawUnsafe('ALTER TABLE "InsightsDayAway" RENAME TO "InsightsDay"')
		}
		expect(process.env.DATABASE_URL).toBe(url)
		await recorder.stop()
		expect((await totals(owner.id)).qrDownloads).toBe(1)
	})

	test('an owner who is gone is skipped, the rest of the batch is written', async () => {
		const owner = await createOwner()
		const recorder = new InsightsRecorder({ intervalMs: 60_000, log: quiet })
		recorder.add('gone', 'qr')
		await recorder.view('gone', '/', null, visitor(1))
		recorder.add(owner.id, 'qr')
		await recorder.stop()
		expect((await totals(owner.id)).qrDownloads).toBe(1)
	})
})

describe('insights cleanup runs once across instances', () => {
	test('two recorders flushing at once take one cleanup turn between them, due again within the hour', async () => {
		await prisma().jobLease.deleteMany()
		const now = new Date()
		const a = new InsightsRecorder({ intervalMs: 60_000, log: quiet, now: () => now })
		const b = new InsightsRecorder({ intervalMs: 60_000, log: quiet, now: () => now })
		const owner = await createOwner()
		await a.view(owner.id, '/', null, visitor(1))
		await b.view(owner.id, '/', null, visitor(2))
		await Promise.all([a.flush(), b.flush()])
		const leases = await prisma().jobLease.findMany()
		expect(leases.map((lease) => lease.name)).toEqual(['insights-cleanup'])
		// The next turn is due within the hour (or at midnight, UTC, when that comes first).
		expect(leases[0]!.dueAt.getTime()).toBeGreaterThan(now.getTime())
		expect(leases[0]!.dueAt.getTime()).toBeLessThanOrEqual(now.getTime() + 60 * 60_000)
		await Promise.all([a.stop(), b.stop()])
	})
})
