import { getFormProps, type FormMetadata } from '@conform-to/react'
import { useLingui } from '@lingui/react'
import { Trans, useLingui as useLinguiMacro } from '@lingui/react/macro'
import { Form, Link, useLocation } from '@remix-run/react'
import { type ReactNode } from 'react'
import { translate } from '~/utils/i18n'
import { LOCALE_NAMES, LOCALES } from '~/utils/locales'
import { useIsPending } from '~/utils/misc'
import { LINK_NOT_VALID } from '~/utils/settings-schemas'
import { FormError, SubmitButton, type ListOfErrors } from './forms'
import { IllustrationWelcome } from './illustrations'
import { Logo } from './logo'

/** The frame of the signed-out screens: brand panel on desktop, a single column on a phone. */
export function AuthLayout({
	title,
	subtitle,
	children,
	illustration = <IllustrationWelcome className="w-full max-w-sm" />,
}: {
	title: ReactNode
	subtitle?: ReactNode
	children: ReactNode
	illustration?: ReactNode
}) {
	const { t } = useLinguiMacro()
	return (
		<div className="grid min-h-dvh grid-cols-1 lg:grid-cols-2">
			<aside className="bg-brand-50 hidden flex-col justify-between p-12 lg:flex">
				<Link to="/" aria-label={t`Tagg home`} className="self-start">
					<Logo />
				</Link>
				<div className="flex flex-col items-center gap-8 text-center">
					{illustration}
					<p className="text-ink max-w-sm text-lg font-medium">
						<Trans>Your profile, resume and portfolio at one address you can share anywhere.</Trans>
					</p>
				</div>
				<p className="text-muted text-sm">
					<Trans>Self-hosted with care.</Trans>
				</p>
			</aside>
			<main className="flex flex-col px-6 py-8 sm:px-10 lg:justify-center">
				<Link to="/" aria-label={t`Tagg home`} className="mb-10 self-start lg:hidden">
					<Logo />
				</Link>
				<div className="mx-auto w-full max-w-sm">
					<h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
					{subtitle ? <p className="text-muted mt-2">{subtitle}</p> : null}
					<div className="mt-8">{children}</div>
				</div>
				<LanguageSwitcher />
			</main>
		</div>
	)
}

/**
 * The languages of the signed-out screens as plain links (`?lang=`, the rest of the address
 * kept): they work without JavaScript, and the server keeps the choice in a cookie. Each is
 * named in its own language, and loads a whole new document (the page's catalogs change).
 */
export function LanguageSwitcher() {
	const { t } = useLinguiMacro()
	const { i18n } = useLingui()
	const location = useLocation()
	const hrefFor = (locale: string) => {
		const query = new URLSearchParams(location.search)
		query.set('lang', locale)
		return `${location.pathname}?${query}`
	}
	return (
		<nav aria-label={t`Language`} className="mx-auto mt-12 w-full max-w-sm">
			<ul className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
				{LOCALES.map((locale) => (
					<li key={locale}>
						<a
							href={hrefFor(locale)}
							lang={locale}
							hrefLang={locale}
							aria-current={locale === i18n.locale ? 'true' : undefined}
							className={
								locale === i18n.locale
									? 'text-ink font-semibold'
									: 'text-muted hover:text-ink hover:underline'
							}
						>
							{LOCALE_NAMES[locale]}
						</a>
					</li>
				))}
			</ul>
		</nav>
	)
}

/**
 * The form of a signed-out screen: its fields, the message of a failed submission (`errors`,
 * the form's own by default), then its full-width button.
 */
export function AuthForm<Schema extends Record<string, unknown>>({
	form,
	errors = form.errors,
	label,
	pendingLabel,
	children,
}: {
	form: FormMetadata<Schema>
	errors?: ListOfErrors
	label: string
	pendingLabel: string
	children: ReactNode
}) {
	const isPending = useIsPending()
	return (
		<Form method="POST" {...getFormProps(form)} className="flex flex-col gap-5">
			{children}
			<FormError id={form.errorId} errors={errors} />
			<SubmitButton pending={isPending} label={label} pendingLabel={pendingLabel} />
		</Form>
	)
}

/** A link in the text of a signed-out screen. */
export function TextLink({ to, children }: { to: string; children: ReactNode }) {
	return (
		<Link to={to} className="text-brand font-semibold hover:underline">
			{children}
		</Link>
	)
}

/** The line under a signed-out screen's form: a link to the screen one wants instead. */
export function AuthFooterLink({ to, children }: { to: string; children: ReactNode }) {
	return (
		<p className="text-muted mt-8 text-center text-sm">
			<TextLink to={to}>{children}</TextLink>
		</p>
	)
}

/** The headers of an emailed link's page: its token is in the address, so no cache or Referer. */
export const linkPageHeaders = () => ({
	'Cache-Control': NO_STORE,
	'Referrer-Policy': 'no-referrer',
})

/** A page no cache keeps (a header's value, not a message). */
export const NO_STORE = 'private, no-store'

/**
 * The screen of an emailed link that is spent, expired or unknown: why, then what to do
 * (`children`).
 */
export function LinkNotValidLayout({
	explanation,
	children,
}: {
	explanation: ReactNode
	children: ReactNode
}) {
	const { t } = useLinguiMacro()
	const { i18n } = useLingui()
	return (
		<AuthLayout title={t`This link can’t be used`}>
			<div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3.5">
				<p className="font-medium text-red-800">{translate(i18n, LINK_NOT_VALID)}</p>
				<p className="text-ink mt-2 text-sm">{explanation}</p>
			</div>
			{children}
		</AuthLayout>
	)
}
