import { getInputProps } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import {
	data,
	redirect,
	type ActionFunctionArgs,
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
import { resetPasswordFromLink } from '~/services/account-settings.server'
import { createSession, headersWithCookies } from '~/services/session.server'
import { metaI18n } from '~/utils/i18n'
import { ResetPasswordFormSchema } from '~/utils/settings-schemas'
import { noindexMeta } from '~/utils/seo'

export const headers = linkPageHeaders

export async function loader({ request }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const valid = Boolean(await findPasswordResetToken(token))
	return data({ token: valid ? token : '', valid }, { status: valid ? 200 : 400 })
}

export async function action({ request }: ActionFunctionArgs) {
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: ResetPasswordFormSchema })
	if (submission.status !== 'success') {
		return data(
			{ result: submission.reply({ hideFields: ['password', 'confirmPassword'] }), spent: false },
			{ status: 400 },
		)
	}
	const { token, password } = submission.value
	const reset = await resetPasswordFromLink(token, password)
	if (!reset) {
		return data(
			{ result: submission.reply({ hideFields: ['password', 'confirmPassword'] }), spent: true },
			{ status: 400 },
		)
	}
	// Every other session ended with the reset; this browser is signed in afresh.
	const session = await createSession(reset.customerId)
	throw redirect(reset.hasPath ? '/builder' : '/set-path', {
		headers: headersWithCookies(session.cookies),
	})
}

export default function ResetPasswordPage() {
	const { t } = useLingui()
	const { token, valid } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useZodForm(ResetPasswordFormSchema, {
		id: 'reset-password-form',
		lastResult: actionData?.result,
		defaultValue: { token },
	})

	if (!valid || actionData?.spent) return <LinkNotValid />

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
