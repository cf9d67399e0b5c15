import {
	getFormProps,
	getInputProps,
	type DefaultValue,
	type FieldMetadata,
	type FormMetadata,
	type SubmissionResult,
} from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type MessageDescriptor } from '@lingui/core'
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
import {
	Form,
	useActionData,
	useLoaderData,
	useNavigation,
	useRouteLoaderData,
} from '@remix-run/react'
import { serialize } from 'cookie'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { type z } from 'zod'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Section } from '~/components/settings-section'
import { SignInFactorsSettings } from '~/components/sign-in-factors'
import { SudoProvider } from '~/components/sudo-dialog'
import { factorsOf } from '~/services/sign-in-factors.server'
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
import { claimPath, getLanguages, setCustomerLanguage } from '~/models/customer.server'
import { updateProfile } from '~/models/profile.server'
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
import { DomainSettings } from '~/components/domain-settings'
import { env } from '~/utils/env.server'
import { metaI18n, translate, type Translatable } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'
import { LANG_COOKIE, langCookie } from '~/utils/locale.server'
import { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES, type Locale } from '~/utils/locales'
import { signAccessToken } from '~/utils/jwt.server'
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
import { LanguageSchema } from '~/utils/profile-schemas'
import { noindexMeta } from '~/utils/seo'

const SCHEMAS = {
	email: ChangeEmailFormSchema,
	password: ChangePasswordFormSchema,
	path: PathFormSchema,
	delete: DeleteAccountFormSchema,
} as const
type Intent = keyof typeof SCHEMAS | 'sessions' | 'verify' | 'pageLanguage' | 'builderLanguage'

/** Why 'Download my data' came back here instead of downloading (`?export=`). */
const EXPORT_REFUSALS: Record<string, Translatable> = {
	missing: msg`Enter your password`,
	wrong: WRONG_PASSWORD,
	wait: TOO_MANY_ATTEMPTS,
}

const HIDDEN = ['password', 'currentPassword', 'newPassword', 'confirmPassword']

/** A refusal past a limit (a page sent without JavaScript) says when to try again. */
export const headers: HeadersFunction = ({ actionHeaders }) => {
	const retryAfter = actionHeaders.get('Retry-After')
	return retryAfter ? { 'Retry-After': retryAfter } : new Headers()
}

/** The language cookie taken away: the builder follows the browser again. */
const clearedLangCookie = () =>
	serialize(LANG_COOKIE, '', {
		path: '/',
		maxAge: 0,
		sameSite: 'lax',
		httpOnly: true,
		secure: new URL(env().PUBLIC_SITE_URL).protocol === 'https:',
	})

/** Where a saved language of the builder sends the page, loaded again in that language. */
const LANGUAGE_SAVED = '/builder/settings?saved=language#language'

export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const [account, languages, factors] = await Promise.all([
		getAccount(customerId),
		getLanguages(customerId),
		factorsOf(customerId),
	])
	if (!account) throw redirect('/login')
	const i18n = requestI18n(request, account.language)
	const query = new URL(request.url).searchParams
	const exportRefusal = query.get('export') ?? ''
	const refusal = Object.hasOwn(EXPORT_REFUSALS, exportRefusal)
		? EXPORT_REFUSALS[exportRefusal]
		: undefined
	return {
		factors: {
			...factors,
			passkeys: factors.passkeys.map((passkey) => ({
				...passkey,
				createdAt: new Date(passkey.createdAt).toISOString(),
				lastUsedAt: passkey.lastUsedAt ? new Date(passkey.lastUsedAt).toISOString() : null,
			})),
		},
		email: account.email,
		emailVerified: Boolean(account.emailVerifiedAt),
		path: account.profile?.path ?? '',
		pendingEmail: await pendingEmailChange(customerId),
		host: new URL(env().PUBLIC_SITE_URL).host,
		exportError: refusal ? translate(i18n, refusal) : null,
		pageLanguage: isLocale(languages?.pageLanguage) ? languages.pageLanguage : DEFAULT_LOCALE,
		builderLanguage: isLocale(account.language) ? account.language : null,
		builderLanguageSaved:
			query.get('saved') === 'language'
				? i18n._(msg`The language of the builder and your emails was saved.`)
				: null,
	}
}

