import { msg } from '@lingui/core/macro'
import { Trans as TransRuntime } from '@lingui/react'
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
import { errorMeta, GeneralErrorBoundary } from '~/components/error-boundary'
import { Field, FormError, TextareaField } from '~/components/forms'
import { ArrowRightIcon } from '~/components/icons'
import { PublicPage } from '~/components/public-page'
import { CardIcon } from '~/components/public-sheets'
import { getPublicProfilePage } from '~/models/public-page.server'
import { openContactForm, receiveContact } from '~/services/contacts.server'
import { notFoundOrMoved } from '~/services/moved.server'
import { readFormData } from '~/utils/api.server'
import { formStamp, looksHuman } from '~/utils/contact-form.server'
import {
	CONSENT,
	CONTACT_LIMITS,
	ContactSchema,
	HONEYPOT_FIELD,
	ownerName,
	STARTED_FIELD,
} from '~/utils/contact-schemas'
import { PUBLIC_PAGE, type PublicPageHandle } from '~/utils/document'
import { metaI18n, translate } from '~/utils/i18n'
import { serverI18n } from '~/utils/i18n.server'
import { localPath } from '~/utils/local-path'
import { pageHref, profileUrlFor, publicBase } from '~/utils/public-url.server'
import { fullName } from '~/utils/seo'

/** A visitor's details are a few lines: a larger post is refused before it is read (413). */
const MAX_FORM_BYTES = 16 * 1024

const FIELDS = ['name', 'email', 'phone', 'company', 'message'] as const
type FieldName = (typeof FIELDS)[number]
type Values = Partial<Record<FieldName, string>>
type Errors = Partial<Record<FieldName | 'consent' | 'form', string[]>>

/**
 * `/{pname}/connect`: 'Exchange contact' as a page (ARCHITECTURE.md "Contact exchange")
 * that works without JavaScript, where the profile's button leads when no script runs (with one,
 * the same form opens in a dialog: app/utils/contact-dialog.ts). Never cached: each view stamps
 * the time the form was made (the minimum time to fill it), and its post is the visitor's own.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const page = await getPublicProfilePage(params.pname ?? '')
	if (!page) throw await notFoundOrMoved(request, params.pname)
	const path = page.profile.path!
	const sent = new URL(request.url).searchParams.has('sent')
	// A closed form is no page (the profile shows no button then): 404, as the API answers.
	if (!sent && !(await openContactForm(path))) throw new Response('Not found', { status: 404 })
	const base = publicBase(request, path)
	return data(
		{
			profile: page.profile,
			path,
			profileUrl: profileUrlFor(request, path),
			// '' on the owner's domain, `/{pname}` else: the page's links (page-base.tsx).
			base: base.prefix,
			profileHref: pageHref(base),
			vcardHref: pageHref(base, '/contact.vcf'),
			appearance: page.profile.appearance,
			locale: page.profile.language,
			stamp: formStamp(),
			sent,
		},
		{ headers: { 'Cache-Control': 'private, no-store' } },
	)
}

/**
 * The form, posted. A hit on the honeypot or a form sent faster than a person could is answered
 * as a success and dropped. Refusals re-show the form with what was typed and why (400), or say
 * to wait (429 with Retry-After); a success goes to the thank-you state (303, so a reload does
 * not send it twice).
 */
