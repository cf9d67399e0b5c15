import { type ActionFunctionArgs } from '@remix-run/node'
import { passkeyLoginOptions } from '~/services/sign-in-factors.server'
import { apiOk, apiRefusal, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { z } from 'zod'

/**
 * POST /one/auth/new/passkey/options → `data:{options}`: what the browser needs to sign in with
 * a passkey (`PublicKeyCredentialRequestOptionsJSON`, for `startAuthentication({ optionsJSON })`;
 * no credentials listed: the passkey names its owner, no email is typed). Limited per client
 * address (429 with Retry-After).
 */
export async function action({ request }: ActionFunctionArgs) {
	await readJsonBody(request, z.object({}))
	const outcome = await passkeyLoginOptions(request)
	if (!outcome.ok) return apiRefusal(outcome)
	return apiOk({ data: { options: outcome.options } })
}

export const loader = postOnlyLoader
