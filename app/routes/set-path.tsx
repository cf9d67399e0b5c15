import { parseWithZod } from '@conform-to/zod/v4'
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
import { useIsPending } from '~/utils/misc'
import { PATH_HOLD_DAYS, PATH_MESSAGES } from '~/utils/path-name'
import { PathFormSchema } from '~/utils/settings-schemas'

const untilFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' })

export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const host = new URL(env().PUBLIC_SITE_URL).host
	const [currentPath, held] = await Promise.all([
		getCustomerPath(customerId),
		listHeldPaths(customerId),
	])
	return {
		host,
		currentPath,
		previous: held.map((entry) => ({ path: entry.path, until: untilFormat.format(entry.until) })),
	}
}

/** 'release' lets a previous address go; anything else claims the path typed. */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const formData = await readFormData(request)
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
		return { result: submission.reply({ formErrors: [message] }) }
	} catch (error) {
		if (error instanceof Response) throw error
		console.error(error)
		return { result: submission.reply({ formErrors: [PATH_MESSAGES.failed] }) }
	}
}

export default function SetPathPage() {
	const { host, currentPath, previous } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [form, fields] = useZodForm(PathFormSchema, {
		id: 'set-path-form',
		lastResult: actionData?.result,
		defaultValue: { path: currentPath ?? '' },
	})

	return (
		<AuthLayout
			title="Claim your space"
			subtitle="Pick the unique address of your Tagg. It is the link you share and the one your QR code opens."
			illustration={<IllustrationClaim className="w-full max-w-sm" />}
		>
			<IllustrationClaim className="mx-auto mb-6 w-56 lg:hidden" />
			<AuthForm
				form={form}
				label={currentPath ? 'Change my address' : 'Claim my space'}
				pendingLabel="Claiming..."
			>
				<PathField meta={fields.path} host={host} initialFocus />
			</AuthForm>
			{previous.length ? <PreviousAddresses host={host} previous={previous} /> : null}
			{currentPath ? (
				<p className="mt-6 text-center text-sm">
					<TextLink to="/builder">
						Keep {host}/{currentPath} and go back
					</TextLink>
				</p>
			) : null}
		</AuthLayout>
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
	const isPending = useIsPending()
	return (
		<section aria-labelledby="previous-addresses" className="mt-8 flex flex-col gap-3">
			<h2 id="previous-addresses" className="text-base font-bold">
				Previous addresses
			</h2>
			<p className="text-muted text-sm">
				For {PATH_HOLD_DAYS} days after a change, an old address still opens your Tagg and no one
				else can claim it. Release it to let it go sooner.
			</p>
			<ul className="flex flex-col gap-2">
				{previous.map((entry) => (
					<li key={entry.path} className="card flex items-center justify-between gap-4 px-4 py-3">
						<div className="min-w-0">
							<p className="truncate text-sm font-semibold">
								{host}/{entry.path}
							</p>
							<p className="text-muted text-xs">Redirects until {entry.until}</p>
						</div>
						<Form method="POST" className="shrink-0">
							<input type="hidden" name="intent" value="release" />
							<input type="hidden" name="path" value={entry.path} />
							<button
								type="submit"
								className="btn-secondary min-h-10 py-2"
								disabled={isPending}
								aria-label={`Release ${host}/${entry.path}`}
							>
								Release
							</button>
						</Form>
					</li>
				))}
			</ul>
		</section>
	)
}

export const meta: MetaFunction = () => [{ title: 'Claim your space | Tagg' }]
