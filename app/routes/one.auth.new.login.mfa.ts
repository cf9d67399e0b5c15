import { type ActionFunctionArgs } from '@remix-run/node'
import { continueSecondStep } from '~/services/sign-in-factors.server'
import { apiNewSession } from '~/services/session.server'
import { apiRefusal, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { SecondStepBody } from '~/utils/sign-in-factor-schemas'

/**
 * POST /one/auth/new/login/mfa {mfa_token, code} → the login fields (`path, access_token,
 * customer_id, refresh_token`): the second step of a login, or of a password reset (then the new
 * password is set, the link spent and every other session ended, as a reset does), with a code
 * of the authenticator app or a recovery code. A wrong code is 401 and the `mfa_token` stays
 * usable; past 5 wrong codes in 15 minutes for the account, any code is 429 with Retry-After.
 * An unknown, used or expired `mfa_token` is 401; a reset whose link was spent meanwhile, 400.
 */
export async function action({ request }: ActionFunctionArgs) {
	const { mfa_token, code } = await readJsonBody(request, SecondStepBody)
	const outcome = await continueSecondStep(mfa_token, code)
	if (!outcome.ok) return apiRefusal(outcome)
	return apiNewSession(outcome.customerId, { path: outcome.hasPath })
}

export const loader = postOnlyLoader
