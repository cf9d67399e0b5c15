import {
	getFormProps,
	getInputProps,
	type DefaultValue,
	type FieldMetadata,
	type FormMetadata,
	type SubmissionResult,
} from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
	data,
	redirect,
	type ActionFunctionArgs,
	type HeadersFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { type z } from 'zod'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import {
	Field,
	FormError,
	InputField,
	NewPasswordFields,
	PathField,
	SubmitButton,
	useZodForm,
} from '~/components/forms'
import { getAccount, pendingEmailChange } from '~/models/account.server'
import { claimPath } from '~/models/customer.server'
import {
	changePassword,
	deleteOwnAccount,
	requestEmailChange,
	resendVerification,
	signOutOtherDevices,
	type Refusal,
} from '~/services/account-settings.server'
import { readFormData } from '~/utils/api.server'
import { requireCustomerId } from '~/services/auth.server'
import { env } from '~/utils/env.server'
import { signAccessToken } from '~/utils/jwt.server'
import { cx } from '~/utils/misc'
import { PATH_MESSAGES } from '~/utils/path-name'
import {
	clearedSessionCookies,
	createSession,
	headersWithCookies,
	readSessionCookies,
	sessionCookies,
} from '~/services/session.server'
import { TOO_MANY_ATTEMPTS } from '~/services/rate-limit.server'
import {
	ChangeEmailFormSchema,
	ChangePasswordFormSchema,
	DeleteAccountFormSchema,
	PathFormSchema,
	VERIFICATION_SENT,
	WRONG_PASSWORD,
} from '~/utils/settings-schemas'
import { noindexMeta } from '~/utils/seo'

const SCHEMAS = {
	email: ChangeEmailFormSchema,
	password: ChangePasswordFormSchema,
	path: PathFormSchema,
	delete: DeleteAccountFormSchema,
} as const
type Intent = keyof typeof SCHEMAS | 'sessions' | 'verify'

/** Why 'Download my data' came back here instead of downloading (`?export=`). */
const EXPORT_REFUSALS: Record<string, string> = {
	missing: 'Enter your password',
	wrong: WRONG_PASSWORD,
	wait: TOO_MANY_ATTEMPTS,
}

const HIDDEN = ['password', 'currentPassword', 'newPassword', 'confirmPassword']

