/**
 * The server and the admin scripts as the integration tests start them: each bundled once per
 * run (esbuild, the transformer tsx itself uses) from the same sources `npm start` and `npm run
 * admin` load through tsx. Started a hundred times in a run, they would each spend a core for a
 * second or two in tsx's loader before doing anything; a bundle starts in a fraction of that
 * (docs/decisions/039-test-budget.md). The e2e server and the Docker replay still start the
 * server through tsx, as operators do.
 *
 * The bundles sit in a folder of their run, `.test-build-*` at the project's root (two runs in one
 * checkout never replace each other's): code that finds files from its own place (`..` of its
 * folder: migrations, fonts, the build) finds them there as from `server/`. The run's global
 * setup removes it at the end.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Entry files, by the name their bundle gets (`main` is the server). */
const ENTRIES = {
	main: 'server/main.ts',
	admin: 'scripts/admin.ts',
	export: 'scripts/export.ts',
	import: 'scripts/import.ts',
	seed: 'scripts/seed.ts',
	storage: 'scripts/storage.ts',
	'db-migrate': 'scripts/db-migrate.ts',
} as const

export type BundledEntry = keyof typeof ENTRIES

/** Bundles every entry into a new `.test-build-*` folder; answers it. */
export async function buildTestBundles() {
	const outdir = fs.mkdtempSync(path.join(ROOT, '.test-build-'))
	await build({
		entryPoints: Object.fromEntries(
			Object.entries(ENTRIES).map(([name, file]) => [name, path.join(ROOT, file)]),
		),
		outdir,
		outExtension: { '.js': '.mjs' },
		bundle: true,
		platform: 'node',
		format: 'esm',
		target: 'node20',
		// Packages stay where they are (node_modules), loaded as Node loads them under tsx.
		packages: 'external',
		alias: { '~': path.join(ROOT, 'app'), '#tests': path.join(ROOT, 'tests') },
		// Two entries that import the same module each get their own copy, as separate processes.
		splitting: false,
		logLevel: 'error',
	})
	return outdir
}

/**
 * How to start `entry` (its file under tsx, named like `scripts/admin.ts`): `node` and the
 * arguments of its bundle when the run made them (TAGG_TEST_BUILD), else through tsx.
 */
export function nodeArgsFor(entry: BundledEntry) {
	const dir = process.env.TAGG_TEST_BUILD
	const bundle = dir ? path.join(dir, `${entry}.mjs`) : null
	if (bundle && fs.existsSync(bundle)) return [bundle]
	return ['--import', 'tsx', path.join(ROOT, ENTRIES[entry])]
}