export async function action({ request, params }: ActionFunctionArgs) {
	const form = await readFormData(request, MAX_FORM_BYTES).catch((error: unknown) => {
		if (error instanceof Response) throw error
		throw new Response('Bad request', { status: 400 })
	})
	const pname = params.pname ?? ''
	const owner = await openContactForm(pname)
	if (!owner) throw await notFoundOrMoved(request, pname)
	const thanks = redirect(`${localPath(new URL(request.url).pathname)}?sent=1`, {
		status: 303,
		headers: { 'Cache-Control': 'no-store' },
	})
	const raw = Object.fromEntries(
		[...FIELDS, 'consent'].map((name) => [name, form.get(name) ?? undefined]),
	)
	const values: Values = Object.fromEntries(
		FIELDS.map((name) => [name, typeof raw[name] === 'string' ? raw[name] : '']),
	)
	const i18n = serverI18n(owner.language)
	const parsed = ContactSchema.safeParse(raw)
	if (!parsed.success) {
		const errors: Errors = {}
		for (const issue of parsed.error.issues) {
			const field = String(issue.path[0] ?? 'form') as keyof Errors
			;(errors[field] ??= []).push(translate(i18n, issue.message))
		}
		return data({ values, errors }, { status: 400, headers: { 'Cache-Control': 'no-store' } })
	}
	// Checked once the form is complete (a person's mistakes are shown whatever the time).
	if (!looksHuman(form)) return thanks
	const outcome = await receiveContact(request, pname, parsed.data)
	if (outcome.ok) return thanks
	if (outcome.status === 404) throw new Response('Not found', { status: 404 })
	return data(
		{ values, errors: { form: [translate(i18n, outcome.message)] } as Errors },
		{
			status: 429,
			headers: { 'Retry-After': String(outcome.retryAfterSeconds), 'Cache-Control': 'no-store' },
		},
	)
}

/** Never cached (each view stamps its own time); a refusal past the limits says when to retry. */
const NO_STORE = 'private, no-store'
export const headers: HeadersFunction = ({ actionHeaders, errorHeaders }) => {
	const headers = new Headers({ 'Cache-Control': NO_STORE })
	const retryAfter = actionHeaders.get('Retry-After') ?? errorHeaders?.get('Retry-After')
	if (retryAfter) headers.set('Retry-After', retryAfter)
	return headers
}

export default function ConnectPage() {
	const { profile, path, profileUrl, appearance, base } = useLoaderData<typeof loader>()
	return (
		<PublicPage
			profile={profile}
			path={path}
			profileUrl={profileUrl}
			base={base}
			accent={appearance.accent}
		>
			<main className="mx-auto flex max-w-lg flex-col gap-4 px-4 py-6 sm:py-10">
				<ContactPanel />
			</main>
		</PublicPage>
	)
}

/**
 * The form, or the thank-you state: what the profile's dialog shows too (it fetches this page
 * and takes `#contact-panel`), so both say and check exactly the same.
 */
