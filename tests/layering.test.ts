/**
 * The house has one direction (docs/decisions/023-layering.md): utils → models → services →
 * routes, and no import cycle anywhere in app/. Read from the source as text: every static
 * `import`/`export … from` and every `import()` of a file in app/.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const APP = path.join(ROOT, 'app')
const EXTENSIONS = ['.ts', '.tsx']

function sourceFiles(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name)
		if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full)
		return EXTENSIONS.some((extension) => entry.name.endsWith(extension)) ? [full] : []
	})
}

function resolve(from: string, specifier: string) {
	const base = specifier.startsWith('~/')
		? path.join(APP, specifier.slice(2))
		: specifier.startsWith('.')
			? path.resolve(path.dirname(from), specifier)
			: null
	if (!base) return null
	return (
		[base, ...EXTENSIONS.map((extension) => base + extension)].find(
			(candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
		) ?? null
	)
}

const IMPORT =
	/(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

function importGraph() {
	const graph = new Map<string, string[]>()
	for (const file of sourceFiles(APP)) {
		const source = fs.readFileSync(file, 'utf8')
		const targets = new Set<string>()
		for (const match of source.matchAll(IMPORT)) {
			const target = resolve(file, (match[1] ?? match[2])!)
			if (target) targets.add(target)
		}
		graph.set(file, [...targets])
	}
	return graph
}

/** `a/{b,c}.{ts,tsx}` as the four paths it names. */
function expandBraces(pattern: string): string[] {
	const match = /\{([^{}]*)\}/.exec(pattern)
	if (!match) return [pattern]
	return match[1]!.split(',').flatMap((choice) => expandBraces(pattern.replace(match[0], choice)))
}

const name = (file: string) => path.relative(ROOT, file)
const layer = (file: string) => path.relative(APP, file).split(path.sep)[0]!
const isTest = (file: string) => /\.test\.tsx?$/.test(file)

describe('the layering of app/', () => {
	const graph = importGraph()

	test('no import cycle', () => {
		// Depth-first search; a file met again while still on the path closes a cycle.
		const cycles: string[] = []
		const state = new Map<string, 'open' | 'done'>()
		const trail: string[] = []
		const visit = (file: string) => {
			state.set(file, 'open')
			trail.push(file)
			for (const target of graph.get(file) ?? []) {
				if (state.get(target) === 'open') {
					cycles.push([...trail.slice(trail.indexOf(target)), target].map(name).join(' → '))
				} else if (!state.has(target)) visit(target)
			}
			trail.pop()
			state.set(file, 'done')
		}
		for (const file of graph.keys()) if (!state.has(file)) visit(file)
		expect(cycles).toEqual([])
	})

	test('utils and data import no model, service, route or component; models no service or route', () => {
		const rank: Record<string, number> = { utils: 0, data: 0, models: 1, services: 2, routes: 3 }
		const upward: string[] = []
		for (const [file, targets] of graph) {
			// A test may drive its subject through a higher layer (a route, a service).
			if (isTest(file)) continue
			const from = layer(file)
			if (!(from in rank)) continue
			for (const target of targets) {
				const to = layer(target)
				const above = to in rank ? rank[to]! > rank[from]! : to === 'components'
				if (above && rank[from]! < 3) upward.push(`${name(file)} → ${name(target)}`)
			}
		}
		expect(upward).toEqual([])
	})

	test("every component a visitor's page draws is read for that page's CSS", () => {
		// Visitors' pages carry only the CSS of the classes their sources use
		// (app/styles/public/*.css, `@source`): a component left out of every list is drawn
		// unstyled until the full stylesheet arrives, or never without it.
		const sources = fs
			.readdirSync(path.join(APP, 'styles', 'public'))
			.flatMap((file) =>
				[
					...fs
						.readFileSync(path.join(APP, 'styles', 'public', file), 'utf8')
						.matchAll(/@source '([^']+)'/g),
				].flatMap((match) => expandBraces(path.resolve(APP, 'styles', 'public', match[1]!))),
			)
		const drawn = new Set<string>()
		const walk = (file: string) => {
			if (drawn.has(file) || /\.server\.tsx?$/.test(file)) return
			drawn.add(file)
			for (const target of graph.get(file) ?? []) walk(target)
		}
		for (const file of graph.keys()) {
			if (/^routes\/\$pname\.[^/]*\.tsx$/.test(path.relative(APP, file))) walk(file)
		}
		const unread = [...drawn].filter(
			(file) =>
				file.endsWith('.tsx') &&
				// Classes of its own (not only a className passed through).
				/className=(["'`]|\{\s*["'`]|\{cx\()/.test(fs.readFileSync(file, 'utf8')) &&
				!sources.includes(file),
		)
		expect(drawn.size).toBeGreaterThan(20)
		expect(unread.map(name)).toEqual([])
	})

	test('the graph is read (a broken reader would pass the tests above)', () => {
		const blockEditors = path.join(APP, 'components/profile-block-editors.tsx')
		expect(graph.get(blockEditors)).toContain(path.join(APP, 'components/editor-fields.tsx'))
		const sessions = path.join(APP, 'services/session.server.ts')
		expect(graph.get(sessions)).toContain(path.join(APP, 'models/token.server.ts'))
	})
})
