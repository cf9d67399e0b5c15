import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import {
	data,
	redirect,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AuthLayout, LinkNotValidLayout, linkPageHeaders } from '~/components/auth-layout'
import { FormError, SubmitButton } from '~/components/forms'
import { findAccountLinkToken, findEmailChangeToken } from '~/models/account.server'
import { readFormData } from '~/utils/api.server'
import {
	cancelEmailChangeFromLink,
	confirmEmailFromLink,
	verifyEmailFromLink,
} from '~/services/account-settings.server'
import { getCustomerId } from '~/services/auth.server'
import { clearedSessionCookies, headersWithCookies } from '~/services/session.server'
import { metaI18n, translate } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'
import { useIsPending } from '~/utils/misc'
import { LinkTokenSchema } from '~/utils/settings-schemas'
import { noindexMeta } from '~/utils/seo'

export const headers = linkPageHeaders

/**
 * The three links about an address, each opened here:
 * - `?token=`: confirms a new email (sent to the new address);
 * - `?verify=`: verifies the address an owner signed up with;
 * - `?cancel=`: cancels a change of email and signs out every device (sent to the current
 *   address when the change was asked for).
 * Opening a link shows what it will do; the button does it (a POST), so a mail scanner that
 * fetches links cannot spend one. Done, the button's answer is a redirect to `?done=<kind>`
 * (the link is spent by then: reading it again would only answer 400).
 */
type Kind = 'change' | 'verify' | 'cancel'

const KINDS: readonly string[] = ['change', 'verify', 'cancel']

function linkOf(url: URL): { kind: Kind; token: string } {
	const verify = url.searchParams.get('verify')
	if (verify !== null) return { kind: 'verify', token: verify }
	const cancel = url.searchParams.get('cancel')
	if (cancel !== null) return { kind: 'cancel', token: cancel }
	return { kind: 'change', token: url.searchParams.get('token') ?? '' }
}

export async function loader({ request }: LoaderFunctionArgs) {
	const url = new URL(request.url)
	const signedIn = Boolean(await getCustomerId(request))
	const done = url.searchParams.get('done') ?? ''
	if (KINDS.includes(done))
		return { kind: done as Kind, token: '', email: null, signedIn, done: true }
	const { kind, token } = linkOf(url)
	let email: string | null = null
	if (kind === 'change') email = (await findEmailChangeToken(token))?.newEmail ?? null
	else {
		const purpose = kind === 'verify' ? 'verify-email' : 'cancel-email-change'
		email = (await findAccountLinkToken(token, purpose))?.email ?? null
	}
	if (!email) return data({ kind, token: '', email: null, signedIn, done: false }, { status: 400 })
	return { kind, token, email, signedIn, done: false }
}

type ActionResult = { error: string | null; spent: boolean }

export async function action({ request }: ActionFunctionArgs) {
	const formData = await readFormData(request)
	const parsed = LinkTokenSchema.safeParse(formData.get('token'))
	// A page opened before links came in three kinds posts no intent: it confirms a change.
	const kind = formData.get('intent') ?? 'change'
	const spent = () =>
		data({ error: null, spent: true } satisfies ActionResult, {
			status: 400,
		})
	if (!parsed.success) return spent()
	const token = parsed.data
	switch (kind) {
		case 'verify': {
			const verified = await verifyEmailFromLink(token)
			if (!verified) return spent()
			throw redirect('/confirm-email?done=verify')
		}
		case 'cancel': {
			const cancelled = await cancelEmailChangeFromLink(token)
			if (!cancelled) return spent()
			// Every session ended, this browser's too.
			throw redirect('/confirm-email?done=cancel', {
				headers: headersWithCookies(clearedSessionCookies()),
			})
		}
		case 'change': {
			const outcome = await confirmEmailFromLink(token)
			if (!outcome) return spent()
			if (!outcome.ok) {
				const error = translate(requestI18n(request), outcome.message)
				return data({ error, spent: false } satisfies ActionResult, {
					status: 409,
				})
			}
			// The change ended every session (this browser's too): the owner logs in with the new email.
			throw redirect('/confirm-email?done=change', {
				headers: headersWithCookies(clearedSessionCookies()),
			})
		}
		default:
			throw data('Unknown intent', { status: 400 })
	}
}

const DONE_TITLES: Record<Kind, MessageDescriptor> = {
	change: msg`Your email is changed`,
	verify: msg`Your email is verified`,
	cancel: msg`The change is cancelled`,
}

const LogInLink = () => (
	<Link to="/login" className="btn-primary mt-6 w-full">
		<Trans>Log in</Trans>
	</Link>
)

