import { type LoaderFunctionArgs } from '@remix-run/node'
import { getPageVersion } from '~/models/page-version.server'
import { getProfile } from '~/models/profile.server'
import { countHit } from '~/services/insights.server'
import { env } from '~/utils/env.server'
import { generatedCache } from '~/utils/generated-cache.server'
import { profileQrPng } from '~/utils/qr.server'
import { notFoundOrMoved } from '~/services/moved.server'

/**
 * GET /{pname}/qr.png: the 512 px QR code of the profile URL; `?download=1` as an attachment.
 * Drawn once per page version (the accent and the path are in it) and kept in memory; other
 * query parameters are not part of its key.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
	const version = await getPageVersion(params.pname ?? '')
	if (!version) throw await notFoundOrMoved(request, params.pname)
	const site = env().PUBLIC_SITE_URL
	const key = {
		resource: 'qr.png',
		owner: version.customerId,
		version: version.version,
		host: new URL(site).host,
	}
	const made = await generatedCache().get(key, async () => {
		const profile = await getProfile(version.customerId)
		if (!profile?.path) return null
		// The owner's accent (darkened when too light to scan); `?v=` in the pages' links changes with it.
		const png = await profileQrPng(`${site}/${profile.path}`, 512, profile.appearance.accent)
		return { body: png, meta: null }
	})
	if (!made) throw new Response('Not found', { status: 404 })
	const download = new URL(request.url).searchParams.get('download') === '1'
	// A download is counted here (docs/decisions/022-insights.md), so it is never cached; the
	// code shown on the pages is.
	if (download && request.method === 'GET') await countHit(request, version.path, { kind: 'qr' })
	return new Response(new Uint8Array(made.body), {
		headers: {
			'Content-Type': 'image/png',
			'Content-Length': String(made.body.length),
			'Cache-Control': download ? 'no-store' : 'public, max-age=3600, s-maxage=86400',
			...(download ? { 'Content-Disposition': 'attachment; filename="Tagg-profile.png"' } : {}),
		},
	})
}
