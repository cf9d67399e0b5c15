import { parseWithZod } from '@conform-to/zod/v4'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro'
import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { AuthFooterLink, AuthForm, AuthLayout, NO_STORE, TextLink } from '~/components/auth-layout'
import { InputField, useZodForm } from '~/components/forms'
import { readFormData } from '~/utils/api.server'
import { requestPasswordReset } from '~/services/account-settings.server'
import { metaI18n, translate } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'
import { FORGOT_PASSWORD_SENT, ForgotPasswordSchema } from '~/utils/settings-schemas'
import { noindexMeta } from '~/utils/seo'

export const headers = () => ({ 'Cache-Control': NO_STORE })

export async function action({ request }: ActionFunctionArgs) {
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: ForgotPasswordSchema })
	if (submission.status !== 'success') {
		return data({ result: submission.reply(), sent: false }, { status: 400 })
	}
	const outcome = await requestPasswordReset(request, submission.value.email)
	if (!outcome.ok) {
		return data(
			{
				result: submission.reply({
					formErrors: [translate(requestI18n(request), outcome.message)],
				}),
				sent: false,
			},
			{
				status: outcome.status,
				headers: outcome.retryAfterSeconds
					? { 'Retry-After': String(outcome.retryAfterSeconds) }
					: undefined,
			},
		)
	}
	return { result: submission.reply({ resetForm: true }), sent: true }
}

export default function ForgotPasswordPage() {
	const { t } = useLinguiMacro()
	const { i18n } = useLingui()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useZodForm(ForgotPasswordSchema, {
		id: 'forgot-password-form',
		lastResult: actionData?.result,
	})

	if (actionData?.sent) {
		return (
			<AuthLayout title={t`Check your email`}>
				<div
					role="status"
					className="border-brand-200 bg-brand-50 text-ink rounded-xl border px-4 py-3.5"
				>
					<p className="font-medium">{translate(i18n, FORGOT_PASSWORD_SENT)}</p>
					<p className="text-muted mt-2 text-sm">
						<Trans>
							The link works once, within 30 minutes. If nothing arrives in a few minutes, check
							your spam folder or ask again.
						</Trans>
					</p>
				</div>
				<p className="mt-8 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
					<TextLink to="/login">
						<Trans>Back to login</Trans>
					</TextLink>
					<TextLink to="/forgot-password">
						<Trans>Send another link</Trans>
					</TextLink>
				</p>
			</AuthLayout>
		)
	}

	return (
		<AuthLayout
			title={t`Forgot your password?`}
			subtitle={t`Enter the email you log in with. We will send you a link to choose a new password.`}
		>
			<AuthForm form={form} label={t`Send reset link`} pendingLabel={t`Sending...`}>
				<InputField
					type="email"
					autoComplete="email"
					meta={fields.email}
					label={t`Email`}
					initialFocus
					placeholder={t`you@example.com`}
				/>
			</AuthForm>
			<AuthFooterLink to="/login">
				<Trans>Remembered it? Log in</Trans>
			</AuthFooterLink>
		</AuthLayout>
	)
}

export const meta: MetaFunction = ({ matches }) =>
	noindexMeta(metaI18n(matches)._(msg`Forgot password | Tagg`))
