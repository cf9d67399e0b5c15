import { type ActionFunctionArgs } from '@remix-run/node'
import { confirmEmailFromLink } from '~/services/account-settings.server'
import {
	apiRefusal,
	apiError,
	apiOk,
	postOnlyLoader,
	readJsonBody,
	requireMethod,
} from '~/utils/api.server'
import { ConfirmEmailBody, LINK_NOT_VALID } from '~/utils/settings-schemas'
import { translate } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'

/**
 * POST /one/account/email/confirm {token}: makes the change its link stands for. The link is
 * the credential (it may be opened signed out, on another device).
 */
export async function action({ request }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const { token } = await readJsonBody(request, ConfirmEmailBody)
	const outcome = await confirmEmailFromLink(token)
	if (!outcome) return apiError(400, `token: ${translate(requestI18n(request), LINK_NOT_VALID)}`)
	if (!outcome.ok) return apiRefusal(outcome)
	return apiOk({ data: { email: outcome.email } })
}

export const loader = postOnlyLoader
