/**
 * The PostgreSQL connection the app's pool opens (app/utils/db.server.ts): its session runs in
 * UTC whatever the database's own `timezone` is. (The migration runner's does not, on purpose:
 * a migration that repairs what an earlier release stored reads that zone.) Debian's PostgreSQL takes the
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

/**
 * The zone one of our sessions gets at `url`: UTC, unless something between the app and
 * PostgreSQL drops the startup parameter (a pooler that does not pass it on, as pgcat did).
 * The server warns at start when it is not (server/main.ts).
 */
export async function sessionTimeZone(url: string): Promise<string> {
	const client = new UtcClient({ connectionString: url, connectionTimeoutMillis: 10_000 })
	await client.connect()
	try {
		const { rows } = await client.query<{ TimeZone: string }>('SHOW TimeZone')
		return rows[0]?.TimeZone ?? SESSION_TIME_ZONE
	} finally {
		await client.end().catch(() => {})
	}
}
