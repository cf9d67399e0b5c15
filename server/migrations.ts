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
export const ADVISORY_LOCK = 72707369

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
	// No startup parameters (a transaction pooler refuses them); a bounded connect.
	const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
	await client.connect()
	// An error on an idle client (the server went away) surfaces in the next query instead.
	client.on('error', () => {})
	try {
		return await fn(client)
	} finally {
		await client.end().catch(() => {})
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

export class MigrationLockTimeout extends Error {}

/** How long a run waits in all for the migration lock, or for a table a migration changes. */
const DEFAULT_WAIT_MS = 120_000
/** Each attempt's wait for a table lock inside a migration (then it is rolled back and retried). */
const STATEMENT_LOCK_TIMEOUT_MS = 5_000
/** A line about what we wait for, at most this often. */
const LOG_EVERY_MS = 5_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Who holds the migration lock (for the log line and the final message). */
async function lockHolder(client: pg.Client) {
	const { rows } = await client.query<{
		pid: number
		application_name: string
		client_addr: string | null
		state: string | null
		since: Date | null
	}>(
		`SELECT a.pid, a.application_name, host(a.client_addr) AS client_addr, a.state,
			coalesce(a.xact_start, a.backend_start) AS since
		FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
		WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objid = $1 AND l.objsubid = 1`,
		[ADVISORY_LOCK],
	)
	const holder = rows[0]
	if (!holder) return 'another session (it has just let go)'
	return `PostgreSQL backend ${holder.pid}${holder.client_addr ? ` from ${holder.client_addr}` : ''}${
		holder.application_name ? ` (${holder.application_name})` : ''
	}, ${holder.state ?? 'unknown state'}${holder.since ? ` since ${holder.since.toISOString()}` : ''}`
}

const isLockTimeout = (error: unknown) => (error as { code?: unknown }).code === '55P03'

/**
 * Applies every pending migration in order; returns the names applied.
 *
 * Each migration runs in a transaction of its own that first takes a transaction-scoped
 * advisory lock (`pg_advisory_xact_lock`, the key a stock `prisma migrate deploy` uses), so the
 * lock ends with its transaction on whatever server connection a pooler gave it: nothing can
 * leak. Waits are bounded: the lock is tried, not waited for, and every few seconds a line
 * names who holds it; a migration waiting on a table lock is rolled back and tried again. After
 * `waitMs` in all the run gives up with a message saying what it waited for.
 */
export class DatabaseEncodingError extends Error {}

/**
 * A database that is not UTF8 cannot hold owners' text in every script: LATIN1 and the like
 * refuse Japanese, Arabic or an emoji (an error on save), and SQL_ASCII keeps bytes unchecked
 * and measures text in bytes. Debian makes such a database when the machine's locale is C or
 * POSIX. An empty one (no owners' table yet: nothing to lose) is refused with how to make it
 * right; one in use is kept, with a warning at every start.
 */
async function checkEncoding(client: pg.Client, log: (message: string) => void) {
	const {
		rows: [row],
	} = await client.query<{ encoding: string; used: boolean }>(
		`SELECT current_setting('server_encoding') AS encoding,
			to_regclass('"Customer"') IS NOT NULL AS used`,
	)
	if (!row || row.encoding === 'UTF8') return
	const problem = `the database's encoding is ${row.encoding}, not UTF8: owners' text in other scripts (日本語, العربية, emoji) ${row.encoding === 'SQL_ASCII' ? 'is stored unchecked and measured in bytes' : 'is refused'}.`
	const remedy = `CREATE DATABASE <name> ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8' TEMPLATE template0`
	if (!row.used) {
		throw new DatabaseEncodingError(
			`${problem} Create it again as UTF8 (${remedy}), then start again.`,
		)
	}
	log(
		`warning: ${problem} Move the data to a UTF8 database: pg_dump, then pg_restore into one made with ${remedy}.`,
	)
}

export async function migrate(
	url: string,
	{
		dir = MIGRATIONS_DIR,
		log = (_: string) => {},
		waitMs = DEFAULT_WAIT_MS,
	}: { dir?: string; log?: (message: string) => void; waitMs?: number } = {},
): Promise<string[]> {
	const migrations = readMigrations(dir)
	const deadline = Date.now() + waitMs
	return withClient(url, async (client) => {
		await checkEncoding(client, log)
		const done: string[] = []
		const warned = new Set<string>()
		let lastLog = 0
		const waiting = async (what: string) => {
			if (Date.now() >= deadline) {
				throw new MigrationLockTimeout(
					`gave up after ${Math.round(waitMs / 1000)} s waiting for ${what}. If that session is stuck, end it with SELECT pg_terminate_backend(pid) and run the migrations again.`,
				)
			}
			if (Date.now() - lastLog >= LOG_EVERY_MS) {
				lastLog = Date.now()
				log(`waiting for ${what}`)
			}
			await sleep(250 + Math.random() * 250)
		}
		for (;;) {
			await client.query('BEGIN')
			let committed = false
			try {
				const {
					rows: [lock],
				} = await client.query<{ locked: boolean }>(
					'SELECT pg_try_advisory_xact_lock($1) AS locked',
					[ADVISORY_LOCK],
				)
				if (!lock?.locked) {
					const holder = await lockHolder(client)
					await client.query('ROLLBACK')
					committed = true
					await waiting(`the migration lock, held by ${holder}`)
					continue
				}
				await client.query(`SET LOCAL lock_timeout = '${STATEMENT_LOCK_TIMEOUT_MS}ms'`)
				await client.query(CREATE_TABLE)
				const applied = await appliedMigrations(client)
				const next = migrations.find((migration) => {
					const previous = applied.get(migration.name)
					if (previous?.finished_at && previous.checksum !== migration.checksum) {
						if (!warned.has(migration.name)) {
							warned.add(migration.name)
							log(`warning: migration ${migration.name} was edited after it was applied`)
						}
					}
					return !previous?.finished_at
				})
				if (!next) {
					await client.query('COMMIT')
					committed = true
					return done
				}
				if (applied.has(next.name)) {
					throw new Error(
						`migration ${next.name} failed earlier and was never finished; fix the database by hand, then delete its row from _prisma_migrations`,
					)
				}
				const id = crypto.randomUUID()
				await client.query(
					`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
					[id, next.checksum, next.name],
				)
				try {
					await client.query(next.sql)
				} catch (error) {
					if (isLockTimeout(error)) {
						await client.query('ROLLBACK')
						committed = true
						await waiting(
							`migration ${next.name}: a table it changes is locked by another transaction`,
						)
						continue
					}
					throw new Error(`migration ${next.name} failed: ${(error as Error).message}`)
				}
				await client.query(
					`UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
					[id],
				)
				await client.query('COMMIT')
				committed = true
				log(`applied migration ${next.name}`)
				done.push(next.name)
			} finally {
				if (!committed) await client.query('ROLLBACK').catch(() => {})
			}
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
