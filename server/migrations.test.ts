import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { describe, expect, test } from 'vitest'
import { databaseUrl, dropDatabase, withAdminClient } from '#tests/db-utils'
import {
	ADVISORY_LOCK,
	DatabaseEncodingError,
	MigrationLockTimeout,
	migrate,
	migrationStatus,
	readMigrations,
} from './migrations'

/** A new, empty database on the test server (UTF8 unless `encoding`); dropped by `drop`. */
async function emptyDatabase(name: string, encoding?: string) {
	const base = process.env.DATABASE_URL!
	await withAdminClient(base, async (client) => {
		await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
		await client.query(
			encoding
				? `CREATE DATABASE "${name}" ENCODING '${encoding}' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0`
				: `CREATE DATABASE "${name}"`,
		)
	})
	return { url: databaseUrl(base, name), drop: () => dropDatabase(base, name) }
}

describe('offline migrations', () => {
	test('the test database is fully migrated and a second run applies nothing', async () => {
		const url = process.env.DATABASE_URL!
		expect(await migrate(url)).toEqual([])
		const status = await migrationStatus(url)
		expect(status.length).toBe(readMigrations().length)
		expect(status.every((migration) => migration.appliedAt instanceof Date)).toBe(true)
	})

	test('keeps the standard _prisma_migrations table with sha256 checksums', async () => {
		const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
		await client.connect()
		try {
			const { rows } = await client.query<{
				migration_name: string
				checksum: string
				applied_steps_count: number
			}>(
				'SELECT migration_name, checksum, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
			)
			expect(rows.map((row) => row.migration_name)).toEqual(readMigrations().map((m) => m.name))
			for (const [index, row] of rows.entries()) {
				expect(row.checksum).toBe(readMigrations()[index]!.checksum)
				expect(row.checksum).toMatch(/^[0-9a-f]{64}$/)
				expect(row.applied_steps_count).toBe(1)
			}
		} finally {
			await client.end()
		}
	})

	test('every table of the product exists', async () => {
		const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
		await client.connect()
		try {
			const { rows } = await client.query<{ table_name: string }>(
				`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
			)
			expect(rows.map((row) => row.table_name)).toEqual(
				[
					'AccountLinkToken',
					'Achievement',
					'Certificate',
					'Contact',
					'Customer',
					'Domain',
					'EmailChangeToken',
					'InsightsDay',
					'InsightsSalt',
					'InsightsVisitor',
					'JobLease',
					'Link',
					'SignupInvite',
					'Education',
					'OutboxMessage',
					'Passkey',
					'RecoveryCode',
					'SecondStepToken',
					'SudoGrant',
					'TotpFactor',
					'WebAuthnChallenge',
					'PasswordResetToken',
					'PathRedirect',
					'Portfolio',
					'PortfolioImage',
					'Profile',
					'RateLimit',
					'RefreshToken',
					'Skill',
					'WorkExperience',
					'_prisma_migrations',
				].sort(),
			)
		} finally {
			await client.end()
		}
	})
})

describe("the database's encoding", () => {
	test('an empty database that is not UTF8 is refused, saying how to make one that is', async () => {
		const db = await emptyDatabase(`tagg_mig_latin1_${process.pid}`, 'LATIN1')
		try {
			const refused = await migrate(db.url).catch((error: unknown) => error)
			expect(refused).toBeInstanceOf(DatabaseEncodingError)
			expect((refused as Error).message).toContain("the database's encoding is LATIN1, not UTF8")
			expect((refused as Error).message).toContain("ENCODING 'UTF8'")
			// Nothing was made in it.
			expect(await migrationStatus(db.url).catch(() => [])).toEqual(
				readMigrations().map((m) => expect.objectContaining({ name: m.name, appliedAt: null })),
			)
		} finally {
			await db.drop()
		}
	})

	test('one already in use is migrated, with a warning at every run', async () => {
		const db = await emptyDatabase(`tagg_mig_ascii_${process.pid}`, 'SQL_ASCII')
		try {
			// As an earlier release, which did not look, left it.
			const client = new pg.Client({ connectionString: db.url })
			await client.connect()
			await client.query(`CREATE TABLE "Customer" ("id" TEXT PRIMARY KEY)`)
			await client.end()
			// The next release's migration.
			const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-migrations-'))
			fs.mkdirSync(path.join(dir, '20990101000000_next'))
			fs.writeFileSync(
				path.join(dir, '20990101000000_next', 'migration.sql'),
				`ALTER TABLE "Customer" ADD COLUMN "note" TEXT`,
			)
			const messages: string[] = []
			try {
				expect(await migrate(db.url, { dir, log: (message) => messages.push(message) })).toEqual([
					'20990101000000_next',
				])
			} finally {
				fs.rmSync(dir, { recursive: true, force: true })
			}
			expect(messages[0]).toMatch(
				/^warning: the database's encoding is SQL_ASCII, not UTF8: .* stored unchecked and measured in bytes\. Move the data to a UTF8 database/,
			)
		} finally {
			await db.drop()
		}
	})
})

describe('the migration lock', () => {
	test('two runs at once on an empty database: each migration applied once, both finish', async () => {
		const db = await emptyDatabase(`tagg_mig_race_${process.pid}`)
		try {
			const [first, second] = await Promise.all([migrate(db.url), migrate(db.url)])
			expect([...first, ...second].sort()).toEqual(readMigrations().map((m) => m.name))
			expect(await migrate(db.url)).toEqual([])
			const status = await migrationStatus(db.url)
			expect(status.every((migration) => migration.appliedAt instanceof Date)).toBe(true)
		} finally {
			await db.drop()
		}
	})

	test('the lock is transaction-scoped: nothing stays held after a run', async () => {
		const url = process.env.DATABASE_URL!
		await migrate(url)
		const client = new pg.Client({ connectionString: url })
		await client.connect()
		try {
			const { rows } = await client.query(
				`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1`,
				[ADVISORY_LOCK],
			)
			expect(rows).toEqual([])
		} finally {
			await client.end()
		}
	})

	test('a lock held elsewhere: the run says who holds it while it waits, then gives up with a clear message', async () => {
		const url = process.env.DATABASE_URL!
		const holder = new pg.Client({ connectionString: url, application_name: 'stuck-deploy' })
		await holder.connect()
		try {
			// What an old runner left behind through a pooler: a session-level lock nobody frees.
			await holder.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK])
			const lines: string[] = []
			const started = Date.now()
			const failure = await migrate(url, { waitMs: 1_500, log: (line) => lines.push(line) }).then(
				() => null,
				(error: unknown) => error,
			)
			expect(Date.now() - started).toBeLessThan(5_000)
			expect(failure).toBeInstanceOf(MigrationLockTimeout)
			expect((failure as Error).message).toMatch(
				/^gave up after 2 s waiting for the migration lock, held by PostgreSQL backend \d+ .*\(stuck-deploy\)/,
			)
			expect((failure as Error).message).toContain('pg_terminate_backend')
			expect(lines[0]).toMatch(/^waiting for the migration lock, held by PostgreSQL backend \d+/)
			// Once it is let go, the next run goes through.
			await holder.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK])
			expect(await migrate(url, { waitMs: 1_500 })).toEqual([])
		} finally {
			await holder.end()
		}
	})
})
