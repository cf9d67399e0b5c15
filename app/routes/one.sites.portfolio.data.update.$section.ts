import { type ActionFunctionArgs } from '@remix-run/node'
import { updatePortfolio } from '~/models/portfolio.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody, requireMethod } from '~/utils/api.server'
import { requireApiCustomerId } from '~/utils/auth.server'
import { isPortfolioSection, SECTION_SCHEMAS } from '~/utils/portfolio-schemas'

/**
 * POST /one/sites/portfolio/data/update/{head|skills|challenges|solutions|result}: the owner
 * edits one section of one of their items; answers `data.portfoliosData: [item]`.
 */
export async function action({ request, params }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const customerId = await requireApiCustomerId(request)
	if (!isPortfolioSection(params.section)) return apiError(404, 'Not found')
	const { portfolioId, changes } = await readJsonBody(request, SECTION_SCHEMAS[params.section])
	const item = await updatePortfolio(customerId, portfolioId, changes)
	if (!item) return apiError(404, 'Portfolio not found')
	return apiOk({ data: { portfoliosData: [item] } })
}

export const loader = postOnlyLoader
