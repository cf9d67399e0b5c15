import { type ActionFunctionArgs } from '@remix-run/node'
import {
	LEFT_GRACE_MS,
	markPortfolioLeft,
	markPortfolioOpen,
	removeLeftPortfolios,
} from '~/models/portfolio/abandoned.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { PresenceSchema } from '~/utils/portfolio-schemas'
import { msg } from '~/utils/i18n-macro'

/**
 * POST /one/sites/portfolio/data/presence {portfolioId, view, here}: a builder page of the item
 * (`view`, a random id per page load) is open (`here: true`) or was left (`here: false`). A new
 * item with nothing saved whose last page is left is removed after a few seconds, unless a page
 * opens it again meanwhile (a reload, another tab). Answers `data: {pristine}`; 404 when the
 * owner has no such item (it may have been removed).
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { portfolioId, view, here } = await readJsonBody(request, PresenceSchema)
	const pristine = here
		? await markPortfolioOpen(customerId, portfolioId, view)
		: await markPortfolioLeft(customerId, portfolioId, view)
	if (pristine === null) return apiError(404, msg`Portfolio not found`)
	if (!here && pristine) {
		// Once the grace has passed. If this instance stops first, the builder's list removes it.
		setTimeout(() => {
			removeLeftPortfolios(customerId).catch((error: Error) =>
				console.warn(`could not remove a left project: ${error.message}`),
			)
		}, LEFT_GRACE_MS + 500).unref()
	}
	return apiOk({ data: { pristine } })
}

export const loader = postOnlyLoader