type ActionResult = {
	intent: Intent
	result?: SubmissionResult<string[]>
	notice?: string
	error?: string
}

/**
 * One form per setting: 'email', 'password', 'path', 'sessions', 'delete', 'verify' (the
 * verification link sent again; the builder's banner posts it too), and the two languages:
 * 'pageLanguage' (the owner's public pages, `Profile.language`, as
 * `/one/sites/info/general/language/update` sets it) and 'builderLanguage' (the builder and the
 * owner's emails, `Customer.language`; empty: the browser's). Every answer is in the owner's
 * language, translated here: the browser holds no catalog of the server's messages.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const formData = await readFormData(request)
	const intent = String(formData.get('intent') ?? '')
	const i18n = requestI18n(request, (await getLanguages(customerId))?.language)

	if (intent === 'sessions') {
		const { refreshToken } = readSessionCookies(request.headers.get('cookie'))
		const kept = await signOutOtherDevices(customerId, refreshToken)
		// Access tokens issued until now stop working: this browser gets a fresh one.
		const headers = refreshToken
			? headersWithCookies(sessionCookies(signAccessToken(customerId, kept), refreshToken))
			: undefined
		return data(
			{
				intent,
				notice: i18n._(msg`Every other device was signed out.`),
			} satisfies ActionResult,
			{ headers },
		)
	}
	if (intent === 'verify') {
		const outcome = await resendVerification(customerId)
		if (!outcome.ok) {
			return data({ intent, notice: translate(i18n, outcome.message) } satisfies ActionResult, {
				status: outcome.status,
				headers: outcome.retryAfterSeconds
					? { 'Retry-After': String(outcome.retryAfterSeconds) }
					: undefined,
			})
		}
		const notice = outcome.verified
			? i18n._(msg`Your email is verified.`)
			: translate(i18n, VERIFICATION_SENT)
		return data({ intent, notice } satisfies ActionResult)
	}
	if (intent === 'pageLanguage' || intent === 'builderLanguage') {
		const wanted = String(formData.get('language') ?? '')
		const notAChoice = () =>
			data(
				{
					intent,
					error: i18n._(msg`Choose one of the languages in the list.`),
				} satisfies ActionResult,
				{ status: 400 },
			)
		if (intent === 'pageLanguage') {
			const parsed = LanguageSchema.safeParse({ language: wanted })
			if (!parsed.success) return notAChoice()
			await updateProfile(customerId, { language: parsed.data.language })
			return data({
				intent,
				notice: i18n._(msg`The language of your public pages was saved.`),
			} satisfies ActionResult)
		}
		// Empty: the browser's language. The page loads again as a new document, in the new
		// language with its catalogs; the cookie keeps it for the signed-out pages and the API.
		if (wanted !== '' && !isLocale(wanted)) return notAChoice()
		await setCustomerLanguage(customerId, wanted || null)
		throw redirect(LANGUAGE_SAVED, {
			headers: { 'Set-Cookie': wanted ? langCookie(wanted) : clearedLangCookie() },
		})
	}
	if (!(intent in SCHEMAS)) throw data(i18n._(msg`Unknown intent`), { status: 400 })
	const key = intent as keyof typeof SCHEMAS
	const submission = parseWithZod(formData, { schema: SCHEMAS[key] })
	const refused = (refusal: Refusal) => {
		const message = translate(i18n, refusal.message)
		return data(
			{
				intent: key,
				result: submission.reply({
					hideFields: HIDDEN,
					...(refusal.field
						? { fieldErrors: { [refusal.field]: [message] } }
						: { formErrors: [message] }),
				}),
			} satisfies ActionResult,
			{
				status: refusal.status,
				headers: refusal.retryAfterSeconds
					? { 'Retry-After': String(refusal.retryAfterSeconds) }
					: undefined,
			},
		)
	}
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
			const { email } = outcome
			return done(
				i18n._(
					msg`We sent a link to ${email}. Your email changes when you open it; until then you log in with your current email.`,
				),
			)
		}
		case 'password': {
			const value = submission.value as z.output<typeof ChangePasswordFormSchema>
			const outcome = await changePassword(request, customerId, value)
			if (!outcome.ok) return refused(outcome)
			const session = await createSession(customerId)
			return done(i18n._(msg`Your password was changed. Every other device was signed out.`), {
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
						? i18n._(msg`Your address is now ${address}.`)
						: i18n._(msg`Your address is already ${address}.`),
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
	const {
		email,
		emailVerified,
		path,
		pendingEmail,
		host,
		exportError,
		pageLanguage,
		builderLanguage,
		builderLanguageSaved,
		factors,
	} = useLoaderData<typeof loader>()
	return (
		<SudoProvider>
			<main className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:py-8">
				<header>
					<h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
						<Trans>Settings</Trans>
					</h1>
					<p className="text-muted mt-1 text-sm">
						<Trans>Your login, your address and your data.</Trans>
					</p>
				</header>
				<EmailSection email={email} emailVerified={emailVerified} pendingEmail={pendingEmail} />
				<PasswordSection />
				<SignInFactorsSettings factors={factors} />
				<AddressSection path={path} host={host} />
				<LanguageSection
					pageLanguage={pageLanguage}
					builderLanguage={builderLanguage}
					builderLanguageSaved={builderLanguageSaved}
				/>
				<SessionsSection />
				<DomainSettings />
				<DataSection error={exportError} />
				<DeleteSection path={path} host={host} email={email} />
			</main>
		</SudoProvider>
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
const BUTTONS: Record<
	Intent,
	[label: MessageDescriptor, pendingLabel: MessageDescriptor, className: string]
> = {
	email: [msg`Send confirmation link`, msg`Sending...`, 'btn-primary'],
	password: [msg`Change password`, msg`Changing...`, 'btn-primary'],
	path: [msg`Change my address`, msg`Saving...`, 'btn-primary'],
	pageLanguage: [msg`Save language`, msg`Saving...`, 'btn-primary'],
	builderLanguage: [msg`Save language`, msg`Saving...`, 'btn-primary'],
	sessions: [msg`Sign out of all other devices`, msg`Signing out...`, 'btn-secondary'],
	verify: [msg`Send the link again`, msg`Sending...`, 'btn-secondary'],
	delete: [msg`Delete my account`, msg`Deleting...`, 'btn-danger'],
}

/** The button of a setting's form, labelled in the page's language. */
function SettingButton({ intent }: { intent: Intent }) {
	const { i18n } = useLingui()
	const pending = usePending(intent)
	const [label, pendingLabel, className] = BUTTONS[intent]
	return (
		<div>
			<SubmitButton
				pending={pending}
				label={i18n._(label)}
				pendingLabel={i18n._(pendingLabel)}
				className={className}
			/>
		</div>
	)
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
	return (
		<Form method="POST" {...(form ? getFormProps(form) : {})} className="flex flex-col gap-4">
			<input type="hidden" name="intent" value={intent} />
			{children}
			{form ? <FormError id={form.errorId} errors={form.errors} /> : null}
			<Notice>{answer?.notice}</Notice>
			<SettingButton intent={intent} />
		</Form>
	)
}

