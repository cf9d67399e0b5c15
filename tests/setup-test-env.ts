/**
 * Runs before every test file: gives the file its own database cloned from the migrated
 * template, its own DATA_DIR, and makes an unexpected console.error fail the test.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, afterEach, beforeEach, inject, vi, type MockInstance } from 'vitest'
import { disconnectPrisma } from '~/utils/db.server'
import { resetEnv } from '~/utils/env.server'
import { cloneTemplate, dropDatabase } from './db-utils'

const baseUrl = inject('databaseBaseUrl')
const databaseName = `tagg_test_${process.env.VITEST_POOL_ID ?? '0'}_${crypto.randomBytes(4).toString('hex')}`
process.env.DATABASE_URL = await cloneTemplate(baseUrl, databaseName)
// The previous file of this worker (vitest.config.ts, isolate: false) may have left work that ran
// after its end and made a client of its own database, dropped since: this file makes its own.
await disconnectPrisma()
process.env.DATA_DIR = fs.mkdtempSync(path.join(inject('testDataDir'), 'data-'))
process.env.JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing'
process.env.PUBLIC_SITE_URL = 'http://tagg.test'
resetEnv()

let consoleError: MockInstance<typeof console.error>
beforeEach(() => {
	consoleError = vi.spyOn(console, 'error')
})
afterEach((context) => {
	const calls = consoleError.mock.calls
	consoleError.mockRestore()
	if (calls.length && !context.task.meta.allowConsoleError) {
		throw new Error(
			`console.error was called (mark the test with allowConsoleError if it is expected):\n${calls
				.map((args) => args.map(String).join(' '))
				.join('\n')}`,
		)
	}
})

afterAll(async () => {
	await disconnectPrisma()
	await dropDatabase(baseUrl, databaseName)
})

declare module 'vitest' {
	interface TaskMeta {
		allowConsoleError?: boolean
	}
}
