/**
 * Vitest global setup: one PostgreSQL for the whole run (embedded, or TEST_DATABASE_URL),
 * with a migrated template database that every test file clones.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type TestProject } from 'vitest/node'
import { startEmbeddedDatabase } from '../server/embedded-db'
import { migrate } from '../server/migrations'
import { databaseUrl, TEMPLATE_DATABASE, withAdminClient } from './db-utils'
import { buildTestBundles } from './test-build'

/** The test cluster's own zone: +05:30, a half hour no whole-hour rounding hides. */
const DATABASE_TEST_ZONE = 'Asia/Kolkata'

declare module 'vitest' {
	export interface ProvidedContext {
		databaseBaseUrl: string
		testDataDir: string
	}
}

export default async function setup(project: TestProject) {
	// The server and the scripts the tests start, bundled once (tests/test-build.ts); the workers
	// inherit the variable.
	const bundles = await buildTestBundles()
	process.env.TAGG_TEST_BUILD = bundles
	const testDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-vitest-'))
	let stop = async () => {}
	let baseUrl = process.env.TEST_DATABASE_URL
	if (!baseUrl) {
		// The cluster in a zone that is not UTC, as Debian's initdb makes it on a machine set to
		// one (it takes the zone from TZ); the tests themselves run in yet another (vitest.config.ts).
		// Nothing may depend on the database's zone (docs/decisions/037-utc-sessions.md).
		const zone = process.env.TZ
		process.env.TZ = DATABASE_TEST_ZONE
		try {
			const embedded = await startEmbeddedDatabase({
				dataDir: testDataDir,
				database: 'postgres',
				durable: false,
			})
			baseUrl = embedded.url
			stop = embedded.stop
		} finally {
			if (zone === undefined) delete process.env.TZ
			else process.env.TZ = zone
		}
	}
	await withAdminClient(baseUrl, async (client) => {
		await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`)
		await client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`)
	})
	await migrate(databaseUrl(baseUrl, TEMPLATE_DATABASE))

	project.provide('databaseBaseUrl', baseUrl)
	project.provide('testDataDir', testDataDir)

	return async () => {
		await stop()
		fs.rmSync(testDataDir, { recursive: true, force: true })
		fs.rmSync(bundles, { recursive: true, force: true })
	}
}
