/**
 * The migration that adds unique positions and one featured image per item runs on data the
 * races left behind (repeated positions, gaps, several featured images): it renumbers in the
 * current order, keeps the featured image the cover showed, then the constraints hold.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { migrate, MIGRATIONS_DIR, readMigrations } from '../server/migrations'
import { databaseUrl, dropDatabase, withAdminClient } from './db-utils'

const MIGRATION = readMigrations().find((m) => m.name.endsWith('_writes_unique_positions'))!
const baseUrl = inject('databaseBaseUrl')
const name = `tagg_writes_migration_${crypto.randomBytes(4).toString('hex')}`
const url = databaseUrl(baseUrl, name)
let db: pg.Client
let before: string

beforeAll(async () => {
	await withAdminClient(baseUrl, (client) => client.query(`CREATE DATABASE ${name}`))
	// The schema as it was before this migration.
	before = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-migrations-'))
	for (const migration of readMigrations()) {
		if (migration.name >= MIGRATION.name) continue
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

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute))

describe('the unique-positions migration on raced data', () => {
	test('renumbers 0..n-1 in the current order, keeps the cover as the one featured image', async () => {
		await db.query(
			`INSERT INTO "Customer" (id, email, "passwordHash", name, "updatedAt") VALUES ('c1', 'c1@example.com', 'x', 'C', now())`,
		)
		await db.query(`INSERT INTO "Profile" ("customerId", "updatedAt") VALUES ('c1', now())`)
		// Items: two at position 0 (the older first), one after a gap.
		for (const [id, position, minute] of [
			['p-late', 0, 2],
			['p-early', 0, 1],
			['p-gap', 7, 0],
		] as const) {
			await db.query(
				`INSERT INTO "Portfolio" (id, "customerId", position, "createdAt", "updatedAt") VALUES ($1, 'c1', $2, $3, now())`,
				[id, position, at(minute)],
			)
		}
		// Images of one item: repeated positions, three featured; the first featured one is
		// inactive, so the cover shows the first active featured one ('i-b').
		for (const [id, position, featured, active, minute] of [
			['i-a', 0, true, false, 0],
			['i-b', 1, true, true, 1],
			['i-c', 1, false, true, 2],
			['i-d', 4, true, true, 3],
		] as const) {
			await db.query(
				`INSERT INTO "PortfolioImage" (id, "portfolioId", "customerId", key, position, featured, active, width, height, "createdAt")
				 VALUES ($1, 'p-early', 'c1', $1, $2, $3, $4, 1600, 900, $5)`,
				[id, position, featured, active, at(minute)],
			)
		}
		// A merged achievements list: A1 B1 A2 B2 at positions 0 0 1 1.
		for (const [id, position, text] of [
			['a1', 0, 'A1'],
			['b1', 0, 'B1'],
			['a2', 1, 'A2'],
			['b2', 1, 'B2'],
		] as const) {
			await db.query(
				`INSERT INTO "Achievement" (id, "customerId", position, text) VALUES ($1, 'c1', $2, $3)`,
				[id, position, text],
			)
		}

		// This migration first; later ones (other features) may follow.
		expect((await migrate(url))[0]).toBe(MIGRATION.name)

		const items = await db.query(`SELECT id, position FROM "Portfolio" ORDER BY position`)
		expect(items.rows).toEqual([
			{ id: 'p-early', position: 0 },
			{ id: 'p-late', position: 1 },
			{ id: 'p-gap', position: 2 },
		])
		const images = await db.query(
			`SELECT id, position, featured FROM "PortfolioImage" ORDER BY position`,
		)
		expect(images.rows).toEqual([
			{ id: 'i-a', position: 0, featured: false },
			{ id: 'i-b', position: 1, featured: true },
			{ id: 'i-c', position: 2, featured: false },
			{ id: 'i-d', position: 3, featured: false },
		])
		const achievements = await db.query(
			`SELECT text, position FROM "Achievement" ORDER BY position`,
		)
		expect(achievements.rows.map((row) => row.position)).toEqual([0, 1, 2, 3])
	})

	test('afterwards the database refuses a repeated position or a second featured image', async () => {
		const refused = async (sql: string) => {
			await db.query('BEGIN')
			try {
				await db.query(sql)
				await db.query('COMMIT') // deferred constraints are checked here
			} catch (error) {
				await db.query('ROLLBACK').catch(() => {})
				return (error as { code?: string }).code
			}
			return 'accepted'
		}
		expect(
			await refused(
				`INSERT INTO "Portfolio" (id, "customerId", position, "updatedAt") VALUES ('p-dup', 'c1', 1, now())`,
			),
		).toBe('23505')
		expect(await refused(`UPDATE "PortfolioImage" SET position = 0 WHERE id = 'i-d'`)).toBe('23505')
		expect(await refused(`UPDATE "PortfolioImage" SET featured = true WHERE id = 'i-c'`)).toBe(
			'23505',
		)
		expect(await refused(`UPDATE "Portfolio" SET position = -1 WHERE id = 'p-gap'`)).toBe('23514')
		// A swap inside one transaction is fine: uniqueness is checked at commit.
		expect(
			await refused(
				`UPDATE "Portfolio" SET position = CASE id WHEN 'p-early' THEN 1 WHEN 'p-late' THEN 0 END WHERE id IN ('p-early', 'p-late')`,
			),
		).toBe('accepted')
	})
})
