import { type ActionFunctionArgs } from '@remix-run/node'
import { passkeyRegistrationOptions } from '~/services/sign-in-factors.server'
import { requireApiSudoOwner } from '~/services/sudo.server'
import { apiOk, apiRefusal, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { z } from 'zod'

/**
 * POST /one/account/mfa/passkeys/register/options → `data:{options}`: what the browser needs to
 * create a passkey (`PublicKeyCredentialCreationOptionsJSON`, for @simplewebauthn/browser's
 * `startRegistration({ optionsJSON })`). Its challenge is the caller's, for 5 minutes, once.
 * Needs sudo mode (`POST /one/account/sudo`): 403 `sudo_required` without.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiSudoOwner(request)
	await readJsonBody(request, z.object({}))
	const outcome = await passkeyRegistrationOptions(customerId)
	if (!outcome.ok) return apiRefusal(outcome)
	return apiOk({ data: { options: outcome.options } })
}

export const loader = postOnlyLoader
