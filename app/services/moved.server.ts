/**
 * Public URLs under a previous path of an owner: /{old}, /{old}/portfolio/..., /{old}/qr.png,
 * /{old}/contact.vcf answer 301 to the same URL under the owner's current path while the old
 * one is held for them (30 days after the change). Anything else is the usual 404.
 */
import { findMovedPath } from '~/models/customer.server'
import { localPath } from '~/utils/local-path'

/** The answer of a public route whose `pname` is no owner's current path: 301 or 404. */
export async function notFoundOrMoved(request: Request, pname: string | undefined) {
	const moved = pname ? await findMovedPath(pname) : null
	if (!moved) return new Response('Not found', { status: 404 })
	const url = new URL(request.url)
	const rest = url.pathname.replace(/^\/[^/]*/, '')
	return new Response(null, {
		status: 301,
		headers: {
			Location: `${localPath(`/${moved}${rest}`)}${url.search}`,
			// Not stored: once the old name is released it may become someone else's page.
			'Cache-Control': 'no-store',
		},
	})
}
