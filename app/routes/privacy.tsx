import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { SitePage } from '~/components/site-page'
import { env } from '~/utils/env.server'
import { metaI18n } from '~/utils/i18n'

/** What this instance does: whether it counts visits, and how long it keeps the daily totals. */
export function loader() {
	const { INSIGHTS, INSIGHTS_RETENTION_DAYS, CONTACTS_RETENTION_DAYS } = env()
	return {
		counting: INSIGHTS === 'on',
		retentionDays: INSIGHTS_RETENTION_DAYS,
		// How long the details visitors leave with 'Exchange contact' are kept.
		contactDays: CONTACTS_RETENTION_DAYS,
	}
}

/** How visits are counted (the same words as README's privacy note; decision 022). */
export default function PrivacyPage() {
	const { t } = useLingui()
	const { counting, retentionDays, contactDays } = useLoaderData<typeof loader>()
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
			<section aria-labelledby="contacts" className="flex flex-col gap-3 leading-relaxed">
				<h2 id="contacts" className="text-xl font-bold tracking-tight">
					<Trans>Details you leave with 'Exchange contact'</Trans>
				</h2>
				<p>
					<Trans>
						When you leave your details on someone’s Tagg page (your name, your email or phone
						number, and if you like your company and a note), they go to that page’s owner only: by
						email, and in their Tagg account. You tick a box to agree to it first; the sentence you
						agreed to is kept with your details, with the time.
					</Trans>
				</p>
				<p>
					<Trans>
						Your details are kept for <Plural value={contactDays} one="# day" other="# days" />,
						then deleted. The owner can delete them sooner: ask them to. They are also deleted with
						the owner’s account, and go with it when the owner downloads their data.
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
