import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SitePage } from '~/components/site-page'
import { env } from '~/utils/env.server'
import { metaI18n } from '~/utils/i18n'

/** What this instance does: whether it counts visits, and how long it keeps the daily totals. */
export function loader() {
	const { INSIGHTS, INSIGHTS_RETENTION_DAYS } = env()
	return { counting: INSIGHTS === 'on', retentionDays: INSIGHTS_RETENTION_DAYS }
}

/** How visits are counted (the same words as README's privacy note; decision 022). */
export default function PrivacyPage() {
	const { t } = useLingui()
	const { counting, retentionDays } = useLoaderData<typeof loader>()
	return (
		<SitePage title={t`Privacy`} className="gap-6">
			<section aria-labelledby="visits" className="flex flex-col gap-3 leading-relaxed">
				<h2 id="visits" className="text-xl font-bold tracking-tight">
					<Trans>How visits are counted</Trans>
				</h2>
				{counting ? null : (
					<p className="font-semibold">
						<Trans>This site does not count visits at the moment.</Trans>
					</p>
				)}
				<p>
					<Trans>
						Owners see how many people their Tagg pages reach: views of each page, visitors per day,
						where visitors came from (the referring site, a <code>utm_source</code>, or direct), and
						clicks on their links, contact card and QR code downloads, and shares.
					</Trans>
				</p>
				<p>
					<Trans>
						Nothing personal is kept. No cookie is set and nothing is stored in your browser. Your
						IP address and user agent are never stored. To count a visitor once a day, a visitor is
						a hash of a random salt of the UTC day, the IP address, the user agent and the page
						owner. The salt is made at random each day and deleted when its day is over, together
						with that day’s hashes, so nobody can be followed from one day to the next or from one
						owner to another.
					</Trans>
				</p>
				<p>
					<Trans>
						Only daily totals are kept, for{' '}
						<Plural value={retentionDays} one="# day" other="# days" />, never a list of visits.
						Search engines and other bots, link previews fetched in advance, and owners looking at
						their own pages are not counted.
					</Trans>
				</p>
			</section>
		</SitePage>
	)
}

export const meta: MetaFunction = ({ matches }) => {
	const i18n = metaI18n(matches)
	return [
		{ title: i18n._(msg`Privacy | Tagg`) },
		{ name: 'description', content: i18n._(msg`How Tagg counts visits without tracking anyone.`) },
	]
}
