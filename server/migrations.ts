/**
 * Applies the committed prisma/migrations to a PostgreSQL database, offline.
 * Prisma's own `migrate deploy` needs a schema engine that cannot be downloaded here
 * (docs/decisions/002-offline-migrations.md), so this runner does the same job and keeps
 * the standard `_prisma_migrations` table: a stock Prisma CLI sees the same state.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

export const MIGRATIONS_DIR = path.resolve(
	path.dirname(fileURLToPath(import.meta.url)),
	'../prisma/migrations',
)

// Same key Prisma uses, so our runner and a stock `prisma migrate deploy` exclude each other.
const ADVISORY_LOCK = 72707369

export type Migration = { name: string; sql: string; checksum: string }
export type MigrationState = Migration & { appliedAt: Date | null }

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
	return fs
		.readdirSync(dir, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.map((entry) => entry.name)
		.sort()
		.map((name) => {
			const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8')
			const checksum = crypto.createHash('sha256').update(sql).digest('hex')
			return { name, sql, checksum }
		})
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
	"id" VARCHAR(36) PRIMARY KEY NOT NULL,
	"checksum" VARCHAR(64) NOT NULL,
	"finished_at" TIMESTAMPTZ,
	"migration_name" VARCHAR(255) NOT NULL,
	"logs" TEXT,
	"rolled_back_at" TIMESTAMPTZ,
	"started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
	"applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>) {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		return await fn(client)
	} finally {
		await client.end()
	}
}

async function appliedMigrations(client: pg.Client) {
	const { rows } = await client.query<{
		migration_name: string
		checksum: string
		finished_at: Date | null
	}>(
		`SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
	)
	return new Map(rows.map((row) => [row.migration_name, row]))
}

/** Applies every pending migration in order; returns the names applied. */
export async function migrate(
	url: string,
	{ dir = MIGRATIONS_DIR, log = (_: string) => {} } = {},
): Promise<string[]> {
	const migrations = readMigrations(dir)
	return withClient(url, async (client) => {
		await client.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK])
		try {
			await client.query(CREATE_TABLE)
			const applied = await appliedMigrations(client)
			const done: string[] = []
			for (const migration of migrations) {
				const previous = applied.get(migration.name)
				if (previous?.finished_at) {
					if (previous.checksum !== migration.checksum) {
						log(`warning: migration ${migration.name} was edited after it was applied`)
					}
					continue
				}
				if (previous) {
					throw new Error(
						`migration ${migration.name} failed earlier and was never finished; fix the database by hand, then delete its row from _prisma_migrations`,
					)
				}
				const id = crypto.randomUUID()
				await client.query('BEGIN')
				try {
					await client.query(
						`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
						[id, migration.checksum, migration.name],
					)
					await client.query(migration.sql)
					await client.query(
						`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
						[id],
					)
					await client.query('COMMIT')
				} catch (error) {
					await client.query('ROLLBACK')
					throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`)
				}
				log(`applied migration ${migration.name}`)
				done.push(migration.name)
			}
			return done
		} finally {
			await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK])
		}
	})
}

/** Every committed migration with the time it was applied (null when pending). */
export async function migrationStatus(
	url: string,
	{ dir = MIGRATIONS_DIR } = {},
): Promise<MigrationState[]> {
	const migrations = readMigrations(dir)
	return withClient(url, async (client) => {
		const { rows } = await client.query<{ exists: boolean }>(
			`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS exists`,
		)
		const applied = rows[0]?.exists ? await appliedMigrations(client) : new Map()
		return migrations.map((migration) => ({
			...migration,
			appliedAt: applied.get(migration.name)?.finished_at ?? null,
		}))
	})
}
