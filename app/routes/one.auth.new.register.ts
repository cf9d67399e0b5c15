import { type ActionFunctionArgs } from '@remix-run/node'
import { RegisterSchema } from '~/utils/account-schemas'
import { attemptRegister } from '~/services/account.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody, requireMethod } from '~/utils/api.server'
import { createSession } from '~/services/session.server'

export async function action({ request }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const body = await readJsonBody(request, RegisterSchema)
	const outcome = await attemptRegister(body)
	if (!outcome.ok) {
		return apiError(outcome.status, outcome.message, {
			headers: outcome.retryAfterSeconds
				? { 'Retry-After': String(outcome.retryAfterSeconds) }
				: undefined,
		})
	}
	const session = await createSession(outcome.customerId)
	return apiOk({
		path: false,
		access_token: session.accessToken,
		customer_id: outcome.customerId,
		refresh_token: session.refreshToken,
	})
}

export const loader = postOnlyLoader
