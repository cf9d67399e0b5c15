/**
 * `npm run storage:gc`: deletes stored objects that no database row refers to (left by a crash
 * in the middle of an upload). `npm run storage:migrate -- --from local --to s3`: copies every
 * object from one driver to the other; safe to run twice (objects already there are skipped).
 */
import { referencedKeys } from '../app/models/image.server'
import { createStorageFromEnv } from '../app/utils/storage.server'
import { fail, withDatabase } from './lib/database'

const USAGE = `Usage:
  npm run storage:gc [-- --dry-run] [--grace SECONDS]
      Delete objects no database row refers to. Objects are listed first and compared with the
      database after the grace period (default 30 s), so uploads in flight are never touched.
  npm run storage:migrate -- --from local|s3 --to local|s3
      Copy every object between drivers (local = DATA_DIR/uploads, s3 = the S3_* variables).
      Objects already present at the destination are skipped, so it is safe to run twice.`

const [command, ...args] = process.argv.slice(2)
if (!command || command === '--help' || command === '-h' || args.includes('--help')) {
	console.log(USAGE)
	process.exit(command ? 0 : 2)
}

function option(name: string) {
	const index = args.indexOf(`--${name}`)
	if (index === -1) return undefined
	const value = args[index + 1]
	if (!value || value.startsWith('--')) fail(`--${name} needs a value`, USAGE)
	return value
}

function contentType(key: string) {
	if (key.endsWith('.webp')) return 'image/webp'
	if (key.endsWith('.png')) return 'image/png'
	if (key.endsWith('.jpg') || key.endsWith('.jpeg')) return 'image/jpeg'
	return 'application/octet-stream'
}

if (command === 'gc') {
	const known = new Set(['--dry-run', '--grace'])
	const unknown = args.find(
		(arg, index) => arg.startsWith('--') && !known.has(arg) && args[index - 1] !== '--grace',
	)
	if (unknown) fail(`Unknown option: ${unknown}`, USAGE)
	const grace = Number(option('grace') ?? 30)
	if (!Number.isFinite(grace) || grace < 0) fail('--grace takes a number of seconds', USAGE)
	const dryRun = args.includes('--dry-run')
	await withDatabase(async (env) => {
		const store = createStorageFromEnv(env)
		const listed: string[] = []
		for await (const key of store.list()) listed.push(key)
		if (grace) {
			console.log(`Listed ${listed.length} objects; waiting ${grace} s for uploads in flight...`)
			await new Promise((resolve) => setTimeout(resolve, grace * 1000))
		}
		const referenced = new Set<string>()
		for await (const key of referencedKeys()) referenced.add(key)
		const orphans = listed.filter((key) => !referenced.has(key))
		for (const key of orphans) {
			if (!dryRun) await store.delete(key)
			console.log(`${dryRun ? 'would delete' : 'deleted'} ${key}`)
		}
		console.log(
			`${orphans.length} unreferenced of ${listed.length} objects${dryRun ? ' (dry run: nothing deleted)' : ' deleted'}.`,
		)
	})
} else if (command === 'migrate') {
	const from = option('from')
	const to = option('to')
	const drivers = ['local', 's3']
	if (!from || !to || !drivers.includes(from) || !drivers.includes(to)) {
		fail('Give --from and --to, each local or s3', USAGE)
	}
	if (from === to) fail('--from and --to must differ', USAGE)
	await withDatabase(async (env) => {
		const source = createStorageFromEnv(env, from as 'local' | 's3')
		const target = createStorageFromEnv(env, to as 'local' | 's3')
		let copied = 0
		let skipped = 0
		for await (const key of source.list()) {
			if (await target.head(key)) {
				skipped++
				continue
			}
			const body = await source.get(key)
			if (!body) continue
			await target.put(key, body, contentType(key))
			copied++
		}
		console.log(`Copied ${copied} objects from ${from} to ${to}; ${skipped} were already there.`)
	})
} else {
	fail(`Unknown command: ${command}`, USAGE)
}
