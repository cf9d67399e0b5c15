import { type ActionFunctionArgs } from '@remix-run/node'
import { apiRefusal, changePassword } from '~/services/account-settings.server'
import { apiOk, postOnlyLoader, readJsonBody, requireMethod } from '~/utils/api.server'
import { requireApiCustomerId } from '~/services/auth.server'
import { createSession, headersWithCookies } from '~/services/session.server'
import { UpdatePasswordBody } from '~/utils/settings-schemas'

/**
 * POST /one/account/password/update {currentPassword, newPassword}: every session ends; the
 * caller gets a new one (tokens in the body, and cookies when it signed in with cookies).
 */
export async function action({ request }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const customerId = await requireApiCustomerId(request)
	const body = await readJsonBody(request, UpdatePasswordBody)
	const outcome = await changePassword(request, customerId, body)
	if (!outcome.ok) return apiRefusal(outcome)
	const session = await createSession(customerId)
	const viaCookie = !request.headers.has('authorization')
	return apiOk(
		{
			message: 'Your password was changed. Every other device was signed out.',
			access_token: session.accessToken,
			customer_id: customerId,
			refresh_token: session.refreshToken,
		},
		viaCookie ? { headers: headersWithCookies(session.cookies) } : undefined,
	)
}

export const loader = postOnlyLoader
