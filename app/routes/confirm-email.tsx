import {
	data,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import {
	Form,
	Link,
	useActionData,
	useLoaderData,
	type ShouldRevalidateFunction,
} from '@remix-run/react'
import { AuthLayout, LinkNotValidLayout, linkPageHeaders } from '~/components/auth-layout'
import { FormError, SubmitButton } from '~/components/forms'
import { findEmailChangeToken } from '~/models/account.server'
import { readFormData } from '~/utils/api.server'
import { confirmEmailFromLink } from '~/services/account-settings.server'
import { getCustomerId } from '~/services/auth.server'
import { useIsPending } from '~/utils/misc'
import { LinkTokenSchema } from '~/utils/settings-schemas'
import { noindexMeta } from '~/utils/seo'

export const headers = linkPageHeaders

/**
 * Opening the link shows what will change; the change is made by the button (a POST), so a
 * mail scanner that fetches links cannot spend it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const change = await findEmailChangeToken(token)
	const signedIn = Boolean(await getCustomerId(request))
	if (!change) return data({ token: '', newEmail: null, signedIn }, { status: 400 })
	return { token, newEmail: change.newEmail, signedIn }
}

export async function action({ request }: ActionFunctionArgs) {
	const formData = await readFormData(request)
	const token = LinkTokenSchema.safeParse(formData.get('token'))
	const outcome = token.success ? await confirmEmailFromLink(token.data) : null
	if (!outcome) return data({ confirmed: null, error: null, spent: true }, { status: 400 })
	if (!outcome.ok) {
		return data({ confirmed: null, error: outcome.message, spent: false }, { status: 409 })
	}
	return { confirmed: outcome.email, error: null, spent: false }
}

/**
 * The button's answer is the page: the link is spent by then, so reading it again would only
 * answer 400 (and log an error in the browser's console).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
	formMethod,
	defaultShouldRevalidate,
}) => (formMethod === 'POST' ? false : defaultShouldRevalidate)

export default function ConfirmEmailPage() {
	const { token, newEmail, signedIn } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const isPending = useIsPending()
	const next = signedIn ? (
		<Link to="/builder/settings" className="btn-primary mt-6 w-full">
			Back to your settings
		</Link>
	) : (
		<Link to="/login" className="btn-primary mt-6 w-full">
			Log in
		</Link>
	)

	if (actionData?.confirmed) {
		return (
			<AuthLayout title="Your email is changed">
				<p role="status" className="border-brand-200 bg-brand-50 rounded-xl border px-4 py-3.5">
					Your Tagg account’s email is now <strong>{actionData.confirmed}</strong>. Use it to log in
					from now on.
				</p>
				{next}
			</AuthLayout>
		)
	}

	if (!newEmail || actionData?.spent) {
		return (
			<LinkNotValidLayout explanation="A link to confirm a new email works once, within 24 hours, and a newer request replaces it. Ask for a new one in your settings.">
				{signedIn ? (
					<Link to="/builder/settings" className="btn-primary mt-6 w-full">
						Ask for a new link
					</Link>
				) : (
					<Link to="/login" className="btn-primary mt-6 w-full">
						Log in to ask for a new link
					</Link>
				)}
			</LinkNotValidLayout>
		)
	}

	return (
		<AuthLayout
			title="Confirm your new email"
			subtitle="Your Tagg account’s email changes when you confirm."
		>
			<Form method="POST" className="flex flex-col gap-5">
				<input type="hidden" name="token" value={token} />
				<p className="border-line bg-surface rounded-xl border px-4 py-3.5">
					New email: <strong className="break-all">{newEmail}</strong>
				</p>
				<FormError errors={actionData?.error ? [actionData.error] : undefined} />
				<SubmitButton pending={isPending} label="Confirm new email" pendingLabel="Confirming..." />
			</Form>
		</AuthLayout>
	)
}

export const meta: MetaFunction = () => noindexMeta('Confirm your new email | Tagg')