/** A refusal past a limit (a page sent without JavaScript) says when to try again. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
	const retryAfter = actionHeaders.get('Retry-After')
	return retryAfter ? { 'Retry-After': retryAfter } : new Headers()
}

export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const account = await getAccount(customerId)
	if (!account) throw redirect('/login')
	const exportRefusal = new URL(request.url).searchParams.get('export') ?? ''
	return {
		email: account.email,
		emailVerified: Boolean(account.emailVerifiedAt),
		path: account.profile?.path ?? '',
		pendingEmail: await pendingEmailChange(customerId),
		host: new URL(env().PUBLIC_SITE_URL).host,
		exportError: EXPORT_REFUSALS[exportRefusal] ?? null,
	}
}

type ActionResult = { intent: Intent; result?: SubmissionResult<string[]>; notice?: string }

/**
 * One form per setting: 'email', 'password', 'path', 'sessions', 'delete', and 'verify' (the
 * verification link sent again; the builder's banner posts it too).
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const formData = await readFormData(request)
	const intent = String(formData.get('intent') ?? '')

	if (intent === 'sessions') {
		const { refreshToken } = readSessionCookies(request.headers.get('cookie'))
		await signOutOtherDevices(customerId, refreshToken)
		// Access tokens issued until now stop working: this browser gets a fresh one.
		const headers = refreshToken
			? headersWithCookies(sessionCookies(signAccessToken(customerId), refreshToken))
			: undefined
		return data({ intent, notice: 'Every other device was signed out.' } satisfies ActionResult, {
			headers,
		})
	}
	if (intent === 'verify') {
		const outcome = await resendVerification(customerId)
		if (!outcome.ok) {
			return data({ intent, notice: outcome.message } satisfies ActionResult, {
				status: outcome.status,
				headers: outcome.retryAfterSeconds
					? { 'Retry-After': String(outcome.retryAfterSeconds) }
					: undefined,
			})
		}
		const notice = outcome.verified ? 'Your email is verified.' : VERIFICATION_SENT
		return data({ intent, notice } satisfies ActionResult)
	}
	if (!(intent in SCHEMAS)) throw data('Unknown intent', { status: 400 })
	const key = intent as keyof typeof SCHEMAS
	const submission = parseWithZod(formData, { schema: SCHEMAS[key] })
	const refused = (refusal: Refusal) =>
		data(
			{
				intent: key,
				result: submission.reply({
					hideFields: HIDDEN,
					...(refusal.field
						? { fieldErrors: { [refusal.field]: [refusal.message] } }
						: { formErrors: [refusal.message] }),
				}),
			} satisfies ActionResult,
			{
				status: refusal.status,
				headers: refusal.retryAfterSeconds
					? { 'Retry-After': String(refusal.retryAfterSeconds) }
					: undefined,
			},
		)
	if (submission.status !== 'success') {
		return data(
			{ intent: key, result: submission.reply({ hideFields: HIDDEN }) } satisfies ActionResult,
			{ status: 400 },
		)
	}
	// The address form keeps the new name; the others are emptied.
	const done = (notice: string, init?: ResponseInit) =>
		data(
			{
				intent: key,
				notice,
				result: submission.reply(key === 'path' ? {} : { resetForm: true }),
			} satisfies ActionResult,
			init,
		)

	switch (key) {
		case 'email': {
			const value = submission.value as z.output<typeof ChangeEmailFormSchema>
			const outcome = await requestEmailChange(request, customerId, value)
			if (!outcome.ok) return refused(outcome)
			return done(
				`We sent a link to ${outcome.email}. Your email changes when you open it; until then you log in with your current email.`,
			)
		}
		case 'password': {
			const value = submission.value as z.output<typeof ChangePasswordFormSchema>
			const outcome = await changePassword(request, customerId, value)
			if (!outcome.ok) return refused(outcome)
			const session = await createSession(customerId)
			return done('Your password was changed. Every other device was signed out.', {
				headers: headersWithCookies(session.cookies),
			})
		}
		case 'path': {
			const value = submission.value as z.output<typeof PathFormSchema>
			try {
				const result = await claimPath(customerId, value.path)
				if (!result.ok) {
					return refused({
						ok: false,
						status: result.reason === 'taken' ? 409 : 400,
						field: 'path',
						message: PATH_MESSAGES[result.reason],
					})
				}
				const address = `${new URL(env().PUBLIC_SITE_URL).host}/${result.path}`
				return done(
					result.changed
						? `Your address is now ${address}.`
						: `Your address is already ${address}.`,
				)
			} catch (error) {
				console.error(error)
				return refused({ ok: false, status: 400, message: PATH_MESSAGES.failed })
			}
		}
		case 'delete': {
			const value = submission.value as z.output<typeof DeleteAccountFormSchema>
			const outcome = await deleteOwnAccount(request, customerId, {
				password: value.password,
				confirmation: value.confirmation,
				field: 'confirmation',
			})
			if (!outcome.ok) return refused(outcome)
			throw redirect('/builder/goodbye', { headers: headersWithCookies(clearedSessionCookies()) })
		}
	}
}

export default function SettingsPage() {
	const { email, emailVerified, path, pendingEmail, host, exportError } =
		useLoaderData<typeof loader>()
	return (
		<main className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:py-8">
			<header>
				<h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Settings</h1>
				<p className="text-muted mt-1 text-sm">Your login, your address and your data.</p>
			</header>
			<EmailSection email={email} emailVerified={emailVerified} pendingEmail={pendingEmail} />
			<PasswordSection />
			<AddressSection path={path} host={host} />
			<SessionsSection />
			<DataSection error={exportError} />
			<DeleteSection path={path} host={host} email={email} />
		</main>
	)
}

function Section({
	id,
	title,
	description,
	children,
	danger,
}: {
	id: string
	title: string
	description: ReactNode
	children: ReactNode
	danger?: boolean
}) {
	return (
		<section
			id={id}
			aria-labelledby={`${id}-title`}
			className={cx('card scroll-mt-20 p-5 sm:p-6', danger && 'border-red-200')}
		>
			<h2 id={`${id}-title`} className={cx('text-lg font-bold', danger && 'text-red-800')}>
				{title}
			</h2>
			<div className="text-muted mt-1 text-sm">{description}</div>
			<div className="mt-5">{children}</div>
		</section>
	)
}

/** The answer of this page's last submission when it was for `intent`. */
function useResult(intent: Intent) {
	const actionData = useActionData<typeof action>() as ActionResult | undefined
	return actionData?.intent === intent ? actionData : undefined
}

