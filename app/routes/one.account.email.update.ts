import { type ActionFunctionArgs } from '@remix-run/node'
import { requestEmailChange } from '~/services/account-settings.server'
import { apiRefusal, apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { UpdateEmailBody } from '~/utils/settings-schemas'
import { msg } from '~/utils/i18n-macro'
import { requestI18n } from '~/utils/i18n.server'
import { translate, withValues } from '~/utils/i18n'

/**
 * POST /one/account/email/update {email, password}: sends a confirmation link to the new
 * address (the email changes when it is opened); 409 when another account has that email.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const body = await readJsonBody(request, UpdateEmailBody)
	const outcome = await requestEmailChange(request, customerId, body)
	if (!outcome.ok) return apiRefusal(outcome)
	return apiOk({
		message: translate(
			requestI18n(request),
			withValues(msg`We sent a link to {email}. Your email changes when you open it.`, {
				email: outcome.email,
			}),
		),
		data: { pendingEmail: outcome.email },
	})
}

export const loader = postOnlyLoader
