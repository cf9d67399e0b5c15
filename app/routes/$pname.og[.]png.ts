import { type LoaderFunctionArgs } from '@remix-run/node'
import { getPageVersion } from '~/models/page-version.server'
import { getProfile } from '~/models/profile.server'
import { readDisplayPicture } from '~/models/share.server'
import { env } from '~/utils/env.server'
import { generatedCache } from '~/utils/generated-cache.server'
import { profileOgPng } from '~/utils/og-image.server'
import { notFoundOrMoved } from '~/services/moved.server'

/**
 * GET /{pname}/og.png: the 1200 x 630 link-preview card, drawn once per page version and kept
 * in memory (app/utils/generated-cache.server.ts); the query string is not part of its key.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const version = await getPageVersion(params.pname ?? '')
	if (!version) throw await notFoundOrMoved(request, params.pname)
	const site = env().PUBLIC_SITE_URL
	const key = {
		resource: 'og.png',
		owner: version.customerId,
		version: version.version,
		host: new URL(site).host,
	}
	const made = await generatedCache().get(key, async () => {
		const profile = await getProfile(version.customerId)
		if (!profile?.path) return null
		const picture = await readDisplayPicture(profile.customerId, Boolean(profile.pictureUrl))
		const png = await profileOgPng({
			firstName: profile.name.firstName,
			lastName: profile.name.lastName,
			designation: profile.designation,
			city: profile.city,
			country: profile.country,
			picture,
			siteUrl: `${site}/${profile.path}`,
			appearance: profile.appearance,
		})
		return { body: png, meta: null }
	})
	if (!made) throw new Response('Not found', { status: 404 })
	return new Response(new Uint8Array(made.body), {
		headers: {
			'Content-Type': 'image/png',
			'Content-Length': String(made.body.length),
			'Cache-Control': 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400',
		},
	})
}
