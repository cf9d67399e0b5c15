/**
 * The version of a public page: its owner's id and the time anything it shows last changed
 * (kept by database triggers, see prisma/migrations/*_touch_profile). One indexed read.
 */
import { prisma } from '~/utils/db.server'
import { checkPath } from '~/utils/path-name'

export type PageVersion = { customerId: string; path: string; version: number }

export async function getPageVersion(pname: string): Promise<PageVersion | null> {
	const check = checkPath(pname)
	if (!check.ok) return null
	const rows = await prisma().$queryRaw<
		Array<{ customerId: string; path: string; updatedAt: Date }>
	>`
		SELECT p."customerId", p."path", p."updatedAt"
		FROM "Profile" p JOIN "Customer" c ON c."id" = p."customerId"
		WHERE p."pathKey" = ${check.key} AND NOT c."disabled"`
	const row = rows[0]
	return row
		? { customerId: row.customerId, path: row.path, version: row.updatedAt.getTime() }
		: null
}
