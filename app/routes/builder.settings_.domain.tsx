/**
 * /builder/settings/domain: the owner's own domain. The page works without
 * JavaScript (plain forms); Settings shows the same panel in its 'Your own domain' section,
 * loading and posting here with a fetcher (app/components/domain-settings.tsx).
 */
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import {
	data,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { DomainPanel, type DomainActionData } from '~/components/domain-settings'
import { getAccount } from '~/models/account.server'
import { getSession, requireCustomerId } from '~/services/auth.server'
import { openSudo, SUDO_REQUIRED, sudoNeeded } from '~/services/sudo.server'
import {
	DOMAIN_VERIFIED,
	domainUrl,
	readOwnDomain,
	removeOwnDomain,
	updateOwnDomain,
	verifyOwnDomain,
} from '~/services/domains.server'
import { readFormData } from '~/utils/api.server'
import { DOMAIN_MISSING, DomainBody } from '~/utils/domain-schemas'
import { metaI18n, translate, withValues, type Translatable } from '~/utils/i18n'
import { directionOf, isLocale } from '~/utils/locales'
import { requestI18n } from '~/utils/i18n.server'

export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	return { view: await readOwnDomain(customerId) }
}

export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const [form, account] = await Promise.all([readFormData(request), getAccount(customerId)])
	const i18n = requestI18n(request, account?.language)
	const rtl = isLocale(i18n.locale) && directionOf(i18n.locale) === 'rtl'
	// A refusal in the page's language; in a right-to-left one the names and values in it (a
	// record's name, a token) keep their own direction (isolated).
	const shown = (message: Translatable) =>
		translate(
			i18n,
			rtl && typeof message !== 'string' && message.values
				? {
						...message,
						values: Object.fromEntries(
							Object.entries(message.values).map(([key, value]) => [
								key,
								typeof value === 'string' ? `\u2068${value}\u2069` : value,
							]),
						),
					}
				: message,
		)
	const intent = String(form.get('intent') ?? '')
	const answer = (status: number, body: Omit<DomainActionData, 'intent'>) =>
		data<DomainActionData>({ intent, ...body }, { status })
	switch (intent) {
		case 'update': {
			const parsed = DomainBody.safeParse({ domain: form.get('domain') ?? '' })
			if (!parsed.success) {
				const message = parsed.error.issues[0]?.message ?? DOMAIN_MISSING
				return answer(400, {
					view: await readOwnDomain(customerId),
					error: translate(i18n, message),
					typed: String(form.get('domain') ?? ''),
				})
			}
			// A new domain needs sudo mode (docs/decisions/040-sudo-mode.md): the password may come
			// with the form itself (the page without JavaScript), else the dialog asks for it.
			const typedPassword = form.get('sudoPassword')
			if (typeof typedPassword === 'string' && typedPassword) {
				const session = await getSession(request)
				const proved = session
					? await openSudo(request, session, { password: typedPassword })
					: null
				if (!proved?.ok) {
					return answer(proved?.status ?? 401, {
						view: await readOwnDomain(customerId),
						error: translate(i18n, proved?.message ?? SUDO_REQUIRED),
						typed: parsed.data.domain,
						sudo: (await sudoNeeded(request)) ?? undefined,
					})
				}
			}
			const sudo = await sudoNeeded(request)
			if (sudo) {
				return answer(403, {
					view: await readOwnDomain(customerId),
					error: translate(i18n, SUDO_REQUIRED),
					typed: parsed.data.domain,
					sudo,
				})
			}
			const outcome = await updateOwnDomain(customerId, parsed.data.domain)
			if (!outcome.ok) {
				return answer(outcome.status, {
					view: await readOwnDomain(customerId),
					error: shown(outcome.message),
					typed: parsed.data.domain,
				})
			}
			return answer(200, { view: outcome.view })
		}
		case 'verify': {
			const outcome = await verifyOwnDomain(customerId)
			if (!outcome.ok) {
				return answer(outcome.status, {
					view: await readOwnDomain(customerId),
					error: shown(outcome.message),
				})
			}
			return answer(200, {
				view: outcome.view,
				message: translate(
					i18n,
					withValues(DOMAIN_VERIFIED, { url: domainUrl(outcome.view.domain ?? '') }),
				),
			})
		}
		case 'cancel':
			return answer(200, { view: await readOwnDomain(customerId) })
		case 'confirm-delete':
			return answer(200, { view: await readOwnDomain(customerId), confirmDelete: true })
		case 'delete':
			await removeOwnDomain(customerId)
			return answer(200, {
				view: await readOwnDomain(customerId),
				message: i18n._(
					msg`Your domain was removed. Your page is shown at its Tagg address again.`,
				),
			})
		default:
			return answer(400, {
				view: await readOwnDomain(customerId),
				error: i18n._(msg`Unknown action`),
			})
	}
}

export default function DomainPage() {
	const { view } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const navigation = useNavigation()
	const pending =
		navigation.state === 'submitting' ? String(navigation.formData?.get('intent')) : null
	return (
		<main className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:py-8">
			<p>
				<Link to="/builder/settings#domain" className="text-brand-700 text-sm font-semibold">
					<Trans>Back to Settings</Trans>
				</Link>
			</p>
			<DomainPanel
				view={actionData?.view ?? view}
				answer={actionData}
				pendingIntent={pending}
				FormComponent={Form}
				action="/builder/settings/domain"
				headingLevel={1}
			/>
		</main>
	)
}

export const meta: MetaFunction = ({ matches }) => [
	{ title: metaI18n(matches)._(msg`Your own domain | Tagg`) },
	{ name: 'robots', content: 'noindex' },
]

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
