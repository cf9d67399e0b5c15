import { getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
	data,
	redirect,
	type ActionFunctionArgs,
	type HeadersFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import { z } from 'zod'
import { AuthFooterLink, AuthForm, AuthLayout, NO_STORE, TextLink } from '~/components/auth-layout'
import { Field } from '~/components/forms'
import {
	OrDivider,
	PasskeyButton,
	SecondStepForm,
	usePasskeySignIn,
	usePasskeySupport,
} from '~/components/second-step'
import { getCustomerPath } from '~/models/customer.server'
import { INVALID_CREDENTIALS } from '~/utils/account-schemas'
import { attemptLogin } from '~/services/account.server'
import { continueFromPage, type SecondStepShown } from '~/services/second-step-page.server'
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

/** A code step's wait (past the wrong-code limit) says when to try again; no cache keeps a step. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
	const retryAfter = actionHeaders.get('Retry-After')
	return {
		'Cache-Control': NO_STORE,
		...(retryAfter ? { 'Retry-After': retryAfter } : {}),
	}
}

/** The page's answer to a post that does not sign in: the form's errors, or the code step. */
type LoginAnswer = {
	result?: SubmissionResult<string[]>
	step?: SecondStepShown
	redirectTo?: string | null
}

export async function action({ request }: ActionFunctionArgs) {
	const formData = await readFormData(request)
	const i18n = requestI18n(request)
	const submission = parseWithZod(formData, { schema: LoginFormSchema })
	const redirectTo = safeRedirectPath(formData.get('redirectTo'))
	// The form again with its message (200, as a refused login always was).
	const refused = (message: string) =>
		data<LoginAnswer>({
			result: submission.reply({ formErrors: [message], hideFields: ['password'] }),
		})
	// The code step, or a passkey (on its own, or as the code step's other way).
	const continued = await continueFromPage(formData, i18n)
	if (continued) {
		if (continued.ok) return signedIn(continued.signedIn, redirectTo)
		if (!continued.step) return refused(continued.error)
		const retryAfter = continued.step.retryAfterSeconds
		return data<LoginAnswer>(
			{ step: continued.step, redirectTo },
			retryAfter ? { status: 429, headers: { 'Retry-After': String(retryAfter) } } : undefined,
		)
	}
	if (submission.status !== 'success') return refused(translate(i18n, INVALID_CREDENTIALS))
	const { email, password } = submission.value
	const outcome = await attemptLogin(request, email, password)
	if (!outcome.ok && outcome.secondStep) {
		// The password was right and a second factor is on: nobody is signed in yet.
		return data<LoginAnswer>({
			step: { mfaToken: outcome.secondStep.mfaToken, error: null },
			redirectTo,
		})
	}
	if (!outcome.ok) return refused(translate(i18n, outcome.message))
	return signedIn(outcome, redirectTo)
}

/** A new session for this browser, and on to the page asked for. */
async function signedIn(outcome: { customerId: string; hasPath: boolean }, redirectTo: unknown) {
	const session = await createSession(outcome.customerId)
	return redirect(destination(outcome.hasPath, redirectTo), {
		headers: headersWithCookies(session.cookies),
	})
}

export default function LoginPage() {
	const { t } = useLingui()
	const loaderData = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>() as LoginAnswer | undefined
	const [form, fields] = useForm<z.input<typeof LoginFormSchema>>({
		id: 'login-form',
		lastResult: actionData?.result,
		shouldRevalidate: 'onSubmit',
	})
	const redirectTo = actionData?.redirectTo ?? loaderData?.redirectTo
	const hidden: Record<string, string> = redirectTo ? { redirectTo } : {}

	if (actionData?.step) {
		return (
			<AuthLayout
				title={t`Two-factor authentication`}
				subtitle={t`Enter the code from your authenticator app to finish logging in.`}
			>
				<SecondStepForm
					mfaToken={actionData.step.mfaToken}
					error={actionData.step.error}
					hidden={hidden}
				/>
				<AuthFooterLink to="/login">
					<Trans>Back to login</Trans>
				</AuthFooterLink>
			</AuthLayout>
		)
	}

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
				{redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
				<Field
					labelProps={{ children: t`Email` }}
					inputProps={{
						...getInputProps(fields.email, { type: 'email' }),
						// `webauthn`: the browser may offer the owner's passkeys among its suggestions.
						autoComplete: 'email webauthn',
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
			<PasskeySignIn hidden={hidden} />
			{loaderData.signupsOpen ? (
				<AuthFooterLink to="/signup">
					<Trans>Don't have an account? Create one</Trans>
				</AuthFooterLink>
			) : null}
		</AuthLayout>
	)
}

/**
 * 'Sign in with a passkey': no email typed, the passkey names its owner. Offered once the page's
 * script knows the browser can (never without JavaScript); where the browser can, its passkeys
 * are also offered in the email field's suggestions.
 */
function PasskeySignIn({ hidden }: { hidden: Record<string, string> }) {
	const { t } = useLingui()
	const support = usePasskeySupport()
	const passkey = usePasskeySignIn(hidden)
	const { signIn } = passkey
	useEffect(() => {
		if (support.autofill) void signIn({ autofill: true })
		// Once, when the browser says it can: a new request would replace the waiting one.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [support.autofill])
	if (!support.passkeys) return null
	return (
		<div className="mt-5 flex flex-col gap-5">
			<OrDivider />
			<PasskeyButton
				label={t`Sign in with a passkey`}
				asking={passkey.asking}
				onClick={() => void signIn()}
			/>
			{passkey.error ? (
				<p role="alert" className="text-sm text-red-800">
					{passkey.error}
				</p>
			) : null}
		</div>
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
