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
import { AuthFooterLink, AuthForm, AuthLayout } from '~/components/auth-layout'
import { InputField, NewPasswordFields, useZodForm } from '~/components/forms'
import {
	EMAIL_INVALID,
	EMAIL_MISSING,
	NAME_MISSING,
	NAME_TOO_LONG,
	PASSWORD_MISSING,
	PasswordSchema,
	RegisterSchema,
} from '~/utils/account-schemas'
import { attemptRegister, signupRefusal } from '~/services/account.server'
import { findUsableInvite } from '~/models/invite.server'
import { env } from '~/utils/env.server'
import { readFormData } from '~/utils/api.server'
import { getCustomerId } from '~/services/auth.server'
import { createSession, headersWithCookies } from '~/services/session.server'
import { metaI18n, translate } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'
import { PASSWORD_AGAIN_MISSING, PASSWORD_MISMATCH } from '~/utils/settings-schemas'
import { askedLocale } from '~/utils/locale.server'

const CREATE_FAILED = msg`Sorry, we couldn't create your account right now. Please try again later.`

/** Client and server share this schema; the mismatch check stops the submission in the browser. */
const SignupFormSchema = z
	.object({
		name: z.string({ error: NAME_MISSING }).trim().min(1, NAME_MISSING).max(100, NAME_TOO_LONG),
		email: z
			.string({ error: EMAIL_MISSING })
			.trim()
			.pipe(z.email({ error: EMAIL_INVALID })),
		password: z.string({ error: PASSWORD_MISSING }).pipe(PasswordSchema),
		confirmPassword: z.string({ error: PASSWORD_AGAIN_MISSING }),
	})
	.superRefine((value, ctx) => {
		if (value.password !== value.confirmPassword) {
			ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MISMATCH })
		}
	})

/**
 * SIGNUPS=open: the form. `invite`: the form only with a usable invitation link (its email
 * filled in), else a note saying how to get one. `closed`: a note, no form.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	if (await getCustomerId(request)) throw redirect('/builder')
	const token = new URL(request.url).searchParams.get('invite') ?? undefined
	const refusal = await signupRefusal(undefined, token)
	if (refusal) return { refusal: translate(requestI18n(request), refusal.message), invite: null }
	const invite = env().SIGNUPS === 'invite' && token ? await findUsableInvite(token) : null
	return { refusal: null, invite: invite && token ? { token, email: invite.email } : null }
}

export async function action({ request }: ActionFunctionArgs) {
	const formData = await readFormData(request)
	const i18n = requestI18n(request)
	const submission = parseWithZod(formData, { schema: SignupFormSchema })
	if (submission.status !== 'success') {
		return { result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) }
	}
	const { name, email, password } = submission.value
	const invite = formData.get('invite')
	const outcome = await attemptRegister(RegisterSchema.parse({ name, email, password }), {
		invite: typeof invite === 'string' && invite ? invite : undefined,
		language: askedLocale(request) ?? undefined,
	})
	if (!outcome.ok && outcome.status === 403) {
		return {
			result: submission.reply({
				formErrors: [translate(i18n, outcome.message)],
				hideFields: ['password', 'confirmPassword'],
			}),
		}
	}
	if (!outcome.ok) {
		return {
			result: submission.reply({
				formErrors: [i18n._(CREATE_FAILED)],
				hideFields: ['password', 'confirmPassword'],
			}),
		}
	}
	const session = await createSession(outcome.customerId)
	throw redirect('/set-path', { headers: headersWithCookies(session.cookies) })
}

export default function SignupPage() {
	const { t } = useLingui()
	const { refusal, invite } = useLoaderData<typeof loader>()
	if (refusal) {
		return (
			<AuthLayout title={t`Create your Tagg`}>
				<p role="status" className="text-ink">
					{refusal}
				</p>
				<AuthFooterLink to="/login">
					<Trans>Already have an account? Login</Trans>
				</AuthFooterLink>
			</AuthLayout>
		)
	}
	return <SignupForm invite={invite} />
}

function SignupForm({ invite }: { invite: { token: string; email: string } | null }) {
	const { t } = useLingui()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useZodForm(SignupFormSchema, {
		id: 'signup-form',
		lastResult: actionData?.result,
		defaultValue: invite ? { email: invite.email } : undefined,
	})

	return (
		<AuthLayout
			title={t`Create your Tagg`}
			subtitle={t`One address for your profile, resume and portfolio. It takes a minute.`}
		>
			<AuthForm form={form} label={t`Create Account`} pendingLabel={t`Creating your account...`}>
				{invite ? <input type="hidden" name="invite" value={invite.token} /> : null}
				<InputField
					type="text"
					autoComplete="name"
					meta={fields.name}
					label={t`Full Name`}
					initialFocus
				/>
				<InputField type="email" autoComplete="email" meta={fields.email} label={t`Enter Email`} />
				<NewPasswordFields
					password={fields.password}
					confirmPassword={fields.confirmPassword}
					label={t`Enter password`}
					confirmLabel={t`Re-enter Password`}
				/>
			</AuthForm>
			<AuthFooterLink to="/login">
				<Trans>Already have an account? Login</Trans>
			</AuthFooterLink>
		</AuthLayout>
	)
}

export const meta: MetaFunction = ({ matches }) => {
	const i18n = metaI18n(matches)
	return [
		{ title: i18n._(msg`Create your account | Tagg`) },
		{
			name: 'description',
			content: i18n._(msg`Create a Tagg account and claim your personal address.`),
		},
	]
}
