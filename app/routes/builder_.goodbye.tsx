import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { AuthLayout, NO_STORE } from '~/components/auth-layout'
import { metaI18n } from '~/utils/i18n'
import { noindexMeta } from '~/utils/seo'

export const headers = () => ({ 'Cache-Control': NO_STORE })

/** Where a deleted account ends up (outside the builder layout: there is no session any more). */
export default function GoodbyePage() {
	const { t } = useLingui()
	return (
		<AuthLayout title={t`Your Tagg is deleted`}>
			<div role="status" className="border-brand-200 bg-brand-50 rounded-xl border px-4 py-3.5">
				<p className="font-medium">
					<Trans>
						Your profile, resume, portfolio and images are gone, and you are signed out everywhere.
					</Trans>
				</p>
				<p className="text-muted mt-2 text-sm">
					<Trans>Your address is free for anyone to claim. Thank you for using Tagg.</Trans>
				</p>
			</div>
			<p className="mt-8 text-center text-sm">
				<Link to="/signup" className="text-brand font-semibold hover:underline">
					<Trans>Start again with a new account</Trans>
				</Link>
			</p>
		</AuthLayout>
	)
}

export const meta: MetaFunction = ({ matches }) =>
	noindexMeta(metaI18n(matches)._(msg`Goodbye | Tagg`))
