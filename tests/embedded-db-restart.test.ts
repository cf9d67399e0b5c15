/**
 * The embedded PostgreSQL dies (SIGKILL of the postmaster, as the out-of-memory killer would
 * do) while the real server (two workers, WEB_CONCURRENCY=2) takes writes and page views: the
 * app answers the friendly 503 quickly, restarts the cluster by itself, is back to 200 within
 * 10 s, keeps every acknowledged write, and its pools reconnect (nothing fails afterwards).
 * When it then dies again and cannot be restarted, the app says why and exits non-zero for its
 * process manager.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterEach, describe, expect, test } from 'vitest'
import { RESTART_DELAYS_MS } from '../server/embedded-db'
import { startAppServer, type AppServer } from './app-server'

const dirs: string[] = []
const servers: AppServer[] = []

afterEach(async () => {
	await Promise.all(servers.splice(0).map((server) => server.stop()))
	for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** A server on its own embedded cluster (DATABASE_URL unset) in a fresh DATA_DIR. */
async function startOnEmbedded(env: Record<string, string> = {}) {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-restart-'))
	dirs.push(dataDir)
	const server = await startAppServer({
		DATABASE_URL: undefined,
		DATA_DIR: dataDir,
		LOG_LEVEL: 'warn',
		...env,
	})
	servers.push(server)
	return { server, dataDir }
}

function postmasterOf(dataDir: string) {
	const lines = fs
		.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
		.split('\n')
	return { pid: Number(lines[0]), port: Number(lines[3]) }
}

type Timed = { status: number; ms: number; sentAt: number; body: string }

async function timed(url: string, init: RequestInit = {}): Promise<Timed> {
	const sentAt = performance.now()
	try {
		// The test's own bound: a hung request shows up as status 0 after 10 s.
		const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
		const body = await response.text()
		return { status: response.status, ms: Math.round(performance.now() - sentAt), sentAt, body }
	} catch {
		return { status: 0, ms: Math.round(performance.now() - sentAt), sentAt, body: '' }
	}
}

async function registerOwner(url: string, name: string) {
	const register = await timed(`${url}/one/auth/new/register`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({
			email: `${name}-${Date.now()}@example.com`,
			password: 'correct-horse-battery',
			name: 'Crash Test',
		}),
	})
	if (register.status !== 200) return null
	const { access_token: token } = JSON.parse(register.body) as { access_token: string }
	return token
}

