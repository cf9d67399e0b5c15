import { parseWithZod } from '@conform-to/zod/v4'
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
import { PasswordSchema, RegisterSchema } from '~/utils/account-schemas'
import { attemptRegister, signupRefusal } from '~/services/account.server'
import { findUsableInvite } from '~/models/invite.server'
import { env } from '~/utils/env.server'
import { readFormData } from '~/utils/api.server'
import { getCustomerId } from '~/services/auth.server'
import { createSession, headersWithCookies } from '~/services/session.server'
import { PASSWORD_MISMATCH } from '~/utils/settings-schemas'

const CREATE_FAILED = "Sorry, we couldn't create your account right now. Please try again later."

/** Client and server share this schema; the mismatch check stops the submission in the browser. */
const SignupFormSchema = z
	.object({
		name: z
			.string({ error: 'Enter your full name' })
			.trim()
			.min(1, 'Enter your full name')
			.max(100),
		email: z
			.string({ error: 'Enter your email' })
			.trim()
			.pipe(z.email({ error: 'Enter a valid email address' })),
		password: z.string({ error: 'Enter a password' }).pipe(PasswordSchema),
		confirmPassword: z.string({ error: 'Re-enter your password' }),
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
	if (refusal) return { refusal: refusal.message, invite: null }
	const invite = env().SIGNUPS === 'invite' && token ? await findUsableInvite(token) : null
	return { refusal: null, invite: invite && token ? { token, email: invite.email } : null }
}

export async function action({ request }: ActionFunctionArgs) {
	const formData = await readFormData(request)
	const submission = parseWithZod(formData, { schema: SignupFormSchema })
	if (submission.status !== 'success') {
		return { result: submission.reply({ hideFields: ['password', 'confirmPassword'] }) }
	}
	const { name, email, password } = submission.value
	const invite = formData.get('invite')
	const outcome = await attemptRegister(RegisterSchema.parse({ name, email, password }), {
		invite: typeof invite === 'string' && invite ? invite : undefined,
	})
	if (!outcome.ok && outcome.status === 403) {
		return {
			result: submission.reply({
				formErrors: [outcome.message],
				hideFields: ['password', 'confirmPassword'],
			}),
		}
	}
	if (!outcome.ok) {
		return {
			result: submission.reply({
				formErrors: [CREATE_FAILED],
				hideFields: ['password', 'confirmPassword'],
			}),
		}
	}
	const session = await createSession(outcome.customerId)
	throw redirect('/set-path', { headers: headersWithCookies(session.cookies) })
}

export default function SignupPage() {
	const { refusal, invite } = useLoaderData<typeof loader>()
	if (refusal) {
		return (
			<AuthLayout title="Create your Tagg">
				<p role="status" className="text-ink">
					{refusal}
				</p>
				<AuthFooterLink to="/login">Already have an account? Login</AuthFooterLink>
			</AuthLayout>
		)
	}
	return <SignupForm invite={invite} />
}

function SignupForm({ invite }: { invite: { token: string; email: string } | null }) {
	const actionData = useActionData<typeof action>()
	const [form, fields] = useZodForm(SignupFormSchema, {
		id: 'signup-form',
		lastResult: actionData?.result,
		defaultValue: invite ? { email: invite.email } : undefined,
	})

	return (
		<AuthLayout
			title="Create your Tagg"
			subtitle="One address for your profile, resume and portfolio. It takes a minute."
		>
			<AuthForm form={form} label="Create Account" pendingLabel="Creating your account...">
				{invite ? <input type="hidden" name="invite" value={invite.token} /> : null}
				<InputField
					type="text"
					autoComplete="name"
					meta={fields.name}
					label="Full Name"
					initialFocus
				/>
				<InputField type="email" autoComplete="email" meta={fields.email} label="Enter Email" />
				<NewPasswordFields
					password={fields.password}
					confirmPassword={fields.confirmPassword}
					label="Enter password"
					confirmLabel="Re-enter Password"
				/>
			</AuthForm>
			<AuthFooterLink to="/login">Already have an account? Login</AuthFooterLink>
		</AuthLayout>
	)
}

export const meta: MetaFunction = () => [
	{ title: 'Create your account | Tagg' },
	{ name: 'description', content: 'Create a Tagg account and claim your personal address.' },
]
