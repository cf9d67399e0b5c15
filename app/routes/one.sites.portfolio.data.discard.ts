import { type ActionFunctionArgs } from '@remix-run/node'
import { ownsPortfolio } from '~/models/image.server'
import { discardPristinePortfolio } from '~/models/portfolio/abandoned.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { DeleteSchema } from '~/utils/portfolio-schemas'
import { msg } from '~/utils/i18n-macro'

/**
 * POST /one/sites/portfolio/data/discard {portfolioId}: the owner left a new item ('Add New')
 * without saving anything to it, so it is removed; an item with anything saved stays.
 * Answers `data: {discarded}`; 404 when the owner has no such item.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { portfolioId } = await readJsonBody(request, DeleteSchema)
	if (!(await ownsPortfolio(customerId, portfolioId)))
		return apiError(404, msg`Portfolio not found`)
	const discarded = await discardPristinePortfolio(customerId, portfolioId)
	return apiOk({ data: { discarded } })
}

export const loader = postOnlyLoader