function Done({ kind, signedIn }: { kind: Kind; signedIn: boolean }) {
	const { _ } = useLingui()
	if (kind === 'verify') {
		return (
			<AuthLayout title={_(DONE_TITLES.verify)}>
				<p role="status" className="border-brand-200 bg-brand-50 rounded-xl border px-4 py-3.5">
					<Trans>Thank you: your Tagg account’s email is verified.</Trans>
				</p>
				{signedIn ? (
					<Link to="/builder" className="btn-primary mt-6 w-full">
						<Trans>Back to your Tagg</Trans>
					</Link>
				) : (
					<LogInLink />
				)}
			</AuthLayout>
		)
	}
	if (kind === 'cancel') {
		return (
			<AuthLayout title={_(DONE_TITLES.cancel)}>
				<p role="status" className="border-brand-200 bg-brand-50 rounded-xl border px-4 py-3.5">
					<Trans>
						Your email stays as it is, and every device was signed out. Whoever asked for the change
						knew your password: choose a new one now.
					</Trans>
				</p>
				<Link to="/forgot-password" className="btn-primary mt-6 w-full">
					<Trans>Choose a new password</Trans>
				</Link>
			</AuthLayout>
		)
	}
	return (
		<AuthLayout title={_(DONE_TITLES.change)}>
			<p role="status" className="border-brand-200 bg-brand-50 rounded-xl border px-4 py-3.5">
				<Trans>
					Your Tagg account’s email is changed, and every device was signed out. Log in with your
					new email from now on.
				</Trans>
			</p>
			<LogInLink />
		</AuthLayout>
	)
}

const NOT_VALID: Record<Kind, MessageDescriptor> = {
	change: msg`A link to confirm a new email works once, within 24 hours, and a newer request replaces it. Ask for a new one in your settings.`,
	verify: msg`A link to verify your email works once, within 7 days, and only for the email your account has now. Ask for a new one in your settings.`,
	cancel: msg`A link to cancel a change of email works once, within 7 days. If you did not ask for a change, choose a new password.`,
}

const ASK: Record<
	Kind,
	{ to: string; label: MessageDescriptor; signedOutLabel: MessageDescriptor }
> = {
	change: {
		to: '/builder/settings',
		label: msg`Ask for a new link`,
		signedOutLabel: msg`Log in to ask for a new link`,
	},
	verify: {
		to: '/builder/settings',
		label: msg`Ask for a new link`,
		signedOutLabel: msg`Log in to ask for a new link`,
	},
	cancel: {
		to: '/forgot-password',
		label: msg`Choose a new password`,
		signedOutLabel: msg`Choose a new password`,
	},
}

const CONFIRM: Record<
	Kind,
	{
		title: MessageDescriptor
		subtitle: MessageDescriptor
		label: MessageDescriptor
		pendingLabel: MessageDescriptor
	}
> = {
	change: {
		title: msg`Confirm your new email`,
		subtitle: msg`Your Tagg account’s email changes when you confirm. Every device is signed out.`,
		label: msg`Confirm new email`,
		pendingLabel: msg`Confirming...`,
	},
	verify: {
		title: msg`Verify your email`,
		subtitle: msg`Confirm that this email is yours.`,
		label: msg`Verify my email`,
		pendingLabel: msg`Verifying...`,
	},
	cancel: {
		title: msg`Cancel the change of email`,
		subtitle: msg`Someone signed in to your account asked to change its email. Cancel it to keep your email and sign out every device.`,
		label: msg`Cancel the change`,
		pendingLabel: msg`Cancelling...`,
	},
}

/** The email a link is about, named as its page says it ('New email: …'); it reads left to right. */
function WhatEmail({ kind, email }: { kind: Kind; email: string }) {
	if (kind === 'change') {
		return (
			<Trans>
				New email:{' '}
				<strong className="break-all" dir="ltr">
					{email}
				</strong>
			</Trans>
		)
	}
	if (kind === 'verify') {
		return (
			<Trans>
				Email:{' '}
				<strong className="break-all" dir="ltr">
					{email}
				</strong>
			</Trans>
		)
	}
	return (
		<Trans>
			Your email:{' '}
			<strong className="break-all" dir="ltr">
				{email}
			</strong>
		</Trans>
	)
}

export default function ConfirmEmailPage() {
	const { _ } = useLingui()
	const { kind, token, email, signedIn, done } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>() as ActionResult | undefined
	const isPending = useIsPending()

	if (done) return <Done kind={kind} signedIn={signedIn} />

	if (!email || actionData?.spent) {
		const ask = ASK[kind]
		return (
			<LinkNotValidLayout explanation={_(NOT_VALID[kind])}>
				<Link
					to={signedIn || kind === 'cancel' ? ask.to : '/login'}
					className="btn-primary mt-6 w-full"
				>
					{_(signedIn ? ask.label : ask.signedOutLabel)}
				</Link>
			</LinkNotValidLayout>
		)
	}

	const copy = CONFIRM[kind]
	return (
		<AuthLayout title={_(copy.title)} subtitle={_(copy.subtitle)}>
			<Form method="POST" className="flex flex-col gap-5">
				<input type="hidden" name="intent" value={kind} />
				<input type="hidden" name="token" value={token} />
				<p className="border-line bg-surface rounded-xl border px-4 py-3.5">
					<WhatEmail kind={kind} email={email} />
				</p>
				<FormError errors={actionData?.error ? [actionData.error] : undefined} />
				<SubmitButton
					pending={isPending}
					label={_(copy.label)}
					pendingLabel={_(copy.pendingLabel)}
				/>
			</Form>
		</AuthLayout>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => {
	const i18n = metaI18n(matches)
	const title = i18n._(
		page
			? page.done
				? DONE_TITLES[page.kind]
				: CONFIRM[page.kind].title
			: msg`Confirm your email`,
	)
	return noindexMeta(i18n._(msg`${title} | Tagg`))
}
