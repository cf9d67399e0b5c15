import { type ActionFunctionArgs } from '@remix-run/node'
import { turnOffTotp, TOTP_IS_OFF } from '~/services/sign-in-factors.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiOk, apiRefusal, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { translate } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'
import { MfaDisableBody } from '~/utils/sign-in-factor-schemas'

/**
 * POST /one/account/mfa/disable {password, code} → 200: authenticator codes off (the secret and
 * the recovery codes deleted) after the password and a code (or a recovery code). Passkeys
 * stay; sessions go on; the owner is told by email.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const body = await readJsonBody(request, MfaDisableBody)
	const outcome = await turnOffTotp(request, customerId, body)
	if (!outcome.ok) return apiRefusal(outcome)
	return apiOk({ message: translate(requestI18n(request), TOTP_IS_OFF) })
}

export const loader = postOnlyLoader
