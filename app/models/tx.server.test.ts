import { describe, expect, test, vi } from 'vitest'
import { createOwner } from '#tests/factories'
import { prisma } from '~/utils/db.server'
import { resetEnv } from '~/utils/env.server'
import { updateProfile } from './profile.server'
import { BUSY_MESSAGE, isContention, writeAsOwner } from './tx.server'

async function failureOf(work: () => Promise<unknown>) {
	try {
		await work()
	} catch (error) {
		return error
	}
	throw new Error('expected a failure')
}

describe('writeAsOwner', () => {
	test('tells contention (retried) from other failures (not retried), on real errors', async () => {
		const owner = await createOwner()
		const db = prisma()
		let release!: () => void
		const held = new Promise<void>((resolve) => (release = resolve))
		let locked!: () => void
		const isLocked = new Promise<void>((resolve) => (locked = resolve))
		const holder = db.$transaction(async (tx) => {
			await tx.$queryRaw`SELECT 1 FROM "Profile" WHERE "customerId" = ${owner.id} FOR UPDATE`
			locked()
			await held
		})
		await isLocked
		const timedOut = await failureOf(() =>
			db.$transaction(async (tx) => {
				await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '50ms'`)
				await tx.$queryRaw`SELECT 1 FROM "Profile" WHERE "customerId" = ${owner.id} FOR UPDATE`
			}),
		)
		release()
		await holder
		expect(isContention(timedOut)).toBe(true)

		const foreignKey = await failureOf(() =>
			db.portfolioImage.create({
				data: {
					portfolioId: 'gone',
					customerId: owner.id,
					key: 'k',
					position: 0,
					width: 1,
					height: 1,
				},
			}),
		)
		expect((foreignKey as { code?: string }).code).toBe('P2003')
		expect(isContention(foreignKey)).toBe(false)
		expect(isContention(new Error('deadlock detected'))).toBe(false)
	})

	test('refuses to nest for one owner (it would wait on itself)', async () => {
		const owner = await createOwner()
		await expect(
			writeAsOwner(owner.id, () => writeAsOwner(owner.id, async () => 'inner')),
		).rejects.toThrow(/nested/)
		const other = await createOwner()
		expect(await writeAsOwner(owner.id, () => writeAsOwner(other.id, async () => 'ok'))).toBe('ok')
	})

	test('an unknown owner is a JSON 404, and nothing is created', async () => {
		const answer = await failureOf(() => updateProfile('no-such-owner', { tagline: 'x' }))
		expect(answer).toBeInstanceOf(Response)
		expect((answer as Response).status).toBe(404)
		expect(await (answer as Response).json()).toEqual({ status: 404, message: 'Not found' })
		expect(await prisma().profile.count({ where: { customerId: 'no-such-owner' } })).toBe(0)
	})

	test('past 100 writers of one owner waiting in this process, the next get 503 at once', async () => {
		const owner = await createOwner()
		const results = await Promise.allSettled(
			Array.from({ length: 130 }, (_, i) => updateProfile(owner.id, { tagline: `T${i}` })),
		)
		const refused = results.filter((result) => result.status === 'rejected')
		expect(results.filter((result) => result.status === 'fulfilled').length).toBeGreaterThanOrEqual(
			100,
		)
		expect(refused.length).toBeGreaterThan(0)
		for (const result of refused) {
			const answer = (result as PromiseRejectedResult).reason as Response
			expect(answer.status).toBe(503)
			expect(answer.headers.get('Retry-After')).toBe('1')
			expect(await answer.json()).toEqual({ status: 503, message: BUSY_MESSAGE })
		}
	})

	test('the lock timeout is set per transaction, never for the session (a pooler refuses that)', async () => {
		const owner = await createOwner()
		// Outside a write, a pooled connection has PostgreSQL's default: no startup parameter.
		const [outside] = await prisma().$queryRaw<Array<{ lock_timeout: string }>>`SHOW lock_timeout`
		expect(outside?.lock_timeout).toBe('0')
		const inside = await writeAsOwner(
			owner.id,
			(tx) => tx.$queryRaw<Array<{ lock_timeout: string }>>`SHOW lock_timeout`,
		)
		expect(inside[0]?.lock_timeout).toBe('5s')
		// And it ends with the transaction: the same pool, a plain query again.
		const [after] = await prisma().$queryRaw<Array<{ lock_timeout: string }>>`SHOW lock_timeout`
		expect(after?.lock_timeout).toBe('0')
	})

	test("a write behind another session's row lock answers 503 with Retry-After", async () => {
		const owner = await createOwner()
		let release!: () => void
		const held = new Promise<void>((resolve) => (release = resolve))
		let locked!: () => void
		const isLocked = new Promise<void>((resolve) => (locked = resolve))
		const holder = prisma().$transaction(
			async (tx) => {
				await tx.$queryRaw`SELECT 1 FROM "Profile" WHERE "customerId" = ${owner.id} FOR UPDATE`
				locked()
				await held
			},
			{ timeout: 60_000 },
		)
		await isLocked
		process.env.DATABASE_LOCK_TIMEOUT_MS = '200'
		resetEnv()
		const started = Date.now()
		const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
		const answer = await failureOf(() => updateProfile(owner.id, { tagline: 'blocked' }))
		warn.mockRestore()
		delete process.env.DATABASE_LOCK_TIMEOUT_MS
		resetEnv()
		release()
		await holder
		expect(answer).toBeInstanceOf(Response)
		expect((answer as Response).status).toBe(503)
		expect((answer as Response).headers.get('Retry-After')).toBe('1')
		// Four attempts of DATABASE_LOCK_TIMEOUT_MS each, not the transaction's 15 s timeout.
		expect(Date.now() - started).toBeLessThan(4 * 200 + 2_000)
	})
})
