import { type ActionFunctionArgs } from '@remix-run/node'
import { requestPasswordReset } from '~/services/account-settings.server'
import { apiRefusal, apiOk, postOnlyLoader, readJsonBody, requireMethod } from '~/utils/api.server'
import { FORGOT_PASSWORD_SENT, ForgotPasswordSchema } from '~/utils/settings-schemas'
import { translate } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'

/**
 * POST /one/auth/new/password/forgot {email}: the same 200 whether or not an account has that
 * email; 429 with Retry-After past 5 requests an hour per email or per address.
 */
export async function action({ request }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const { email } = await readJsonBody(request, ForgotPasswordSchema)
	const outcome = await requestPasswordReset(request, email)
	if (!outcome.ok) return apiRefusal(outcome)
	return apiOk({ message: translate(requestI18n(request), FORGOT_PASSWORD_SENT) })
}

export const loader = postOnlyLoader
