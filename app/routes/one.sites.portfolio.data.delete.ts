import { type ActionFunctionArgs } from '@remix-run/node'
import { deletePortfolio } from '~/models/portfolio.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { DeleteSchema } from '~/utils/portfolio-schemas'
import { msg } from '~/utils/i18n-macro'

/** POST /one/sites/portfolio/data/delete {portfolioId}: deletes the item and its images. */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { portfolioId } = await readJsonBody(request, DeleteSchema)
	if (!(await deletePortfolio(customerId, portfolioId))) {
		return apiError(404, msg`Portfolio not found`)
	}
	return apiOk()
}

export const loader = postOnlyLoader
