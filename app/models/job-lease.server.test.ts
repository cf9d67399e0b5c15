import type pg from 'pg'
import { describe, expect, test } from 'vitest'
import { UtcClient } from '~/utils/pg-client.server'
import { claimJobTurn } from './job-lease.server'

describe('recurring job turns', () => {
	test('of many instances asking at once, exactly one takes each due turn', async () => {
		const now = new Date('2026-11-26T10:00:00Z')
		const next = new Date('2026-11-26T11:00:00Z')
		// Two separate pools, as two instances have: forty claims of the same turn.
		const claims = await Promise.all(
			Array.from({ length: 40 }, () => claimJobTurn('race-test', now, next)),
		)
		expect(claims.filter(Boolean)).toHaveLength(1)
		// Not due again before `next`.
		expect(await claimJobTurn('race-test', new Date('2026-11-26T10:59:59Z'), next)).toBe(false)
		// Due again at `next`: one more turn, once.
		const later = new Date('2026-11-26T11:00:00Z')
		const again = await Promise.all(
			Array.from({ length: 10 }, () =>
				claimJobTurn('race-test', later, new Date('2026-11-26T12:00:00Z')),
			),
		)
		expect(again.filter(Boolean)).toHaveLength(1)
	})

	test('two instances (two connections) racing in the database itself: one wins', async () => {
		const url = process.env.DATABASE_URL!
		// Sessions as the app's are (UTC: "dueAt" has no zone), whatever the database's zone.
		const clients = [new UtcClient(url), new UtcClient(url)]
		await Promise.all(clients.map((client) => client.connect()))
		try {
			const claim = (client: pg.Client, holder: string) =>
				client.query(
					`INSERT INTO "JobLease" ("name", "dueAt", "holder") VALUES ('two-instances', now() + interval '1 hour', $1)
					ON CONFLICT ("name") DO UPDATE SET "dueAt" = EXCLUDED."dueAt", "holder" = EXCLUDED."holder"
					WHERE "JobLease"."dueAt" <= now() RETURNING "holder"`,
					[holder],
				)
			// The app's own claim first, due now; then both raw claims race for nothing left.
			expect(await claimJobTurn('two-instances', new Date(), new Date(Date.now() - 1))).toBe(true)
			const [a, b] = await Promise.all([claim(clients[0]!, 'a'), claim(clients[1]!, 'b')])
			expect(a.rowCount! + b.rowCount!).toBe(1)
		} finally {
			await Promise.all(clients.map((client) => client.end()))
		}
	})
})
