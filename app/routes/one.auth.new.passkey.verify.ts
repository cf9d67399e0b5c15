import { type ActionFunctionArgs } from '@remix-run/node'
import { signInWithPasskey } from '~/services/sign-in-factors.server'
import { apiNewSession } from '~/services/session.server'
import { apiRefusal, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { PasskeyLoginBody } from '~/utils/sign-in-factor-schemas'

/**
 * POST /one/auth/new/passkey/verify {response, mfa_token?} → the login fields (`path,
 * access_token, customer_id, refresh_token`): a sign-in with a passkey (`response`, the
 * `AuthenticationResponseJSON` of `startAuthentication`), a way in on its own. With `mfa_token`
 * the passkey is the second step of that login or password reset instead (the same owner's).
 * A passkey that does not check out is 401.
 */
export async function action({ request }: ActionFunctionArgs) {
	const { response, mfa_token } = await readJsonBody(request, PasskeyLoginBody)
	const outcome = await signInWithPasskey({ response, mfaToken: mfa_token })
	if (!outcome.ok) return apiRefusal(outcome)
	return apiNewSession(outcome.customerId, { path: outcome.hasPath })
}

export const loader = postOnlyLoader
