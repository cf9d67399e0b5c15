/**
 * Trims a production `node_modules` (after `npm prune --omit=dev`) to what the server and the
 * admin scripts run. The Dockerfile's build stage runs it: `node --import tsx scripts/prune-runtime.ts`.
 *
 * - npm keeps every package a production package names as an *optional peer* when it is
 *   installed anyway: @prisma/client names the Prisma CLI and TypeScript, so `npm prune` keeps
 *   the CLI with its engines, studio and dev server (effect, PGlite, ...) and TypeScript, about
 *   200 MB that never runs in production. Here the packages reachable from package.json's
 *   `dependencies` through `dependencies`, `optionalDependencies` and required peers (never
 *   optional peers) are kept, by the lockfile, and everything else is removed.
 * - @prisma/client ships a query compiler for every database in two builds and two module
 *   formats (60 MB); the generated client (app/generated/prisma) imports two of those files by
 *   name. The others are removed.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

type LockPackage = {
	dependencies?: Record<string, string>
	optionalDependencies?: Record<string, string>
	peerDependencies?: Record<string, string>
	peerDependenciesMeta?: Record<string, { optional?: boolean }>
	link?: boolean
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export function pruneRuntime(root = ROOT, log: (line: string) => void = console.log) {
	const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
		packages: Record<string, LockPackage>
	}
	const packages = lock.packages
	const before = directorySize(path.join(root, 'node_modules'))

	// Node's resolution over the lockfile's paths: nearest node_modules/NAME going up.
	const resolve = (from: string, name: string) => {
		for (let dir = from; ;) {
			const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`
			if (packages[candidate]) return candidate
			if (!dir) return null
			const parent = dir.lastIndexOf('/node_modules/')
			dir = parent === -1 ? '' : dir.slice(0, parent)
		}
	}

	const needed = new Set<string>()
	const pending = Object.keys(packages['']?.dependencies ?? {})
		.map((name) => resolve('', name))
		.filter((key): key is string => key !== null)
	for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
		if (needed.has(key)) continue
		needed.add(key)
		const entry = packages[key]!
		const optionalPeers = entry.peerDependenciesMeta ?? {}
		const names = [
			...Object.keys(entry.dependencies ?? {}),
			...Object.keys(entry.optionalDependencies ?? {}),
			...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers[name]?.optional),
		]
		for (const name of names) {
			const target = resolve(key, name)
			if (target) pending.push(target)
		}
	}

	const removed: string[] = []
	for (const key of Object.keys(packages)) {
		if (!key || needed.has(key) || packages[key]!.link) continue
		const dir = path.join(root, key)
		if (!fs.existsSync(dir)) continue
		fs.rmSync(dir, { recursive: true, force: true })
		removed.push(key.replace(/^.*node_modules\//, ''))
	}

	const compilers = trimPrismaCompilers(root)
	removeDanglingBinLinks(path.join(root, 'node_modules', '.bin'))
	// npm's record of the tree would name packages that are gone.
	fs.rmSync(path.join(root, 'node_modules', '.package-lock.json'), { force: true })

	const after = directorySize(path.join(root, 'node_modules'))
	log(
		`prune-runtime: removed ${removed.length} packages not needed at run time (${[...new Set(removed)].slice(0, 12).join(', ')}${removed.length > 12 ? ', ...' : ''})`,
	)
	log(`prune-runtime: removed ${compilers} Prisma query compiler files for other databases`)
	log(`prune-runtime: node_modules ${mb(before)} -> ${mb(after)}`)
	return { removed, before, after }
}

/** Deletes @prisma/client's query compiler files the generated client does not import. */
function trimPrismaCompilers(root: string) {
	const runtime = path.join(root, 'node_modules', '@prisma', 'client', 'runtime')
	const generated = path.join(root, 'app', 'generated', 'prisma')
	if (!fs.existsSync(runtime) || !fs.existsSync(generated)) return 0
	const used = new Set<string>()
	for (const file of fs.readdirSync(generated, { recursive: true, encoding: 'utf8' })) {
		const full = path.join(generated, file)
		if (!fs.statSync(full).isFile()) continue
		const source = fs.readFileSync(full, 'utf8')
		for (const match of source.matchAll(/@prisma\/client\/runtime\/(query_compiler_[\w.-]+)/g)) {
			used.add(match[1]!)
		}
	}
	// No reference found: the generated client changed shape; keep everything.
	if (!used.size) return 0
	let count = 0
	for (const file of fs.readdirSync(runtime)) {
		if (!file.startsWith('query_compiler_') || used.has(file)) continue
		fs.rmSync(path.join(runtime, file))
		count++
	}
	return count
}

function removeDanglingBinLinks(bin: string) {
	if (!fs.existsSync(bin)) return
	for (const name of fs.readdirSync(bin)) {
		const link = path.join(bin, name)
		if (!fs.existsSync(link)) fs.rmSync(link, { force: true })
	}
}

function directorySize(dir: string): number {
	let total = 0
	const stack = [dir]
	for (let current = stack.pop(); current; current = stack.pop()) {
		for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
			const full = path.join(current, entry.name)
			if (entry.isDirectory()) stack.push(full)
			else if (entry.isFile()) total += fs.statSync(full).size
		}
	}
	return total
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	pruneRuntime(process.cwd())
}
