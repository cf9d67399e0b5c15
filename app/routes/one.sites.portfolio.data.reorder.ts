import { type ActionFunctionArgs } from '@remix-run/node'
import { listPortfolios, reorderPortfolios } from '~/models/portfolio.server'
import { apiError, apiOk, methodNotAllowed, readJsonBody } from '~/utils/api.server'
import { requireApiCustomerId } from '~/utils/auth.server'
import { ReorderSchema } from '~/utils/portfolio-schemas'

/**
 * POST /one/sites/portfolio/data/reorder {portfolioIds}: the owner's whole list in its new order;
 * answers the list as it now is (`data.portfoliosData`).
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiCustomerId(request)
	const { portfolioIds } = await readJsonBody(request, ReorderSchema)
	const result = await reorderPortfolios(customerId, portfolioIds)
	if (result === 'not-found') return apiError(404, 'Portfolio not found')
	if (result === 'incomplete') {
		return apiError(400, 'portfolioIds: must list each of your portfolio items once')
	}
	return apiOk({ data: { portfoliosData: await listPortfolios(customerId, 'all') } })
}

export const loader = () => methodNotAllowed()
