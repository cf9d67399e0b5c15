import pg from 'pg'
import { describe, expect, test } from 'vitest'
import { migrate, migrationStatus, readMigrations } from './migrations'

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
					'Achievement',
					'Certificate',
					'Customer',
					'EmailChangeToken',
					'InsightsDay',
					'InsightsSalt',
					'InsightsVisitor',
					'Education',
					'OutboxMessage',
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
