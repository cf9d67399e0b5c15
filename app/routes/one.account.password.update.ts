import { type ActionFunctionArgs } from '@remix-run/node'
import { changePassword } from '~/services/account-settings.server'
import { apiRefusal, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiNewSession } from '~/services/session.server'
import { UpdatePasswordBody } from '~/utils/settings-schemas'
import { msg } from '~/utils/i18n-macro'
import { requestI18n } from '~/utils/i18n.server'

/**
 * POST /one/account/password/update {currentPassword, newPassword}: every session ends; the
 * caller gets a new one (tokens in the body, and cookies when it signed in with cookies).
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const body = await readJsonBody(request, UpdatePasswordBody)
	const outcome = await changePassword(request, customerId, body)
	if (!outcome.ok) return apiRefusal(outcome)
	// Cookies only for a caller that signed in with cookies (no Authorization header).
	return apiNewSession(
		customerId,
		{
			message: requestI18n(request)._(
				msg`Your password was changed. Every other device was signed out.`,
			),
		},
		!request.headers.has('authorization'),
	)
}

export const loader = postOnlyLoader
