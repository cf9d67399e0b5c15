import { type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getPortfolio } from '~/models/portfolio.server'
import { apiError, apiOk, getOnlyAction, readQuery, requireMethod } from '~/utils/api.server'
import { getCustomerId } from '~/services/auth.server'
import { etagHeaders } from '~/utils/etag.server'
import { msg } from '~/utils/i18n-macro'

const Query = z.object({
	customer_id: z.string({ error: 'is required' }).min(1, 'is required').max(64),
	portfolioId: z.string({ error: 'is required' }).min(1, 'is required').max(64),
})

/**
 * GET /one/sites/portfolio/data/get/individual/data?customer_id=&portfolioId= : one item. An
 * inactive item (and an inactive image) exists only for its owner; visitors get 404. The
 * owner's read carries the ETag an update's `If-Match` compares with.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	requireMethod(request, 'GET')
	const { customer_id, portfolioId } = readQuery(request, Query)
	const viewer = (await getCustomerId(request)) === customer_id ? 'owner' : 'visitor'
	const item = await getPortfolio(customer_id, portfolioId, viewer)
	if (!item) return apiError(404, msg`Portfolio not found`)
	return apiOk({ data: item }, viewer === 'owner' ? { headers: etagHeaders(item) } : undefined)
}

export const action = getOnlyAction
