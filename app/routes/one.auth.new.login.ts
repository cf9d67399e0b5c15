import { type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { attemptLogin } from '~/services/account.server'
import { apiOk, apiRefusal, postOnlyLoader, readJsonBody, requireMethod } from '~/utils/api.server'
import { apiNewSession } from '~/services/session.server'

const LoginBody = z.object({
	email: z.string({ error: 'must be a string' }),
	password: z.string({ error: 'must be a string' }),
})

/**
 * POST /one/auth/new/login {email, password} → the login fields. For an owner whose second factor
 * is on, no tokens: `{status:200, mfa_required:true, mfa_token}`, continued by
 * POST /one/auth/new/login/mfa.
 */
export async function action({ request }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const { email, password } = await readJsonBody(request, LoginBody)
	const outcome = await attemptLogin(request, email, password)
	if (!outcome.ok && outcome.secondStep) {
		return apiOk({ mfa_required: true, mfa_token: outcome.secondStep.mfaToken })
	}
	if (!outcome.ok) return apiRefusal(outcome)
	return apiNewSession(outcome.customerId, { path: outcome.hasPath })
}

export const loader = postOnlyLoader
