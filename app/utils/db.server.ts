/**
 * The one Prisma client. Only app/models/*.server.ts import it.
 * DATABASE_URL is read on first use: the server sets it after starting the embedded database.
 */
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from '~/generated/prisma/client'
import { env } from './env.server'

export type { Prisma } from '~/generated/prisma/client'

declare global {
	var __taggPrisma: PrismaClient | undefined
}

function createClient() {
	const connectionString = process.env.DATABASE_URL
	if (!connectionString) {
		throw new Error('DATABASE_URL is not set: start the app with `npm start` or set it')
	}
	const pool = new pg.Pool({
		connectionString,
		max: 10,
		// Fail fast instead of hanging when the database is unreachable or stuck.
		connectionTimeoutMillis: 2000,
		idleTimeoutMillis: 30_000,
		query_timeout: 10_000,
		// A row lock is never worth waiting longer for: the write is retried or answered 503
		// (app/models/tx.server.ts) instead of holding its connection.
		lock_timeout: env().DATABASE_LOCK_TIMEOUT_MS,
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
	const adapter = new PrismaPg(pool)
	return new PrismaClient({ adapter }).$extends({
		query: {
			async $allOperations({ args, query }) {
				try {
					return await query(args)
				} catch (error) {
					if (isUnavailable(error)) throw databaseUnavailable()
					throw error
				}
			},
		},
	}) as unknown as PrismaClient
}

const UNAVAILABLE_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024'])
const UNAVAILABLE_MESSAGE =
	/can't reach database server|connection terminated|timeout exceeded when trying to connect|ECONNREFUSED|ECONNRESET|the database system is (shutting down|starting up|in recovery mode|not yet accepting connections)|terminating connection|is not queryable/i

function isUnavailable(error: unknown) {
	if (typeof error !== 'object' || error === null) return false
	const code = (error as { code?: unknown }).code
	if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true
	return UNAVAILABLE_MESSAGE.test(String((error as { message?: unknown }).message ?? ''))
}

/**
 * Thrown when the database cannot be reached: pages show the friendly 503 page, the /one API
 * answers `{ status: 503, message }`, and nothing hangs.
 */
export function databaseUnavailable() {
	return Response.json(
		{ status: 503, message: 'Tagg is temporarily unavailable. Please try again in a few seconds.' },
		{ status: 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } },
	)
}

let roundTrips = 0
/** How many queries this process has sent to PostgreSQL (for the benchmark). */
export const databaseRoundTrips = () => roundTrips

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