/** The owner's password, asked again before a change of email or a deletion. */
function CurrentPasswordField({ meta }: { meta: FieldMetadata<string> }) {
	const { t } = useLingui()
	return (
		<InputField
			type="password"
			meta={meta}
			label={t`Your password`}
			autoComplete="current-password"
		/>
	)
}

function Notice({ children }: { children?: ReactNode }) {
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
	const { t } = useLingui()
	const { answer, form, fields } = useSettingForm('email', ChangeEmailFormSchema)
	return (
		<Section
			id="email"
			title={t`Email`}
			description={
				<Trans>
					You log in with{' '}
					<strong className="text-ink break-all" dir="ltr">
						{email}
					</strong>
					. A new email takes effect when you open the link we send to it, and signs out every
					device.
				</Trans>
			}
		>
			{emailVerified ? null : (
				<div className="border-line mb-5 border-b pb-5">
					<p className="text-ink mb-3 text-sm">
						<Trans>
							Your email is not verified yet. Open the link we sent to it; until then we send it
							nothing else.
						</Trans>
					</p>
					<SettingForm intent="verify" />
				</div>
			)}
			<SettingForm intent="email" form={form}>
				{pendingEmail && !answer?.notice ? (
					<Notice>
						<Trans>
							A link to confirm <bdi>{pendingEmail}</bdi> is waiting in that inbox.
						</Trans>
					</Notice>
				) : null}
				<div className="grid gap-4 sm:grid-cols-2">
					<InputField type="email" autoComplete="email" meta={fields.email} label={t`New email`} />
					<CurrentPasswordField meta={fields.password} />
				</div>
			</SettingForm>
		</Section>
	)
}

