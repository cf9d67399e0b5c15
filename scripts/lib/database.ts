/**
 * For command-line scripts: connects to DATABASE_URL or the embedded PostgreSQL in DATA_DIR
 * (reusing the cluster `npm start` runs, or starting it for the duration), applies pending
 * migrations, runs the job, and stops whatever it started.
 */
import { EnvError, parseEnv, type Env } from '../../app/utils/env.server'
import { startEmbeddedDatabase } from '../../server/embedded-db'
import { migrate } from '../../server/migrations'

/** A failure to report to the person at the terminal, with the exit code to end on. */
export class CliError extends Error {
	constructor(
		message: string,
		public code = 1,
	) {
		super(message)
	}
}

/**
 * Runs the job, cleans up, then exits the process with the job's outcome. (The embedded
 * database's exit hooks would otherwise end the process with code 0 whatever happened.)
 */
export async function withDatabase(job: (env: Env) => Promise<void>): Promise<never> {
	let code = 0
	try {
		await runWithDatabase(job)
	} catch (error) {
		code = error instanceof CliError ? error.code : 1
		console.error(error instanceof CliError ? error.message : error)
	}
	process.exit(code)
}

async function runWithDatabase<T>(job: (env: Env) => Promise<T>): Promise<T> {
	let env: Env
	try {
		env = parseEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' })
	} catch (error) {
		if (error instanceof EnvError) {
			console.error(error.message)
			process.exit(1)
		}
		throw error
	}
	// Scripts and the app must agree on the secret and the public address.
	process.env.JWT_SECRET ??= env.JWT_SECRET
	const embedded = env.DATABASE_URL ? null : await startEmbeddedDatabase({ dataDir: env.DATA_DIR })
	process.env.DATABASE_URL = env.DATABASE_URL ?? embedded!.url
	try {
		await migrate(env.DATABASE_MIGRATION_URL ?? process.env.DATABASE_URL)
		return await job(env)
	} finally {
		const { disconnectPrisma } = await import('../../app/utils/db.server')
		await disconnectPrisma()
		await embedded?.stop()
	}
}

/** Prints a message and exits non-zero: for bad command-line input. */
export function fail(message: string, usage?: string): never {
	console.error(usage ? `${message}\n\n${usage}` : message)
	process.exit(2)
}
