/**
 * The sections of the builder's Settings page (app/routes/builder.settings.tsx): one plain form
 * per setting, posted to that route's action with its `intent`, working without JavaScript. Each
 * shows its own last answer (`SettingResult`); a form sent for another setting starts afresh.
 */
import {
	getFormProps,
	getInputProps,
	type DefaultValue,
	type FieldMetadata,
	type FormMetadata,
} from '@conform-to/react'
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Form, useActionData, useNavigation, useRouteLoaderData } from '@remix-run/react'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { type z } from 'zod'
import {
	Field,
	FormError,
	InputField,
	NewPasswordFields,
	PathField,
	SubmitButton,
	useZodForm,
} from '~/components/forms'
import { Section } from '~/components/settings-section'
import { LOCALE_NAMES, LOCALES, type Locale } from '~/utils/locales'
import {
	ChangeEmailFormSchema,
	ChangePasswordFormSchema,
	DeleteAccountFormSchema,
	PathFormSchema,
	type SETTING_SCHEMAS,
	type SettingIntent,
	type SettingResult,
} from '~/utils/settings-schemas'

function useResult(intent: SettingIntent) {
	const actionData = useActionData() as SettingResult | undefined
	return actionData?.intent === intent ? actionData : undefined
}

function usePending(intent: SettingIntent) {
	const navigation = useNavigation()
	return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

/** The form of one setting: its last answer and its conform form. */
function useSettingForm<Schema extends z.ZodType<unknown, Record<string, string>>>(
	intent: keyof typeof SETTING_SCHEMAS,
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
	const actionData = useActionData() as SettingResult | undefined
	const latestForm = useRef(form)
	latestForm.current = form
	useEffect(() => {
		if (actionData && actionData.intent !== intent) latestForm.current.reset()
	}, [actionData, intent])
	return { answer, form, fields }
}

/** Each setting's button: its label, its label while the form is sent, and its style. */
const BUTTONS: Record<
	SettingIntent,
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
function SettingButton({ intent }: { intent: SettingIntent }) {
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
	intent: SettingIntent
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

export function EmailSection({
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

export function PasswordSection() {
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

export function AddressSection({ path, host }: { path: string; host: string }) {
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
export function LanguageSection({
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

export function SessionsSection() {
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

export function DataSection({ error }: { error: string | null }) {
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

export function DeleteSection({
	path,
	host,
	email,
}: {
	path: string
	host: string
	email: string
}) {
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