function PasswordSection() {
	const { t } = useLingui()
	const { form, fields } = useSettingForm('password', ChangePasswordFormSchema)
	return (
		<Section
			id="password"
			title={t`Password`}
			description={t`Changing it signs out every other device, and we email you a notice.`}
		>
			<SettingForm intent="password" form={form}>
				<InputField
					type="password"
					meta={fields.currentPassword}
					label={t`Current password`}
					autoComplete="current-password"
				/>
				<div className="grid gap-4 sm:grid-cols-2">
					<NewPasswordFields
						password={fields.newPassword}
						confirmPassword={fields.confirmPassword}
						label={t`New password`}
						confirmLabel={t`Re-enter new password`}
					/>
				</div>
			</SettingForm>
		</Section>
	)
}

function AddressSection({ path, host }: { path: string; host: string }) {
	const { t } = useLingui()
	const { form, fields } = useSettingForm('path', PathFormSchema, { path })
	// The owner's own domain while it serves their pages (the builder's loader data).
	const domainUrl = (
		useRouteLoaderData('routes/builder') as { domainUrl?: string | null } | undefined
	)?.domainUrl
	return (
		<Section
			id="address"
			title={t`Your address`}
			description={t`The link you share and the one your QR code opens. Printed QR codes show the old address after a change.`}
		>
			{domainUrl ? (
				<div className="mb-5">
					<Notice>
						<Trans>
							Your own domain is connected: this address sends visitors to{' '}
							<bdi dir="ltr">{domainUrl}</bdi>.
						</Trans>
					</Notice>
				</div>
			) : null}
			<SettingForm intent="path" form={form}>
				<PathField meta={fields.path} host={host} />
			</SettingForm>
		</Section>
	)
}

/** The six languages, each in its own name (and read out in it). */
const languageOptions = () =>
	LOCALES.map((locale) => (
		<option key={locale} value={locale} lang={locale}>
			{LOCALE_NAMES[locale]}
		</option>
	))

/**
 * The two languages: the one visitors read the owner's pages in, and the one the builder and
 * Tagg's emails speak to the owner. Plain forms: both work without JavaScript. A new language
 * of the builder loads the page again as a new document (the new language's catalogs with it).
 */
function LanguageSection({
	pageLanguage,
	builderLanguage,
	builderLanguageSaved,
}: {
	pageLanguage: Locale
	builderLanguage: Locale | null
	builderLanguageSaved: string | null
}) {
	const { t } = useLingui()
	return (
		<Section
			id="language"
			title={t`Language`}
			description={t`The language visitors read your pages in, and the one Tagg speaks to you.`}
		>
			<div className="flex flex-col gap-5">
				<LanguageForm
					intent="pageLanguage"
					label={t`Language of your public pages`}
					hint={t`Your profile, portfolio, projects, resume page and PDF, contact card and link preview. Visitors’ browsers do not change it.`}
					value={pageLanguage}
				>
					{languageOptions()}
				</LanguageForm>
				<div className="border-line border-t pt-5">
					<LanguageForm
						intent="builderLanguage"
						label={t`Language of the builder and your emails`}
						hint={t`These pages and the emails Tagg sends you.`}
						value={builderLanguage ?? ''}
						notice={builderLanguageSaved}
						reloadDocument
					>
						<option value="">{t`Same as my browser`}</option>
						{languageOptions()}
					</LanguageForm>
				</div>
			</div>
		</Section>
	)
}

