/**
 * `npm test`: every test. A build when needed (some integration tests start the real server),
 * then, side by side, unit and integration tests (vitest, real PostgreSQL and s3rver) and the
 * browser tests (Playwright in Debian's Chromium): both mostly wait on servers, so together they
 * take little more than the longer one. Playwright prints as it goes; vitest's report follows
 * when it is done (also in test-reports/vitest.log).
 * Ends with one summary line: "Tests: N passed, N failed".
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIsStale } from './start'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// Not test-results/: Playwright empties that folder when it starts.
const RESULTS = path.join(ROOT, 'test-reports')
fs.mkdirSync(RESULTS, { recursive: true })
const vitestJson = path.join(RESULTS, 'vitest.json')
const playwrightJson = path.join(RESULTS, 'playwright.json')
fs.rmSync(vitestJson, { force: true })
fs.rmSync(playwrightJson, { force: true })

function run(command: string, args: string[], env: Record<string, string> = {}) {
	const result = spawnSync(command, args, {
		cwd: ROOT,
		stdio: 'inherit',
		env: { ...process.env, ...env },
	})
	return result.status ?? 1
}

let buildStatus = 0
if (buildIsStale()) {
	console.log('\nBuilding the app for the server and browser tests...')
	buildStatus = run('npx', ['remix', 'vite:build'])
}
/** Runs a command with its output to `log` (and nowhere else); resolves with its exit code. */
function runLogged(command: string, args: string[], log: string, env: Record<string, string> = {}) {
	return new Promise<number>((resolve) => {
		const out = fs.openSync(log, 'w')
		const child = spawn(command, args, {
			cwd: ROOT,
			stdio: ['ignore', out, out],
			env: { ...process.env, ...env },
		})
		child.on('error', () => resolve(1))
		child.on('close', (code) => {
			fs.closeSync(out)
			resolve(code ?? 1)
		})
	})
}

function runInherited(command: string, args: string[], env: Record<string, string> = {}) {
	return new Promise<number>((resolve) => {
		const child = spawn(command, args, {
			cwd: ROOT,
			stdio: 'inherit',
			env: { ...process.env, ...env },
		})
		child.on('error', () => resolve(1))
		child.on('close', (code) => resolve(code ?? 1))
	})
}

const vitestLog = path.join(RESULTS, 'vitest.log')
console.log('\nvitest and Playwright run side by side; vitest reports when both are done.\n')
const [vitestStatus, playwrightStatus] = await Promise.all([
	runLogged(
		'npx',
		['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
		vitestLog,
	),
	buildStatus === 0
		? runInherited('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson })
		: Promise.resolve(1),
])
console.log('\n---------------- vitest (unit and integration) ----------------\n')
process.stdout.write(fs.readFileSync(vitestLog, 'utf8'))

function readJson(file: string): unknown {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8'))
	} catch {
		return null
	}
}

const vitest = readJson(vitestJson) as { numPassedTests?: number; numFailedTests?: number } | null
const playwright = readJson(playwrightJson) as {
	stats?: { expected?: number; unexpected?: number; flaky?: number }
} | null
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0)
const failed =
	(vitest?.numFailedTests ?? 0) +
	(playwright?.stats?.unexpected ?? 0) +
	(playwright?.stats?.flaky ?? 0)

// The counts decide too: vitest's own exit code can be 0 after failures (an exit hook of the
// embedded PostgreSQL in its global setup ends the process first).
const ok =
	vitestStatus === 0 &&
	buildStatus === 0 &&
	playwrightStatus === 0 &&
	vitest !== null &&
	playwright !== null &&
	failed === 0 &&
	passed > 0
console.log(`\nTests: ${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed`)
process.exit(ok ? 0 : 1)
