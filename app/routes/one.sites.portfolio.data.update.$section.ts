import { type ActionFunctionArgs } from '@remix-run/node'
import { updatePortfolio, type PortfolioItem } from '~/models/portfolio.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { etagHeaders, ifMatchPrecondition, orPreconditionFailed } from '~/utils/etag.server'
import { isPortfolioSection, SECTION_SCHEMAS } from '~/utils/portfolio-schemas'
import { msg } from '~/utils/i18n-macro'

/**
 * POST /one/sites/portfolio/data/update/{head|skills|challenges|solutions|result}: the owner
 * edits one section of one of their items; answers `data.portfoliosData: [item]` (the ETag is
 * the item's). With `If-Match` holding a stale ETag of the item: 412, nothing changed.
 */
export async function action({ request, params }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	if (!isPortfolioSection(params.section)) return apiError(404, msg`Not found`)
	const { portfolioId, changes } = await readJsonBody(request, SECTION_SCHEMAS[params.section])
	return orPreconditionFailed(async () => {
		const item = await updatePortfolio(
			customerId,
			portfolioId,
			changes,
			ifMatchPrecondition<PortfolioItem>(request, (current) => current),
		)
		if (!item) return apiError(404, msg`Portfolio not found`)
		return apiOk({ data: { portfoliosData: [item] } }, { headers: etagHeaders(item) })
	})
}

export const loader = postOnlyLoader
