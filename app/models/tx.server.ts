/**
 * Every write to an owner's data goes through {@link writeAsOwner}: one transaction that first
 * locks the owner's Profile row, so writers of one owner run one after the other (on every app
 * instance) and every transaction takes its locks in the same order:
 *
 *   the owner's Profile row → the owner's other rows (items, images, resume lists, Customer)
 *
 * The page-version trigger (prisma/migrations/*_touch_profile) updates that same Profile row after
 * each change, which the transaction already holds, so it can no longer deadlock with another
 * writer. Lock waits, deadlocks and serialization failures that still happen (another instance
 * restarting, a write outside this helper) are retried a few times; when the budget runs out the
 * caller gets a JSON `{ status: 503, message }` with Retry-After, never a 500.
 * See docs/decisions/011-serialised-per-owner.md.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { env } from '~/utils/env.server'
import { prisma, type Prisma } from '~/utils/db.server'
import { msg } from '~/utils/i18n-macro'
import { translate } from '~/utils/i18n'
import { serverI18n } from '~/utils/i18n.server'
import { currentLocale } from '~/utils/locale.server'

export type Tx = Prisma.TransactionClient

/** Attempts of one write before the caller is told to come back later. */
const ATTEMPTS = 4
/** Writers of one owner waiting in this process; more are refused at once (503). */
const MAX_QUEUED = 100
export const BUSY_MESSAGE = msg`Too many changes at once. Please try again in a moment.`.message

/**
 * The answer when a write could not get through contention within its retry budget: a JSON
 * envelope with 503 and Retry-After (thrown like the other Responses of the models).
 */
export function writeBusy() {
	return Response.json(
		{ status: 503, message: translate(serverI18n(currentLocale()), BUSY_MESSAGE) },
		{ status: 503, headers: { 'Retry-After': '1', 'Cache-Control': 'no-store' } },
	)
}

const RETRY_SQLSTATES = new Set([
	'40001', // serialization_failure
	'40P01', // deadlock_detected
	'55P03', // lock_not_available (lock_timeout)
])

/** True for failures that a fresh attempt of the same transaction can get past. */
export function isContention(error: unknown) {
	if (typeof error !== 'object' || error === null) return false
	const { code, meta, cause } = error as {
		code?: unknown
		meta?: { driverAdapterError?: { cause?: Record<string, unknown> } }
		cause?: Record<string, unknown>
	}
	// P2034: write conflict or deadlock. P2028: the transaction could not start in time or expired.
	if (code === 'P2034' || code === 'P2028') return true
	const driver = meta?.driverAdapterError?.cause ?? cause
	if (!driver) return false
	if (driver.kind === 'TransactionWriteConflict') return true
	const sqlState = driver.originalCode ?? driver.code
	return typeof sqlState === 'string' && RETRY_SQLSTATES.has(sqlState)
}

// One queue per owner in this process: an owner's writers wait here instead of each holding a
// pooled connection while the database lock makes them wait, so one busy owner cannot starve
// everyone else's requests of connections.
const queues = new Map<string, { tail: Promise<void>; size: number }>()
const ownersInWrite = new AsyncLocalStorage<ReadonlySet<string>>()

async function inOwnerQueue<T>(customerId: string, work: () => Promise<T>): Promise<T> {
	const queue = queues.get(customerId) ?? { tail: Promise.resolve(), size: 0 }
	if (queue.size >= MAX_QUEUED) throw writeBusy()
	queues.set(customerId, queue)
	queue.size++
	const previous = queue.tail
	let release!: () => void
	const mine = new Promise<void>((resolve) => (release = resolve))
	queue.tail = mine
	try {
		await previous
		return await work()
	} finally {
		release()
		queue.size--
		if (queue.tail === mine) queues.delete(customerId)
	}
}

/**
 * Locks the owner's Profile row for the rest of the transaction (FOR NO KEY UPDATE: readers and
 * foreign-key checks are not blocked). An owner without a Profile row gets one first. False when
 * the customer does not exist (any more).
 */
export async function lockOwner(tx: Tx, customerId: string) {
	const lock = () =>
		tx.$queryRaw<unknown[]>`
			SELECT 1 FROM "Profile" WHERE "customerId" = ${customerId} FOR NO KEY UPDATE`
	if ((await lock()).length) return true
	await tx.$executeRaw`
		INSERT INTO "Profile" ("customerId", "updatedAt")
		SELECT "id", clock_timestamp() AT TIME ZONE 'UTC' FROM "Customer" WHERE "id" = ${customerId}
		ON CONFLICT ("customerId") DO NOTHING`
	return (await lock()).length > 0
}

/**
 * How long this transaction's statements wait for a lock (DATABASE_LOCK_TIMEOUT_MS), set for
 * this transaction only: a session setting would not survive a transaction pooler, which runs
 * each transaction on whichever server connection is free (and refuses it as a startup
 * parameter).
 */
export async function setLockTimeout(tx: Tx, ms = env().DATABASE_LOCK_TIMEOUT_MS) {
	await tx.$queryRaw`SELECT set_config('lock_timeout', ${`${Math.round(ms)}ms`}, true)`
}

/** The owner is gone (deleted while the request was under way). */
export function ownerNotFound() {
	return Response.json(
		{ status: 404, message: serverI18n(currentLocale())._(msg`Not found`) },
		{ status: 404, headers: { 'Cache-Control': 'no-store' } },
	)
}

/**
 * Runs `work` in a transaction that holds the owner's lock (see the top of this file), retrying
 * contention failures; throws {@link writeBusy} when they persist. `work` may run more than once,
 * so it must only write to the database (store objects before, remove them after).
 * Never nest two writes of one owner: the inner one would wait for the outer one forever.
 */
export async function writeAsOwner<T>(customerId: string, work: (tx: Tx) => Promise<T>) {
	const outer = ownersInWrite.getStore()
	if (outer?.has(customerId)) {
		throw new Error('writeAsOwner was nested for one owner: pass the transaction down instead')
	}
	return ownersInWrite.run(new Set([...(outer ?? []), customerId]), () =>
		inOwnerQueue(customerId, async () => {
			for (let attempt = 1; ; attempt++) {
				try {
					return await prisma().$transaction(
						async (tx) => {
							await setLockTimeout(tx)
							if (!(await lockOwner(tx, customerId))) throw ownerNotFound()
							return work(tx)
						},
						{ maxWait: 5_000, timeout: 15_000 },
					)
				} catch (error) {
					if (!isContention(error)) throw error
					if (attempt >= ATTEMPTS) {
						const { code } = error as { code?: unknown }
						console.warn(`a write of ${customerId} gave up after ${attempt} attempts (${code})`)
						throw writeBusy()
					}
					// 20-40 ms, 40-80 ms, 80-160 ms: apart from whoever we collided with.
					const base = 20 * 2 ** (attempt - 1)
					await new Promise((resolve) => setTimeout(resolve, base + Math.random() * base))
				}
			}
		}),
	)
}
