import { type I18n, type MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useId } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { DownloadIcon, EyeIcon } from '~/components/icons'
import { linkName, pageName } from '~/components/insights-names'
import { getCustomerPath } from '~/models/customer.server'
import { readContactCounts } from '~/models/insights.server'
import { countedLinkTitles } from '~/models/link.server'
import { readDashboard } from '~/services/insights.server'
import { requireCustomerId } from '~/services/auth.server'
import { ownerAddress } from '~/services/domains.server'
import { env } from '~/utils/env.server'
import { metaI18n } from '~/utils/i18n'
import {
	percentChange,
	parseRange,
	rangeDays,
	RANGES,
	utcDay,
	type InsightsSummary,
	type Range,
	type Totals,
} from '~/utils/insights'
import { cx } from '~/utils/misc'
import { useTimeZone } from '~/utils/time-zone'

export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	// An unknown range shows the default one rather than an error page.
	const range = parseRange(new URL(request.url).searchParams.get('range')) ?? '7d'
	const [{ summary, projects }, path] = await Promise.all([
		readDashboard(customerId, range),
		getCustomerPath(customerId),
	])
	// The owner's own links that were clicked, by title (`link:{linkId}`).
	const links = await countedLinkTitles(
		customerId,
		summary.links.map((row) => row.link),
	)
	// Contacts visitors left, in this period and the one before.
	const days = rangeDays(range, summary.to || utcDay())
	const counts = await readContactCounts(customerId, days.previousFrom, days.to)
	const contacts = {
		now: counts.filter((row) => row.day >= days.from).reduce((sum, row) => sum + row.count, 0),
		before: counts.filter((row) => row.day < days.from).reduce((sum, row) => sum + row.count, 0),
	}
	return {
		summary,
		contacts,
		projects,
		links,
		path,
		// `https://{domain}/` while the owner's own domain serves the pages.
		...(path ? await ownerAddress(path) : { profileUrl: null, domain: null }),
		insightsOn: env().INSIGHTS === 'on',
	}
}

const TOTALS: Array<{ key: keyof Totals; label: MessageDescriptor }> = [
	{ key: 'views', label: msg`Views` },
	{ key: 'visitors', label: msg`Visitors` },
	{ key: 'linkClicks', label: msg`Link clicks` },
	{ key: 'vcardDownloads', label: msg`vCard downloads` },
	{ key: 'qrDownloads', label: msg`QR downloads` },
	{ key: 'shares', label: msg`Shares` },
]

