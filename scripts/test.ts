/**
 * `npm test`: every test. A build when needed (some integration tests start the real server),
 * then unit and integration tests (vitest, real PostgreSQL and s3rver), then the browser tests
 * (Playwright in Debian's Chromium). One after the other: each keeps two cores busy on its own,
 * and side by side they took as long in all and made timing tests fail (measured: 6.2 + 10.3 min
 * one after the other, 16.9 min side by side). Ends with what failed, by name, and one summary
 * line: "Tests: N passed, N failed".
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureSystemTools, TEST_TOOLS } from './lib/system-tools'
import { counts, failures, type PlaywrightReport, type VitestReport } from './lib/test-report'
import { buildIsStale } from './start'

/** Wall time of each stage, printed at the end so that a slow stage is visible. */
const stages: Array<[name: string, seconds: number]> = []
const runStarted = performance.now()
function timed<T>(name: string, fn: () => T): T {
	const started = performance.now()
	try {
		return fn()
	} finally {
		stages.push([name, (performance.now() - started) / 1000])
	}
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// Not test-results/: Playwright empties that folder when it starts.
const RESULTS = path.join(ROOT, 'test-reports')
fs.mkdirSync(RESULTS, { recursive: true })
const vitestJson = path.join(RESULTS, 'vitest.json')
const playwrightJson = path.join(RESULTS, 'playwright.json')
fs.rmSync(vitestJson, { force: true })
fs.rmSync(playwrightJson, { force: true })

// The browser and poppler (and what later tests start) before any test: found, installed when
// this machine allows it, or the run stops here naming each missing tool and its install command.
const tools = timed('installs', () => ensureSystemTools(TEST_TOOLS))
if (!tools.ok) {
	console.log(`\nnpm test needs programs this machine does not have:\n${tools.missing.join('\n')}`)
	process.exit(1)
}
if (tools.installed.length > 0) console.log(`Installed ${tools.installed.join(', ')}.`)

function run(command: string, args: string[], env: Record<string, string> = {}) {
	const result = spawnSync(command, args, {
		cwd: ROOT,
		stdio: 'inherit',
		env: { ...process.env, ...tools.env, ...env },
	})
	return result.status ?? 1
}

let buildStatus = 0
if (buildIsStale()) {
	console.log('\nBuilding the app for the server and browser tests...')
	buildStatus = timed('build', () => run('npx', ['remix', 'vite:build']))
}
const vitestStatus = timed('vitest', () =>
	run('npx', [
		'vitest',
		'run',
		'--reporter=default',
		'--reporter=json',
		`--outputFile.json=${vitestJson}`,
	]),
)
const playwrightStatus =
	buildStatus === 0
		? timed('Playwright', () =>
				run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson }),
			)
		: 1

function readJson(file: string): unknown {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8'))
	} catch {
		return null
	}
}

const vitest = readJson(vitestJson) as VitestReport | null
const playwright = readJson(playwrightJson) as PlaywrightReport | null
const { passed, failed } = counts(vitest, playwright)

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
const failedNames = failures(vitest, playwright, ROOT)
if (failedNames.length > 0) console.log(`\nWhat failed:\n${failedNames.join('\n')}`)
if (buildStatus !== 0) console.log('\nThe build failed, so the browser tests did not run.')
else if (!ok && failedNames.length === 0) {
	console.log(
		`\nNo test failed by name: vitest ended with ${vitestStatus}, Playwright with ${playwrightStatus}` +
			`${vitest === null ? ', no vitest report' : ''}${playwright === null ? ', no Playwright report' : ''}.`,
	)
}
const seconds = (value: number) => `${Math.round(value)} s`
console.log(
	`\nStage times: ${stages.map(([name, value]) => `${name} ${seconds(value)}`).join(' · ')} · total ${seconds((performance.now() - runStarted) / 1000)}`,
)
console.log(`\nTests: ${passed} passed, ${ok ? failed : Math.max(failed, 1)} failed`)
process.exit(ok ? 0 : 1)
