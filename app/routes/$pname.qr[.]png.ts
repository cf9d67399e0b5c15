import { type LoaderFunctionArgs } from '@remix-run/node'
import { getShareProfile } from '~/models/share.server'
import { countHit } from '~/services/insights.server'
import { env } from '~/utils/env.server'
import { profileQrPng } from '~/utils/qr.server'
import { notFoundOrMoved } from '~/services/moved.server'

/** GET /{pname}/qr.png: the 512 px QR code of the profile URL; `?download=1` as an attachment. */
export async function loader({ params, request }: LoaderFunctionArgs) {
	const profile = await getShareProfile(params.pname ?? '')
	if (!profile?.path) throw await notFoundOrMoved(request, params.pname)
	// The owner's accent (darkened when too light to scan); `?v=` in the pages' links changes with it.
	const png = await profileQrPng(
		`${env().PUBLIC_SITE_URL}/${profile.path}`,
		512,
		profile.appearance.accent,
	)
	const download = new URL(request.url).searchParams.get('download') === '1'
	// A download is counted here (docs/decisions/022-insights.md), so it is never cached; the
	// code shown on the pages is.
	if (download && request.method === 'GET') await countHit(request, profile.path, { kind: 'qr' })
	return new Response(new Uint8Array(png), {
		headers: {
			'Content-Type': 'image/png',
			'Content-Length': String(png.length),
			'Cache-Control': download ? 'no-store' : 'public, max-age=3600, s-maxage=86400',
			...(download ? { 'Content-Disposition': 'attachment; filename="Tagg-profile.png"' } : {}),
		},
	})
}
