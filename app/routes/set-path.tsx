import { parseWithZod } from '@conform-to/zod/v4'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import {
	redirect,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AuthForm, AuthLayout, TextLink } from '~/components/auth-layout'
import { PathField, useZodForm } from '~/components/forms'
import { IllustrationClaim } from '~/components/illustrations'
import {
	claimPath,
	getCustomerPath,
	listHeldPaths,
	releaseHeldPath,
} from '~/models/customer.server'
import { readFormData } from '~/utils/api.server'
import { requireCustomerId } from '~/services/auth.server'
import { env } from '~/utils/env.server'
import { metaI18n, translate } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'
import { useIsPending } from '~/utils/misc'
import { PATH_HOLD_DAYS, PATH_MESSAGES } from '~/utils/path-name'
import { PathFormSchema } from '~/utils/settings-schemas'

export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const i18n = requestI18n(request)
	const host = new URL(env().PUBLIC_SITE_URL).host
	const [currentPath, held] = await Promise.all([
		getCustomerPath(customerId),
		listHeldPaths(customerId),
	])
	return {
		host,
		currentPath,
		// The date in the page's language ('Dec 27, 2026', '27 dic 2026', '27‏/12‏/2026').
		previous: held.map((entry) => ({
			path: entry.path,
			until: i18n.date(entry.until, { dateStyle: 'medium', timeZone: 'UTC' }),
		})),
	}
}

/** 'release' lets a previous address go; anything else claims the path typed. */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const formData = await readFormData(request)
	const i18n = requestI18n(request)
	if (formData.get('intent') === 'release') {
		const path = String(formData.get('path') ?? '')
		return { result: undefined, released: (await releaseHeldPath(customerId, path)) ? path : null }
	}
	const submission = parseWithZod(formData, { schema: PathFormSchema })
	if (submission.status !== 'success') return { result: submission.reply() }
	try {
		const result = await claimPath(customerId, submission.value.path)
		if (result.ok) throw redirect('/builder')
		const message = result.reason === 'invalid' ? PATH_MESSAGES.invalid : PATH_MESSAGES.taken
		return { result: submission.reply({ formErrors: [translate(i18n, message)] }) }
	} catch (error) {
		if (error instanceof Response) throw error
		console.error(error)
		return { result: submission.reply({ formErrors: [translate(i18n, PATH_MESSAGES.failed)] }) }
	}
}

export default function SetPathPage() {
	const { t } = useLingui()
	const { host, currentPath, previous } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useZodForm(PathFormSchema, {
		id: 'set-path-form',
		lastResult: actionData?.result,
		defaultValue: { path: currentPath ?? '' },
	})

	return (
		<AuthLayout
			title={t`Claim your space`}
			subtitle={t`Pick the unique address of your Tagg. It is the link you share and the one your QR code opens.`}
			illustration={<IllustrationClaim className="w-full max-w-sm" />}
		>
			<IllustrationClaim className="mx-auto mb-6 w-56 lg:hidden" />
			<AuthForm
				form={form}
				label={currentPath ? t`Change my address` : t`Claim my space`}
				pendingLabel={t`Claiming...`}
			>
				<PathField meta={fields.path} host={host} initialFocus />
			</AuthForm>
			{previous.length ? <PreviousAddresses host={host} previous={previous} /> : null}
			{currentPath ? <KeepAddress address={`${host}/${currentPath}`} /> : null}
		</AuthLayout>
	)
}

/** The way back to the builder, keeping the address the owner has. */
function KeepAddress({ address }: { address: string }) {
	return (
		<p className="mt-6 text-center text-sm">
			<TextLink to="/builder">
				{/* An address reads left to right in every language. */}
				<Trans>
					Keep{' '}
					<bdi dir="ltr" className="wrap-anywhere">
						{address}
					</bdi>{' '}
					and go back
				</Trans>
			</TextLink>
		</p>
	)
}

/**
 * The owner's previous addresses: each still leads to their Tagg (QR codes and shared links
 * keep working) and no one else can claim it, until its date; 'Release' lets it go now.
 */
function PreviousAddresses({
	host,
	previous,
}: {
	host: string
	previous: Array<{ path: string; until: string }>
}) {
	const { t } = useLingui()
	const isPending = useIsPending()
	const days = PATH_HOLD_DAYS
	return (
		<section aria-labelledby="previous-addresses" className="mt-8 flex flex-col gap-3">
			<h2 id="previous-addresses" className="text-base font-bold">
				<Trans>Previous addresses</Trans>
			</h2>
			<p className="text-muted text-sm">
				<Plural
					value={days}
					one="For # day after a change, an old address still opens your Tagg and no one else can claim it. Release it to let it go sooner."
					other="For # days after a change, an old address still opens your Tagg and no one else can claim it. Release it to let it go sooner."
				/>
			</p>
			<ul className="flex flex-col gap-2">
				{previous.map(({ path, until }) => {
					const address = `${host}/${path}`
					return (
						<li key={path} className="card flex items-center justify-between gap-4 px-4 py-3">
							<div className="min-w-0">
								{/* An address reads left to right (cut at its end) in every language. */}
								<p className="truncate text-sm font-semibold rtl:text-end" dir="ltr">
									{address}
								</p>
								<p className="text-muted text-xs">
									<Trans>Redirects until {until}</Trans>
								</p>
							</div>
							<Form method="POST" className="shrink-0">
								<input type="hidden" name="intent" value="release" />
								<input type="hidden" name="path" value={path} />
								<button
									type="submit"
									className="btn-secondary min-h-10 py-2"
									disabled={isPending}
									aria-label={t`Release ${address}`}
								>
									<Trans>Release</Trans>
								</button>
							</Form>
						</li>
					)
				})}
			</ul>
		</section>
	)
}

export const meta: MetaFunction = ({ matches }) => [
	{ title: metaI18n(matches)._(msg`Claim your space | Tagg`) },
]
