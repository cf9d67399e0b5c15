/**
 * The public addresses for /sitemap.xml, read in batches so a large deployment is streamed
 * rather than loaded whole. Past one file's limit (50,000 URLs) the sitemap becomes an index of
 * files, each holding a fixed range of profiles.
 */
import { prisma } from '~/utils/db.server'
import { MAX_PORTFOLIO_ITEMS } from './portfolio.server'

const BATCH = 500

/** The pages of every profile: /{pname}, /{pname}/portfolio and /{pname}/resume. */
const PAGES_PER_PROFILE = 3

/** The most URLs one sitemap file may hold (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000

export type SitemapEntry = { path: string; updatedAt: Date }

/** A range of profiles (in a fixed order): one file of a sitemap index. */
export type ProfileRange = { skip: number; take: number }

/**
 * Every claimed profile of an active owner (within `range`, when given): its profile, portfolio
 * and resume pages, then its active portfolio items.
 */
export async function* sitemapEntries(range?: ProfileRange): AsyncGenerator<SitemapEntry> {
	let cursor: string | undefined
	let remaining = range?.take ?? Number.POSITIVE_INFINITY
	for (;;) {
		const take = Math.min(BATCH, remaining)
		if (take <= 0) return
		const profiles = await prisma().profile.findMany({
			where: { path: { not: null }, customer: { disabled: false } },
			orderBy: { customerId: 'asc' },
			take,
			...(cursor
				? { skip: 1, cursor: { customerId: cursor } }
				: range?.skip
					? { skip: range.skip }
					: {}),
			select: {
				customerId: true,
				path: true,
				updatedAt: true,
				customer: {
					select: {
						portfolios: {
							where: { active: true },
							orderBy: { position: 'asc' },
							select: { id: true, updatedAt: true },
						},
					},
				},
			},
		})
		for (const profile of profiles) {
			yield { path: `/${profile.path}`, updatedAt: profile.updatedAt }
			yield { path: `/${profile.path}/portfolio`, updatedAt: profile.updatedAt }
			yield { path: `/${profile.path}/resume`, updatedAt: profile.updatedAt }
			for (const item of profile.customer.portfolios) {
				yield { path: `/${profile.path}/portfolio/${item.id}`, updatedAt: item.updatedAt }
			}
		}
		remaining -= profiles.length
		if (profiles.length < take) return
		cursor = profiles[profiles.length - 1]!.customerId
	}
}

export type SitemapPlan = { version: string } & (
	{ kind: 'single'; urls: number } | { kind: 'index'; urls: number; files: ProfileRange[] }
)

/**
 * One file while every URL fits in `maxUrls`; else an index of files of equal profile ranges,
 * each small enough to hold `maxUrls` even if every owner had the most items allowed. Two
 * counts, no rows read.
 */
export async function planSitemap(
	maxUrls = SITEMAP_MAX_URLS,
	/** The most URLs one profile can have: its three pages and every item allowed. */
	urlsPerProfile = PAGES_PER_PROFILE + MAX_PORTFOLIO_ITEMS,
): Promise<SitemapPlan> {
	const [counts] = await prisma().$queryRaw<
		Array<{ profiles: number; items: number; changed: Date | null }>
	>`
		SELECT
			(SELECT count(*) FROM "Profile" p JOIN "Customer" c ON c."id" = p."customerId"
				WHERE p."path" IS NOT NULL AND NOT c."disabled")::int AS "profiles",
			(SELECT max(p."updatedAt") FROM "Profile" p) AS "changed",
			(SELECT count(*) FROM "Portfolio" i
				JOIN "Profile" p ON p."customerId" = i."customerId"
				JOIN "Customer" c ON c."id" = i."customerId"
				WHERE i."active" AND p."path" IS NOT NULL AND NOT c."disabled")::int AS "items"`
	const profiles = counts?.profiles ?? 0
	const urls = profiles * PAGES_PER_PROFILE + (counts?.items ?? 0)
	// What every address listed depends on: a profile's page version (path, items: the
	// touch_profile triggers move its updatedAt) and how many are listed (an owner disabled,
	// deleted or an item hidden).
	const version = `${profiles}.${counts?.items ?? 0}.${counts?.changed?.getTime() ?? 0}.${maxUrls}.${urlsPerProfile}`
	if (urls <= maxUrls) return { kind: 'single', urls, version }
	const perFile = Math.max(1, Math.floor(maxUrls / urlsPerProfile))
	const files: ProfileRange[] = []
	for (let skip = 0; skip < profiles; skip += perFile) files.push({ skip, take: perFile })
	return { kind: 'index', urls, files, version }
}
