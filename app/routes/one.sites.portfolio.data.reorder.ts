import { type ActionFunctionArgs } from '@remix-run/node'
import { reorderPortfolios } from '~/models/portfolio.server'
import { listPortfolioPage } from '~/models/portfolio/lists.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { PAGE_SIZE_DEFAULT } from '~/utils/pagination.server'
import { ReorderSchema } from '~/utils/portfolio-schemas'
import { msg } from '~/utils/i18n-macro'

/**
 * POST /one/sites/portfolio/data/reorder {portfolioIds}: the owner's whole list in its new order;
 * answers the first page of the list as it now is (`data.portfoliosData`, `data.next`).
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { portfolioIds } = await readJsonBody(request, ReorderSchema)
	const result = await reorderPortfolios(customerId, portfolioIds)
	if (result === 'not-found') return apiError(404, msg`Portfolio not found`)
	if (result === 'incomplete') {
		return apiError(400, 'portfolioIds: must list each of your portfolio items once')
	}
	const { items, next } = await listPortfolioPage(customerId, 'all', {
		limit: PAGE_SIZE_DEFAULT,
		after: null,
	})
	return apiOk({ data: { portfoliosData: items, next } })
}

export const loader = postOnlyLoader
