/**
 * Running past one machine: two real app instances (the production server, separate processes
 * with separate DATA_DIRs) on one database. A session started on one is good on the other, a
 * refresh token spent on one is spent on both, the login rate limit counts attempts made on
 * either, and an edit through one shows on the other's public page at once.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createOwner, DEFAULT_PASSWORD } from '#tests/factories'
import { nodeArgsFor } from './test-build'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const BUILD_DIR = path.resolve(ROOT, process.env.TAGG_BUILD_DIR ?? 'build')
/** The load balancer's address: the same public address for every instance. */
const PUBLIC_SITE_URL = 'http://tagg.test'

type Instance = {
	name: string
	url: string
	child: ChildProcess
	dataDir: string
	output: () => string
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
	return new Promise<{ code: number; output: string }>((resolve, reject) => {
		const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
		let output = ''
		child.stdout.on('data', (chunk) => (output += chunk))
		child.stderr.on('data', (chunk) => (output += chunk))
		child.on('error', reject)
		child.on('close', (code) => resolve({ code: code ?? 1, output }))
	})
}

/** The production build the servers load: built here when missing (CI may test before building). */
async function ensureBuild() {
	if (fs.existsSync(path.join(BUILD_DIR, 'server', 'index.js'))) return
	const result = await run('npx', ['remix', 'vite:build'], {
		...process.env,
		NODE_ENV: 'production',
		TAGG_BUILD_DIR: path.relative(ROOT, BUILD_DIR),
	})
	if (result.code !== 0) throw new Error(`The build failed:\n${result.output}`)
}

function freePort() {
	return new Promise<number>((resolve, reject) => {
		const server = net.createServer()
		server.once('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo
			server.close(() => resolve(port))
		})
	})
}

async function startInstance(name: string): Promise<Instance> {
	const port = await freePort()
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `tagg-scale-${name}-`))
	const child = spawn(process.execPath, nodeArgsFor('main'), {
		cwd: ROOT,
		env: {
			...process.env,
			NODE_ENV: 'production',
			PORT: String(port),
			DATABASE_URL: process.env.DATABASE_URL,
			DATA_DIR: dataDir,
			// The same secret on every instance (and the test's, so its factories' tokens work).
			JWT_SECRET: process.env.JWT_SECRET,
			PUBLIC_SITE_URL,
			TAGG_BUILD_DIR: BUILD_DIR,
			LOG_LEVEL: 'warn',
			// One process per instance: the point is two machines, not workers sharing a port.
			WEB_CONCURRENCY: '1',
			SHUTDOWN_DRAIN_MS: '0',
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	let output = ''
	child.stdout!.on('data', (chunk) => (output += chunk))
	child.stderr!.on('data', (chunk) => (output += chunk))
	const instance = { name, url: `http://127.0.0.1:${port}`, child, dataDir, output: () => output }
	const deadline = Date.now() + 60_000
	for (;;) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new Error(`instance ${name} exited (${child.exitCode}):\n${output}`)
		}
		try {
			const response = await fetch(`${instance.url}/healthz`, { signal: AbortSignal.timeout(1000) })
			if (response.ok) return instance
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline) throw new Error(`instance ${name} did not start:\n${output}`)
		await new Promise((resolve) => setTimeout(resolve, 200))
	}
}

async function stopInstance(instance: Instance | undefined) {
	if (!instance) return
	const { child } = instance
	if (child.exitCode === null && child.signalCode === null) {
		const exited = new Promise((resolve) => child.once('exit', resolve))
		child.kill('SIGTERM')
		const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
		await exited
		clearTimeout(timer)
	}
	fs.rmSync(instance.dataDir, { recursive: true, force: true })
}

function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
	return fetch(url, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', ...headers },
		body: JSON.stringify(body),
	})
}

