/**
 * The public addresses for /sitemap.xml, read in batches so a large deployment is streamed
 * rather than loaded whole.
 */
import { prisma } from '~/utils/db.server'

const BATCH = 500

export type SitemapEntry = { path: string; updatedAt: Date }

/** Every claimed profile of an active owner, then its active portfolio items. */
export async function* sitemapEntries(): AsyncGenerator<SitemapEntry> {
	let cursor: string | undefined
	for (;;) {
		const profiles = await prisma().profile.findMany({
			where: { path: { not: null }, customer: { disabled: false } },
			orderBy: { customerId: 'asc' },
			take: BATCH,
			...(cursor ? { skip: 1, cursor: { customerId: cursor } } : {}),
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
			for (const item of profile.customer.portfolios) {
				yield { path: `/${profile.path}/portfolio/${item.id}`, updatedAt: item.updatedAt }
			}
		}
		if (profiles.length < BATCH) return
		cursor = profiles[profiles.length - 1]!.customerId
	}
}
