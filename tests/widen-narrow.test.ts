/**
 * Rolling deploys: while instances are replaced one at a time, the previous release's code runs
 * on the new schema. So this release's migrations only widen (add tables, add nullable or
 * defaulted columns, add indexes); narrowing (drop, rename, retype, a new NOT NULL without a
 * default) waits for a later release, once no old code is running (STYLE.md).
 *
 * Pinned here: every table and column the previous release's schema had is still there with the
 * same type, and nothing it could write is refused by a new NOT NULL column without a default;
 * and the previous release's queries on the tables this release touches run on the new schema.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { migrate, MIGRATIONS_DIR, readMigrations } from '../server/migrations'
import { databaseUrl, dropDatabase, withAdminClient } from './db-utils'

/**
 * The last migration of the previous release: move it forward when a release is cut (the
 * migrations after it are this release's).
 */
const PREVIOUS_RELEASE_LAST = '20261124000000_insights'

const baseUrl = inject('databaseBaseUrl')
const name = `tagg_widen_${crypto.randomBytes(4).toString('hex')}`
const url = databaseUrl(baseUrl, name)
let before: string
let db: pg.Client

type Column = {
	table: string
	column: string
	type: string
	nullable: boolean
	hasDefault: boolean
}

async function columns(): Promise<Column[]> {
	const { rows } = await db.query<{
		table_name: string
		column_name: string
		data_type: string
		is_nullable: string
		column_default: string | null
	}>(
		`SELECT table_name, column_name, data_type, is_nullable, column_default
		FROM information_schema.columns WHERE table_schema = 'public' ORDER BY 1, 2`,
	)
	return rows.map((row) => ({
		table: row.table_name,
		column: row.column_name,
		type: row.data_type,
		nullable: row.is_nullable === 'YES',
		hasDefault: row.column_default !== null,
	}))
}

beforeAll(async () => {
	await withAdminClient(baseUrl, (client) => client.query(`CREATE DATABASE ${name}`))
	before = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-previous-release-'))
	for (const migration of readMigrations()) {
		if (migration.name > PREVIOUS_RELEASE_LAST) continue
		fs.cpSync(path.join(MIGRATIONS_DIR, migration.name), path.join(before, migration.name), {
			recursive: true,
		})
	}
	await migrate(url, { dir: before })
	db = new pg.Client({ connectionString: url })
	await db.connect()
})

afterAll(async () => {
	await db?.end()
	await dropDatabase(baseUrl, name)
	fs.rmSync(before, { recursive: true, force: true })
})

describe('this release’s migrations widen only', () => {
	test('the previous schema’s tables and columns survive unchanged; new columns never refuse old writes', async () => {
		expect(readMigrations().some((m) => m.name === PREVIOUS_RELEASE_LAST)).toBe(true)
		const old = await columns()
		// A row the previous release writes, before the new migrations.
		await db.query(
			`INSERT INTO "Customer" ("id", "email", "name", "passwordHash", "updatedAt") VALUES ('old-code', 'old@example.com', 'Old Code', 'x', now())`,
		)
		const applied = await migrate(url)
		expect(applied).toEqual(
			readMigrations()
				.filter((m) => m.name > PREVIOUS_RELEASE_LAST)
				.map((m) => m.name),
		)
		const now = await columns()
		const key = (column: Column) => `${column.table}.${column.column}`
		const after = new Map(now.map((column) => [key(column), column]))
		for (const column of old) {
			const kept = after.get(key(column))
			expect(kept, `${key(column)} was dropped or renamed`).toBeDefined()
			expect(kept!.type, `${key(column)} changed type`).toBe(column.type)
			// Relaxing NOT NULL is widening; adding it is narrowing.
			if (column.nullable) expect(kept!.nullable, `${key(column)} became NOT NULL`).toBe(true)
		}
		const oldTables = new Set(old.map((column) => column.table))
		for (const column of now) {
			if (!oldTables.has(column.table) || old.some((o) => key(o) === key(column))) continue
			// A column added to a table the old code writes: it must not need a value from it.
			expect(
				column.nullable || column.hasDefault,
				`${key(column)} is NOT NULL without a default: the previous release's inserts would fail`,
			).toBe(true)
		}
	})

	test('the previous release’s queries on the tables it touches run on the new schema', async () => {
		// Sign-up, as the previous release inserts a customer and its profile, and reads it back.
		await db.query('BEGIN')
		await db.query(
			`INSERT INTO "Customer" ("id", "email", "passwordHash", "name", "disabled", "createdAt", "updatedAt")
			VALUES ('old-signup', 'old-signup@example.com', 'x', 'Old Signup', false, now(), now())`,
		)
		await db.query(
			`INSERT INTO "Profile" ("customerId", "firstName", "lastName", "createdAt", "updatedAt")
			VALUES ('old-signup', 'Old', 'Signup', now(), now())`,
		)
		await db.query('COMMIT')
		const { rows } = await db.query(
			`SELECT c."id", c."email", p."path" FROM "Customer" c JOIN "Profile" p ON p."customerId" = c."id" WHERE c."id" = 'old-signup'`,
		)
		expect(rows).toEqual([{ id: 'old-signup', email: 'old-signup@example.com', path: null }])
		// The outbox as the previous release queues and claims messages.
		await db.query(
			`INSERT INTO "OutboxMessage" ("id", "kind", "to", "data") VALUES ('old-mail', 'password-reset', 'old@example.com', '{}')`,
		)
		const claimed = await db.query(
			`SELECT "id" FROM "OutboxMessage" WHERE "failedAt" IS NULL AND "nextAttemptAt" <= now() ORDER BY "nextAttemptAt" LIMIT 1 FOR UPDATE SKIP LOCKED`,
		)
		expect(claimed.rows).toEqual([{ id: 'old-mail' }])
	})
})
