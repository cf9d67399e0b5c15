import { type LoaderFunctionArgs } from '@remix-run/node'
import { linkName, pageName } from '~/components/insights-names'
import { getCustomerPath } from '~/models/customer.server'
import { readDashboard } from '~/services/insights.server'
import { requireCustomerId } from '~/services/auth.server'
import { toCsv } from '~/utils/csv'
import { parseRange, summaryRecords } from '~/utils/insights'

/** GET /builder/insights.csv?range=7d|30d|90d: the owner's summary as a CSV file. */
export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const range = parseRange(new URL(request.url).searchParams.get('range'))
	if (!range)
		return new Response('range: 7d, 30d or 90d', {
			status: 400,
			headers: { 'Content-Type': 'text/plain; charset=utf-8' },
		})
	const [{ summary, projects }, path] = await Promise.all([
		readDashboard(customerId, range),
		getCustomerPath(customerId),
	])
	// The names the dashboard shows ("LinkedIn", "Project: …"), not the keys counted under.
	const names = {
		link: (key: string) => linkName(key, projects),
		page: (page: string) => pageName(page, path, projects),
	}
	return new Response(toCsv(summaryRecords(summary, names)), {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="tagg-insights-${range}-${summary.to}.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
