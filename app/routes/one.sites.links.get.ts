import { type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { customerIsActive } from '~/models/customer.server'
import { linksData, listOwnLinks } from '~/models/link.server'
import { getCustomerId } from '~/services/auth.server'
import { apiError, apiOk, getOnlyAction, readQuery, requireMethod } from '~/utils/api.server'
import { etagHeaders } from '~/utils/etag.server'
import { msg } from '~/utils/i18n-macro'
import { isLive } from '~/utils/links'

const Query = z.object({
	customer_id: z.string({ error: 'is required' }).min(1, 'is required').max(64),
})

/**
 * GET /one/sites/links/get?customer_id= : an owner's own links in display order
 * (ARCHITECTURE.md "Links of your own"). The owner's session gets all of them, with the ETag an
 * update's `If-Match` compares with; anyone else (no session, another owner's) only the links
 * that are active and inside their schedule now.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	requireMethod(request, 'GET')
	const { customer_id } = readQuery(request, Query)
	const [active, viewer] = await Promise.all([
		customerIsActive(customer_id),
		getCustomerId(request),
	])
	if (!active) return apiError(404, msg`Profile not found`)
	const links = await listOwnLinks(customer_id)
	const now = new Date()
	const data = linksData(viewer === customer_id ? links : links.filter((link) => isLive(link, now)))
	return apiOk({ data }, { headers: etagHeaders(data) })
}

export const action = getOnlyAction
