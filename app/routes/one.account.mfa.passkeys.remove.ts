import { type ActionFunctionArgs } from '@remix-run/node'
import { removeOwnPasskey } from '~/services/sign-in-factors.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiOk, apiRefusal, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { msg } from '~/utils/i18n-macro'
import { requestI18n } from '~/utils/i18n.server'
import { PasskeyRemoveBody } from '~/utils/sign-in-factor-schemas'

/**
 * POST /one/account/mfa/passkeys/remove {id, password?, code?} → 200: removes one of the
 * caller's passkeys after the password or a code of the second factor (or a recovery code).
 * Another owner's id is 404. The owner is told by email.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const body = await readJsonBody(request, PasskeyRemoveBody)
	const outcome = await removeOwnPasskey(request, customerId, body)
	if (!outcome.ok) return apiRefusal(outcome)
	return apiOk({ message: requestI18n(request)._(msg`The passkey was removed.`) })
}

export const loader = postOnlyLoader
