import { type ActionFunctionArgs } from '@remix-run/node'
import { resetPasswordFromLink } from '~/services/account-settings.server'
import { apiError, postOnlyLoader, readJsonBody, requireMethod } from '~/utils/api.server'
import { apiNewSession } from '~/services/session.server'
import { LINK_NOT_VALID, ResetPasswordBody } from '~/utils/settings-schemas'
import { translate } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'

/**
 * POST /one/auth/new/password/reset {token, password}: sets the new password, ends every
 * session, and answers a new one like login does. A spent, expired or unknown link is a 400.
 */
export async function action({ request }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const { token, password } = await readJsonBody(request, ResetPasswordBody)
	const reset = await resetPasswordFromLink(token, password)
	if (!reset) return apiError(400, `token: ${translate(requestI18n(request), LINK_NOT_VALID)}`)
	return apiNewSession(reset.customerId, { path: reset.hasPath })
}

export const loader = postOnlyLoader
