import { type ActionFunctionArgs } from '@remix-run/node'
import { createPortfolio } from '~/models/portfolio.server'
import { apiOk, methodNotAllowed } from '~/utils/api.server'
import { requireApiCustomerId } from '~/utils/auth.server'

/**
 * POST /one/sites/portfolio/data/create/new/portfolio (no payload): a new empty, inactive item at
 * the end of the owner's list; answers the builder page to go to.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiCustomerId(request)
	const item = await createPortfolio(customerId)
	return apiOk({ url: `/builder/portfolio/${item.portfolioId}` })
}

export const loader = () => methodNotAllowed()
