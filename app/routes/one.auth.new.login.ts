import { type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { attemptLogin } from '~/services/account.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody, requireMethod } from '~/utils/api.server'
import { createSession } from '~/services/session.server'

const LoginBody = z.object({
	email: z.string({ error: 'must be a string' }),
	password: z.string({ error: 'must be a string' }),
})

export async function action({ request }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const { email, password } = await readJsonBody(request, LoginBody)
	const outcome = await attemptLogin(request, email, password)
	if (!outcome.ok) {
		return apiError(outcome.status, outcome.message, {
			headers: outcome.retryAfterSeconds
				? { 'Retry-After': String(outcome.retryAfterSeconds) }
				: undefined,
		})
	}
	const session = await createSession(outcome.customerId)
	return apiOk({
		path: outcome.hasPath,
		access_token: session.accessToken,
		customer_id: outcome.customerId,
		refresh_token: session.refreshToken,
	})
}

export const loader = postOnlyLoader
