import { type LoaderFunctionArgs } from '@remix-run/node'
import { getShareProfile, readDisplayPicture } from '~/models/share.server'
import { env } from '~/utils/env.server'
import { profileOgPng } from '~/utils/og-image.server'
import { notFoundOrMoved } from '~/services/moved.server'

/** GET /{pname}/og.png: the 1200 x 630 link-preview card. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const profile = await getShareProfile(params.pname ?? '')
	if (!profile?.path) throw await notFoundOrMoved(request, params.pname)
	const picture = await readDisplayPicture(profile.customerId, Boolean(profile.pictureUrl))
	const png = await profileOgPng({
		firstName: profile.name.firstName,
		lastName: profile.name.lastName,
		designation: profile.designation,
		city: profile.city,
		country: profile.country,
		picture,
		siteUrl: `${env().PUBLIC_SITE_URL}/${profile.path}`,
		appearance: profile.appearance,
	})
	return new Response(new Uint8Array(png), {
		headers: {
			'Content-Type': 'image/png',
			'Content-Length': String(png.length),
			'Cache-Control': 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400',
		},
	})
}
