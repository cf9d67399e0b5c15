/**
 * Recurring jobs that must run once across instances (insights retention; later: domain
 * rechecks, digests, contact retention). Each job has a row whose `dueAt` says when its next
 * turn is; an instance takes a turn by moving `dueAt` forward in one statement that only
 * succeeds while the turn is due, so of several instances asking at once exactly one gets it.
 * One statement, no session lock: it holds through a transaction pooler (PgBouncer) and after a
 * crash (the next turn simply comes due). See docs/decisions/031-poolers-and-rolling-deploys.md.
 */
import crypto from 'node:crypto'
import os from 'node:os'
import { prisma } from '~/utils/db.server'

/** Names this process in the table (for an operator reading it). */
const HOLDER = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`

/**
 * True when this instance takes the job's turn due at or before `now`; the next turn is then
 * due at `nextDueAt`. False when another instance took it (or it is not due yet).
 */
export async function claimJobTurn(name: string, now: Date, nextDueAt: Date): Promise<boolean> {
	const rows = await prisma().$queryRaw<Array<{ name: string }>>`
		INSERT INTO "JobLease" ("name", "dueAt", "holder", "updatedAt")
		VALUES (${name}, ${nextDueAt}, ${HOLDER}, ${now})
		ON CONFLICT ("name") DO UPDATE
			SET "dueAt" = EXCLUDED."dueAt", "holder" = EXCLUDED."holder", "updatedAt" = EXCLUDED."updatedAt"
			WHERE "JobLease"."dueAt" <= ${now}
		RETURNING "name"`
	return rows.length === 1
}
