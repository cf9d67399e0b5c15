/**
 * The topology operators run, from Debian's packages: PostgreSQL, PgBouncer in transaction mode
 * (as hosted poolers run), two app instances started at once (so they migrate at once, through
 * the pooler), and nginx round-robin in front. Checked here: sign-up and writes through the
 * pooler, a write behind a held lock (503 + Retry-After), `db:migrate` run again and again, the
 * sitemap with thousands of owners, two instances racing for one recurring job's turn, and a
 * rolling restart under a bounded load with no failed request.
 *
 * Needs the binaries `postgres`, `initdb` (package postgresql, under /usr/lib/postgresql/N/bin),
 * `pgbouncer` and `nginx` (`npm test` installs missing Debian packages). Every process started
 * here is stopped in afterAll. Ports: free ones, or from TAGG_TEST_PORT_BASE (+0 … +4).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runScript } from '#tests/run-script'
import { ensureBuild } from '#tests/app-server'
import { UtcClient } from '../app/utils/pg-client.server'
import { readMigrations } from '../server/migrations'
import { freePort } from '../server/embedded-db'
import { nodeArgsFor } from './test-build'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const PUBLIC_SITE_URL = 'http://tagg.test'
const isRoot = process.getuid?.() === 0
/** PostgreSQL's own zone here: +05:30, a half hour no whole-hour rounding hides. */
const DATABASE_ZONE = 'Asia/Kolkata'

function postgresBin(name: string) {
	const versions = fs
		.readdirSync('/usr/lib/postgresql')
		.filter((entry) => fs.existsSync(`/usr/lib/postgresql/${entry}/bin/${name}`))
		.sort((a, b) => Number(b) - Number(a))
	if (!versions[0])
		throw new Error(`no ${name} under /usr/lib/postgresql/*/bin (apt-get install postgresql)`)
	return `/usr/lib/postgresql/${versions[0]}/bin/${name}`
}

/** PostgreSQL and PgBouncer refuse to run as root: run them as the postgres user then. */
const asPostgres = (command: string, args: string[]): [string, string[]] =>
	isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args]

const children: ChildProcess[] = []
function start(
	name: string,
	command: string,
	args: string[],
	env: NodeJS.ProcessEnv = process.env,
) {
	const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
	let output = ''
	child.stdout?.on('data', (chunk) => (output += chunk))
	child.stderr?.on('data', (chunk) => (output += chunk))
	children.push(child)
	return { child, name, output: () => output }
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
	if (child.exitCode !== null || child.signalCode !== null) return
	await new Promise<void>((resolve) => {
		child.once('exit', () => resolve())
		child.kill(signal)
		setTimeout(() => child.kill('SIGKILL'), 15_000).unref()
	})
}

async function waitFor(what: string, check: () => Promise<boolean>, ms = 60_000) {
	const deadline = Date.now() + ms
	for (;;) {
		if (await check().catch(() => false)) return
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

let dir: string
let ports: { postgres: number; bouncer: number; nginx: number; a: number; b: number }
let directUrl: string
let poolerUrl: string
let nginxUrl: string
const instances: Record<'a' | 'b', ReturnType<typeof start> | undefined> = {
	a: undefined,
	b: undefined,
}

function startInstance(name: 'a' | 'b', extra: Record<string, string> = {}) {
	const port = ports[name]
	instances[name] = start(`instance ${name}`, process.execPath, nodeArgsFor('main'), {
		...process.env,
		NODE_ENV: 'production',
		PORT: String(port),
		DATABASE_URL: poolerUrl,
		DATA_DIR: path.join(dir, `data-${name}`),
		JWT_SECRET: 'topology-secret-that-is-long-enough-for-hs256',
		PUBLIC_SITE_URL,
		LOG_LEVEL: 'info',
		WEB_CONCURRENCY: '1',
		// Well past nginx's 1 s keep-alive to the instances (below): its idle connections are
		// closed by nginx, never by a draining instance.
		SHUTDOWN_DRAIN_MS: '3000',
		DATABASE_LOCK_TIMEOUT_MS: '300',
		...extra,
	})
	return instances[name]!
}

const healthy = (port: number) => async () =>
	(await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) }))
		.status === 200

