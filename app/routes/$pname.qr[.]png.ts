import { type LoaderFunctionArgs } from '@remix-run/node'
import { countHit } from '~/services/insights.server'
import { pageFile } from '~/services/page-file.server'
import { profileQrPng } from '~/utils/qr.server'

/**
 * GET /{pname}/qr.png: the 512 px QR code of the profile URL; `?download=1` as an attachment.
 * Drawn once per page version (the accent and the path are in it) and kept in memory; other
 * query parameters are not part of its key.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
	const { body, version } = await pageFile(request, params.pname, 'qr.png', (profile, pageUrl) =>
		// The owner's accent (darkened when too light to scan); `?v=` in the pages' links changes with it.
		profileQrPng(pageUrl, 512, profile.appearance.accent),
	)
	const download = new URL(request.url).searchParams.get('download') === '1'
	// A download is counted here (docs/decisions/022-insights.md), so it is never cached; the
	// code shown on the pages is.
	if (download && request.method === 'GET') await countHit(request, version.path, { kind: 'qr' })
	return new Response(new Uint8Array(body), {
		headers: {
			'Content-Type': 'image/png',
			'Content-Length': String(body.length),
			'Cache-Control': download ? 'no-store' : 'public, max-age=3600, s-maxage=86400',
			...(download ? { 'Content-Disposition': 'attachment; filename="Tagg-profile.png"' } : {}),
		},
	})
}