export default function InsightsPage() {
	const { t, i18n } = useLingui()
	const { summary, contacts, projects, links, path, profileUrl, domain, insightsOn } =
		useLoaderData<typeof loader>()
	const days = RANGES[summary.range]
	const empty =
		Object.values(summary.totals).every((value) => value === 0) &&
		Object.values(summary.previous).every((value) => value === 0) &&
		contacts.now === 0 &&
		contacts.before === 0
	return (
		<main className="mx-auto flex max-w-5xl flex-col gap-5 px-4 py-6 sm:py-8">
			<div className="flex flex-wrap items-end justify-between gap-4">
				<div>
					<h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
						<Trans>Insights</Trans>
					</h1>
					<p className="text-muted mt-1">
						{t`${plural(days, {
							one: 'What your pages reached in the last # day.',
							other: 'What your pages reached in the last # days.',
						})}`}{' '}
						<Trans>No cookies, nobody followed.</Trans>{' '}
						<Link to="/privacy" className="text-brand-700 underline underline-offset-2">
							<Trans>How we count</Trans>
						</Link>
					</p>
				</div>
				<div className="flex flex-wrap items-center gap-2">
					<RangeSwitch current={summary.range} />
					<a
						href={`/builder/insights.csv?range=${summary.range}`}
						className="btn-secondary min-h-10 py-2"
						title={t`Download these figures as a CSV file`}
						download
					>
						<DownloadIcon />
						<Trans context="file format">CSV</Trans>
					</a>
				</div>
			</div>

			{!insightsOn ? (
				<p className="card border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
					<Trans>
						Counting is turned off on this server (INSIGHTS=off): no new visits are counted.
					</Trans>
				</p>
			) : null}

			{empty ? (
				<EmptyState path={path} profileUrl={profileUrl} domain={domain} />
			) : (
				<>
					<section aria-labelledby="totals" className="flex flex-col gap-3">
						<h2 id="totals" className="sr-only">
							<Trans>Totals</Trans>
						</h2>
						<ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
							{TOTALS.map(({ key, label }) => (
								<li key={key} className="card flex flex-col gap-1 p-4">
									<span className="text-muted text-sm font-medium">{i18n._(label)}</span>
									<span className="text-2xl font-bold tabular-nums sm:text-3xl">
										{i18n.number(summary.totals[key])}
									</span>
									<Change now={summary.totals[key]} before={summary.previous[key]} days={days} />
								</li>
							))}
							<li className="card flex flex-col gap-1 p-4">
								<Link
									to="/builder/contacts"
									className="text-muted text-sm font-medium underline-offset-2 hover:underline"
								>
									<Trans>Contacts received</Trans>
								</Link>
								<span className="text-2xl font-bold tabular-nums sm:text-3xl">
									{i18n.number(contacts.now)}
								</span>
								<Change now={contacts.now} before={contacts.before} days={days} />
							</li>
						</ul>
					</section>
					<DailyChart summary={summary} />
					<div className="grid gap-5 md:grid-cols-3">
						<TopList
							title={t`Top sources`}
							unit={(count) => t`${plural(count, { one: '# visitor', other: '# visitors' })}`}
							empty={t`No visitors yet.`}
							rows={summary.sources.map((row) => ({
								name: row.source === 'direct' ? t`Direct or unknown` : row.source,
								count: row.visitors,
							}))}
						/>
						<TopList
							title={t`Top links`}
							unit={(count) => t`${plural(count, { one: '# click', other: '# clicks' })}`}
							empty={t`No clicks on your links yet.`}
							rows={summary.links.map((row) => ({
								name: linkName(row.link, projects, i18n, links),
								count: row.clicks,
							}))}
						/>
						<TopList
							title={t`Top pages`}
							unit={(count) => t`${plural(count, { one: '# view', other: '# views' })}`}
							empty={t`No page views yet.`}
							rows={summary.pages.map((row) => ({
								name: pageName(row.path, path, projects, i18n, domain),
								count: row.views,
							}))}
						/>
					</div>
				</>
			)}
		</main>
	)
}

function RangeSwitch({ current }: { current: Range }) {
	const { t } = useLingui()
	return (
		<nav aria-label={t`Period`}>
			<ul className="border-line bg-surface flex rounded-xl border p-1">
				{(Object.keys(RANGES) as Range[]).map((range) => (
					<li key={range}>
						<Link
							to={`?range=${range}`}
							aria-current={range === current ? 'page' : undefined}
							className={cx(
								'flex min-h-9 items-center rounded-lg px-3 text-sm font-semibold',
								range === current ? 'bg-brand text-on-brand' : 'text-muted hover:text-ink',
							)}
						>
							<RangeDays days={RANGES[range]} />
						</Link>
					</li>
				))}
			</ul>
		</nav>
	)
}

const RangeDays = ({ days }: { days: number }) => <Plural value={days} one="# day" other="# days" />

function Change({ now, before, days }: { now: number; before: number; days: number }) {
	const { t, i18n } = useLingui()
	const change = percentChange(now, before)
	if (change === null)
		return (
			<span className="text-muted text-xs">
				{now
					? t`${plural(days, {
							one: 'New: none in the # day before',
							other: 'New: none in the # days before',
						})}`
					: t`No change`}
			</span>
		)
	if (change === 0)
		return (
			<span className="text-muted text-xs">
				{t`${plural(days, { one: 'Same as the # day before', other: 'Same as the # days before' })}`}
			</span>
		)
	// The sign as it always was ('+', '−'); the number and its % in the page's language.
	// A signed number reads left to right in a right-to-left sentence too.
	const percent = (
		<bdi dir="ltr">{`${change > 0 ? '+' : '−'}${percentOf(i18n, Math.abs(change))}`}</bdi>
	)
	return (
		<span className={cx('text-xs font-semibold', change > 0 ? 'text-emerald-700' : 'text-red-700')}>
			<span aria-hidden="true">{change > 0 ? '▲' : '▼'} </span>
			<Trans>
				{percent}{' '}
				<span className="text-muted font-normal">
					vs <Plural value={days} one="the # day before" other="the # days before" />
				</span>
			</Trans>
		</span>
	)
}

/** A whole percentage (12 → '12%', '12 %', '12٪'), without grouping as before ('1234%'). */
const percentOf = (i18n: I18n, value: number) =>
	i18n.number(value / 100, { style: 'percent', useGrouping: false, maximumFractionDigits: 0 })

