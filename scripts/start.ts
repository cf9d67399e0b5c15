/**
 * `npm start`: builds when the build is missing or older than the sources, then starts the
 * server (embedded PostgreSQL, migrations, HTTP) in this process.
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const BUILD_STAMP = path.resolve(ROOT, process.env.TAGG_BUILD_DIR ?? 'build', 'server', 'index.js')
const SOURCES = [
	'app',
	'public',
	'vite.config.ts',
	'package.json',
	'package-lock.json',
	'tsconfig.json',
]

function newestMtime(target: string): number {
	if (!fs.existsSync(target)) return 0
	const stat = fs.statSync(target)
	if (!stat.isDirectory()) return stat.mtimeMs
	let newest = stat.mtimeMs
	for (const entry of fs.readdirSync(target)) {
		newest = Math.max(newest, newestMtime(path.join(target, entry)))
	}
	return newest
}

export function buildIsStale() {
	if (!fs.existsSync(BUILD_STAMP)) return true
	const built = fs.statSync(BUILD_STAMP).mtimeMs
	return SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built)
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain) await main()

async function main() {
	if (buildIsStale()) {
		console.log('Building Tagg (the build is missing or older than the sources)...')
		const result = spawnSync('npx', ['remix', 'vite:build'], { cwd: ROOT, stdio: 'inherit' })
		if (result.status !== 0) process.exit(result.status ?? 1)
	}

	// Serve the production build. An operator who sets NODE_ENV=production must also set
	// JWT_SECRET; a plain `npm start` on a laptop uses the secret generated into DATA_DIR.
	if (!process.env.NODE_ENV) {
		if (!process.env.JWT_SECRET) {
			const { parseEnv, EnvError } = await import('../app/utils/env.server')
			try {
				process.env.JWT_SECRET = parseEnv({ ...process.env, NODE_ENV: 'development' }).JWT_SECRET
			} catch (error) {
				if (!(error instanceof EnvError)) throw error
				console.error(error.message)
				process.exit(1)
			}
		}
		process.env.NODE_ENV = 'production'
	}
	const { run } = await import('../server/main')
	await run()
}