describe('the embedded PostgreSQL is supervised', () => {
	test('SIGKILL of the postmaster under load: 503 at once, 200 within 10 s, no acknowledged write lost; past 5 failed restarts the app exits 1', async () => {
		const { server, dataDir } = await startOnEmbedded({ WEB_CONCURRENCY: '2' })
		const owner = await registerOwner(server.url, 'reader')
		expect(owner).toBeTruthy()
		const auth = { Authorization: `Bearer ${owner}` }
		const claim = await timed(`${server.url}/one/path-name/update`, {
			method: 'POST',
			headers: { ...auth, 'Content-Type': 'application/json' },
			body: JSON.stringify({ path: 'crash-test' }),
		})
		expect(claim.status).toBe(200)
		const page = `${server.url}/crash-test`

		// Load: two writers creating portfolio items and three page readers, all recording every
		// answer. The writers' owners are registered first (password hashing is CPU-bound: the
		// load is about the database), three each, a new one every 15 items.
		const owners = await Promise.all(
			Array.from({ length: 6 }, (_, i) => registerOwner(server.url, `writer${i}`)),
		)
		expect(owners.every(Boolean)).toBe(true)
		const acknowledged: { id: string; at: number }[] = []
		const answers: (Timed & { kind: string })[] = []
		let running = true
		const writer = async (n: number) => {
			const mine = owners.slice(n * 3, n * 3 + 3)
			let items = 0
			while (running) {
				const token = mine[Math.min(Math.floor(items / 15), mine.length - 1)]
				const answer = await timed(`${server.url}/one/sites/portfolio/data/create/new/portfolio`, {
					method: 'POST',
					headers: { Authorization: `Bearer ${token}` },
				})
				answers.push({ ...answer, kind: 'write' })
				if (answer.status === 200) {
					const { url } = JSON.parse(answer.body) as { url: string }
					acknowledged.push({ id: url.split('/').at(-1)!, at: performance.now() })
					items++
				}
			}
		}
		const reader = async () => {
			while (running) answers.push({ ...(await timed(page)), kind: 'page' })
		}
		const load = [writer(0), writer(1), reader(), reader(), reader()]
		const healthChecks: Timed[] = []
		const health = (async () => {
			while (running) healthChecks.push(await timed(`${server.url}/healthz`))
		})()

		// Let the load run, then kill the postmaster.
		while (acknowledged.length < 20) await timed(page)
		const postmaster = postmasterOf(dataDir)
		const killedAt = performance.now()
		process.kill(postmaster.pid, 'SIGKILL')

		// Back within 10 s: /healthz 200 (the health loop keeps polling). Counted from the first
		// 503 on: the backend behind an open connection answers until it notices that its
		// postmaster is gone (at once on a quiet machine, a moment later on a busy one).
		let seenDown = false
		let recoveredAt = 0
		while (!recoveredAt && performance.now() - killedAt < 15_000) {
			const check = await timed(`${server.url}/healthz`)
			if (check.status === 503) seenDown = true
			else if (check.status === 200 && seenDown) recoveredAt = performance.now()
		}
		// Then a few seconds of load on the restarted cluster.
		const afterRecovery = acknowledged.length
		while (acknowledged.length < afterRecovery + 30 && performance.now() - recoveredAt < 20_000) {
			await timed(page)
		}
		running = false
		await Promise.all([...load, health])

		const since = (at: number) => Math.round(at - killedAt)
		const afterKill = [...answers, ...healthChecks.map((check) => ({ ...check, kind: 'health' }))]
			.filter((answer) => answer.sentAt >= killedAt)
			.sort((a, b) => a.sentAt - b.sentAt)
		const gap = afterKill.filter((answer) => answer.sentAt < recoveredAt)
		const after = afterKill.filter((answer) => answer.sentAt >= recoveredAt)
		const first503 = afterKill.find((answer) => answer.status === 503)
		const firstWrite = acknowledged.find((write) => write.at > recoveredAt)
		const newPostmaster = postmasterOf(dataDir)

		// Every acknowledged write is in the database.
		const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim()
		const client = new pg.Client({
			connectionString: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${newPostmaster.port}/tagg`,
		})
		await client.connect()
		const { rows } = await client
			.query<{ id: string }>('SELECT id FROM "Portfolio" WHERE id = ANY($1)', [
				acknowledged.map((write) => write.id),
			])
			.finally(() => client.end())
		const stored = new Set(rows.map((row) => row.id))
		const lost = acknowledged.filter((write) => !stored.has(write.id))

		// No error logged for any request sent after the recovery (stale pooled connections
		// would show up here as 500s or 503s).
		const recoveredAtWall = Date.now() - (performance.now() - recoveredAt)
		const errorsAfter = server
			.output()
			.split('\n')
			.filter((line) => line.startsWith('{'))
			.map(
				(line) =>
					JSON.parse(line) as { level: number; time: string; responseTime?: number; msg: string },
			)
			.filter(
				(entry) =>
					entry.level >= 50 && Date.parse(entry.time) - (entry.responseTime ?? 0) > recoveredAtWall,
			)

		console.log(
			[
				`timeline (ms after SIGKILL of postmaster ${postmaster.pid}):`,
				`  first answer after the kill: ${afterKill[0]?.kind} ${afterKill[0]?.status} in ${afterKill[0]?.ms} ms`,
				`  first 503: ${first503?.kind} sent at +${since(first503?.sentAt ?? 0)}, answered in ${first503?.ms} ms`,
				`  during the gap: ${gap.length} answers (${count(gap)}), slowest ${Math.max(0, ...gap.map((a) => a.ms))} ms`,
				`  new postmaster ${newPostmaster.pid}; /healthz 200 at +${since(recoveredAt)}`,
				`  first acknowledged write after it at +${since(firstWrite?.at ?? 0)}`,
				`  after recovery: ${after.length} answers (${count(after)}); errors logged: ${errorsAfter.length}`,
				`  acknowledged writes: ${acknowledged.length}, all present: ${lost.length === 0}`,
			].join('\n'),
		)

		expect(newPostmaster.pid).not.toBe(postmaster.pid)
		expect(first503).toBeDefined()
		expect(first503!.sentAt - killedAt + first503!.ms).toBeLessThan(2000)
		// Nothing hangs while the database is away.
		expect(gap.filter((answer) => answer.ms >= 2000 || answer.status === 0)).toEqual([])
		expect(gap.every((answer) => [200, 503].includes(answer.status))).toBe(true)
		expect(recoveredAt).toBeGreaterThan(0)
		expect(recoveredAt - killedAt).toBeLessThan(10_000)
		expect(firstWrite).toBeDefined()
		expect(lost).toEqual([])
		expect(after.filter((answer) => answer.status !== 200)).toEqual([])
		expect(errorsAfter).toEqual([])

		// Then it dies again and cannot come back: PG_VERSION is moved away (the running server
		// does not read it again; every new start refuses the directory). The app tries, says
		// why, stops its workers and exits 1 for its process manager.
		const exited = new Promise<number | null>((resolve) => server.process.once('exit', resolve))
		const clusterDir = path.join(dataDir, 'postgres')
		fs.renameSync(path.join(clusterDir, 'PG_VERSION'), path.join(clusterDir, 'PG_VERSION.away'))
		const killedAgainAt = performance.now()
		process.kill(newPostmaster.pid, 'SIGKILL')
		// The kill is not the same instant everywhere: the backend behind an open connection
		// answers until it notices its postmaster is gone (at once on a quiet machine, a moment
		// later on a busy one). So: health checks one after the other until the first 503.
		const checks: Timed[] = []
		while (performance.now() - killedAgainAt < 2000 && checks.at(-1)?.status !== 503) {
			checks.push(await timed(`${server.url}/healthz`))
		}
		const down = checks.at(-1)!
		const code = await exited
		const output = server.output()
		console.log(
			[
				`second SIGKILL (postmaster ${newPostmaster.pid}), restarts impossible:`,
				`  /healthz: ${count(checks)}; the first 503 sent at +${Math.round(down.sentAt - killedAgainAt)}, answered in ${down.ms} ms`,
				`  the app exited with code ${code} at +${Math.round(performance.now() - killedAgainAt)}`,
				...output
					.split('\n')
					.filter((line) => /PostgreSQL|giving up/.test(line))
					.map((line) => `  log: ${line.slice(0, 400)}`),
			].join('\n'),
		)
		expect(down.status).toBe(503)
		expect(down.sentAt - killedAgainAt + down.ms).toBeLessThan(2000)
		expect(checks.every((check) => [200, 503].includes(check.status) && check.ms < 2000)).toBe(true)
		expect(code).toBe(1)
		expect(output).toContain(`could not be restarted (${RESTART_DELAYS_MS.length} tries in a row)`)
		expect(output).toContain('PG_VERSION')
		expect(output).toContain('giving up: exiting so that the process manager can restart Tagg')
	}, 150_000)
})

test('a process that started the embedded PostgreSQL keeps its exit code (its exit hook would end it with 0)', () => {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-exit-code-'))
	dirs.push(dataDir)
	const script = `
		import { startEmbeddedDatabase } from ${JSON.stringify(path.resolve('server/embedded-db.ts'))}
		const database = await startEmbeddedDatabase({ dataDir: ${JSON.stringify(dataDir)}, database: 'postgres' })
		await database.stop()
		process.exitCode = 3
	`
	const result = spawnSync(
		process.execPath,
		['--import', 'tsx', '--input-type=module', '--eval', script],
		{ encoding: 'utf8', timeout: 90_000 },
	)
	expect(result.stderr).not.toMatch(/Error/)
	expect(result.status).toBe(3)
}, 100_000)

function count(answers: { status: number }[]) {
	const byStatus = new Map<number, number>()
	for (const answer of answers) byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1)
	return [...byStatus].map(([status, n]) => `${n}× ${status}`).join(', ')
}