function ContactPanel() {
	const { profile, path, profileHref, vcardHref, stamp, sent } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const { t } = useLingui()
	const owner = ownerName({
		firstName: profile.name.firstName || null,
		lastName: profile.name.lastName || null,
		path,
	})
	const back = (
		<a href={profileHref} className="btn-ghost text-brand-700 self-start" data-contact-back>
			<ArrowRightIcon className="size-4 -scale-x-100 rtl:scale-x-100" />
			<Trans>Back to {owner}’s profile</Trans>
		</a>
	)
	if (sent) {
		return (
			<section
				id="contact-panel"
				aria-labelledby="contact-title"
				className="card flex flex-col gap-4 p-5 sm:p-7"
				data-contact-state="sent"
				data-close-label={t`Close`}
			>
				<h1 id="contact-title" className="text-2xl font-bold tracking-tight" tabIndex={-1}>
					<Trans>Thank you!</Trans>
				</h1>
				<p role="status">
					<Trans>Your details were sent to {owner}.</Trans>
				</p>
				<p className="text-muted text-sm">
					<Trans>Save {owner}’s contact card too, to have their details at hand.</Trans>
				</p>
				<a className="btn-primary" href={vcardHref} download="contact.vcf">
					<CardIcon />
					<Trans>Save {owner}’s contact card</Trans>
				</a>
				{back}
			</section>
		)
	}
	const values = (actionData && 'values' in actionData ? actionData.values : {}) as Values
	const errors = (actionData && 'errors' in actionData ? actionData.errors : {}) as Errors
	const field = (name: FieldName) => ({
		id: `contact-${name}`,
		name,
		defaultValue: values[name] ?? '',
		'aria-invalid': errors[name]?.length ? true : undefined,
	})
	return (
		<section
			id="contact-panel"
			aria-labelledby="contact-title"
			className="card flex flex-col gap-4 p-5 sm:p-7"
			data-contact-state="form"
			data-close-label={t`Close`}
		>
			<div className="flex flex-col gap-1">
				<h1 id="contact-title" className="text-2xl font-bold tracking-tight" tabIndex={-1}>
					<Trans>Exchange contact</Trans>
				</h1>
				<p className="text-muted text-sm">
					<Trans>Leave your details for {owner}, who can then get back to you.</Trans>
				</p>
			</div>
			<form method="post" className="flex flex-col gap-4" noValidate data-contact-form>
				<FormError id="contact-form-error" errors={errors.form} />
				<Field
					labelProps={{ children: t`Your name` }}
					inputProps={{ ...field('name'), type: 'text', autoComplete: 'name', required: true }}
					errors={errors.name}
				/>
				<Field
					labelProps={{ children: t`Email` }}
					inputProps={{
						...field('email'),
						type: 'email',
						autoComplete: 'email',
						inputMode: 'email',
						dir: 'ltr',
					}}
					errors={errors.email}
					hint={t`Your email or your phone number, or both.`}
				/>
				<Field
					labelProps={{ children: t`Phone` }}
					inputProps={{ ...field('phone'), type: 'tel', autoComplete: 'tel', dir: 'ltr' }}
					errors={errors.phone}
				/>
				<Field
					labelProps={{ children: t`Company (optional)` }}
					inputProps={{ ...field('company'), type: 'text', autoComplete: 'organization' }}
					errors={errors.company}
				/>
				<TextareaField
					labelProps={{ children: t`Note (optional)` }}
					textareaProps={{
						...field('message'),
						rows: 4,
						maxLength: CONTACT_LIMITS.message,
						dir: 'auto',
					}}
					errors={errors.message}
					hint={t`Up to 1,000 characters.`}
				/>
				<Consent owner={owner} errors={errors.consent} />
				{/* A field people never see nor reach: a bot that fills it is answered and dropped. */}
				<div aria-hidden="true" className="absolute -start-[9999px] size-px overflow-hidden">
					<label htmlFor={`contact-${HONEYPOT_FIELD}`}>
						<Trans>Leave this field empty</Trans>
					</label>
					<input
						id={`contact-${HONEYPOT_FIELD}`}
						type="text"
						name={HONEYPOT_FIELD}
						tabIndex={-1}
						autoComplete="off"
						defaultValue=""
					/>
				</div>
				<input type="hidden" name={STARTED_FIELD} value={stamp} />
				<button type="submit" className="btn-primary w-full" data-pending={t`Sending…`}>
					<Trans>Send my details</Trans>
				</button>
			</form>
			{back}
		</section>
	)
}

/** The consent: who receives the details, and a link to the privacy note. */
function Consent({ owner, errors }: { owner: string; errors?: string[] }) {
	return (
		<div>
			<div className="flex items-start gap-2.5">
				<input
					id="contact-consent"
					type="checkbox"
					name="consent"
					value="on"
					required
					aria-invalid={errors?.length ? true : undefined}
					aria-describedby={errors?.length ? 'contact-consent-error' : undefined}
					className="border-line accent-brand mt-0.5 size-5 shrink-0 rounded"
				/>
				<label htmlFor="contact-consent" className="text-sm">
					<TransRuntime
						id={CONSENT.id}
						message={CONSENT.message}
						values={{ owner }}
						components={{
							// Lingui puts the link's words inside.
							// eslint-disable-next-line jsx-a11y/anchor-has-content
							0: <a href="/privacy" className="text-brand-700 underline underline-offset-2" />,
						}}
					/>
				</label>
			</div>
			{errors?.length ? (
				<ul id="contact-consent-error" className="mt-1.5" aria-live="polite">
					{errors.map((error) => (
						<li key={error} className="text-sm text-red-700">
							{error}
						</li>
					))}
				</ul>
			) : null}
		</div>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
	const i18n = metaI18n(matches)
	if (!data) return errorMeta(error, i18n._(msg`Page not found | Tagg`), i18n)
	const name = fullName(data.profile.name) || data.path
	return [
		{ title: i18n._(msg`Exchange contact with ${name} | Tagg`) },
		// A form for one visitor at a time: nothing for search engines.
		{ name: 'robots', content: 'noindex' },
	]
}

// A visitor's page (its small script, no Remix runtime), not one Insights counts.
export const handle: PublicPageHandle = { ...PUBLIC_PAGE, uncounted: true }

export const ErrorBoundary = GeneralErrorBoundary
