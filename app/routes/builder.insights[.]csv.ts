import { type I18n } from '@lingui/core'
import { type LoaderFunctionArgs } from '@remix-run/node'
import { linkName, pageName } from '~/components/insights-names'
import { getAccount } from '~/models/account.server'
import { getCustomerPath } from '~/models/customer.server'
import { countedLinkTitles } from '~/models/link.server'
import { readDashboard } from '~/services/insights.server'
import { requireCustomerId } from '~/services/auth.server'
import { ownerAddress } from '~/services/domains.server'
import { CSV_FILE_START, toCsv } from '~/utils/csv'
import { msg } from '~/utils/i18n-macro'
import { requestI18n } from '~/utils/i18n.server'
import { type InsightsSummary, parseRange, type Totals } from '~/utils/insights'

/**
 * The words of the file: its column headers, the totals' names and the source no site sent. In
 * English they are the names the file always had (the totals' keys among them), so a sheet
 * built on it keeps working; in another language they are words a person reads.
 */
const WORDS = {
	date: msg({ message: 'date', context: 'insights CSV' }),
	views: msg({ message: 'views', context: 'insights CSV' }),
	visitors: msg({ message: 'visitors', context: 'insights CSV' }),
	total: msg({ message: 'total', context: 'insights CSV' }),
	thisPeriod: msg({ message: 'this period', context: 'insights CSV' }),
	previousPeriod: msg({ message: 'previous period', context: 'insights CSV' }),
	source: msg({ message: 'source', context: 'insights CSV' }),
	link: msg({ message: 'link', context: 'insights CSV' }),
	clicks: msg({ message: 'clicks', context: 'insights CSV' }),
	page: msg({ message: 'page', context: 'insights CSV' }),
	direct: msg({ message: 'direct', context: 'insights CSV' }),
}
const TOTALS: Record<keyof Totals, ReturnType<typeof msg>> = {
	views: WORDS.views,
	visitors: WORDS.visitors,
	linkClicks: msg({ message: 'linkClicks', context: 'insights CSV' }),
	vcardDownloads: msg({ message: 'vcardDownloads', context: 'insights CSV' }),
	qrDownloads: msg({ message: 'qrDownloads', context: 'insights CSV' }),
	shares: msg({ message: 'shares', context: 'insights CSV' }),
}

/**
 * The summary as CSV records in the owner's language: one line per day, then the totals and
 * the top lists (summaryRecords' layout, app/utils/insights.ts). Dates and counts stay as
 * a spreadsheet reads them (ISO dates, plain digits).
 */
function records(
	summary: InsightsSummary,
	names: { link: (key: string) => string; page: (path: string) => string },
	i18n: I18n,
): Array<Array<string | number>> {
	const say = (key: keyof typeof WORDS) => i18n._(WORDS[key])
	const rows: Array<Array<string | number>> = [[say('date'), say('views'), say('visitors')]]
	for (const day of summary.daily) rows.push([day.date, day.views, day.visitors])
	rows.push([], [say('total'), say('thisPeriod'), say('previousPeriod')])
	for (const key of Object.keys(summary.totals) as Array<keyof Totals>)
		rows.push([i18n._(TOTALS[key]), summary.totals[key], summary.previous[key]])
	rows.push([], [say('source'), say('visitors')])
	for (const row of summary.sources)
		rows.push([row.source === 'direct' ? say('direct') : row.source, row.visitors])
	rows.push([], [say('link'), say('clicks')])
	for (const row of summary.links) rows.push([names.link(row.link), row.clicks])
	rows.push([], [say('page'), say('views')])
	for (const row of summary.pages) rows.push([names.page(row.path), row.views])
	return rows
}

/**
 * GET /builder/insights.csv?range=7d|30d|90d: the owner's summary as a CSV file, in the
 * builder's language (the owner's setting, else the browser's).
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const range = parseRange(new URL(request.url).searchParams.get('range'))
	if (!range)
		return new Response('range: 7d, 30d or 90d', {
			status: 400,
			headers: { 'Content-Type': 'text/plain; charset=utf-8' },
		})
	const [{ summary, projects }, path, account] = await Promise.all([
		readDashboard(customerId, range),
		getCustomerPath(customerId),
		getAccount(customerId),
	])
	const i18n = requestI18n(request, account?.language)
	// The owner's own domain names the pages as visitors reach them there.
	const { domain } = path ? await ownerAddress(path) : { domain: null }
	// The owner's own links that were clicked, by title (`link:{linkId}`).
	const links = await countedLinkTitles(
		customerId,
		summary.links.map((row) => row.link),
	)
	// The names the dashboard shows ("LinkedIn", "Project: …"), not the keys counted under.
	const names = {
		link: (key: string) => linkName(key, projects, i18n, links),
		page: (page: string) => pageName(page, path, projects, i18n, domain),
	}
	return new Response(CSV_FILE_START + toCsv(records(summary, names, i18n)), {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="tagg-insights-${range}-${summary.to}.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}
