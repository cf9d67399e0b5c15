import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
	redirect,
	type ActionFunctionArgs,
	type LoaderFunctionArgs,
	type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { AuthLayout } from '~/components/auth-layout'
import { Field, FormError } from '~/components/forms'
import { IllustrationClaim } from '~/components/illustrations'
import { claimPath, getCustomerPath } from '~/models/customer.server'
import { readFormData } from '~/utils/api.server'
import { requireCustomerId } from '~/utils/auth.server'
import { env } from '~/utils/env.server'
import { useIsPending } from '~/utils/misc'
import { PATH_HINT, PATH_MAX_LENGTH, PATH_MESSAGES, PATH_PATTERN } from '~/utils/path-name'

const PathFormSchema = z.object({
	path: z
		.string({ error: 'Enter the name you want' })
		.trim()
		.max(PATH_MAX_LENGTH, `Use at most ${PATH_MAX_LENGTH} characters`)
		.regex(PATH_PATTERN, PATH_HINT),
})

export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const host = new URL(env().PUBLIC_SITE_URL).host
	return { host, currentPath: await getCustomerPath(customerId) }
}

export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const formData = await readFormData(request)
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
	const { host, currentPath } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const isPending = useIsPending()
	const [form, fields] = useForm({
		id: 'set-path-form',
		lastResult: actionData?.result,
		defaultValue: { path: currentPath ?? '' },
		onValidate: ({ formData }) => parseWithZod(formData, { schema: PathFormSchema }),
		shouldValidate: 'onSubmit',
		shouldRevalidate: 'onInput',
	})

	return (
		<AuthLayout
			title="Claim your space"
			subtitle="Pick the unique address of your Tagg. It is the link you share and the one your QR code opens."
			illustration={<IllustrationClaim className="w-full max-w-sm" />}
		>
			<IllustrationClaim className="mx-auto mb-6 w-56 lg:hidden" />
			<Form method="POST" {...getFormProps(form)} className="flex flex-col gap-5">
				<Field
					labelProps={{ children: 'Your Tagg name' }}
					prefix={`${host}/`}
					inputProps={{
						...getInputProps(fields.path, { type: 'text' }),
						autoFocus: true,
						autoCapitalize: 'none',
						autoCorrect: 'off',
						spellCheck: false,
						placeholder: 'Your-Name',
						maxLength: PATH_MAX_LENGTH,
					}}
					hint={PATH_HINT}
					errors={fields.path.errors}
				/>
				<FormError id={form.errorId} errors={form.errors} />
				<button type="submit" className="btn-primary w-full" disabled={isPending}>
					{isPending ? 'Claiming...' : currentPath ? 'Change my address' : 'Claim my space'}
				</button>
			</Form>
			{currentPath ? (
				<p className="mt-6 text-center text-sm">
					<Link to="/builder" className="text-brand font-semibold hover:underline">
						Keep {host}/{currentPath} and go back
					</Link>
				</p>
			) : null}
		</AuthLayout>
	)
}

export const meta: MetaFunction = () => [{ title: 'Claim your space | Tagg' }]
