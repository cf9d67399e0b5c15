import { type LoaderFunctionArgs } from '@remix-run/node'
import { countHit } from '~/services/insights.server'
import { getOnlyAction, requireMethod } from '~/utils/api.server'
import { parsePagePath, sourceOf, utmSourceOf } from '~/utils/insights'

/** A transparent 1x1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

/**
 * GET /one/insights/pixel.gif?p={page path}: counts the view of a page shown without a script
 * (JavaScript off, or `Save-Data: on`), see app/root.tsx. Always the same GIF, never cached (so
 * a page from a cache still counts). The pixel cannot see where the visitor came from: its view
 * has a source only when the page's address carries utm_source (its Referer is the page).
 */
export async function loader({ request }: LoaderFunctionArgs) {
	requireMethod(request, 'GET')
	const page = parsePagePath(new URL(request.url).searchParams.get('p'))
	if (page && request.method === 'GET') {
		const utm = utmSourceOf(request.headers.get('referer'))
		await countHit(request, page.pname, {
			kind: 'view',
			page: page.page,
			source: utm ? sourceOf({ utmSource: utm, ownHost: '' }) : null,
		})
	}
	return new Response(new Uint8Array(PIXEL), {
		headers: {
			'Content-Type': 'image/gif',
			'Content-Length': String(PIXEL.length),
			'Cache-Control': 'no-store',
		},
	})
}

export const action = getOnlyAction
