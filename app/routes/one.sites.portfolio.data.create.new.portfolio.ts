import { type ActionFunctionArgs } from '@remix-run/node'
import { createPortfolio, PortfolioLimitError } from '~/models/portfolio.server'
import { apiError, apiOk, postOnlyLoader } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'

/**
 * POST /one/sites/portfolio/data/create/new/portfolio (no payload): a new empty, inactive item at
 * the end of the owner's list; answers the builder page to go to. 400 past the cap on items.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	try {
		const item = await createPortfolio(customerId, {}, { fresh: true })
		return apiOk({ url: `/builder/portfolio/${item.portfolioId}` })
	} catch (error) {
		if (error instanceof PortfolioLimitError) return apiError(400, error.translatable)
		throw error
	}
}

export const loader = postOnlyLoader
