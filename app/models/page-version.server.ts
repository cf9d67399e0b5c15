/**
 * The version of a public page: its owner's id, the time anything it shows last changed (kept by
 * database triggers, see prisma/migrations/*_touch_profile) and the language it is written in
 * (the owner's `Profile.language`). One indexed read.
 */
import { prisma } from '~/utils/db.server'
import { DEFAULT_LOCALE, isLocale, type Locale } from '~/utils/locales'
import { checkPath } from '~/utils/path-name'

export type PageVersion = { customerId: string; path: string; version: number; language: Locale }

export async function getPageVersion(pname: string): Promise<PageVersion | null> {
	const check = checkPath(pname)
	if (!check.ok) return null
	const rows = await prisma().$queryRaw<
		Array<{ customerId: string; path: string; updatedAt: Date; language: string }>
	>`
		SELECT p."customerId", p."path", p."updatedAt", p."language"
		FROM "Profile" p JOIN "Customer" c ON c."id" = p."customerId"
		WHERE p."pathKey" = ${check.key} AND NOT c."disabled"`
	const row = rows[0]
	return row
		? {
				customerId: row.customerId,
				path: row.path,
				version: row.updatedAt.getTime(),
				language: isLocale(row.language) ? row.language : DEFAULT_LOCALE,
			}
		: null
}