function usePending(intent: Intent) {
	const navigation = useNavigation()
	return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

/** The form of one setting: its last answer and its conform form. */
function useSettingForm<Schema extends z.ZodType<unknown, Record<string, string>>>(
	intent: keyof typeof SCHEMAS,
	schema: Schema,
	defaultValue?: DefaultValue<z.input<Schema>>,
) {
	const answer = useResult(intent)
	const [form, fields] = useZodForm(schema, {
		id: `settings-${intent}`,
		lastResult: answer?.result,
		defaultValue,
	})
	// Another setting's form was sent: this one starts afresh (no old error, no typed password
	// left behind), as it does on the page a form sent without JavaScript comes back to.
	const actionData = useActionData<typeof action>() as ActionResult | undefined
	const latestForm = useRef(form)
	latestForm.current = form
	useEffect(() => {
		if (actionData && actionData.intent !== intent) latestForm.current.reset()
	}, [actionData, intent])
	return { answer, form, fields }
}

/** Each setting's button: its label, its label while the form is sent, and its style. */
const BUTTONS: Record<Intent, [label: string, pendingLabel: string, className: string]> = {
	email: ['Send confirmation link', 'Sending...', 'btn-primary'],
	password: ['Change password', 'Changing...', 'btn-primary'],
	path: ['Change my address', 'Saving...', 'btn-primary'],
	sessions: ['Sign out of all other devices', 'Signing out...', 'btn-secondary'],
	verify: ['Send the link again', 'Sending...', 'btn-secondary'],
	delete: ['Delete my account', 'Deleting...', 'btn-danger'],
}

/**
 * The form of one setting: its fields, then the answer to its last submission and its button.
 * `form` is its conform form (the sessions form has no fields).
 */
function SettingForm<Schema extends Record<string, unknown>>({
	intent,
	form,
	children,
}: {
	intent: Intent
	form?: FormMetadata<Schema>
	children?: ReactNode
}) {
	const answer = useResult(intent)
	const pending = usePending(intent)
	const [label, pendingLabel, className] = BUTTONS[intent]
	return (
		<Form method="POST" {...(form ? getFormProps(form) : {})} className="flex flex-col gap-4">
			<input type="hidden" name="intent" value={intent} />
			{children}
			{form ? <FormError id={form.errorId} errors={form.errors} /> : null}
			<Notice>{answer?.notice}</Notice>
			<div>
				<SubmitButton
					pending={pending}
					label={label}
					pendingLabel={pendingLabel}
					className={className}
				/>
			</div>
		</Form>
	)
}

/** The owner's password, asked again before a change of email or a deletion. */
function CurrentPasswordField({ meta }: { meta: FieldMetadata<string> }) {
	return (
		<InputField type="password" meta={meta} label="Your password" autoComplete="current-password" />
	)
}

function Notice({ children }: { children?: string }) {
	if (!children) return null
	return (
		<p
			role="status"
			className="border-brand-200 bg-brand-50 text-ink rounded-xl border px-3.5 py-2.5 text-sm"
		>
			{children}
		</p>
	)
}

function EmailSection({
	email,
	emailVerified,
	pendingEmail,
}: {
	email: string
	emailVerified: boolean
	pendingEmail: string | null
}) {
	const { answer, form, fields } = useSettingForm('email', ChangeEmailFormSchema)
	return (
		<Section
			id="email"
			title="Email"
			description={
				<>
					You log in with <strong className="text-ink break-all">{email}</strong>. A new email takes
					effect when you open the link we send to it, and signs out every device.
				</>
			}
		>
			{emailVerified ? null : (
				<div className="border-line mb-5 border-b pb-5">
					<p className="text-ink mb-3 text-sm">
						Your email is not verified yet. Open the link we sent to it; until then we send it
						nothing else.
					</p>
					<SettingForm intent="verify" />
				</div>
			)}
			<SettingForm intent="email" form={form}>
				{pendingEmail && !answer?.notice ? (
					<Notice>{`A link to confirm ${pendingEmail} is waiting in that inbox.`}</Notice>
				) : null}
				<div className="grid gap-4 sm:grid-cols-2">
					<InputField type="email" autoComplete="email" meta={fields.email} label="New email" />
					<CurrentPasswordField meta={fields.password} />
				</div>
			</SettingForm>
		</Section>
	)
}

function PasswordSection() {
	const { form, fields } = useSettingForm('password', ChangePasswordFormSchema)
	return (
		<Section
			id="password"
			title="Password"
			description="Changing it signs out every other device, and we email you a notice."
		>
			<SettingForm intent="password" form={form}>
				<InputField
					type="password"
					meta={fields.currentPassword}
					label="Current password"
					autoComplete="current-password"
				/>
				<div className="grid gap-4 sm:grid-cols-2">
					<NewPasswordFields
						password={fields.newPassword}
						confirmPassword={fields.confirmPassword}
						label="New password"
						confirmLabel="Re-enter new password"
					/>
				</div>
			</SettingForm>
		</Section>
	)
}

function AddressSection({ path, host }: { path: string; host: string }) {
	const { form, fields } = useSettingForm('path', PathFormSchema, { path })
	return (
		<Section
			id="address"
			title="Your address"
			description="The link you share and the one your QR code opens. Printed QR codes show the old address after a change."
		>
			<SettingForm intent="path" form={form}>
				<PathField meta={fields.path} host={host} />
			</SettingForm>
		</Section>
	)
}

function SessionsSection() {
	return (
		<Section
			id="devices"
			title="Devices"
			description="Lost a phone, or logged in on a computer that isn’t yours? Sign every other device out; this one stays signed in."
		>
			<SettingForm intent="sessions"></SettingForm>
		</Section>
	)
}

function DataSection({ error }: { error: string | null }) {
	const errorRef = useRef<HTMLParagraphElement>(null)
	// Sent back here because the download was refused: the keyboard goes to the reason.
	useEffect(() => {
		if (error) errorRef.current?.focus()
	}, [error])
	return (
		<Section
			id="data"
			title="Your data"
			description="Everything in your Tagg (profile, resume, portfolio and images) in one .tar.gz archive that any Tagg can import. It holds no password: after an import you choose one from an emailed link."
		>
			{/* A whole-page post: the browser saves the archive and this page stays. */}
			<Form
				method="POST"
				action="/builder/settings/export"
				reloadDocument
				className="flex flex-col gap-4"
			>
				<Field
					className="sm:max-w-sm"
					labelProps={{ children: 'Your password' }}
					inputProps={{
						id: 'export-password',
						name: 'password',
						type: 'password',
						autoComplete: 'current-password',
						required: true,
						'aria-invalid': error ? true : undefined,
					}}
					errors={error ? [error] : undefined}
				/>
				{error ? (
					<p ref={errorRef} tabIndex={-1} role="alert" className="sr-only">
						{`Your data was not downloaded: ${error}`}
					</p>
				) : null}
				<div>
					<button type="submit" className="btn-secondary">
						Download my data
					</button>
				</div>
			</Form>
		</Section>
	)
}

function DeleteSection({ path, host, email }: { path: string; host: string; email: string }) {
	const { form, fields } = useSettingForm('delete', DeleteAccountFormSchema)
	const confirmation = path || email
	return (
		<Section
			id="delete"
			title="Delete account"
			danger
			description={
				<>
					Deletes your profile, resume, portfolio and every image for good, and frees{' '}
					<strong className="text-ink break-all">
						{path ? `${host}/${path}` : 'your address'}
					</strong>
					. Your public pages stop working at once. Download your data first if you want to keep it.
				</>
			}
		>
			<SettingForm intent="delete" form={form}>
				<div className="grid gap-4 sm:grid-cols-2">
					<Field
						labelProps={{
							children: (
								<>
									Type <span className="font-mono break-all">{confirmation}</span> to confirm
								</>
							),
						}}
						inputProps={{
							...getInputProps(fields.confirmation, { type: 'text' }),
							autoCapitalize: 'none',
							autoCorrect: 'off',
							autoComplete: 'off',
							spellCheck: false,
						}}
						errors={fields.confirmation.errors}
					/>
					<CurrentPasswordField meta={fields.password} />
				</div>
			</SettingForm>
		</Section>
	)
}

export const meta: MetaFunction = () => noindexMeta('Settings | Tagg')

export const ErrorBoundary = GeneralErrorBoundary
