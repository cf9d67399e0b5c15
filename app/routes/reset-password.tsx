import { getInputProps } from '@conform-to/react'
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
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import {
	AuthForm,
	AuthLayout,
	LinkNotValidLayout,
	linkPageHeaders,
	TextLink,
} from '~/components/auth-layout'
import { NewPasswordFields, useZodForm } from '~/components/forms'
import { findPasswordResetToken } from '~/models/account.server'
import { readFormData } from '~/utils/api.server'
import { beginPasswordReset } from '~/services/account-settings.server'
import { continueFromPage, type SecondStepShown } from '~/services/second-step-page.server'
import { SecondStepForm } from '~/components/second-step'
import { type SubmissionResult } from '@conform-to/react'
import { requestI18n } from '~/utils/i18n.server'
import { createSession, headersWithCookies } from '~/services/session.server'
import { metaI18n } from '~/utils/i18n'
import { ResetPasswordFormSchema } from '~/utils/settings-schemas'
import { noindexMeta } from '~/utils/seo'

/** No cache and no Referer (the link's token is in the address); a code step's wait says when. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
	const retryAfter = actionHeaders.get('Retry-After')
	return { ...linkPageHeaders(), ...(retryAfter ? { 'Retry-After': retryAfter } : {}) }
}

/** The page's answer to a post that does not sign in. */
type ResetAnswer = {
	result?: SubmissionResult<string[]>
	/** The link is spent, expired or replaced: ask for a new one. */
	spent: boolean
	/** The owner's second factor is on: the new password waits for a code or a passkey. */
	step?: SecondStepShown
}

export async function loader({ request }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const valid = Boolean(await findPasswordResetToken(token))
	return data({ token: valid ? token : '', valid }, { status: valid ? 200 : 400 })
}

export async function action({ request }: ActionFunctionArgs) {
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: ResetPasswordFormSchema })
	const reply = (formErrors?: string[]) =>
		submission.reply({ formErrors, hideFields: ['password', 'confirmPassword'] })
	// The code step of an owner whose second factor is on (a code, or a passkey of theirs).
	const continued = await continueFromPage(formData, requestI18n(request))
	if (continued) {
		if (continued.ok) return signedIn(continued.signedIn)
		if (!continued.step) {
			// The link was spent meanwhile; or only the step expired: the password again.
			return data<ResetAnswer>(
				{
					result: reply(continued.linkSpent ? undefined : [continued.error]),
					spent: continued.linkSpent,
				},
				{ status: 400 },
			)
		}
		const retryAfter = continued.step.retryAfterSeconds
		return data<ResetAnswer>(
			{ step: continued.step, spent: false },
			retryAfter
				? { status: 429, headers: { 'Retry-After': String(retryAfter) } }
				: { status: 400 },
		)
	}
	if (submission.status !== 'success') {
		return data<ResetAnswer>({ result: reply(), spent: false }, { status: 400 })
	}
	const { token, password } = submission.value
	const reset = await beginPasswordReset(token, password)
	if (!reset) return data<ResetAnswer>({ result: reply(), spent: true }, { status: 400 })
	if (reset.secondStep) {
		// Nothing changed yet (password, sessions, the link): the second step decides.
		return data<ResetAnswer>({
			step: { mfaToken: reset.secondStep.mfaToken, error: null },
			spent: false,
		})
	}
	return signedIn(reset)
}

/** Every other session ended with the reset; this browser is signed in afresh. */
async function signedIn(reset: { customerId: string; hasPath: boolean }) {
	const session = await createSession(reset.customerId)
	return redirect(reset.hasPath ? '/builder' : '/set-path', {
		headers: headersWithCookies(session.cookies),
	})
}

export default function ResetPasswordPage() {
	const { t } = useLingui()
	const { token, valid } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>() as ResetAnswer | undefined
	const [form, fields] = useZodForm(ResetPasswordFormSchema, {
		id: 'reset-password-form',
		lastResult: actionData?.result,
		defaultValue: { token },
	})

	if (!valid || actionData?.spent) return <LinkNotValid />
	if (actionData?.step) {
		return (
			<AuthLayout
				title={t`Two-factor authentication`}
				subtitle={t`Your new password is saved once you enter a code from your authenticator app.`}
			>
				<SecondStepForm mfaToken={actionData.step.mfaToken} error={actionData.step.error} />
			</AuthLayout>
		)
	}

	return (
		<AuthLayout
			title={t`Choose a new password`}
			subtitle={t`After this, every device signed in to your Tagg is signed out, and this one is signed in.`}
		>
			<AuthForm
				form={form}
				errors={[...(form.errors ?? []), ...(fields.token.errors ?? [])]}
				label={t`Save new password`}
				pendingLabel={t`Saving...`}
			>
				<input {...getInputProps(fields.token, { type: 'hidden' })} />
				<NewPasswordFields
					password={fields.password}
					confirmPassword={fields.confirmPassword}
					label={t`New password`}
					confirmLabel={t`Re-enter Password`}
					initialFocus
				/>
			</AuthForm>
		</AuthLayout>
	)
}

function LinkNotValid() {
	const { t } = useLingui()
	return (
		<LinkNotValidLayout
			explanation={t`A link to reset your password works once, within 30 minutes, and a newer request replaces it. Ask for a new one and use the latest email.`}
		>
			<Link to="/forgot-password" className="btn-primary mt-6 w-full">
				<Trans>Ask for a new link</Trans>
			</Link>
			<p className="mt-6 text-center text-sm">
				<TextLink to="/login">
					<Trans>Back to login</Trans>
				</TextLink>
			</p>
		</LinkNotValidLayout>
	)
}

export const meta: MetaFunction = ({ matches }) =>
	noindexMeta(metaI18n(matches)._(msg`Choose a new password | Tagg`))