async function post(pathname: string, body: unknown, token?: string) {
	const response = await fetch(`${nginxUrl}${pathname}`, {
		method: 'POST',
		headers: {
			'Content-Type': 'application/json',
			...(token ? { Authorization: `Bearer ${token}` } : {}),
		},
		body: JSON.stringify(body),
		signal: AbortSignal.timeout(20_000),
	})
	const text = await response.text()
	let json: Record<string, unknown> = {}
	try {
		json = JSON.parse(text) as Record<string, unknown>
	} catch {
		json = { text }
	}
	return { status: response.status, json, headers: response.headers }
}

let ownerCount = 0
/** A new owner through nginx → an instance → PgBouncer: sign-up, then an address. */
async function newOwner() {
	const n = ++ownerCount
	const path = `topo-${process.pid}-${n}`
	const registered = await post('/one/auth/new/register', {
		name: `Topology Owner ${n}`,
		email: `${path}@example.com`,
		password: 'a-long-enough-password',
	})
	expect(registered.status).toBe(200)
	const token = registered.json.access_token as string
	expect((await post('/one/path-name/update', { path }, token)).status).toBe(200)
	return { token, path, customerId: registered.json.customer_id as string }
}

beforeAll(async () => {
	ensureBuild()
	const base = process.env.TAGG_TEST_PORT_BASE ? Number(process.env.TAGG_TEST_PORT_BASE) : null
	const pick = async (offset: number) => (base ? base + offset : await freePort())
	ports = {
		postgres: await pick(0),
		bouncer: await pick(1),
		nginx: await pick(2),
		a: await pick(3),
		b: await pick(4),
	}
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-topology-'))
	fs.chmodSync(dir, 0o755)
	const pgData = path.join(dir, 'pg')
	fs.mkdirSync(pgData, { mode: 0o700 })
	if (isRoot) {
		const uid = Number(execFileSync('id', ['-u', 'postgres']).toString())
		const gid = Number(execFileSync('id', ['-g', 'postgres']).toString())
		fs.chownSync(pgData, uid, gid)
	}

	// PostgreSQL
	execFileSync(
		...asPostgres(postgresBin('initdb'), [
			'-D',
			pgData,
			'-A',
			'trust',
			'-U',
			'tagg',
			'--no-sync',
			// UTF8 whatever the machine's locale (a C or POSIX one would make SQL_ASCII, which the
			// app refuses for a new database: server/migrations.ts).
			'--encoding=UTF8',
			'--locale=C',
		]),
		{
			stdio: 'ignore',
		},
	)
	const postgres = start(
		'postgres',
		...asPostgres(postgresBin('postgres'), [
			'-D',
			pgData,
			'-p',
			String(ports.postgres),
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			`unix_socket_directories=`,
			'-c',
			'fsync=off',
			'-c',
			'max_connections=100',
			'-c',
			`timezone=${DATABASE_ZONE}`,
		]),
	)
	directUrl = `postgresql://tagg@127.0.0.1:${ports.postgres}/tagg`
	await waitFor(
		'PostgreSQL',
		async () => {
			const client = new pg.Client(`postgresql://tagg@127.0.0.1:${ports.postgres}/postgres`)
			await client.connect()
			await client.query('SELECT 1')
			await client.end()
			return true
		},
		30_000,
	).catch((error: Error) => {
		throw new Error(`${error.message}\n${postgres.output()}`)
	})
	const admin = new pg.Client(`postgresql://tagg@127.0.0.1:${ports.postgres}/postgres`)
	await admin.connect()
	await admin.query('CREATE DATABASE tagg')
	await admin.end()

	// PgBouncer, transaction mode, no startup parameter ignored: what hosted poolers do.
	fs.writeFileSync(path.join(dir, 'userlist.txt'), '"tagg" ""\n')
	fs.writeFileSync(
		path.join(dir, 'pgbouncer.ini'),
		`[databases]
tagg = host=127.0.0.1 port=${ports.postgres} dbname=tagg

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${ports.bouncer}
unix_socket_dir =
auth_type = trust
auth_file = ${path.join(dir, 'userlist.txt')}
pool_mode = transaction
default_pool_size = 20
max_client_conn = 500
server_reset_query =
`,
	)
	fs.chmodSync(path.join(dir, 'pgbouncer.ini'), 0o644)
	const bouncer = start('pgbouncer', ...asPostgres('pgbouncer', [path.join(dir, 'pgbouncer.ini')]))
	poolerUrl = `postgresql://tagg@127.0.0.1:${ports.bouncer}/tagg`
	await waitFor(
		'PgBouncer',
		async () => {
			const client = new pg.Client(poolerUrl)
			await client.connect()
			await client.query('SELECT 1')
			await client.end()
			return true
		},
		30_000,
	).catch((error: Error) => {
		throw new Error(`${error.message}\n${bouncer.output()}`)
	})

	// Two instances started at once: both migrate the empty database at the same moment,
	// through the pooler.
	startInstance('a')
	startInstance('b')
	for (const name of ['a', 'b'] as const) {
		await waitFor(`instance ${name}`, healthy(ports[name]), 90_000).catch((error: Error) => {
			throw new Error(`${error.message}\n${instances[name]!.output().slice(-3000)}`)
		})
	}

	// nginx: round robin, keep-alive to the instances, a refused connection tried on the other.
	const temp = path.join(dir, 'nginx-temp')
	fs.mkdirSync(temp, { mode: 0o777 })
	fs.chmodSync(temp, 0o777)
	fs.writeFileSync(
		path.join(dir, 'nginx.conf'),
		`daemon off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'nginx-error.log')} warn;
events { worker_connections 1024; }
http {
	access_log off;
	client_body_temp_path ${temp}/body;
	proxy_temp_path ${temp}/proxy;
	fastcgi_temp_path ${temp}/fastcgi;
	uwsgi_temp_path ${temp}/uwsgi;
	scgi_temp_path ${temp}/scgi;
	upstream tagg {
		server 127.0.0.1:${ports.a} max_fails=1 fail_timeout=2s;
		server 127.0.0.1:${ports.b} max_fails=1 fail_timeout=2s;
		keepalive 16;
		keepalive_timeout 1s;
	}
	server {
		listen 127.0.0.1:${ports.nginx};
		location / {
			proxy_pass http://tagg;
			proxy_http_version 1.1;
			proxy_set_header Connection "";
			proxy_set_header Host tagg.test;
			proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
			proxy_next_upstream error timeout;
			proxy_connect_timeout 2s;
		}
	}
}
`,
	)
	const nginx = start('nginx', 'nginx', [
		'-e',
		path.join(dir, 'nginx-error.log'),
		'-p',
		dir,
		'-c',
		path.join(dir, 'nginx.conf'),
	])
	nginxUrl = `http://127.0.0.1:${ports.nginx}`
	await waitFor(
		'nginx',
		async () => (await fetch(`${nginxUrl}/healthz`)).status === 200,
		20_000,
	).catch((error: Error) => {
		throw new Error(`${error.message}\n${nginx.output()}`)
	})
}, 240_000)

