import { parseWithZod } from '@conform-to/zod/v4'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import {
	data,
	redirect,
	type ActionFunctionArgs,
	type HeadersFunction,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { serialize } from 'cookie'
import { type z } from 'zod'
import {
	AddressSection,
	DataSection,
	DeleteSection,
	EmailSection,
	LanguageSection,
	PasswordSection,
	SessionsSection,
} from '~/components/account-settings'
import { DomainSettings } from '~/components/domain-settings'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { SignInFactorsSettings } from '~/components/sign-in-factors'
import { SudoProvider } from '~/components/sudo-dialog'
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
import { requireCustomerId } from '~/services/auth.server'
import { TOO_MANY_ATTEMPTS } from '~/services/rate-limit.server'
import {
	clearedSessionCookies,
	createSession,
	headersWithCookies,
	readSessionCookies,
	sessionCookies,
} from '~/services/session.server'
import { factorsOf } from '~/services/sign-in-factors.server'
import { readFormData } from '~/utils/api.server'
import { env } from '~/utils/env.server'
import { metaI18n, translate, type Translatable } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'
import { signAccessToken } from '~/utils/jwt.server'
import { LANG_COOKIE, langCookie } from '~/utils/locale.server'
import { DEFAULT_LOCALE, isLocale } from '~/utils/locales'
import { PATH_MESSAGES } from '~/utils/path-name'
import { LanguageSchema } from '~/utils/profile-schemas'
import { noindexMeta } from '~/utils/seo'
import {
	SETTING_SCHEMAS,
	VERIFICATION_SENT,
	WRONG_PASSWORD,
	type ChangeEmailFormSchema,
	type ChangePasswordFormSchema,
	type DeleteAccountFormSchema,
	type PathFormSchema,
	type SettingResult,
} from '~/utils/settings-schemas'

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
			} satisfies SettingResult,
			{ headers },
		)
	}
	if (intent === 'verify') {
		const outcome = await resendVerification(customerId)
		if (!outcome.ok) {
			return data({ intent, notice: translate(i18n, outcome.message) } satisfies SettingResult, {
				status: outcome.status,
				headers: outcome.retryAfterSeconds
					? { 'Retry-After': String(outcome.retryAfterSeconds) }
					: undefined,
			})
		}
		const notice = outcome.verified
			? i18n._(msg`Your email is verified.`)
			: translate(i18n, VERIFICATION_SENT)
		return data({ intent, notice } satisfies SettingResult)
	}
	if (intent === 'pageLanguage' || intent === 'builderLanguage') {
		const wanted = String(formData.get('language') ?? '')
		const notAChoice = () =>
			data(
				{
					intent,
					error: i18n._(msg`Choose one of the languages in the list.`),
				} satisfies SettingResult,
				{ status: 400 },
			)
		if (intent === 'pageLanguage') {
			const parsed = LanguageSchema.safeParse({ language: wanted })
			if (!parsed.success) return notAChoice()
			await updateProfile(customerId, { language: parsed.data.language })
			return data({
				intent,
				notice: i18n._(msg`The language of your public pages was saved.`),
			} satisfies SettingResult)
		}
		// Empty: the browser's language. The page loads again as a new document, in the new
		// language with its catalogs; the cookie keeps it for the signed-out pages and the API.
		if (wanted !== '' && !isLocale(wanted)) return notAChoice()
		await setCustomerLanguage(customerId, wanted || null)
		throw redirect(LANGUAGE_SAVED, {
			headers: { 'Set-Cookie': wanted ? langCookie(wanted) : clearedLangCookie() },
		})
	}
	if (!(intent in SETTING_SCHEMAS)) throw data(i18n._(msg`Unknown intent`), { status: 400 })
	const key = intent as keyof typeof SETTING_SCHEMAS
	const submission = parseWithZod(formData, { schema: SETTING_SCHEMAS[key] })
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
			} satisfies SettingResult,
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
			{ intent: key, result: submission.reply({ hideFields: HIDDEN }) } satisfies SettingResult,
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
			} satisfies SettingResult,
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

export const meta: MetaFunction = ({ matches }) =>
	noindexMeta(metaI18n(matches)._(msg`Settings | Tagg`))

export const ErrorBoundary = GeneralErrorBoundary
