import { type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { customerIsActive } from '~/models/customer.server'
import { listPortfolios, type PortfolioListType } from '~/models/portfolio.server'
import { apiError, apiOk, readQuery } from '~/utils/api.server'
import { requireApiCustomerId } from '~/utils/auth.server'

const TYPES: readonly PortfolioListType[] = ['featured', 'active', 'all']

const Query = z.object({
	customer_id: z.string({ error: 'is required' }).min(1, 'is required').max(64),
})

/**
 * GET /one/sites/portfolio/data/get/{featured|active|all}?customer_id= : a portfolio list.
 * `featured` and `active` are public and never hold an inactive item; `all` is the owner's own.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const type = TYPES.find((candidate) => candidate === params.type)
	if (!type) return apiError(404, 'Not found')
	const { customer_id } = readQuery(request, Query)
	if (type === 'all') {
		const customerId = await requireApiCustomerId(request)
		if (customerId !== customer_id) return apiError(404, 'Profile not found')
	} else if (!(await customerIsActive(customer_id))) {
		return apiError(404, 'Profile not found')
	}
	return apiOk({ data: { portfoliosData: await listPortfolios(customer_id, type) } })
}
