/**
 * Owners' own domains behind Debian's Caddy with on-demand TLS, as docs/deploying.md
 * sets it up, but with Caddy's own local CA (`tls internal`) instead of Let's Encrypt: Caddy asks
 * Tagg's `/.well-known/tagg/tls-allowed` before it makes a certificate, so a verified domain gets
 * one and the owner's page over HTTPS, and an unverified name gets no certificate at all.
 * curl reaches the names with `--resolve` and trusts Caddy's local root CA.
 *
 * Caddy is found on PATH; when it is missing on Debian/Ubuntu as root it is installed here with
 * `apt-get install caddy` (as `npm test` does for the other programs it needs).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { startAppServer, type AppServer } from '#tests/app-server'
import { freePort } from '../server/embedded-db'
import { claimDomain, markVerified } from '~/models/domain.server'
import { updateProfile } from '~/models/profile.server'

const DOMAIN = 'jane-caddy.test'

function findCaddy(): string {
	const which = spawnSync('sh', ['-c', 'command -v caddy'], { encoding: 'utf8' })
	if (which.status === 0 && which.stdout.trim()) return which.stdout.trim()
	const root = process.getuid?.() === 0
	const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0
	if (root && apt) {
		execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'caddy'], {
			stdio: 'ignore',
			env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		})
		return findCaddy()
	}
	throw new Error('Caddy is missing: install it with `sudo apt-get install -y caddy`')
}

let server: AppServer
let caddy: ChildProcess
let dir: string
let httpsPort: number
let caddyLog = ''

beforeAll(async () => {
	const binary = findCaddy()
	const owner = await createOwner({ name: 'Jane Caddy' })
	await updateProfile(owner.id, {
		firstName: 'Jane',
		lastName: 'Caddy',
		tagline: 'Served over TLS.',
	})
	const claimed = await claimDomain(owner.id, DOMAIN, 'tagg-verify=caddy-test-token-000000000000')
	if (!claimed.ok) throw new Error('could not claim the domain')
	await markVerified(owner.id, DOMAIN)
	server = await startAppServer({ PUBLIC_SITE_URL: 'http://tagg.test' })
	const appPort = new URL(server.url).port

	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-caddy-'))
	httpsPort = await freePort()
	const httpPort = await freePort()
	fs.writeFileSync(
		path.join(dir, 'Caddyfile'),
		`{
	admin off
	storage file_system ${dir}/data
	skip_install_trust
	http_port ${httpPort}
	https_port ${httpsPort}
	on_demand_tls {
		ask http://127.0.0.1:${appPort}/.well-known/tagg/tls-allowed
	}
}

https:// {
	tls internal {
		on_demand
	}
	reverse_proxy 127.0.0.1:${appPort}
}
`,
	)
	caddy = spawn(
		binary,
		['run', '--config', path.join(dir, 'Caddyfile'), '--adapter', 'caddyfile'],
		{
			env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
			stdio: ['ignore', 'pipe', 'pipe'],
		},
	)
	caddy.stdout?.on('data', (chunk) => (caddyLog += chunk))
	caddy.stderr?.on('data', (chunk) => (caddyLog += chunk))
	const deadline = Date.now() + 20_000
	while (!/serving initial configuration|server running/.test(caddyLog)) {
		if (caddy.exitCode !== null) throw new Error(`caddy exited: ${caddyLog}`)
		if (Date.now() > deadline) throw new Error(`caddy did not start: ${caddyLog}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}, 120_000)

afterAll(async () => {
	if (caddy && caddy.exitCode === null) {
		const exited = new Promise((resolve) => caddy.once('exit', resolve))
		caddy.kill('SIGTERM')
		await exited
	}
	await server?.stop()
	if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

/** curl through Caddy to `name`, trusting Caddy's local root CA once it exists. */
function curl(name: string, pathname = '/') {
	const rootCa = path.join(dir, 'data', 'pki', 'authorities', 'local', 'root.crt')
	const args = [
		'-sS',
		'--max-time',
		'20',
		'--resolve',
		`${name}:${httpsPort}:127.0.0.1`,
		...(fs.existsSync(rootCa) ? ['--cacert', rootCa] : ['--insecure']),
		'-o',
		'-',
		'-w',
		'\n%{http_code}',
		`https://${name}:${httpsPort}${pathname}`,
	]
	const result = spawnSync('curl', args, { encoding: 'utf8' })
	const lines = (result.stdout ?? '').split('\n')
	return {
		exitCode: result.status,
		status: Number(lines.at(-1)),
		body: lines.slice(0, -1).join('\n'),
		stderr: result.stderr,
	}
}

test('a verified domain: a certificate from Caddy’s CA and the owner’s page over TLS', () => {
	// The first request makes the certificate (after Caddy asked Tagg); the CA exists from then on.
	curl(DOMAIN)
	const answer = curl(DOMAIN)
	expect(answer.exitCode, answer.stderr + caddyLog).toBe(0)
	expect(answer.status).toBe(200)
	expect(answer.body).toContain(`<link rel="canonical" href="https://${DOMAIN}/"/>`)
	expect(answer.body).toContain('Jane')
	const resume = curl(DOMAIN, '/resume.json')
	expect(resume.status).toBe(200)
	expect(JSON.parse(resume.body).basics.name).toBe('Jane Caddy')
}, 60_000)

test('an unverified name gets no certificate: the TLS handshake fails', () => {
	const answer = curl('not-verified.test')
	expect(answer.exitCode).not.toBe(0)
	expect(answer.status).toBe(0)
	// Caddy stored a certificate for the verified domain only.
	const issued = fs.readdirSync(path.join(dir, 'data', 'certificates', 'local'))
	expect(issued).toEqual([DOMAIN])
}, 60_000)
