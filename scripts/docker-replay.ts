/**
 * `npm run test:docker`: the Docker image, checked without Docker. Reads the Dockerfile and
 * replays it in a temporary directory: the build context is a clean copy of the repository's
 * files minus .dockerignore, every stage's COPY, ENV, WORKDIR and RUN is carried out (each
 * stage's WORKDIR maps to a directory of its own; ownership (`--chown`, USER) is not replayed),
 * then the runtime stage's CMD is started against a fresh database on the test PostgreSQL
 * (TEST_DATABASE_URL, or an embedded one), and what a deployment relies on is checked:
 * /healthz, the login page, `npm run seed` and the public page it makes, its resume page, PDF
 * and JSON, a resume import preview, `db:migrate`, `db:status`, `admin`, `storage:gc`, `export`
 * and `import` run inside the runtime tree, a clear message without DATABASE_URL, and the
 * runtime node_modules under 200 MB.
 *
 * `npm ci` prefers the local npm cache (`--prefer-offline`) and fetches from the registry only
 * what the cache lacks, so it also works on a fresh machine. Exits non-zero on any failure and
 * keeps the temporary directory then (its path is printed).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { strToU8, zipSync } from 'fflate'
import pg from 'pg'
import { freePort, startEmbeddedDatabase } from '../server/embedded-db'

type Vars = Record<string, string | undefined>

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const MAX_RUNTIME_MODULES_MB = 200

// ---------------------------------------------------------------- the Dockerfile

type Instruction = { keyword: string; args: string }
type Stage = { name: string; instructions: Instruction[] }

/** Instructions per stage, continuation lines joined and comments dropped. */
export function parseDockerfile(text: string): Stage[] {
	const stages: Stage[] = []
	const lines = text
		.split(/\r?\n/)
		.filter((line) => !line.trim().startsWith('#'))
		.join('\n')
		.replace(/\\\r?\n/g, ' ')
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean)
	for (const line of lines) {
		const keyword = line.split(/\s+/)[0] ?? ''
		const instruction = { keyword: keyword.toUpperCase(), args: line.slice(keyword.length).trim() }
		if (instruction.keyword === 'FROM') {
			const name = /\bAS\s+(\S+)/i.exec(instruction.args)?.[1] ?? String(stages.length)
			stages.push({ name, instructions: [] })
		} else {
			stages.at(-1)?.instructions.push(instruction)
		}
	}
	return stages
}

