import { type LoaderFunctionArgs } from '@remix-run/node'
import { readDisplayPicture } from '~/models/share.server'
import { pageFile } from '~/services/page-file.server'
import { serverI18n } from '~/utils/i18n.server'
import { profileOgPng } from '~/utils/og-image.server'

/**
 * GET /{pname}/og.png: the 1200 x 630 link-preview card in the owner's language (mirrored for a
 * right-to-left one), drawn once per page version and language and kept in memory
 * (app/services/page-file.server.ts); the query string is not part of its key.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const { body } = await pageFile(request, params.pname, 'og.png', async (profile, pageUrl) =>
		profileOgPng({
			firstName: profile.name.firstName,
			lastName: profile.name.lastName,
			designation: profile.designation,
			city: profile.city,
			country: profile.country,
			picture: await readDisplayPicture(profile.customerId, Boolean(profile.pictureUrl)),
			// The address as the card shows it: `jane.dev` on the owner's domain (no trailing slash).
			siteUrl: pageUrl.replace(/\/$/, ''),
			appearance: profile.appearance,
			i18n: serverI18n(profile.language),
		}),
	)
	return new Response(new Uint8Array(body), {
		headers: {
			'Content-Type': 'image/png',
			'Content-Length': String(body.length),
			'Cache-Control': 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400',
		},
	})
}