afterAll(async () => {
	// Instances first (they flush to the database), then nginx, the pooler, PostgreSQL.
	for (const child of [...children].reverse()) await stopChild(child)
	if (dir) fs.rmSync(dir, { recursive: true, force: true })
}, 60_000)

describe('behind PgBouncer in transaction mode', () => {
	test('two instances migrated the empty database at once: each migration once, no lock left', async () => {
		const client = new pg.Client(directUrl)
		await client.connect()
		try {
			const { rows } = await client.query<{ migration_name: string }>(
				'SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY 1',
			)
			expect(rows.map((row) => row.migration_name)).toEqual(readMigrations().map((m) => m.name))
			const locks = await client.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory'`)
			expect(locks.rows).toEqual([])
		} finally {
			await client.end()
		}
	})

	test(`the app's sessions run in UTC through the pooler, on a database in ${DATABASE_ZONE}`, async () => {
		// The pooler hands both clients' transactions to whichever server connection is free and
		// sets each one's zone (a tracked startup parameter) as it does.
		const plain = new pg.Client(poolerUrl)
		const app = new UtcClient({ connectionString: poolerUrl })
		await Promise.all([plain.connect(), app.connect()])
		try {
			const zone = async (client: pg.Client) =>
				(await client.query<{ TimeZone: string }>('SHOW TimeZone')).rows[0]!.TimeZone
			for (let round = 0; round < 5; round++) {
				expect(await zone(app)).toBe('UTC')
				expect(await zone(plain)).toBe(DATABASE_ZONE)
			}
		} finally {
			await Promise.all([plain.end(), app.end()])
		}
	})

	test('/healthz answers 200 and sign-up, writes and reads work through either instance', async () => {
		expect((await fetch(`http://127.0.0.1:${ports.a}/healthz`)).status).toBe(200)
		expect((await fetch(`http://127.0.0.1:${ports.b}/healthz`)).status).toBe(200)
		const owner = await newOwner()
		for (let i = 0; i < 4; i++) {
			const update = await post(
				'/one/sites/info/general/tagline/update',
				{ tagline: `Tagline ${i}` },
				owner.token,
			)
			expect(update.status).toBe(200)
			// Round robin: the read goes to the other instance.
			const read = await fetch(
				`${nginxUrl}/one/sites/info/general/tagline?customer_id=${owner.customerId}`,
			)
			expect(((await read.json()) as { data: { tagline: string } }).data.tagline).toBe(
				`Tagline ${i}`,
			)
		}
		const page = await fetch(`${nginxUrl}/${owner.path}`)
		expect(page.status).toBe(200)
	})

	test('a write behind another session’s lock answers 503 with Retry-After (the lock timeout holds through the pooler)', async () => {
		const owner = await newOwner()
		const holder = new pg.Client(directUrl)
		await holder.connect()
		try {
			await holder.query('BEGIN')
			await holder.query('SELECT 1 FROM "Profile" WHERE "customerId" = $1 FOR UPDATE', [
				owner.customerId,
			])
			const started = Date.now()
			const blocked = await post(
				'/one/sites/info/general/tagline/update',
				{ tagline: 'blocked' },
				owner.token,
			)
			expect(blocked.status).toBe(503)
			expect(blocked.headers.get('Retry-After')).toBe('1')
			expect(blocked.headers.get('Content-Type')).toContain('application/json')
			expect(blocked.json.status).toBe(503)
			// Four attempts of DATABASE_LOCK_TIMEOUT_MS (300 ms), not a 20 s hang.
			expect(Date.now() - started).toBeLessThan(5_000)
		} finally {
			await holder.query('ROLLBACK')
			await holder.end()
		}
	})

	test('npm run db:migrate through the pooler, again and again: up to date, nothing left held', async () => {
		for (let i = 0; i < 3; i++) {
			const result = await runScript('db-migrate.ts', [], {
				DATABASE_URL: poolerUrl,
				NODE_ENV: 'production',
				JWT_SECRET: 'x'.repeat(40),
			})
			expect(result.stderr.replace(/npm warn.*\n/g, '')).toBe('')
			expect(result.code).toBe(0)
			expect(result.stdout).toContain('Database schema is up to date.')
		}
		const client = new pg.Client(directUrl)
		await client.connect()
		const locks = await client.query(`SELECT 1 FROM pg_locks WHERE locktype = 'advisory'`)
		await client.end()
		expect(locks.rows).toEqual([])
	}, 60_000)

	test('two instances racing through the pooler for one recurring job turn: one gets it', async () => {
		const claim = async () => {
			const client = new pg.Client(poolerUrl)
			await client.connect()
			try {
				const { rowCount } = await client.query(
					`INSERT INTO "JobLease" ("name", "dueAt", "holder") VALUES ('topology-race', now() + interval '1 hour', 'x')
					ON CONFLICT ("name") DO UPDATE SET "dueAt" = EXCLUDED."dueAt" WHERE "JobLease"."dueAt" <= now()
					RETURNING "name"`,
				)
				return rowCount
			} finally {
				await client.end()
			}
		}
		const results = await Promise.all(Array.from({ length: 20 }, claim))
		expect(results.reduce((sum, count) => sum! + count!, 0)).toBe(1)
	})

	test('the sitemap with thousands of owners (seeded in SQL): built once per version, then served from memory', async () => {
		const client = new pg.Client(directUrl)
		await client.connect()
		try {
			await client.query(`
				INSERT INTO "Customer" ("id", "email", "name", "passwordHash", "updatedAt")
				SELECT 'seed-' || n, 'seed-' || n || '@example.com', 'Seed ' || n, 'x', now()
				FROM generate_series(1, 5000) AS n`)
			await client.query(`
				INSERT INTO "Profile" ("customerId", "path", "pathKey", "updatedAt")
				SELECT 'seed-' || n, 'seed-' || n, 'seed-' || n, now() FROM generate_series(1, 5000) AS n`)
		} finally {
			await client.end()
		}
		const timed = async () => {
			const started = performance.now()
			const response = await fetch(`${nginxUrl}/sitemap.xml`)
			const text = await response.text()
			return { ms: performance.now() - started, text, status: response.status, bytes: text.length }
		}
		const first = await timed()
		expect(first.status).toBe(200)
		expect((first.text.match(/<loc>/g) ?? []).length).toBeGreaterThanOrEqual(10_000)
		// Each instance builds once; then every request is one small query.
		await timed()
		const later = []
		for (let i = 0; i < 6; i++) later.push(await timed())
		const times = later.map((result) => result.ms).sort((a, b) => a - b)
		const median = times[Math.floor(times.length / 2)]!
		console.info(
			`sitemap, 5000+ owners: ${first.bytes} bytes, first ${first.ms.toFixed(0)} ms, then a median of ${median.toFixed(0)} ms`,
		)
		expect(later.every((result) => result.text === first.text)).toBe(true)
		expect(median).toBeLessThan(first.ms)
	}, 60_000)
})

