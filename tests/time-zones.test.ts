/**
 * A database whose own time zone is not UTC. Debian's PostgreSQL takes the machine's zone when
 * its cluster is created, so a server in India answers `SHOW TimeZone` with Asia/Kolkata
 * (+05:30, a half hour that no whole-hour rounding hides). Every instant the app stores and
 * compares must mean the same there as on a UTC database: a link's schedule, the page version
 * (written by Prisma and by the database's triggers, also for a session an operator opens with
 * psql), a rate limit's window and a renamed address's redirect.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { claimPath, findMovedPath, listHeldPaths } from '~/models/customer.server'
import { listLiveLinks, listOwnLinks, replaceLinks } from '~/models/link.server'
import { getPageVersion } from '~/models/page-version.server'
import { updateProfile } from '~/models/profile.server'
import { reserve } from '~/models/rate-limit.server'
import { replaceAchievements } from '~/models/resume.server'
import { disconnectPrisma } from '~/utils/db.server'
import { LinkItemSchema } from '~/utils/link-schemas'
import { sessionTimeZone } from '~/utils/pg-client.server'
import { migrate, MIGRATIONS_DIR, readMigrations } from '../server/migrations'
import { databaseUrl, dropDatabase, withAdminClient } from './db-utils'

const ZONE = 'Asia/Kolkata'
const HOUR = 60 * 60 * 1000

/** A connection as an operator's psql opens it: in the database's own zone. */
async function withOperatorSession<T>(fn: (client: pg.Client) => Promise<T>) {
	const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
	await client.connect()
	try {
		return await fn(client)
	} finally {
		await client.end()
	}
}

/** How far `ms` is from now, in ms (a version or an instant read back). */
const fromNow = (ms: number) => Math.abs(ms - Date.now())

beforeAll(async () => {
	await withOperatorSession(async (client) => {
		const name = new URL(process.env.DATABASE_URL!).pathname.slice(1)
		await client.query(`ALTER DATABASE ${client.escapeIdentifier(name)} SET timezone TO '${ZONE}'`)
	})
	// The app's connections are opened from here on, in a database that defaults to that zone.
	await disconnectPrisma()
	const zone = await withOperatorSession((client) =>
		client.query<{ TimeZone: string }>('SHOW TimeZone'),
	)
	expect(zone.rows[0]!.TimeZone).toBe(ZONE)
})

describe(`a database in ${ZONE}`, () => {
	test('a scheduled link keeps its instants, and shows and hides at them', async () => {
		const owner = await createOwner()
		const startsAt = new Date(Date.now() + 2 * HOUR)
		const endsAt = new Date(Date.now() + 5 * HOUR)
		const link = LinkItemSchema.parse({
			title: 'Launch',
			url: 'https://example.com/launch',
			startsAt: startsAt.toISOString(),
			endsAt: endsAt.toISOString(),
		})
		await replaceLinks(owner.id, [link])

		const [stored] = await listOwnLinks(owner.id)
		expect(stored).toMatchObject({
			startsAt: startsAt.toISOString(),
			endsAt: endsAt.toISOString(),
		})
		expect(await listLiveLinks(owner.id)).toEqual([])
		const during = new Date(startsAt.getTime() + HOUR)
		expect((await listLiveLinks(owner.id, during)).map((shown) => shown.title)).toEqual(['Launch'])
		expect(await listLiveLinks(owner.id, new Date(endsAt.getTime() + 1))).toEqual([])
		// The page version's schedule window moves at the same instants.
		expect((await getPageVersion(owner.path!))!.schedule).toBe(0)
		expect((await getPageVersion(owner.path!, during))!.schedule).toBe(startsAt.getTime())
	})

	test('the page version is the time of the change, whoever writes it', async () => {
		const owner = await createOwner()
		const version = async () => (await getPageVersion(owner.path!))!.version
		const versions: number[] = []
		const changes = [
			// Prisma's @updatedAt.
			() => updateProfile(owner.id, { tagline: 'Written by Prisma' }),
			// The database's trigger, in the app's session.
			() => replaceAchievements(owner.id, ['Written by the trigger']),
			// The same trigger in an operator's session, in the database's zone.
			() =>
				withOperatorSession((client) =>
					client.query(
						`UPDATE "Achievement" SET "text" = 'Fixed by hand' WHERE "customerId" = $1`,
						[owner.id],
					),
				),
			() => updateProfile(owner.id, { tagline: 'Written by Prisma again' }),
		]
		for (const change of changes) {
			await new Promise((resolve) => setTimeout(resolve, 5))
			await change()
			const now = await version()
			// Within a minute of this process's clock, not 5 h 30 away from it.
			expect(fromNow(now)).toBeLessThan(60_000)
			if (versions.length) expect(now).toBeGreaterThan(versions.at(-1)!)
			versions.push(now)
		}
	})

	test('a session of the app reports UTC (the server warns at start when it does not)', async () => {
		expect(await sessionTimeZone(process.env.DATABASE_URL!)).toBe('UTC')
	})

	test("a rate limit's window lasts its length", async () => {
		const limit = { key: `time-zones:${Date.now()}`, max: 1, windowMs: 60_000 }
		expect(await reserve([limit])).toEqual({ ok: true })
		const refused = await reserve([limit])
		expect(refused.ok).toBe(false)
		const retryAfterMs = refused.ok ? 0 : refused.retryAfterMs
		expect(retryAfterMs).toBeGreaterThan(50_000)
		expect(retryAfterMs).toBeLessThanOrEqual(60_000)
		// Still refused a moment later: the window did not end early.
		expect((await reserve([limit])).ok).toBe(false)
		// 40 at once on a fresh limit of 5: exactly 5 pass.
		const burst = { key: `time-zones:burst:${Date.now()}`, max: 5, windowMs: 60_000 }
		const answers = await Promise.all(Array.from({ length: 40 }, () => reserve([burst])))
		expect(answers.filter((answer) => answer.ok)).toHaveLength(5)
	})

	test('a renamed address leads to the new one until its hold ends', async () => {
		const owner = await createOwner()
		const old = owner.path!
		expect((await claimPath(owner.id, `${old}-new`)).ok).toBe(true)
		/** Ends the old address's hold `ms` from now (stored as Prisma stores it: UTC). */
		const holdFor = (ms: number) =>
			withOperatorSession((client) =>
				client.query(
					`UPDATE "PathRedirect" SET "expiresAt" = ($2::timestamptz AT TIME ZONE 'UTC')
					WHERE "customerId" = $1`,
					[owner.id, new Date(Date.now() + ms).toISOString()],
				),
			)
		await holdFor(HOUR)
		expect(await findMovedPath(old)).toBe(`${old}-new`)
		const [held] = await listHeldPaths(owner.id)
		expect(fromNow(held!.until.getTime() - HOUR)).toBeLessThan(60_000)
		await holdFor(-60_000)
		expect(await findMovedPath(old)).toBeNull()
		expect(await listHeldPaths(owner.id)).toEqual([])
	})
})

