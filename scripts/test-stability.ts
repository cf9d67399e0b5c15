/**
 * `npm run test:stability`: `npm test` three times in a row, then once more beside a busy
 * neighbour (processes that keep CPU cores busy for the whole run, as another job on a shared
 * machine would), and one line per run: its wall time, its result and its stage times. The
 * suite is only as good as its worst run: a test that passes on a quiet machine alone proves
 * less than it seems.
 *
 *   npm run test:stability                 # 3 quiet runs, then 1 beside one busy core
 *   npm run test:stability -- --runs 1 --hogs 2
 */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const { values } = parseArgs({
	options: {
		runs: { type: 'string', default: '3' },
		hogs: { type: 'string', default: '1' },
		help: { type: 'boolean', short: 'h' },
	},
})
if (values.help) {
	console.log(
		'Usage: npm run test:stability -- [--runs N] [--hogs N]\n' +
			'  --runs  quiet runs of npm test (default 3)\n' +
			'  --hogs  busy processes beside the last run (default 1; 0: no busy run)',
	)
	process.exit(0)
}
const runs = Number(values.runs)
const hogs = Number(values.hogs)
if (!Number.isInteger(runs) || runs < 0 || !Number.isInteger(hogs) || hogs < 0) {
	console.error('--runs and --hogs take a whole number, 0 or more')
	process.exit(2)
}

type Result = { label: string; seconds: number; code: number; summary: string; stages: string }

/** One `npm test`, its output shown as it comes and its last lines kept. */
function npmTest(label: string): Promise<Result> {
	console.log(`\n=== ${label}: npm test ===`)
	const started = performance.now()
	return new Promise((resolve) => {
		const child = spawn('npm', ['test'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
		let tail = ''
		child.stdout.on('data', (chunk: Buffer) => {
			process.stdout.write(chunk)
			tail = (tail + chunk.toString()).slice(-4000)
		})
		child.on('close', (code) => {
			const line = (prefix: string) =>
				tail
					.split('\n')
					.reverse()
					.find((text) => text.startsWith(prefix)) ?? ''
			resolve({
				label,
				seconds: (performance.now() - started) / 1000,
				code: code ?? 1,
				summary: line('Tests:') || 'no summary line',
				stages: line('Stage times:').replace('Stage times: ', ''),
			})
		})
	})
}

/** A process that keeps one core busy until it is killed (what `stress-ng --cpu 1` does). */
function hog(): ChildProcess {
	return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
}

const results: Result[] = []
for (let i = 1; i <= runs; i++) results.push(await npmTest(`run ${i} of ${runs}`))
if (hogs > 0) {
	const busy = Array.from({ length: hogs }, hog)
	try {
		results.push(await npmTest(`beside ${hogs} busy ${hogs === 1 ? 'core' : 'cores'}`))
	} finally {
		for (const child of busy) child.kill('SIGKILL')
	}
}

console.log('\nStability:')
for (const result of results) {
	const outcome = result.code === 0 ? 'green' : `RED (exit ${result.code})`
	console.log(
		`  ${result.label.padEnd(22)} ${Math.round(result.seconds).toString().padStart(5)} s  ${outcome}  ${result.summary}`,
	)
	if (result.stages) console.log(`  ${''.padEnd(22)} ${result.stages}`)
}
process.exit(results.every((result) => result.code === 0) ? 0 : 1)