function LanguageForm({
	intent,
	label,
	hint,
	value,
	notice,
	reloadDocument,
	children,
}: {
	intent: 'pageLanguage' | 'builderLanguage'
	label: string
	hint: string
	value: string
	notice?: string | null
	reloadDocument?: boolean
	children: ReactNode
}) {
	const id = useId()
	const answer = useResult(intent)
	return (
		<Form method="POST" reloadDocument={reloadDocument} className="flex flex-col gap-4">
			<input type="hidden" name="intent" value={intent} />
			<div>
				<label htmlFor={id} className="field-label">
					{label}
				</label>
				<select
					id={id}
					name="language"
					defaultValue={value}
					aria-describedby={`${id}-hint`}
					aria-invalid={answer?.error ? true : undefined}
					className="field-input sm:max-w-xs"
				>
					{children}
				</select>
				<p id={`${id}-hint`} className="text-muted mt-1.5 text-xs">
					{hint}
				</p>
			</div>
			<FormError errors={answer?.error ? [answer.error] : undefined} />
			<Notice>{answer?.notice ?? notice}</Notice>
			<SettingButton intent={intent} />
		</Form>
	)
}

function SessionsSection() {
	const { t } = useLingui()
	return (
		<Section
			id="devices"
			title={t`Devices`}
			description={t`Lost a phone, or logged in on a computer that isn’t yours? Sign every other device out; this one stays signed in.`}
		>
			<SettingForm intent="sessions"></SettingForm>
		</Section>
	)
}

function DataSection({ error }: { error: string | null }) {
	const { t } = useLingui()
	const errorRef = useRef<HTMLParagraphElement>(null)
	// Sent back here because the download was refused: the keyboard goes to the reason.
	useEffect(() => {
		if (error) errorRef.current?.focus()
	}, [error])
	return (
		<Section
			id="data"
			title={t`Your data`}
			description={t`Everything in your Tagg (profile, resume, portfolio and images) in one .tar.gz archive that any Tagg can import. It holds no password: after an import you choose one from an emailed link.`}
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
					labelProps={{ children: t`Your password` }}
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
						{t`Your data was not downloaded: ${error}`}
					</p>
				) : null}
				<div>
					<button type="submit" className="btn-secondary">
						<Trans>Download my data</Trans>
					</button>
				</div>
			</Form>
		</Section>
	)
}

function DeleteSection({ path, host, email }: { path: string; host: string; email: string }) {
	const { t } = useLingui()
	const { form, fields } = useSettingForm('delete', DeleteAccountFormSchema)
	const confirmation = path || email
	const address = `${host}/${path}`
	return (
		<Section
			id="delete"
			title={t`Delete account`}
			danger
			description={
				path ? (
					<Trans>
						Deletes your profile, resume, portfolio and every image for good, and frees{' '}
						<strong className="text-ink break-all" dir="ltr">
							{address}
						</strong>
						. Your public pages stop working at once. Download your data first if you want to keep
						it.
					</Trans>
				) : (
					<Trans>
						Deletes your profile, resume, portfolio and every image for good, and frees{' '}
						<strong className="text-ink break-all">your address</strong>. Your public pages stop
						working at once. Download your data first if you want to keep it.
					</Trans>
				)
			}
		>
			<SettingForm intent="delete" form={form}>
				<div className="grid gap-4 sm:grid-cols-2">
					<Field
						labelProps={{
							children: (
								<Trans>
									Type{' '}
									<span className="font-mono break-all" dir="ltr">
										{confirmation}
									</span>{' '}
									to confirm
								</Trans>
							),
						}}
						inputProps={{
							...getInputProps(fields.confirmation, { type: 'text' }),
							autoCapitalize: 'none',
							autoCorrect: 'off',
							autoComplete: 'off',
							spellCheck: false,
							dir: 'ltr',
						}}
						errors={fields.confirmation.errors}
					/>
					<CurrentPasswordField meta={fields.password} />
				</div>
			</SettingForm>
		</Section>
	)
}

export const meta: MetaFunction = ({ matches }) =>
	noindexMeta(metaI18n(matches)._(msg`Settings | Tagg`))

export const ErrorBoundary = GeneralErrorBoundary
