/**
 * Insights, the pure parts (docs/decisions/022-insights.md): what a hit may say, how a source is
 * named, and how daily rollups become the owner's summary. No database and no model imports:
 * app/services/insights.server.ts counts, app/models/insights.server.ts stores.
 */
import { SOCIAL_FIELDS, type SocialField } from './social'

/** Where the public pages' script sends its beacons (POST, JSON). */
export const INSIGHTS_HIT = '/one/insights/hit'
/** The no-script view counter (GET `?p=` the page's path; a 1x1 GIF, never cached). */
export const INSIGHTS_PIXEL = '/one/insights/pixel.gif'

/** The kinds of rows in a day's rollup (the `metric` column). */
export const METRICS = ['view', 'visitors', 'source', 'click', 'vcard', 'qr', 'share'] as const
export type Metric = (typeof METRICS)[number]

export const RANGES = { '7d': 7, '30d': 30, '90d': 90 } as const
export type Range = keyof typeof RANGES
export const DEFAULT_RANGE: Range = '7d'

export function parseRange(value: string | null | undefined): Range | null {
	if (value === null || value === undefined || value === '') return DEFAULT_RANGE
	return Object.hasOwn(RANGES, value) ? (value as Range) : null
}

/** How many entries each top list of the summary holds. */
export const TOP_LIMIT = 10

/**
 * The most distinct dimensions one owner's metric gets in a day on one instance (a top list is
 * capped): past it, new ones are counted under `OTHER`.
 */
export const DAILY_DIMENSION_CAP: Record<Metric, number> = {
	view: 250,
	visitors: 1,
	source: 50,
	click: 250,
	vcard: 1,
	qr: 1,
	share: 2,
}
export const OTHER = 'other'

/** `date` as its UTC day, `YYYY-MM-DD`. */
export function utcDay(date: Date = new Date()): string {
	return date.toISOString().slice(0, 10)
}

/** The UTC day `days` after `day` (before, when negative). */
export function addDays(day: string, days: number): string {
	const date = new Date(`${day}T00:00:00Z`)
	date.setUTCDate(date.getUTCDate() + days)
	return utcDay(date)
}

// ------------------------------------------------------------------ what a hit may say

const PNAME = '[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*'
const PAGE_PATH = new RegExp(`^/(${PNAME})(/portfolio(?:/([A-Za-z0-9_-]{1,64}))?|/resume)?/?$`)

/**
 * A public page's path (`/{pname}`, `/{pname}/portfolio`, `/{pname}/portfolio/{id}`,
 * `/{pname}/resume`) as its owner's name and the page under it ('/', '/portfolio', …); null for
 * anything else.
 */
export function parsePagePath(path: unknown): { pname: string; page: string } | null {
	if (typeof path !== 'string' || path.length > 200) return null
	const match = PAGE_PATH.exec(path)
	if (!match) return null
	return { pname: match[1]!, page: match[2] ?? '/' }
}

const LINK_NAMES = new Set<string>(SOCIAL_FIELDS)
export type LinkName = SocialField | `portfolio:${string}` | `link:${string}`

/**
 * A counted link: a social field name of the API (`linkedInUrl`, …), `portfolio:{id}`, or
 * `link:{linkId}` (one of the owner's own links).
 */
export function isLinkName(value: unknown): value is LinkName {
	return (
		typeof value === 'string' &&
		(LINK_NAMES.has(value) || /^(portfolio|link):[A-Za-z0-9_-]{1,64}$/.test(value))
	)
}

/** The insights key of an owner's own link (ARCHITECTURE.md: `link:{linkId}`). */
export const linkKey = (linkId: string): LinkName => `link:${linkId}`

/** The linkId of a counted link's key, or null when it names no own link. */
export const linkIdOf = (key: string) => (key.startsWith('link:') ? key.slice(5) : null)

export const SHARE_METHODS = ['native', 'copy'] as const
export type ShareMethod = (typeof SHARE_METHODS)[number]

/** Prefetches and prerenders are no visit (`Sec-Purpose: prefetch`, `Purpose: prefetch`). */
export function isPrefetch(headers: Headers) {
	return /prefetch/i.test(
		`${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''} ${headers.get('x-moz') ?? ''}`,
	)
}

/** The longest `utm_source` kept as a source name; a longer one counts as 'other'. */
export const MAX_UTM_SOURCE = 64

/**
 * Where a visit came from: its `utm_source` when the address has one (at most MAX_UTM_SOURCE
 * printable characters, else 'other'), else the referring site's host name (without `www.`, a
 * port, a path or anything else of the address), else 'direct'. A referrer on this site itself
 * (a visitor moving from the profile to a project) is no source: null.
 */
