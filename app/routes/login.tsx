import { getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
	redirect,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { AuthFooterLink, AuthForm, AuthLayout, TextLink } from '~/components/auth-layout'
import { Field } from '~/components/forms'
import { getCustomerPath } from '~/models/customer.server'
import { INVALID_CREDENTIALS } from '~/utils/account-schemas'
import { attemptLogin } from '~/services/account.server'
import { readFormData } from '~/utils/api.server'
import { getCustomerId, safeRedirectPath } from '~/services/auth.server'
import { createSession, headersWithCookies } from '~/services/session.server'
import { env } from '~/utils/env.server'
import { metaI18n, translate } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'

// The spec asks for no client-side validation: any failure reads 'Invalid email or password'.
const LoginFormSchema = z.object({
	email: z.string({ error: INVALID_CREDENTIALS }),
	password: z.string({ error: INVALID_CREDENTIALS }),
	redirectTo: z.string().optional(),
})

/** Where a signed-in owner goes: the page they asked for (same site only), else /builder. */
const destination = (hasPath: boolean, redirectTo: unknown) =>
	hasPath ? (safeRedirectPath(redirectTo) ?? '/builder') : '/set-path'

export async function loader({ request }: LoaderFunctionArgs) {
	const query = new URL(request.url).searchParams
	const redirectTo = safeRedirectPath(query.get('redirectTo'))
	const customerId = await getCustomerId(request)
	if (customerId) {
		throw redirect(destination(Boolean(await getCustomerPath(customerId)), redirectTo))
	}
	// Sent here from a builder page whose session ended (loginAgainPath): say so.
	// With SIGNUPS=invite or closed nobody signs up from here: no link to a page that says no.
	return {
		redirectTo,
		sessionEnded: query.get('session') === 'ended',
		signupsOpen: env().SIGNUPS === 'open',
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const formData = await readFormData(request)
	const i18n = requestI18n(request)
	const submission = parseWithZod(formData, { schema: LoginFormSchema })
	if (submission.status !== 'success') {
		return {
			result: submission.reply({
				formErrors: [translate(i18n, INVALID_CREDENTIALS)],
				hideFields: ['password'],
			}),
		}
	}
	const { email, password, redirectTo } = submission.value
	const outcome = await attemptLogin(request, email, password)
	if (!outcome.ok) {
		return {
			result: submission.reply({
				formErrors: [translate(i18n, outcome.message)],
				hideFields: ['password'],
			}),
		}
	}
	const session = await createSession(outcome.customerId)
	throw redirect(destination(outcome.hasPath, redirectTo), {
		headers: headersWithCookies(session.cookies),
	})
}

export default function LoginPage() {
	const { t } = useLingui()
	const loaderData = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useForm<z.input<typeof LoginFormSchema>>({
		id: 'login-form',
		lastResult: actionData?.result,
		shouldRevalidate: 'onSubmit',
	})

	return (
		<AuthLayout
			title={t`Welcome back!`}
			subtitle={t`Log in to edit your Tagg and see it the way your visitors do.`}
		>
			{loaderData?.sessionEnded ? (
				<p
					role="status"
					className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
				>
					<Trans>You were signed out. Log in again to carry on.</Trans>
				</p>
			) : null}
			<AuthForm form={form} label={t`Log In`} pendingLabel={t`Logging in...`}>
				{loaderData?.redirectTo ? (
					<input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
				) : null}
				<Field
					labelProps={{ children: t`Email` }}
					inputProps={{
						...getInputProps(fields.email, { type: 'email' }),
						autoComplete: 'email',
						autoFocus: true,
						placeholder: t`you@example.com`,
						dir: 'ltr',
					}}
				/>
				<Field
					labelProps={{ children: t`Password` }}
					inputProps={{
						...getInputProps(fields.password, { type: 'password' }),
						autoComplete: 'current-password',
						placeholder: t`Your password`,
						dir: 'ltr',
					}}
				/>
				<p className="-mt-2 text-end text-sm">
					<TextLink to="/forgot-password">
						<Trans>Forgot password?</Trans>
					</TextLink>
				</p>
			</AuthForm>
			{loaderData.signupsOpen ? (
				<AuthFooterLink to="/signup">
					<Trans>Don't have an account? Create one</Trans>
				</AuthFooterLink>
			) : null}
		</AuthLayout>
	)
}

export const meta: MetaFunction = ({ matches }) => {
	const i18n = metaI18n(matches)
	return [
		{ title: i18n._(msg`Log in | Tagg`) },
		{
			name: 'description',
			content: i18n._(msg`Log in to Tagg to edit your profile, resume and portfolio.`),
		},
	]
}
