import { afterEach, describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { action as login } from '~/routes/one.auth.new.login'
import { callApi } from '#tests/route'
import {
	HashPool,
	hashPassword,
	PasswordHashingBusyError,
	pool,
	verifyPassword,
} from './password.server'

describe('password hashing', () => {
	test('a password is compared in NFC: é typed either way is the same', async () => {
		const hash = await hashPassword('Crème brûlée 2026')
		expect(await verifyPassword('Crème brûlée 2026', hash)).toBe(true)
		expect(await verifyPassword('Crème brûlée 2026'.normalize('NFD'), hash)).toBe(true)
		expect(await verifyPassword('Creme brulee 2026', hash)).toBe(false)
	})

	test('past 72 bytes nothing is cut: a change at the end is another password', async () => {
		const long = `${'😀'.repeat(30)}tail`
		expect(Buffer.byteLength(long)).toBeGreaterThan(72)
		const hash = await hashPassword(long)
		expect(await verifyPassword(long, hash)).toBe(true)
		expect(await verifyPassword(`${'😀'.repeat(30)}tall`, hash)).toBe(false)
	})

	test('no hash (an unknown email) never matches', async () => {
		expect(await verifyPassword('anything at all', null)).toBe(false)
	})
})

describe('the pool', () => {
	const original = pool()
	afterEach(() => {
		globalThis.__taggHashPool = original
	})

	test('a full queue refuses at once with a time to retry after', async () => {
		const small = new HashPool({ size: 1, maxQueue: 2 })
		const outcomes = await Promise.allSettled(
			Array.from({ length: 5 }, () => small.run({ op: 'hash', password: 'x'.repeat(10) })),
		)
		expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3)
		const refused = outcomes.filter((o) => o.status === 'rejected')
		expect(refused).toHaveLength(2)
		for (const outcome of refused) {
			const reason = (outcome as PromiseRejectedResult).reason as PasswordHashingBusyError
			expect(reason).toBeInstanceOf(PasswordHashingBusyError)
			expect(reason.retryAfterSeconds).toBeGreaterThanOrEqual(1)
		}
		await small.close()
	})

	test('a login when every worker is busy is 429 with Retry-After, never a 5xx', async () => {
		const owner = await createOwner()
		const tiny = new HashPool({ size: 1, maxQueue: 0 })
		globalThis.__taggHashPool = tiny
		// One job after another keeps the only worker busy, with no room to wait.
		let busy = true
		const keepBusy = (async () => {
			while (busy) await tiny.run({ op: 'hash', password: 'occupied' })
		})()
		const answers = await Promise.all(
			Array.from({ length: 3 }, () =>
				callApi(login, '/one/auth/new/login', {
					body: { email: owner.email, password: owner.password },
				}),
			),
		)
		busy = false
		await keepBusy
		for (const answer of answers) {
			expect(answer.status).toBe(429)
			expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1)
			expect(answer.json.message).toBe(
				'Too many sign-ins at once. Please try again in a few seconds.',
			)
		}
		const later = await callApi(login, '/one/auth/new/login', {
			body: { email: owner.email, password: owner.password },
		})
		expect(later.status).toBe(200)
		await tiny.close()
	})
})
