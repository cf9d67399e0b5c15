/**
 * PostgreSQL stopped under load: public pages answer 503 with the friendly page within 2 s,
 * /healthz reports it, the app recovers by itself once the database is back, and no
 * acknowledged write is lost.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '../server/embedded-db'
import { migrate } from '../server/migrations'
import { startAppServer, type AppServer } from './app-server'

let dataDir: string
let port: number
let db: EmbeddedDatabase
let app: AppServer

beforeAll(async () => {
	dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-faults-'))
	port = await freePort()
	db = await startEmbeddedDatabase({ dataDir, port })
	await migrate(db.url)
	app = await startAppServer({ DATABASE_URL: db.url, DATA_DIR: dataDir })
}, 120_000)

afterAll(async () => {
	await app?.stop()
	await db?.stop()
	fs.rmSync(dataDir, { recursive: true, force: true })
})

async function timed(url: string, init?: RequestInit) {
	const started = Date.now()
	const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
	const body = await response.text()
	return { status: response.status, body, ms: Date.now() - started }
}

describe('the database goes away and comes back', () => {
	test('503 within 2 s while it is down, recovery within 5 s, no acknowledged write lost', async () => {
		const email = 'faults@example.com'
		const register = await fetch(`${app.url}/one/auth/new/register`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ email, password: 'correct-horse-battery', name: 'Fault Tolerant' }),
		})
		const { access_token: token } = (await register.json()) as { access_token: string }
		const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }
		const claim = await fetch(`${app.url}/one/path-name/update`, {
			method: 'POST',
			headers: auth,
			body: JSON.stringify({ path: 'fault-tolerant' }),
		})
		expect(claim.status).toBe(200)
		const page = `${app.url}/fault-tolerant`
		expect((await timed(page)).status).toBe(200)

		// Load: page views and acknowledged writes keep going while the database stops.
		let acknowledged = 0
		let counter = 0
		let running = true
		const writer = (async () => {
			while (running) {
				const value = ++counter
				try {
					const response = await fetch(`${app.url}/one/sites/info/general/tagline/update`, {
						method: 'POST',
						headers: auth,
						body: JSON.stringify({ tagline: `write ${value}` }),
						signal: AbortSignal.timeout(10_000),
					})
					if (response.status === 200) acknowledged = Math.max(acknowledged, value)
				} catch {
					// refused while down: not acknowledged
				}
			}
		})()
		const readers = Array.from({ length: 4 }, async () => {
			const slow: number[] = []
			while (running) {
				const result = await timed(page).catch(() => null)
				if (result && result.ms > 2000) slow.push(result.ms)
			}
			return slow
		})
		await new Promise((resolve) => setTimeout(resolve, 500))

		await db.stop()
		const down = await timed(page)
		expect(down.status).toBe(503)
		expect(down.ms).toBeLessThan(2000)
		expect(down.body).toContain('We’ll be right back')
		expect(down.body).toContain('<title>We’ll be right back | Tagg</title>')
		const health = await timed(`${app.url}/healthz`)
		expect(health.status).toBe(503)
		expect(JSON.parse(health.body)).toMatchObject({ database: 'down' })
		const api = await timed(`${app.url}/one/sites/info/general/tagline?customer_id=x`)
		expect(api.status).toBe(503)
		expect(JSON.parse(api.body)).toMatchObject({ status: 503 })
		await new Promise((resolve) => setTimeout(resolve, 1000))

		db = await startEmbeddedDatabase({ dataDir, port })
		const back = Date.now()
		let recoveredAfter = -1
		while (Date.now() - back < 10_000) {
			const result = await timed(`${app.url}/healthz`).catch(() => null)
			if (result?.status === 200) {
				recoveredAfter = Date.now() - back
				break
			}
			await new Promise((resolve) => setTimeout(resolve, 100))
		}
		expect(recoveredAfter).toBeGreaterThanOrEqual(0)
		expect(recoveredAfter).toBeLessThan(5000)
		expect((await timed(page)).status).toBe(200)

		await new Promise((resolve) => setTimeout(resolve, 500))
		running = false
		await writer
		const slow = (await Promise.all(readers)).flat()
		expect(slow).toEqual([])

		// The last acknowledged write is what the database holds (writes are sequential).
		const resolved = (await (
			await fetch(`${app.url}/one/auth/new/get/customer_id/fault-tolerant`)
		).json()) as {
			data: { customer_id: string }
		}
		const tagline = (await (
			await fetch(
				`${app.url}/one/sites/info/general/tagline?customer_id=${resolved.data.customer_id}`,
			)
		).json()) as { data: { tagline: string } }
		expect(acknowledged).toBeGreaterThan(0)
		expect(Number(tagline.data.tagline.replace('write ', ''))).toBeGreaterThanOrEqual(acknowledged)
	}, 90_000)
})