const CHART = { width: 720, height: 200, top: 8 }

function DailyChart({ summary }: { summary: InsightsSummary }) {
	const { t, i18n } = useLingui()
	const titleId = useId()
	const { daily } = summary
	const max = Math.max(1, ...daily.map((day) => Math.max(day.views, day.visitors)))
	const step = CHART.width / daily.length
	const barWidth = Math.max(1, step * 0.7)
	const y = (value: number) => CHART.top + (CHART.height - CHART.top) * (1 - value / max)
	const line = daily
		.map((day, index) => `${(index * step + step / 2).toFixed(1)},${y(day.visitors).toFixed(1)}`)
		.join(' ')
	// A day 'YYYY-MM-DD' is read as UTC midnight, and shown in UTC.
	const label = (date: string) =>
		i18n.date(new Date(date), { month: 'short', day: 'numeric', timeZone: 'UTC' })
	// A table row names its day of the week too.
	const dayName = (date: string) =>
		i18n.date(new Date(date), {
			weekday: 'short',
			month: 'short',
			day: 'numeric',
			timeZone: 'UTC',
		})
	const from = label(summary.from)
	const to = label(summary.to)
	return (
		<section aria-labelledby={titleId} className="card flex flex-col gap-3 p-4 sm:p-5">
			<div className="flex flex-wrap items-center justify-between gap-2">
				<h2 id={titleId} className="text-lg font-bold tracking-tight">
					<Trans>Views and visitors per day</Trans>
				</h2>
				<p className="text-muted flex items-center gap-4 text-sm" aria-hidden="true">
					<span className="flex items-center gap-1.5">
						<span className="bg-brand inline-block size-3 rounded-sm" /> <Trans>Views</Trans>
					</span>
					<span className="flex items-center gap-1.5">
						<span className="bg-ink inline-block h-0.5 w-4 rounded" /> <Trans>Visitors</Trans>
					</span>
				</p>
			</div>
			{/* Time runs left to right in every language, Arabic charts included: the axes keep
			    their places (the scale on the left, the first day on the left, the last on the right). */}
			<div className="flex gap-2" dir="ltr">
				<div
					className="text-muted flex flex-col justify-between text-end text-xs tabular-nums"
					aria-hidden="true"
				>
					<span>{i18n.number(max, { notation: 'compact' })}</span>
					<span>{i18n.number(0)}</span>
				</div>
				<svg
					viewBox={`0 0 ${CHART.width} ${CHART.height}`}
					preserveAspectRatio="none"
					className="border-line h-48 w-full border-s border-b sm:h-56"
					aria-hidden="true"
					focusable="false"
				>
					<line
						x1="0"
						x2={CHART.width}
						y1={y(max / 2)}
						y2={y(max / 2)}
						className="stroke-line"
						strokeDasharray="4 4"
						vectorEffect="non-scaling-stroke"
					/>
					{daily.map((day, index) => (
						<rect
							key={day.date}
							x={index * step + (step - barWidth) / 2}
							y={y(day.views)}
							width={barWidth}
							height={CHART.height - y(day.views)}
							className="fill-brand"
							rx={Math.min(3, barWidth / 4)}
						/>
					))}
					<polyline
						points={line}
						fill="none"
						className="stroke-ink"
						strokeWidth="2"
						strokeLinejoin="round"
						vectorEffect="non-scaling-stroke"
					/>
				</svg>
			</div>
			<div className="text-muted flex justify-between ps-8 text-xs" dir="ltr" aria-hidden="true">
				<span>{from}</span>
				<span>{to}</span>
			</div>
			<DayStart day={summary.to} />
			{/* A table ignores overflow: the hiding wrapper keeps its rows from lengthening the page. */}
			<div className="sr-only">
				<table>
					<caption>{t`Views and visitors per day, ${from} to ${to}`}</caption>
					<thead>
						<tr>
							<th scope="col">
								<Trans>Day</Trans>
							</th>
							<th scope="col">
								<Trans>Views</Trans>
							</th>
							<th scope="col">
								<Trans>Visitors</Trans>
							</th>
						</tr>
					</thead>
					<tbody>
						{daily.map((day) => (
							<tr key={day.date}>
								<th scope="row">{dayName(day.date)}</th>
								<td>{i18n.number(day.views)}</td>
								<td>{i18n.number(day.visitors)}</td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
		</section>
	)
}

/** A locale whose dates read YYYY-MM-DD (compared as strings with a day of the summary). */
const ISO_DATE_LOCALE = 'en-CA'

/**
 * Days are UTC days (a visitor is counted once a UTC day; docs/decisions/022-insights.md). An
 * owner elsewhere is told when such a day starts in their time, once the browser says their zone.
 */
function DayStart({ day: to }: { day: string }) {
	const { i18n } = useLingui()
	const zone = useTimeZone()
	const day = to || utcDay()
	// A date alone ('YYYY-MM-DD') is read as UTC midnight.
	const midnight = new Date(day)
	const at = (timeZone: string) =>
		i18n.date(midnight, { hour: 'numeric', minute: '2-digit', timeZone })
	const local = zone.known ? at(zone.zone) : null
	// West of Greenwich a UTC day starts on the owner's day before.
	const before =
		zone.known &&
		new Intl.DateTimeFormat(ISO_DATE_LOCALE, { timeZone: zone.zone }).format(midnight) < day
	return (
		<p className="text-muted text-xs" data-testid="day-start">
			{local === null || local === at('UTC') ? (
				<Trans>Days are counted in UTC.</Trans>
			) : before ? (
				<Trans>Days are counted in UTC: each starts at {local} the day before, your time.</Trans>
			) : (
				<Trans>Days are counted in UTC: each starts at {local} your time.</Trans>
			)}
		</p>
	)
}

function TopList({
	title,
	unit,
	empty,
	rows,
}: {
	title: string
	/** The count as read out: '5 visitors' (the number alone is what the eye reads). */
	unit: (count: number) => string
	empty: string
	rows: Array<{ name: string; count: number }>
}) {
	const { i18n } = useLingui()
	const titleId = useId()
	const max = Math.max(1, ...rows.map((row) => row.count))
	return (
		<section aria-labelledby={titleId} className="card flex flex-col gap-3 p-4 sm:p-5">
			<h2 id={titleId} className="text-lg font-bold tracking-tight">
				{title}
			</h2>
			{rows.length ? (
				<ol className="flex flex-col gap-2.5">
					{rows.map((row) => (
						<li key={row.name} className="flex flex-col gap-1">
							<div className="flex items-baseline justify-between gap-3 text-sm">
								<span className="min-w-0 truncate font-medium" title={row.name} dir="auto">
									{row.name}
								</span>
								<span className="tabular-nums">
									<span aria-hidden="true">{i18n.number(row.count)}</span>
									<span className="sr-only">{unit(row.count)}</span>
								</span>
							</div>
							<span className="bg-brand-100 block h-1.5 rounded-full" aria-hidden="true">
								<span
									className="bg-brand block h-full rounded-full"
									style={{ width: `${(row.count / max) * 100}%` }}
								/>
							</span>
						</li>
					))}
				</ol>
			) : (
				<p className="text-muted text-sm">{empty}</p>
			)}
		</section>
	)
}

function EmptyState({
	path,
	profileUrl,
	domain,
}: {
	path: string | null
	profileUrl: string | null
	/** The owner's own domain: the page is there. */
	domain: string | null
}) {
	return (
		<section aria-labelledby="empty" className="card flex flex-col items-start gap-3 p-6 sm:p-8">
			<h2 id="empty" className="text-xl font-bold tracking-tight">
				<Trans>No visits yet</Trans>
			</h2>
			<p className="text-muted max-w-prose">
				<Trans>
					Share your page and this is where you will see what it reaches: views, visitors, where
					they came from, and the links, contact cards and QR codes they use. Put your link in your
					email signature and social bios, or let people scan your QR code (View Live, then Share).
				</Trans>
			</p>
			{path && profileUrl ? (
				<>
					<p
						className="bg-canvas border-line rounded-lg border px-3 py-2 font-mono text-sm break-all"
						dir="ltr"
					>
						{profileUrl}
					</p>
					<a
						href={domain && profileUrl ? profileUrl : `/${path}`}
						target="_blank"
						rel="noopener noreferrer"
						className="btn-primary"
					>
						<EyeIcon className="size-4" />
						<Trans>Open your page to share it</Trans>
					</a>
				</>
			) : (
				<Link to="/set-path" className="btn-primary">
					<Trans>Claim your address first</Trans>
				</Link>
			)}
		</section>
	)
}

export const meta: MetaFunction = ({ matches }) => [
	{ title: metaI18n(matches)._(msg`Insights | Tagg`) },
	{ name: 'robots', content: 'noindex' },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