describe('a rolling restart behind nginx', () => {
	test('under a bounded load: no request fails, and the new instances take the new settings', async () => {
		const owners = await Promise.all(Array.from({ length: 4 }, () => newOwner()))
		let running = true
		const tally = { requests: 0, writes: 0, failed: [] as string[] }
		const loop = async (owner: (typeof owners)[number], index: number) => {
			let n = 0
			while (running) {
				n++
				const write = n % 3 === 0
				try {
					const response = write
						? await fetch(`${nginxUrl}/one/sites/info/general/tagline/update`, {
								method: 'POST',
								headers: {
									'Content-Type': 'application/json',
									Authorization: `Bearer ${owner.token}`,
								},
								body: JSON.stringify({ tagline: `Loop ${index} write ${n}` }),
								signal: AbortSignal.timeout(20_000),
							})
						: await fetch(`${nginxUrl}/${owner.path}`, { signal: AbortSignal.timeout(20_000) })
					await response.arrayBuffer()
					tally.requests++
					if (write) tally.writes++
					if (response.status >= 400)
						tally.failed.push(`${write ? 'POST' : 'GET'} ${response.status}`)
				} catch (error) {
					tally.requests++
					tally.failed.push(`${write ? 'POST' : 'GET'} ${(error as Error).message}`)
				}
			}
		}
		// Two clients per owner: reads and writes at once, a bounded load for a shared machine.
		const loops = owners.flatMap((owner, index) => [
			loop(owner, index * 2),
			loop(owner, index * 2 + 1),
		])
		const started = Date.now()
		await new Promise((resolve) => setTimeout(resolve, 1000))
		for (const name of ['a', 'b'] as const) {
			// SIGTERM, wait for the exit (it drains first), start again, wait for /healthz.
			const old = instances[name]!
			await stopChild(old.child)
			expect(old.child.exitCode).toBe(0)
			expect(old.output()).toContain('draining')
			startInstance(name, { SIGNUPS: 'invite' })
			await waitFor(`instance ${name} again`, healthy(ports[name]), 90_000)
			// nginx notices the instance is back within its fail_timeout.
			await new Promise((resolve) => setTimeout(resolve, 2000))
		}
		running = false
		await Promise.all(loops)
		const seconds = (Date.now() - started) / 1000
		console.info(
			`rolling restart of 2 instances behind nginx and PgBouncer: ${tally.requests} requests (${tally.writes} writes) in ${seconds.toFixed(1)} s, ${tally.failed.length} failed`,
		)
		const nginxLog = fs.readFileSync(path.join(dir, 'nginx-error.log'), 'utf8')
		expect(tally.failed, `nginx said:\n${nginxLog.slice(-4000)}`).toEqual([])
		expect(tally.requests).toBeGreaterThan(100)
		// Both instances now run with SIGNUPS=invite: a sign-up without an invitation is refused.
		for (let i = 0; i < 2; i++) {
			const refused = await post('/one/auth/new/register', {
				name: 'Nobody',
				email: `uninvited-${i}-${process.pid}@example.com`,
				password: 'a-long-enough-password',
			})
			expect(refused.status).toBe(403)
			expect(refused.json.status).toBe(403)
		}
	}, 240_000)
})