/** `ENV A=1 B="two"` or `ENV A 1`. */
function parseEnvArgs(args: string): Record<string, string> {
	if (!args.includes('=')) {
		const [name = '', ...value] = args.split(/\s+/)
		return { [name]: value.join(' ') }
	}
	const env: Record<string, string> = {}
	for (const match of args.matchAll(/(\w+)=("(?:[^"\\]|\\.)*"|'[^']*'|\S*)/g)) {
		env[match[1]!] = match[2]!.replace(/^(["'])(.*)\1$/, '$2')
	}
	return env
}

/** Docker's .dockerignore: globs from the context root, `!` re-includes, the last match wins. */
export function dockerIgnore(text: string) {
	const rules = text
		.split(/\r?\n/)
		.map((line) => line.trim())
		.filter((line) => line && !line.startsWith('#'))
		.map((line) => {
			const negate = line.startsWith('!')
			const pattern = path.posix.normalize((negate ? line.slice(1) : line).replace(/^\//, ''))
			const source = pattern
				.split('/')
				.map((part) =>
					part === '**'
						? '.*'
						: part
								.replace(/[.+^${}()|[\]\\]/g, '\\$&')
								.replace(/\*/g, '[^/]*')
								.replace(/\?/g, '[^/]'),
				)
				.join('/')
			return { negate, regex: new RegExp(`^${source}$`) }
		})
	return (file: string) => {
		const parts = file.split('/')
		// A path is matched when the pattern matches it or one of the directories holding it.
		const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'))
		let ignored = false
		for (const rule of rules) {
			if (prefixes.some((prefix) => rule.regex.test(prefix))) ignored = !rule.negate
		}
		return ignored
	}
}

// ---------------------------------------------------------------- replaying it

type Step = { what: string; ms: number }
const steps: Step[] = []

async function step<T>(what: string, work: () => T | Promise<T>): Promise<T> {
	const started = Date.now()
	process.stdout.write(`• ${what}... `)
	try {
		const result = await work()
		const ms = Date.now() - started
		steps.push({ what, ms })
		console.log(`ok (${(ms / 1000).toFixed(1)} s)`)
		return result
	} catch (error) {
		console.log('FAILED')
		throw error
	}
}

class ReplayError extends Error {}

/**
 * The environment a RUN or the CMD sees: the machine's basics and the npm settings that reach
 * the registry, never the app's settings (nor npm's own paths when this runs under `npm run`).
 */
function baseEnv(): Vars {
	const keep =
		/^(PATH|HOME|USER|LOGNAME|SHELL|TMPDIR|TERM|LANG|LC_\w+|TZ|NODE_EXTRA_CA_CERTS|SSL_CERT_\w+|https?_proxy|no_proxy|npm_config_(cache|registry|userconfig|proxy|https_proxy|noproxy|cafile|strict_ssl))$/i
	return Object.fromEntries(Object.entries(process.env).filter(([name]) => keep.test(name)))
}

function run(command: string, args: string[], options: { cwd: string; env: Vars; what: string }) {
	const result = spawnSync(command, args, {
		cwd: options.cwd,
		env: options.env as NodeJS.ProcessEnv,
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	})
	const output = `${result.stdout ?? ''}${result.stderr ?? ''}`
	if (result.status !== 0) {
		throw new ReplayError(
			`${options.what} failed (exit ${result.status ?? result.signal}):\n${output.slice(-4000)}`,
		)
	}
	return output
}

function copyInto(source: string, destination: string) {
	if (!fs.existsSync(source)) throw new ReplayError(`COPY: ${source} does not exist`)
	if (fs.statSync(source).isDirectory()) {
		fs.mkdirSync(destination, { recursive: true })
		// Docker copies a directory's contents; symlinks stay as they are (node_modules/.bin).
		fs.cpSync(source, destination, { recursive: true, verbatimSymlinks: true })
	} else {
		fs.mkdirSync(path.dirname(destination), { recursive: true })
		fs.copyFileSync(source, destination)
	}
}

type Replayed = {
	stages: Map<string, string>
	runtimeDir: string
	env: Record<string, string>
	cmd: string[]
}

async function replay(work: string): Promise<Replayed> {
	const stages = parseDockerfile(fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'))
	if (stages.length === 0) throw new ReplayError('the Dockerfile has no FROM')

	// The build context: the repository's files as a clone has them (plus new, not ignored
	// files), minus .dockerignore.
	const context = path.join(work, 'context')
	await step('build context: repository files minus .dockerignore', () => {
		const listed = spawnSync(
			'git',
			['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
			{
				cwd: ROOT,
				encoding: 'utf8',
			},
		)
		if (listed.status !== 0)
			throw new ReplayError('git ls-files failed: run this in a git checkout')
		const dockerignore = path.join(ROOT, '.dockerignore')
		const ignored = dockerIgnore(
			fs.existsSync(dockerignore) ? fs.readFileSync(dockerignore, 'utf8') : '',
		)
		let count = 0
		for (const file of listed.stdout.split('\0').filter(Boolean)) {
			if (ignored(file) || !fs.existsSync(path.join(ROOT, file))) continue
			fs.mkdirSync(path.dirname(path.join(context, file)), { recursive: true })
			fs.copyFileSync(path.join(ROOT, file), path.join(context, file))
			count++
		}
		return count
	})

	const stageRoots = new Map<string, string>()
	let last:
		{ root: string; workdir: string; env: Record<string, string>; cmd: string[] } | undefined
	for (const stage of stages) {
		const root = path.join(work, `stage-${stage.name}`)
		stageRoots.set(stage.name, root)
		let workdir = '/'
		const env: Record<string, string> = {}
		let cmd: string[] = []
		const host = (target: string) => path.join(root, path.posix.resolve(workdir, target))
		for (const { keyword, args } of stage.instructions) {
			if (keyword === 'WORKDIR') {
				workdir = path.posix.resolve(workdir, args)
				fs.mkdirSync(host('.'), { recursive: true })
			} else if (keyword === 'ENV') {
				Object.assign(env, parseEnvArgs(args))
			} else if (keyword === 'COPY') {
				const words = args.split(/\s+/)
				const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length)
				const paths = words.filter((word) => !word.startsWith('--'))
				const destination = paths.pop()!
				if (paths.some((source) => /[*?[]/.test(source))) {
					throw new ReplayError(`COPY with wildcards is not replayed: ${args}`)
				}
				await step(`[${stage.name}] COPY ${args}`, () => {
					for (const source of paths) {
						const sourcePath = from
							? path.join(stageRoots.get(from) ?? fail(`unknown stage ${from}`), source)
							: path.join(context, source)
						const into =
							destination.endsWith('/') || paths.length > 1 || destination === '.'
								? path.join(
										host(destination),
										fs.statSync(sourcePath).isDirectory() ? '' : path.basename(source),
									)
								: host(destination)
						copyInto(sourcePath, into)
					}
				})
			} else if (keyword === 'RUN') {
				if (args.startsWith('[')) throw new ReplayError(`RUN in exec form is not replayed: ${args}`)
				if (workdir !== '/' && new RegExp(`(^|[\\s=:'"])${workdir}(/|\\s|$)`).test(args)) {
					throw new ReplayError(
						`RUN names the absolute WORKDIR (${workdir}); the replay runs relative commands only: ${args}`,
					)
				}
				await step(`[${stage.name}] RUN ${args}`, () =>
					run('sh', ['-c', args], {
						cwd: host('.'),
						// `npm ci` takes what the npm cache has, and the registry for the rest.
						env: { ...baseEnv(), npm_config_prefer_offline: 'true', ...env },
						what: `RUN ${args}`,
					}),
				)
			} else if (keyword === 'CMD') {
				cmd = JSON.parse(args) as string[]
			}
		}
		// Absolute paths under the WORKDIR in ENV values (DATA_DIR=/app/data) point into the copy.
		const mapped = Object.fromEntries(
			Object.entries(env).map(([name, value]) => [
				name,
				value.startsWith('/') &&
				workdir !== '/' &&
				(value === workdir || value.startsWith(`${workdir}/`))
					? path.join(root, value)
					: value,
			]),
		)
		last = { root, workdir, env: mapped, cmd }
	}
	if (!last?.cmd.length) throw new ReplayError('the last stage has no CMD')
	return {
		stages: stageRoots,
		runtimeDir: path.join(last.root, last.workdir),
		env: last.env,
		cmd: last.cmd,
	}
}

function fail(message: string): never {
	throw new ReplayError(message)
}

// ---------------------------------------------------------------- checking the result

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
	const deadline = Date.now() + 90_000
	for (;;) {
		if (child.exitCode !== null || child.signalCode !== null) {
			throw new ReplayError(`the runtime exited (${child.exitCode}):\n${output().slice(-4000)}`)
		}
		try {
			const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })
			if (response.status === 200) return
		} catch {
			// not listening yet
		}
		if (Date.now() > deadline)
			throw new ReplayError(`no /healthz 200 in 90 s:\n${output().slice(-4000)}`)
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
}

async function expectPage(url: string, text: string) {
	const response = await fetch(url, { signal: AbortSignal.timeout(15_000) })
	const body = await response.text()
	if (response.status !== 200)
		throw new ReplayError(`GET ${url}: ${response.status}\n${body.slice(0, 500)}`)
	if (!body.includes(text)) throw new ReplayError(`GET ${url} does not contain "${text}"`)
	return body
}

function databaseUrl(base: string, name: string) {
	const url = new URL(base)
	url.pathname = `/${name}`
	return url.toString()
}

async function freshDatabase(base: string, name: string) {
	const client = new pg.Client({ connectionString: databaseUrl(base, 'postgres') })
	await client.connect()
	try {
		await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`)
		await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`)
	} finally {
		await client.end()
	}
	return databaseUrl(base, name)
}

async function main() {
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-docker-replay-'))
	console.log(`Replaying the Dockerfile in ${work}`)
	const cleanups: (() => Promise<void> | void)[] = []
	let ok = false
	try {
		const replayed = await replay(work)
		const { runtimeDir } = replayed

		// The test PostgreSQL: TEST_DATABASE_URL, or an embedded cluster from this checkout.
		let base = process.env.TEST_DATABASE_URL
		if (!base) {
			// Its own directory: the cluster runs as the postgres user when this runs as root,
			// and the work directory is private.
			const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-docker-replay-pg-'))
			const embedded = await step('test PostgreSQL (embedded)', () =>
				startEmbeddedDatabase({ dataDir, database: 'postgres' }),
			)
			cleanups.push(async () => {
				await embedded.stop()
				fs.rmSync(dataDir, { recursive: true, force: true })
			})
			base = embedded.url
		}
		const databaseUrlForApp = await freshDatabase(base, 'tagg_docker_replay')
		const port = await freePort()
		const url = `http://127.0.0.1:${port}`
		const env: Vars = {
			...baseEnv(),
			...replayed.env,
			// What docker-compose.yml (or the operator) gives the container.
			DATABASE_URL: databaseUrlForApp,
			PORT: String(port),
			PUBLIC_SITE_URL: url,
			JWT_SECRET: 'docker-replay-secret-that-is-long-enough-for-hs256',
			LOG_LEVEL: 'warn',
		}

		// Without DATABASE_URL the image has no embedded PostgreSQL: it must say so and stop.
		await step('CMD without DATABASE_URL exits with a clear message', () => {
			const withoutDb = { ...env }
			delete withoutDb.DATABASE_URL
			const result = spawnSync(replayed.cmd[0]!, replayed.cmd.slice(1), {
				cwd: runtimeDir,
				env: withoutDb as NodeJS.ProcessEnv,
				encoding: 'utf8',
				timeout: 60_000,
			})
			const output = `${result.stdout}${result.stderr}`
			if (result.status === 0 || !output.includes('set DATABASE_URL')) {
				throw new ReplayError(
					`expected a non-zero exit naming DATABASE_URL, got ${result.status}:\n${output.slice(-2000)}`,
				)
			}
		})

		let output = ''
		const child = spawn(replayed.cmd[0]!, replayed.cmd.slice(1), {
			cwd: runtimeDir,
			env: env as NodeJS.ProcessEnv,
			stdio: ['ignore', 'pipe', 'pipe'],
		})
		child.stdout.on('data', (chunk) => (output += chunk))
		child.stderr.on('data', (chunk) => (output += chunk))
		cleanups.push(
			() =>
				new Promise<void>((resolve) => {
					if (child.exitCode !== null || child.signalCode !== null) return resolve()
					child.once('exit', () => resolve())
					child.kill('SIGTERM')
					setTimeout(() => child.kill('SIGKILL'), 10_000).unref()
				}),
		)
		await step(`CMD ${replayed.cmd.join(' ')}: /healthz 200`, () =>
			waitForHealth(url, child, () => output),
		)
		await step('the login page', () => expectPage(`${url}/login`, 'Log In'))

		const npm = (args: string[], what = `npm run ${args.join(' ')}`, extraEnv: Vars = {}) =>
			step(what, () =>
				run('npm', ['run', '--silent', ...args], {
					cwd: runtimeDir,
					env: { ...env, ...extraEnv },
					what,
				}),
			)
		const seeded = await npm(['seed'])
		const publicPath = /Public page: \S+\/([\w-]+)/.exec(seeded)?.[1]
		if (!publicPath) throw new ReplayError(`npm run seed did not print the public page:\n${seeded}`)
		const page = await step(`the public page /${publicPath}`, () =>
			expectPage(`${url}/${publicPath}`, 'Maya Torres'),
		)
		const picture = /src="([^"]*\/cdn\/[^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, '&')
		await step(`a seeded image ${picture ?? '(none found)'}`, async () => {
			if (!picture) throw new ReplayError('the public page shows no image from /cdn')
			const response = await fetch(new URL(picture, url))
			if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('image/')) {
				throw new ReplayError(
					`GET ${picture}: ${response.status} ${response.headers.get('content-type')}`,
				)
			}
		})
		// The resume: its page, the PDF drawn by @react-pdf/renderer with the Inter font files of
		// app/assets/fonts, the JSON Resume export, and an import preview (fflate, ajv and the
		// JSON Resume schema), so the pruned node_modules is known to hold what they need.
		await step(`the resume page /${publicPath}/resume`, () =>
			expectPage(`${url}/${publicPath}/resume`, 'Work Experience'),
		)
		await step(`the resume PDF /${publicPath}/resume.pdf`, async () => {
			const response = await fetch(`${url}/${publicPath}/resume.pdf`, {
				signal: AbortSignal.timeout(30_000),
			})
			const pdf = Buffer.from(await response.arrayBuffer())
			if (
				response.status !== 200 ||
				response.headers.get('content-type') !== 'application/pdf' ||
				pdf.subarray(0, 5).toString() !== '%PDF-' ||
				!pdf.includes('/FontFile2')
			) {
				throw new ReplayError(
					`GET /${publicPath}/resume.pdf: ${response.status} ${response.headers.get('content-type')}, ${pdf.length} bytes, no embedded font or no PDF:\n${output.slice(-4000)}`,
				)
			}
		})
		await step(`the JSON Resume /${publicPath}/resume.json`, async () => {
			const response = await fetch(`${url}/${publicPath}/resume.json`)
			const document = (await response.json()) as { basics?: { name?: string } }
			if (response.status !== 200 || document.basics?.name !== 'Maya Torres') {
				throw new ReplayError(`GET /${publicPath}/resume.json: ${response.status}`)
			}
		})
		await step('a resume import preview (JSON Resume and a LinkedIn ZIP)', async () => {
			const email = /Email:\s+(\S+)/.exec(seeded)?.[1]
			const password = /Password:\s+(\S+)/.exec(seeded)?.[1]
			const login = await fetch(`${url}/one/auth/new/login`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ email, password }),
			})
			const { access_token: token } = (await login.json()) as { access_token?: string }
			if (!token) throw new ReplayError(`POST /one/auth/new/login: ${login.status}`)
			const files: Array<[string, Uint8Array]> = [
				['resume.json', strToU8(JSON.stringify({ skills: [{ name: 'Python', level: '4/5' }] }))],
				['export.zip', zipSync({ 'Skills.csv': strToU8('Name\r\nPython\r\n') })],
			]
			for (const [name, data] of files) {
				const form = new FormData()
				form.append('file', new Blob([data as Uint8Array<ArrayBuffer>]), name)
				const response = await fetch(`${url}/one/sites/resume/import/preview`, {
					method: 'POST',
					headers: { Authorization: `Bearer ${token}` },
					body: form,
				})
				const text = await response.text()
				if (response.status !== 200 || !text.includes('"skillName":"Python"')) {
					throw new ReplayError(
						`import preview of ${name}: ${response.status} ${text.slice(0, 500)}`,
					)
				}
			}
		})
		await npm(['db:migrate'])
		await npm(['db:status'])
		const listed = await npm(['admin', '--', 'list'])
		if (!listed.includes(publicPath))
			throw new ReplayError(`admin list does not show ${publicPath}:\n${listed}`)
		await npm(['storage:gc', '--', '--dry-run', '--grace', '0'])
		const archive = path.join(env.DATA_DIR ?? runtimeDir, 'export.tar.gz')
		await npm(['export', '--', publicPath, '--out', archive])
		if (!fs.existsSync(archive)) throw new ReplayError('npm run export wrote no archive')
		// Import into another deployment (database): the account arrives under a new path.
		const otherDatabase = await freshDatabase(base, 'tagg_docker_replay_import')
		await npm(
			['import', '--', archive, '--path', 'maya-imported'],
			'npm run import (into another database)',
			{
				DATABASE_URL: otherDatabase,
			},
		)

		const size = await step('runtime node_modules size', () => {
			const human = run('du', ['-sh', 'node_modules'], {
				cwd: runtimeDir,
				env: baseEnv(),
				what: 'du',
			}).trim()
			const kb = Number(
				run('du', ['-sk', 'node_modules'], { cwd: runtimeDir, env: baseEnv(), what: 'du' }).split(
					/\s/,
				)[0],
			)
			return { human, mb: kb / 1024 }
		})
		console.log(`\ndu -sh node_modules (runtime): ${size.human}`)
		if (size.mb >= MAX_RUNTIME_MODULES_MB) {
			throw new ReplayError(
				`the runtime node_modules is ${size.mb.toFixed(0)} MB, over ${MAX_RUNTIME_MODULES_MB} MB`,
			)
		}
		if (output.includes('"level":50') || output.includes('"level":60')) {
			throw new ReplayError(`the runtime logged errors:\n${output.slice(-4000)}`)
		}
		ok = true
	} catch (error) {
		console.error(
			`\nDocker replay failed: ${error instanceof ReplayError ? error.message : (error as Error).stack}`,
		)
	} finally {
		for (const cleanup of cleanups.reverse()) await cleanup()
		const total = steps.reduce((sum, s) => sum + s.ms, 0)
		if (ok) {
			fs.rmSync(work, { recursive: true, force: true })
			console.log(`Docker replay: passed (${(total / 1000).toFixed(0)} s)`)
		} else {
			console.log(`Docker replay: FAILED; the replayed tree is kept in ${work}`)
		}
	}
	process.exit(ok ? 0 : 1)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	await main()
}
