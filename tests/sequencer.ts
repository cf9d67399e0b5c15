/**
 * The order vitest starts test files in: the longest first, so that on two workers no long file
 * starts last and runs alone at the end. Vitest knows a file's duration only from an earlier
 * run on this machine (its cache); a fresh clone, as CI's, has none, and vitest would start the
 * largest files first, which are not the longest: a short file of route tests holds more lines
 * than an integration test that starts servers and waits on them. Without a duration, a file is
 * weighed by its size, and a file that starts processes (the app's server, an npm script, a
 * database of its own) weighs as if it were several times larger.
 */
import fs from 'node:fs'
import path from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** What a file that starts other processes does, and what that costs besides its lines. */
const STARTS_PROCESSES =
	/\b(startAppServer|runScript|startEmbeddedDatabase|spawn|execFile|spawnSync|execFileSync)\(/g
const PROCESS_WEIGHT = 20_000

function estimate(file: string) {
	let text = ''
	try {
		text = fs.readFileSync(file, 'utf8')
	} catch {
		return 0
	}
	return text.length + (text.match(STARTS_PROCESSES)?.length ?? 0) * PROCESS_WEIGHT
}

export default class LongestFirst extends BaseSequencer {
	override async sort(files: TestSpecification[]) {
		const cache = this.ctx.cache
		const root = this.ctx.config.root
		const known = files.every((file) =>
			cache.getFileTestResults(`${file.project.name}:${path.relative(root, file.moduleId)}`),
		)
		// Durations of an earlier run here: vitest's own order (failed first, then the longest).
		if (known) return super.sort(files)
		const weight = new Map(files.map((file) => [file.moduleId, estimate(file.moduleId)]))
		return [...files].sort((a, b) => weight.get(b.moduleId)! - weight.get(a.moduleId)!)
	}
}