/** `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
function cookieHeader(response: Response) {
	return response.headers
		.getSetCookie()
		.map((cookie) => cookie.split(';')[0])
		.join('; ')
}

let a: Instance | undefined
let b: Instance | undefined

beforeAll(async () => {
	await ensureBuild()
	;[a, b] = await Promise.all([startInstance('a'), startInstance('b')])
}, 180_000)

afterAll(async () => {
	await Promise.all([stopInstance(a), stopInstance(b)])
}, 30_000)

describe('two app instances on one database', () => {
	test('an API session from A works on B; a token spent on B answers its successor on A', async () => {
		const owner = await createOwner()
		const login = await postJson(`${a!.url}/one/auth/new/login`, {
			email: owner.email,
			password: DEFAULT_PASSWORD,
		})
		expect(login.status).toBe(200)
		const tokens = (await login.json()) as { access_token: string; refresh_token: string }

		const session = await fetch(`${b!.url}/one/auth/new/session`, {
			headers: { Authorization: `Bearer ${tokens.access_token}` },
		})
		expect(session.status).toBe(200)
		expect(await session.json()).toMatchObject({ data: { customer_id: owner.id } })

		const refreshed = await postJson(`${b!.url}/refresh`, { refresh_token: tokens.refresh_token })
		expect(refreshed.status).toBe(200)
		const rotated = (await refreshed.json()) as { refresh_token: string; access_token: string }
		const onA = await fetch(`${a!.url}/one/auth/new/session`, {
			headers: { Authorization: `Bearer ${rotated.access_token}` },
		})
		expect(onA.status).toBe(200)

		// Replayed on the other instance within the grace period (two tabs refreshing at once),
		// the spent token answers the same successor there: the instances share the rule.
		const replayed = await postJson(`${a!.url}/refresh`, { refresh_token: tokens.refresh_token })
		expect(replayed.status).toBe(200)
		expect(((await replayed.json()) as { refresh_token: string }).refresh_token).toBe(
			rotated.refresh_token,
		)
		// Logging out on A ends the session on B.
		await postJson(`${a!.url}/one/auth/new/logout`, { refresh_token: rotated.refresh_token })
		const revoked = await postJson(`${b!.url}/refresh`, { refresh_token: rotated.refresh_token })
		expect(revoked.status).toBe(401)
	})

	test('failed logins count across instances: the 6th from one address is 429 on either', async () => {
		const owner = await createOwner()
		const attempt = (instance: Instance, password: string, address = '10.9.9.9') =>
			postJson(
				`${instance.url}/one/auth/new/login`,
				{ email: owner.email, password },
				// The instances trust a proxy on a private network, as behind a load balancer.
				{ 'X-Forwarded-For': address },
			)
		const statuses: number[] = []
		for (let i = 0; i < 5; i++) {
			statuses.push((await attempt(i % 2 ? b! : a!, 'wrong-password')).status)
		}
		expect(statuses).toEqual([401, 401, 401, 401, 401])

		const sixth = await attempt(b!, 'wrong-password')
		expect(sixth.status).toBe(429)
		expect(Number(sixth.headers.get('Retry-After'))).toBeGreaterThan(0)
		// Even the right password waits, on the other instance too.
		expect((await attempt(a!, DEFAULT_PASSWORD)).status).toBe(429)
		// The limit is per account and address: the owner at another address gets in.
		expect((await attempt(b!, DEFAULT_PASSWORD, '10.9.9.10')).status).toBe(200)
	})

	test('a browser session cookie set by A opens the builder on B', async () => {
		const owner = await createOwner()
		const login = await fetch(`${a!.url}/login`, {
			method: 'POST',
			redirect: 'manual',
			headers: { Origin: a!.url, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ email: owner.email, password: DEFAULT_PASSWORD }),
		})
		expect(login.status).toBe(302)
		expect(login.headers.get('Location')).toBe('/builder')
		const cookie = cookieHeader(login)
		expect(cookie).toMatch(/tagg_at=.+; tagg_rt=.+/)

		const builder = await fetch(`${b!.url}/builder`, {
			redirect: 'manual',
			headers: { Cookie: cookie },
		})
		expect(builder.status).toBe(200)
		expect(await builder.text()).toContain(owner.path!)
		const signedOut = await fetch(`${b!.url}/builder`, { redirect: 'manual' })
		expect(signedOut.status).toBe(302)
		expect(signedOut.headers.get('Location')).toBe('/login')
	})

	test('an edit made through A shows on the public page served by B at once', async () => {
		const owner = await createOwner()
		const before = await fetch(`${b!.url}/${owner.path}`)
		expect(before.status).toBe(200)
		expect(await before.text()).not.toContain('Harbour Pilot')

		const update = await postJson(
			`${a!.url}/one/sites/info/general/designation/update`,
			{ designation: 'Harbour Pilot' },
			{ Authorization: `Bearer ${owner.token}` },
		)
		expect(update.status).toBe(200)
		const after = await fetch(`${b!.url}/${owner.path}`)
		expect(after.status).toBe(200)
		expect(await after.text()).toContain('Harbour Pilot')
	})
})
