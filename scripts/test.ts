/**
 * `npm test`: every test. A build when needed (some integration tests start the real server),
 * then unit and integration tests (vitest, real PostgreSQL and s3rver), then the browser tests
 * (Playwright in Debian's Chromium). The programs they use are installed beside the build and
 * vitest (below); the test stages run one after the other: each keeps two cores busy on its own,
 * and side by side they took as long in all and made timing tests fail (measured: 6.2 + 10.3 min
 * one after the other, 16.9 min side by side). Ends with what failed, by name, and one summary
 * line: "Tests: N passed, N failed".
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureSystemTools, TEST_TOOLS, type ToolCheck } from './lib/system-tools'
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

let toolEnv: Record<string, string> = {}

/** Runs a command in the project; resolves with its exit status and its stage's wall time. */
function start(name: string, command: string, args: string[], env: Record<string, string> = {}) {
	const started = performance.now()
	return new Promise<number>((resolve) => {
		const child = spawn(command, args, {
			cwd: ROOT,
			stdio: 'inherit',
			env: { ...process.env, ...toolEnv, ...env },
		})
		child.on('error', () => resolve(1))
		child.on('close', (code) => resolve(code ?? 1))
	}).finally(() => stages.push([name, (performance.now() - started) / 1000]))
}

/** Says what was installed, and names each missing program and how to install it. */
function report(check: ToolCheck) {
	if (check.installed.length > 0) console.log(`Installed ${check.installed.join(', ')}.`)
	if (!check.ok) {
		console.log(`\nnpm test needs programs this machine does not have:\n${check.missing.join('\n')}`)
	}
	return check.ok
}

// On a fresh machine the installs take a while; the build needs none of them, and only the
// browser tests need the browser. So the build runs while the other programs install, and the
// browser installs while vitest runs (apt-get installs one thing at a time: the two installs
// follow each other). Found or installed before the tests that use them, or the run stops
// naming each missing tool and its install command.
const browserTools = TEST_TOOLS.filter((tool) => tool.browserTestsOnly)
const building = buildIsStale()
	? (console.log('\nBuilding the app for the server and browser tests...'),
		start('build', 'npx', ['remix', 'vite:build']))
	: Promise.resolve(0)
const firstTools = timed('installs', () =>
	ensureSystemTools(TEST_TOOLS.filter((tool) => !tool.browserTestsOnly)),
)
if (!report(firstTools)) {
	await building
	process.exit(1)
}
toolEnv = { ...firstTools.env }
const buildStatus = await building

const testing = start('vitest', 'npx', [
	'vitest',
	'run',
	'--reporter=default',
	'--reporter=json',
	`--outputFile.json=${vitestJson}`,
])
// Blocks this process (not vitest, a process of its own) until the browser is there.
const browser = timed('browser install', () => ensureSystemTools(browserTools))
const vitestStatus = await testing
const browserFound = report(browser)
toolEnv = { ...toolEnv, ...browser.env }
const playwrightStatus =
	buildStatus === 0 && browserFound
		? await start('Playwright', 'npx', ['playwright', 'test'], {
				PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
			})
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
else if (!browserFound) console.log('\nThe browser is missing, so the browser tests did not run.')
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
