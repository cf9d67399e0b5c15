/**
 * The one Prisma client. Only app/models/*.server.ts import it.
 * DATABASE_URL is read on first use: the server sets it after starting the embedded database.
 */
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from '~/generated/prisma/client'
import { msg } from '~/utils/i18n-macro'
import { serverI18n } from './i18n.server'
import { UtcClient } from './pg-client.server'
import { currentLocale } from './locale.server'

export { Prisma } from '~/generated/prisma/client'

/** Whether `error` is Prisma's `code`: P2002 a unique violation, P2003 a foreign key one. */
export const isPrismaError = (error: unknown, code: 'P2002' | 'P2003') =>
	typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code

export const isUniqueViolation = (error: unknown) => isPrismaError(error, 'P2002')

declare global {
	var __taggPrisma: PrismaClient | undefined
	var __taggPool: pg.Pool | undefined
}

/**
 * Opening a connection fails when the database is stuck: that is an outage. An unreachable one
 * (refused, reset) fails at once whatever this is; on a starved CPU (a burst of password hashing
 * on a small machine) a healthy database can take seconds to start a backend, so this is not
 * shorter.
 */
const CONNECT_TIMEOUT_MS = 5000
/** Waiting for a free connection of the pool (the database is up, the pool is busy). */
const POOL_WAIT_MS = 15_000

class FastConnectClient extends UtcClient {
	constructor(config?: string | pg.ClientConfig) {
		super({
			...(typeof config === 'string' ? { connectionString: config } : config),
			connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
		})
	}
}

function createClient() {
	const connectionString = process.env.DATABASE_URL
	if (!connectionString) {
		throw new Error('DATABASE_URL is not set: start the app with `npm start` or set it')
	}
	const pool = new pg.Pool({
		connectionString,
		max: 10,
		Client: FastConnectClient,
		// How long a query may wait for one of the pool's connections: under a burst they are all
		// busy while the database is fine, so this wait is long and its end is no outage.
		connectionTimeoutMillis: POOL_WAIT_MS,
		idleTimeoutMillis: 30_000,
		query_timeout: 10_000,
		// No session settings here (no `options`, no `lock_timeout`): a transaction pooler
		// (PgBouncer in transaction mode) refuses those startup parameters and hands each
		// transaction whichever server connection is free; `TimeZone` it tracks (UtcClient). Settings are made per transaction with SET LOCAL
		// (app/models/tx.server.ts). See docs/decisions/031-poolers-and-rolling-deploys.md.
	})
	// Count round trips (the benchmark states how many a page view costs).
	pool.on('connect', (client) => {
		const query = client.query.bind(client) as (...args: unknown[]) => unknown
		;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (
			...args: unknown[]
		) => {
			roundTrips++
			return query(...args)
		}
	})
	// A database restart drops idle connections; the pool replaces them on the next query.
	pool.on('error', () => {})
	// A connection handed back without an error has just answered: the database is up.
	pool.on('release', (error: unknown) => {
		if (!error) lastAnswerAt = Date.now()
	})
	globalThis.__taggPool = pool
	const adapter = new PrismaPg(pool)
	return new PrismaClient({ adapter }).$extends({
		query: {
			async $allOperations({ args, query }) {
				try {
					return await query(args)
				} catch (error) {
					if (isUnavailable(error)) throw databaseUnavailable()
					if (isPoolWait(error)) throw serverBusy()
					throw error
				}
			},
		},
	}) as unknown as PrismaClient
}

// P2024 ("timed out fetching a connection from the pool") and pg-pool's "timeout exceeded when
// trying to connect" mean every connection is busy, not that the database is down: they are not
// here (and, with the long pool wait, rare).
const UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017'])
const UNAVAILABLE_MESSAGE =
	/can't reach database server|connection terminated|timeout expired|ECONNREFUSED|ECONNRESET|the database system is (shutting down|starting up|in recovery mode|not yet accepting connections)|terminating connection|is not queryable/i

function isUnavailable(error: unknown) {
	if (typeof error !== 'object' || error === null) return false
	const code = (error as { code?: unknown }).code
	if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true
	return UNAVAILABLE_MESSAGE.test(String((error as { message?: unknown }).message ?? ''))
}

function isPoolWait(error: unknown) {
	if (typeof error !== 'object' || error === null) return false
	if ((error as { code?: unknown }).code === 'P2024') return true
	return /timeout exceeded when trying to connect/i.test(
		String((error as { message?: unknown }).message ?? ''),
	)
}

/** Thrown when no connection of the pool came free in time: the database is up, Tagg is busy. */
export function serverBusy() {
	return Response.json(
		{
			status: 503,
			message: serverI18n(currentLocale())._(
				msg`Tagg is busy right now. Please try again in a few seconds.`,
			),
		},
		{ status: 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } },
	)
}

/**
 * Thrown when the database cannot be reached: pages show the friendly 503 page, the /one API
 * answers `{ status: 503, message }`, and nothing hangs.
 */
export function databaseUnavailable() {
	return Response.json(
		{
			status: 503,
			message: serverI18n(currentLocale())._(
				msg`Tagg is temporarily unavailable. Please try again in a few seconds.`,
			),
		},
		{ status: 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } },
	)
}

let lastAnswerAt = 0

/**
 * Whether the database answers, through the same pool and the same client the pages use (a
 * pooler that refuses the pages' connections fails this too): a tiny query within `timeoutMs`.
 * When the pool is so busy that the query waits longer, the database still counts as up if one
 * of the pool's connections answered within the last few seconds (busy is not down).
 */
export async function pingDatabase(timeoutMs: number): Promise<boolean> {
	if (!process.env.DATABASE_URL) return false
	let timer: NodeJS.Timeout | undefined
	const timeout = new Promise<'timeout'>((resolve) => {
		timer = setTimeout(() => resolve('timeout'), timeoutMs)
	})
	const query = prisma().$queryRaw<Array<{ one: number }>>`SELECT 1 AS "one"`.then(
		() => 'up' as const,
		() => 'down' as const,
	)
	try {
		const result = await Promise.race([query, timeout])
		if (result === 'timeout') return Date.now() - lastAnswerAt < Math.max(3_000, timeoutMs * 2)
		return result === 'up'
	} finally {
		clearTimeout(timer)
	}
}

let roundTrips = 0
/** How many queries this process has sent to PostgreSQL (for the benchmark). */
export const databaseRoundTrips = () => roundTrips

/**
 * One read of `text` with `values` on the pool Prisma uses, without Prisma's layers (a tenth of
 * the time per query): for the read made on every page view (the page version,
 * app/models/page-version.server.ts, docs/decisions/036-first-screen.md). An unnamed statement,
 * so a transaction pooler serves it as any other query.
 */
export async function rawRead<Row>(text: string, values: unknown[]): Promise<Row[]> {
	const client = prisma()
	const pool = globalThis.__taggPool
	// A client made by an older copy of this module (no pool kept): through Prisma.
	if (!pool) return client.$queryRawUnsafe<Row[]>(text, ...values)
	try {
		return (await pool.query(text, values)).rows as Row[]
	} catch (error) {
		if (isUnavailable(error)) throw databaseUnavailable()
		if (isPoolWait(error)) throw serverBusy()
		throw error
	}
}

/** The shared client; created lazily so importing this module never connects. */
export function prisma(): PrismaClient {
	globalThis.__taggPrisma ??= createClient()
	return globalThis.__taggPrisma
}

export async function disconnectPrisma() {
	const client = globalThis.__taggPrisma
	globalThis.__taggPrisma = undefined
	await client?.$disconnect()
}
