/**
 * The PostgreSQL connection every part of Tagg opens (the app's pool, the migration runner): its
 * session runs in UTC whatever the database's own `timezone` is. Debian's PostgreSQL takes the
 * machine's zone when its cluster is created, and two things then go wrong outside UTC:
 * Prisma's driver adapter sends a `Date` as a timestamp with no zone (read in the session's
 * zone: a `Timestamptz` column is stored hours off), and columns without a zone (Prisma's
 * default, holding UTC) compared with `now()` are read in the session's zone (a rate limit's
 * window ended 5 h 30 early in Asia/Kolkata). tests/time-zones.test.ts pins both.
 *
 * `TimeZone` goes in the startup packet, not in a `SET` or in `options`: it is one of the
 * parameters PgBouncer tracks in transaction mode (it sets it on whichever server connection it
 * hands a transaction to), where `options` or another parameter is refused
 * (docs/decisions/031-poolers-and-rolling-deploys.md, 037-utc-sessions.md).
 */
import pg from 'pg'

/** The session's zone: what Prisma assumes of columns without a zone. */
export const SESSION_TIME_ZONE = 'UTC'

export class UtcClient extends pg.Client {
	/** pg's own startup parameters (user, database, application_name…), plus the zone. */
	getStartupConf(): Record<string, string> {
		const own = (
			pg.Client.prototype as unknown as { getStartupConf: () => Record<string, string> }
		).getStartupConf.call(this)
		return { ...own, TimeZone: SESSION_TIME_ZONE }
	}
}
