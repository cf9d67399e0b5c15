/**
 * The version of a public page: its owner's id, the time anything it shows last changed (kept by
 * database triggers, see prisma/migrations/*_touch_profile), the language it is written in
 * (the owner's `Profile.language`) and the schedule window of the owner's links at that moment
 * (a link that starts or ends changes what visitors see with no write: app/utils/links.ts).
 * One indexed read.
 */
import { rawRead } from '~/utils/db.server'
import { DEFAULT_LOCALE, isLocale, type Locale } from '~/utils/locales'
import { checkPath } from '~/utils/path-name'

export type PageVersion = {
	customerId: string
	path: string
	version: number
	language: Locale
	/**
	 * The schedule window of the owner's links at the moment asked for (ms; 0 when no start or
	 * end of an active link has passed): the cache key's `schedule` part (app/utils/cache-key.ts).
	 */
	schedule: number
}

/**
 * The version of the page at `pname` as of `now` (the schedule window is taken on this
 * process's clock, the one the page is then rendered with, so a page rendered for a window
 * always shows that window's links).
 */
export async function getPageVersion(pname: string, now = new Date()): Promise<PageVersion | null> {
	const check = checkPath(pname)
	if (!check.ok) return null
	// On the pool directly (app/utils/db.server.ts rawRead): this read is made on every view.
	const rows = await rawRead<{
		customerId: string
		path: string
		updatedAt: Date
		language: string
		schedule: Date | null
	}>(
		// "updatedAt" is a timestamp without time zone that Prisma writes in UTC: read as such.
		`SELECT p."customerId", p."path", p."updatedAt" AT TIME ZONE 'UTC' AS "updatedAt", p."language",
			(SELECT max(b."at")
				FROM "Link" l CROSS JOIN LATERAL (VALUES (l."startsAt"), (l."endsAt")) AS b("at")
				WHERE l."customerId" = p."customerId" AND l."active"
					AND b."at" <= $1::timestamptz) AS "schedule"
		FROM "Profile" p JOIN "Customer" c ON c."id" = p."customerId"
		WHERE p."pathKey" = $2 AND NOT c."disabled"`,
		[now.toISOString(), check.key],
	)
	const row = rows[0]
	return row
		? {
				customerId: row.customerId,
				path: row.path,
				version: row.updatedAt.getTime(),
				language: isLocale(row.language) ? row.language : DEFAULT_LOCALE,
				schedule: row.schedule ? new Date(row.schedule).getTime() : 0,
			}
		: null
}
