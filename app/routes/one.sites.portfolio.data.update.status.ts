import { type ActionFunctionArgs } from '@remix-run/node'
import { setPortfolioStatus } from '~/models/portfolio.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { StatusSchema } from '~/utils/portfolio-schemas'
import { msg } from '~/utils/i18n-macro'

/**
 * POST /one/sites/portfolio/data/update/status {portfolioId, active | featured}: switches one
 * flag of one of the owner's items; answers `data.portfoliosData: [item]`.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { portfolioId, status } = await readJsonBody(request, StatusSchema)
	const item = await setPortfolioStatus(customerId, portfolioId, status)
	if (!item) return apiError(404, msg`Portfolio not found`)
	return apiOk({ data: { portfoliosData: [item] } })
}

export const loader = postOnlyLoader
