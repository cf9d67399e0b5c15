import { type ActionFunctionArgs } from '@remix-run/node'
import { registerPasskey } from '~/services/sign-in-factors.server'
import { requireApiSudoOwner } from '~/services/sudo.server'
import { apiOk, apiRefusal, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { requestI18n } from '~/utils/i18n.server'
import { PasskeyRegisterBody } from '~/utils/sign-in-factor-schemas'

/**
 * POST /one/account/mfa/passkeys/register/verify {response, name?} → `data:{passkey:{id, name,
 * createdAt, lastUsedAt}}`: adds the passkey the browser created (`response`, the
 * `RegistrationResponseJSON` of `startRegistration`), checked against the caller's challenge,
 * the relying party and its origin. The owner is told by email.
 * Needs sudo mode (`POST /one/account/sudo`): 403 `sudo_required` without.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiSudoOwner(request)
	const body = await readJsonBody(request, PasskeyRegisterBody)
	const outcome = await registerPasskey(customerId, body, requestI18n(request))
	if (!outcome.ok) return apiRefusal(outcome)
	return apiOk({ data: { passkey: outcome.passkey } })
}

export const loader = postOnlyLoader
