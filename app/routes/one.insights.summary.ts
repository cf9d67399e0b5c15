import { type LoaderFunctionArgs } from '@remix-run/node'
import { readSummary } from '~/services/insights.server'
import { apiError, apiOk, getOnlyAction } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { parseRange } from '~/utils/insights'

/**
 * GET /one/insights/summary?range=7d|30d|90d (owner): what the owner's pages reached in the last
 * 7, 30 or 90 days (UTC, today included) and in the same number of days before:
 * `data: {range, totals, previous, daily, sources, links, pages}` (docs/decisions/022-insights.md).
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireApiOwner(request, 'GET')
	const range = parseRange(new URL(request.url).searchParams.get('range'))
	if (!range) return apiError(400, 'range: 7d, 30d or 90d')
	const summary = await readSummary(customerId, range)
	return apiOk({
		data: {
			range: summary.range,
			totals: summary.totals,
			previous: summary.previous,
			daily: summary.daily,
			sources: summary.sources,
			links: summary.links,
			pages: summary.pages,
		},
	})
}

export const action = getOnlyAction
