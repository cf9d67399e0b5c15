/**
 * The heaviest libraries load when first needed, not when a process starts the app: the PDF
 * renderer with the first resume.pdf, the passkey library with the first passkey, the S3 SDK with
 * the first request to a bucket (docs/decisions/042-lazy-heavy-modules.md). Checked in the
 * production build: no module the server loads at start imports them.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { ensureBuild } from '#tests/app-server'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SERVER_DIR = path.resolve(ROOT, process.env.TAGG_BUILD_DIR ?? 'build', 'server')

const LAZY = ['@react-pdf/renderer', '@simplewebauthn/server', '@aws-sdk/client-s3']

/** `import … from 'x'`, `import 'x'` and `export … from 'x'` at the top of an ES module. */
const STATIC_IMPORT = /^\s*(?:import|export)\b[^'"()]*?['"]([^'"]+)['"]/gm

/** The files of the build the server loads at start: the entry and what it imports, transitively. */
function loadedAtStart() {
	const seen = new Map<string, string[]>()
	const visit = (file: string) => {
		if (seen.has(file)) return
		const imports = [...fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)].map((m) => m[1]!)
		seen.set(file, imports)
		for (const name of imports)
			if (name.startsWith('.')) visit(path.resolve(path.dirname(file), name))
	}
	visit(path.join(SERVER_DIR, 'index.js'))
	return seen
}

describe('what the server loads at start', () => {
	test('the build has a start, and still uses each library in a module loaded later', () => {
		ensureBuild()
		const atStart = loadedAtStart()
		expect(atStart.size).toBeGreaterThan(1)
		const assets = path.join(SERVER_DIR, 'assets')
		const later = fs
			.readdirSync(assets)
			.map((name) => path.join(assets, name))
			.filter((file) => !atStart.has(file))
			.map((file) => fs.readFileSync(file, 'utf8'))
		const everything = [...atStart.keys()].map((file) => fs.readFileSync(file, 'utf8'))
		for (const name of LAZY) {
			const imported = (text: string) =>
				text.includes(`import("${name}")`) || text.includes(`from "${name}"`)
			// A dynamic import in what loads at start, or a static one in a chunk loaded later.
			expect(
				everything.some((text) => text.includes(`import("${name}")`)) || later.some(imported),
				name,
			).toBe(true)
		}
	})

	test.each(LAZY)('%s is not imported by any module loaded at start', (name) => {
		ensureBuild()
		const importers = [...loadedAtStart()]
			.filter(([, imports]) => imports.includes(name))
			.map(([file]) => path.relative(ROOT, file))
		expect(importers).toEqual([])
	})
})
