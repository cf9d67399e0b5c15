/**
 * The app as end-to-end tests see it: the production build on a fresh embedded database, with
 * `npm run seed`'s demo owner (/maya-torres: a complete profile with pictures and projects), whom
 * tests read as any visitor would.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-e2e-'))
const port = process.env.E2E_PORT ?? '3210'
Object.assign(process.env, {
	NODE_ENV: 'production',
	PORT: port,
	DATA_DIR: dataDir,
	PUBLIC_SITE_URL: `http://localhost:${port}`,
	JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-signing',
	LOG_LEVEL: 'warn',
	SHUTDOWN_DRAIN_MS: '0',
})
delete process.env.DATABASE_URL

const { run } = await import('../../server/main')
await run()
const { seedDemoOwner } = await import('../fixtures/demo-owner')
await seedDemoOwner()
// Ready only once seeded: the seed's image pipeline takes the CPU for many seconds, and tests
// that start meanwhile see sign-ups time out. Playwright waits for this address (E2E_PORT + 50).
const { createServer } = await import('node:http')
createServer((_request, response) => response.end('seeded')).listen(Number(port) + 50, '127.0.0.1')
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))
