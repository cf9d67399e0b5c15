import { type ActionFunctionArgs } from '@remix-run/node'
import { linksData, replaceLinks } from '~/models/link.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { etagHeaders, ifMatchPrecondition, orPreconditionFailed } from '~/utils/etag.server'
import { LinksUpdateSchema } from '~/utils/link-schemas'
import { type OwnLink } from '~/utils/links'

/**
 * POST /one/sites/links/update `{links:[…]}`: replaces the owner's whole list of links and
 * answers the owner's read (ARCHITECTURE.md "Links of your own"). A refused list (400 naming the
 * item, `links.3.url: …`) changes nothing; with `If-Match` holding a stale ETag of the owner's
 * read: 412, nothing changed.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { links } = await readJsonBody(request, LinksUpdateSchema)
	const precondition = ifMatchPrecondition<OwnLink[]>(request, linksData)
	return orPreconditionFailed(async () => {
		const data = linksData(await replaceLinks(customerId, links, precondition))
		return apiOk({ data }, { headers: etagHeaders(data) })
	})
}

export const loader = postOnlyLoader