describe(`an install whose database was in ${ZONE} before this release`, () => {
	const migration = readMigrations().find((m) => m.name.endsWith('_utc_sessions'))!
	const baseUrl = inject('databaseBaseUrl')
	const name = `tagg_utc_migration_${crypto.randomBytes(4).toString('hex')}`
	const url = databaseUrl(baseUrl, name)
	let before: string

	beforeAll(async () => {
		await withAdminClient(baseUrl, async (client) => {
			await client.query(`CREATE DATABASE ${name}`)
			await client.query(`ALTER DATABASE ${name} SET timezone TO '${ZONE}'`)
		})
		before = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-migrations-'))
		for (const earlier of readMigrations().filter((m) => m.name < migration.name)) {
			fs.cpSync(path.join(MIGRATIONS_DIR, earlier.name), path.join(before, earlier.name), {
				recursive: true,
			})
		}
		await migrate(url, { dir: before })
	})

	afterAll(async () => {
		await dropDatabase(baseUrl, name)
		fs.rmSync(before, { recursive: true, force: true })
	})

	test('the instants the last release stored off are moved back to what their owners entered', async () => {
		const old = new pg.Client({ connectionString: url })
		await old.connect()
		try {
			await old.query(
				`INSERT INTO "Customer" (id, email, "passwordHash", name, "updatedAt") VALUES ('c1', 'c1@example.com', 'x', 'C', now())`,
			)
			await old.query(`INSERT INTO "Profile" ("customerId", "updatedAt") VALUES ('c1', now())`)
			// As the last release's driver adapter sent them: wall-clock UTC times with no zone,
			// read by the session in the database's zone.
			await old.query(
				`INSERT INTO "Link" (id, "customerId", position, title, url, "startsAt", "endsAt", "updatedAt")
				VALUES ('l1', 'c1', 0, 'Launch', 'https://example.com', '2026-12-01 12:00:00', '2026-12-24 18:30:00', now()),
					('l2', 'c1', 1, 'Always', 'https://example.org', NULL, NULL, now())`,
			)
			await old.query(
				`INSERT INTO "Domain" ("customerId", name, token, status, "verifiedAt", "lastCheckedAt", "updatedAt")
				VALUES ('c1', 'jane.example', 'tagg-verify=abcdefghijklmnopqrstuvwx', 'verified', '2026-11-20 08:00:00', '2026-11-27 23:45:00', now())`,
			)
		} finally {
			await old.end()
		}

		await migrate(url)

		const utc = new pg.Client({ connectionString: url })
		await utc.connect()
		try {
			const iso = (value: Date | null) => value?.toISOString() ?? null
			const links = await utc.query<{ id: string; startsAt: Date | null; endsAt: Date | null }>(
				`SELECT id, "startsAt", "endsAt" FROM "Link" ORDER BY position`,
			)
			expect(links.rows.map((row) => [row.id, iso(row.startsAt), iso(row.endsAt)])).toEqual([
				['l1', '2026-12-01T12:00:00.000Z', '2026-12-24T18:30:00.000Z'],
				['l2', null, null],
			])
			const [domain] = (
				await utc.query<{ verifiedAt: Date; lastCheckedAt: Date; failingSince: Date | null }>(
					`SELECT "verifiedAt", "lastCheckedAt", "failingSince" FROM "Domain"`,
				)
			).rows
			expect([domain!.verifiedAt, domain!.lastCheckedAt, domain!.failingSince].map(iso)).toEqual([
				'2026-11-20T08:00:00.000Z',
				'2026-11-27T23:45:00.000Z',
				null,
			])
		} finally {
			await utc.end()
		}
	})
})
