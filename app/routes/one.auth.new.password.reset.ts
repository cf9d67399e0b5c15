import { type ActionFunctionArgs } from '@remix-run/node'
import { beginPasswordReset } from '~/services/account-settings.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody, requireMethod } from '~/utils/api.server'
import { apiNewSession } from '~/services/session.server'
import { LINK_NOT_VALID, ResetPasswordBody } from '~/utils/settings-schemas'
import { translate } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'

/**
 * POST /one/auth/new/password/reset {token, password}: sets the new password, ends every
 * session, and answers a new one like login does. A spent, expired or unknown link is a 400.
 * For an owner whose second factor is on nothing changes yet (password, sessions, the link):
 * `{status:200, mfa_required:true, mfa_token}`, and POST /one/auth/new/login/mfa with a code
 * completes the reset.
 */
export async function action({ request }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const { token, password } = await readJsonBody(request, ResetPasswordBody)
	const reset = await beginPasswordReset(token, password)
	if (!reset) return apiError(400, `token: ${translate(requestI18n(request), LINK_NOT_VALID)}`)
	if (reset.secondStep) {
		return apiOk({ mfa_required: true, mfa_token: reset.secondStep.mfaToken })
	}
	return apiNewSession(reset.customerId, { path: reset.hasPath })
}

export const loader = postOnlyLoader