export function sourceOf({
	referrer,
	utmSource,
	ownHost,
}: {
	referrer?: string | null
	utmSource?: string | null
	ownHost: string
}): string | null {
	const given = utmSource?.trim()
	if (given) {
		// Printable ASCII only: anything else (controls, other scripts) is no campaign name.
		if (given.length > MAX_UTM_SOURCE || !/^[\x20-\x7e]+$/.test(given)) return OTHER
		const utm = given
			.toLowerCase()
			.replace(/[^a-z0-9._~-]+/g, '-')
			.replace(/^-+|-+$/g, '')
		return utm || OTHER
	}
	if (!referrer) return 'direct'
	let url: URL
	try {
		url = new URL(referrer)
	} catch {
		return 'direct'
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'direct'
	if (url.host.toLowerCase() === ownHost.toLowerCase()) return null
	// A host name is at most 253 characters (RFC 1035); URL has lower-cased and punycoded it.
	return url.hostname.replace(/^www\./, '').slice(0, 253) || 'direct'
}

/** The `utm_source` of a URL or a query string, if any. */
export function utmSourceOf(urlOrSearch: string | null | undefined): string | null {
	if (!urlOrSearch) return null
	try {
		const search = urlOrSearch.includes('?') ? urlOrSearch.slice(urlOrSearch.indexOf('?')) : ''
		return new URLSearchParams(search).get('utm_source')
	} catch {
		return null
	}
}

// ------------------------------------------------------------------ the summary

export type InsightsRow = { day: string; metric: string; dimension: string; count: number }

export type Totals = {
	views: number
	visitors: number
	linkClicks: number
	vcardDownloads: number
	qrDownloads: number
	shares: number
}

export type InsightsSummary = {
	range: Range
	/** The first and last day of the range (UTC, inclusive). */
	from: string
	to: string
	totals: Totals
	previous: Totals
	daily: Array<{ date: string; views: number; visitors: number }>
	sources: Array<{ source: string; visitors: number }>
	links: Array<{ link: string; clicks: number }>
	pages: Array<{ path: string; views: number }>
}

/** The days a range covers, ending today, and the same number of days before them. */
export function rangeDays(range: Range, today: string) {
	const days = RANGES[range]
	const from = addDays(today, -(days - 1))
	return { from, to: today, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) }
}

const TOTAL_OF: Record<string, keyof Totals> = {
	view: 'views',
	visitors: 'visitors',
	click: 'linkClicks',
	vcard: 'vcardDownloads',
	qr: 'qrDownloads',
	share: 'shares',
}

const emptyTotals = (): Totals => ({
	views: 0,
	visitors: 0,
	linkClicks: 0,
	vcardDownloads: 0,
	qrDownloads: 0,
	shares: 0,
})

function top<K extends string, V extends string>(
	counts: Map<string, number>,
	key: K,
	value: V,
): Array<Record<K, string> & Record<V, number>> {
	return [...counts]
		.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
		.slice(0, TOP_LIMIT)
		.map(
			([name, count]) => ({ [key]: name, [value]: count }) as Record<K, string> & Record<V, number>,
		)
}

/**
 * The owner's summary from the rollup rows of the range and of the period before it.
 * `pagePath` turns a stored page ('/', '/portfolio/{id}') into the public path shown.
 * Visitors are counted once a day: a range's visitors are the sum of its days'.
 */
export function summarize(
	rows: readonly InsightsRow[],
	range: Range,
	today: string,
	pagePath: (page: string) => string,
): InsightsSummary {
	const { from, to, previousFrom } = rangeDays(range, today)
	const totals = emptyTotals()
	const previous = emptyTotals()
	const daily = new Map<string, { date: string; views: number; visitors: number }>()
	for (let day = from; day <= to; day = addDays(day, 1))
		daily.set(day, { date: day, views: 0, visitors: 0 })
	const sources = new Map<string, number>()
	const links = new Map<string, number>()
	const pages = new Map<string, number>()
	const add = (map: Map<string, number>, key: string, count: number) =>
		map.set(key, (map.get(key) ?? 0) + count)

	for (const row of rows) {
		const total = TOTAL_OF[row.metric]
		if (row.day < previousFrom || row.day > to) continue
		if (row.day < from) {
			if (total) previous[total] += row.count
			continue
		}
		if (total) totals[total] += row.count
		const day = daily.get(row.day)
		if (row.metric === 'view') {
			if (day) day.views += row.count
			add(pages, pagePath(row.dimension), row.count)
		} else if (row.metric === 'visitors') {
			if (day) day.visitors += row.count
		} else if (row.metric === 'source') {
			add(sources, row.dimension, row.count)
		} else if (row.metric === 'click') {
			add(links, row.dimension, row.count)
		}
	}
	return {
		range,
		from,
		to,
		totals,
		previous,
		daily: [...daily.values()],
		sources: top(sources, 'source', 'visitors'),
		links: top(links, 'link', 'clicks'),
		pages: top(pages, 'path', 'views'),
	}
}

/** The change from `before` to `now` in whole percent; null when there was nothing before. */
export function percentChange(now: number, before: number): number | null {
	if (before === 0) return null
	return Math.round(((now - before) / before) * 100)
}

/** The summary as CSV: one line per day, then the top lists (for a spreadsheet). */
export function summaryRecords(
	summary: InsightsSummary,
	/** What the owner reads for a link key and a page path (the dashboard's names). */
	names: { link: (key: string) => string; page: (path: string) => string } = {
		link: (key) => key,
		page: (path) => path,
	},
): Array<Array<string | number>> {
	const records: Array<Array<string | number>> = [['date', 'views', 'visitors']]
	for (const day of summary.daily) records.push([day.date, day.views, day.visitors])
	records.push([], ['total', 'this period', 'previous period'])
	for (const key of Object.keys(summary.totals) as Array<keyof Totals>)
		records.push([key, summary.totals[key], summary.previous[key]])
	records.push([], ['source', 'visitors'])
	for (const row of summary.sources) records.push([row.source, row.visitors])
	records.push([], ['link', 'clicks'])
	for (const row of summary.links) records.push([names.link(row.link), row.clicks])
	records.push([], ['page', 'views'])
	for (const row of summary.pages) records.push([names.page(row.path), row.views])
	return records
}
