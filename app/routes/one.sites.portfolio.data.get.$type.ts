import { type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { type PortfolioListType } from '~/models/portfolio.server'
import { getListVersion, listPortfolioPage } from '~/models/portfolio/lists.server'
import { apiError, apiOk, getOnlyAction, readQuery, requireMethod } from '~/utils/api.server'
import { requireApiCustomerId } from '~/services/auth.server'
import { listPageCaching, pageRequest, PageQuerySchema } from '~/utils/pagination.server'
import { msg } from '~/utils/i18n-macro'

const TYPES: readonly PortfolioListType[] = ['featured', 'active', 'all']

const Query = PageQuerySchema.extend({
	customer_id: z.string({ error: 'is required' }).min(1, 'is required').max(64),
})

/**
 * GET /one/sites/portfolio/data/get/{featured|active|all}?customer_id=&limit=&cursor= : one page
 * of a portfolio list, `data: {portfoliosData, next}` (`next`: the cursor of the next page, or
 * null). `featured` and `active` are public and never hold an inactive item; `all` is the
 * owner's own. An ETag answers a repeated read with 304 after one indexed query.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	requireMethod(request, 'GET')
	const type = TYPES.find((candidate) => candidate === params.type)
	if (!type) return apiError(404, msg`Not found`)
	const query = readQuery(request, Query)
	const { customer_id } = query
	if (type === 'all') {
		const customerId = await requireApiCustomerId(request)
		if (customerId !== customer_id) return apiError(404, msg`Profile not found`)
	}
	const version = await getListVersion(customer_id)
	if (!version || (type !== 'all' && version.disabled)) return apiError(404, msg`Profile not found`)

	const page = pageRequest(query)
	const caching = listPageCaching(
		request,
		['portfolio-list', type, customer_id, version.version],
		page,
		type === 'all',
	)
	if (caching.unchanged) return caching.unchanged

	const { items, next } = await listPortfolioPage(customer_id, type, page)
	return apiOk({ data: { portfoliosData: items, next } }, { headers: caching.headers })
}

export const action = getOnlyAction
