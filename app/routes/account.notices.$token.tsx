import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import {
	data,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AuthLayout, LinkNotValidLayout, linkPageHeaders } from '~/components/auth-layout'
import { SubmitButton } from '~/components/forms'
import { setContactNotices } from '~/models/contact.server'
import { ownerOfUnsubscribeToken } from '~/services/contact-notices.server'
import { metaI18n } from '~/utils/i18n'
import { useIsPending } from '~/utils/misc'
import { noindexMeta } from '~/utils/seo'

export const headers = linkPageHeaders

/**
 * The address of the emails' one-click unsubscribe (app/services/contact-notices.server.ts).
 * Opened in a browser it asks first (a mail scanner that fetches links changes nothing); a POST,
 * the page's button or a mail client's one-click `List-Unsubscribe=One-Click`, stops the emails
 * and answers 200 with the page that says so. No sign-in: the token is the owner's word.
 */
export async function loader({ params }: LoaderFunctionArgs) {
	const valid = ownerOfUnsubscribeToken(params.token) !== null
	return data({ valid }, { status: valid ? 200 : 400 })
}

export async function action({ params }: ActionFunctionArgs) {
	const customerId = ownerOfUnsubscribeToken(params.token)
	const stopped = customerId ? await setContactNotices(customerId, false) : false
	return data({ stopped }, { status: stopped ? 200 : 400 })
}

const TITLE = msg`Stop emails about visitors’ details?`
const DONE_TITLE = msg`These emails are stopped`

export default function StopContactNotices() {
	const { _ } = useLingui()
	const { valid } = useLoaderData<typeof loader>()
	const done = useActionData<typeof action>()
	const isPending = useIsPending()
	if (!valid || done?.stopped === false) {
		return (
			<LinkNotValidLayout
				explanation={_(
					msg`This link comes from an email about visitors’ details. Log in to choose which emails you get on your Contacts page.`,
				)}
			>
				<Link to="/builder/contacts" className="btn-primary mt-6 w-full">
					<Trans>Open Contacts</Trans>
				</Link>
			</LinkNotValidLayout>
		)
	}
	if (done?.stopped) {
		return (
			<AuthLayout title={_(DONE_TITLE)}>
				<p role="status" className="border-brand-200 bg-brand-50 rounded-xl border px-4 py-3.5">
					<Trans>
						Tagg no longer emails you when someone leaves their details. They still appear on your
						Contacts page, where you can turn these emails on again.
					</Trans>
				</p>
				<Link to="/builder/contacts" className="btn-secondary mt-6 w-full">
					<Trans>Open Contacts</Trans>
				</Link>
			</AuthLayout>
		)
	}
	return (
		<AuthLayout
			title={_(TITLE)}
			subtitle={_(
				msg`Tagg emails you when someone leaves their details on your page. Their details stay on your Contacts page either way.`,
			)}
		>
			<Form method="POST" className="flex flex-col gap-5">
				<SubmitButton
					pending={isPending}
					label={_(msg`Stop these emails`)}
					pendingLabel={_(msg`Stopping...`)}
				/>
			</Form>
		</AuthLayout>
	)
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => {
	const i18n = metaI18n(matches)
	const title = i18n._(TITLE)
	return noindexMeta(i18n._(msg`${title} | Tagg`))
}
