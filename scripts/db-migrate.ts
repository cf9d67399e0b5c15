/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded
 * PostgreSQL in DATA_DIR (started for the occasion, or the one `npm start` is running).
 * `npm run db:status`: lists every migration and whether it is applied.
 */
import { EnvError, parseEnv } from '../app/utils/env.server'
import { startEmbeddedDatabase } from '../server/embedded-db'
import { migrate, migrationStatus } from '../server/migrations'

const USAGE = `Usage: npm run db:migrate            apply pending migrations
       npm run db:status             show applied and pending migrations

Uses DATABASE_MIGRATION_URL, else DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR (default ./data).`

const args = process.argv.slice(2)
if (args.includes('--help') || args.includes('-h')) {
	console.log(USAGE)
	process.exit(0)
}
const unknown = args.filter((arg) => arg !== '--status')
if (unknown.length) {
	console.error(`Unknown argument: ${unknown[0]}\n\n${USAGE}`)
	process.exit(2)
}

let env
try {
	env = parseEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' })
} catch (error) {
	console.error(error instanceof EnvError ? error.message : error)
	process.exit(1)
}

const embedded = env.DATABASE_URL ? null : await startEmbeddedDatabase({ dataDir: env.DATA_DIR })
// DATABASE_MIGRATION_URL: a direct connection when DATABASE_URL goes through a pooler.
const url = env.DATABASE_MIGRATION_URL ?? env.DATABASE_URL ?? embedded!.url
try {
	if (args.includes('--status')) {
		const status = await migrationStatus(url)
		for (const migration of status) {
			console.log(
				`${migration.appliedAt ? 'applied' : 'pending'}  ${migration.name}${migration.appliedAt ? `  (${migration.appliedAt.toISOString()})` : ''}`,
			)
		}
		const pending = status.filter((migration) => !migration.appliedAt).length
		console.log(pending ? `${pending} pending migration(s).` : 'Database schema is up to date.')
	} else {
		const applied = await migrate(url, { log: (message) => console.log(message) })
		console.log(
			applied.length ? `Applied ${applied.length} migration(s).` : 'Database schema is up to date.',
		)
	}
} catch (error) {
	console.error(`Migration failed: ${(error as Error).message}`)
	process.exitCode = 1
} finally {
	await embedded?.stop()
}
// Exit explicitly: the embedded database's exit hooks would end the process with code 0.
process.exit(process.exitCode ?? 0)
