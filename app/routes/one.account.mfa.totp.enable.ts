import { type ActionFunctionArgs } from '@remix-run/node'
import { confirmTotpSetup } from '~/services/sign-in-factors.server'
import { requireApiSudoOwner } from '~/services/sudo.server'
import { createSession, headersWithCookies } from '~/services/session.server'
import { apiOk, apiRefusal, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { TotpEnableBody } from '~/utils/sign-in-factor-schemas'

/**
 * POST /one/account/mfa/totp/enable {code} → `data:{recoveryCodes:[10]}`: authenticator codes
 * are on once the first code of the secret set up is right. The recovery codes are shown this
 * once. Every other session ends (they were opened with the password alone); the caller gets a
 * new one, like a password change: tokens in the body, and cookies when it came with cookies.
 * Needs sudo mode (`POST /one/account/sudo`): 403 `sudo_required` without.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiSudoOwner(request)
	const { code } = await readJsonBody(request, TotpEnableBody)
	const outcome = await confirmTotpSetup(customerId, code)
	if (!outcome.ok) return apiRefusal(outcome)
	const session = await createSession(customerId)
	return apiOk(
		{
			data: { recoveryCodes: outcome.recoveryCodes },
			access_token: session.accessToken,
			customer_id: customerId,
			refresh_token: session.refreshToken,
		},
		request.headers.has('authorization')
			? undefined
			: { headers: headersWithCookies(session.cookies) },
	)
}

export const loader = postOnlyLoader
