import { type ActionFunctionArgs } from '@remix-run/node'
import { signOutOtherDevices } from '~/services/account-settings.server'
import { apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { signAccessToken } from '~/utils/jwt.server'
import { RevokeSessionsBody } from '~/utils/settings-schemas'
import { msg } from '~/utils/i18n-macro'
import { requestI18n } from '~/utils/i18n.server'

/**
 * POST /one/account/sessions/revoke {refresh_token?}: ends every session but the one of the
 * refresh token given (all when none). Access tokens issued so far stop working too, so the
 * answer carries a fresh one for the session kept.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { refresh_token } = await readJsonBody(request, RevokeSessionsBody)
	const kept = await signOutOtherDevices(customerId, refresh_token)
	return apiOk({
		message: requestI18n(request)._(
			refresh_token ? msg`Every other device was signed out.` : msg`Every device was signed out.`,
		),
		...(refresh_token ? { access_token: signAccessToken(customerId, kept) } : {}),
	})
}

export const loader = postOnlyLoader
