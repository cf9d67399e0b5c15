import { type ActionFunctionArgs } from '@remix-run/node'
import { startTotpSetup } from '~/services/sign-in-factors.server'
import { requireApiSudoOwner } from '~/services/sudo.server'
import { apiOk, apiRefusal, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { TotpSetupBody } from '~/utils/sign-in-factor-schemas'

/**
 * POST /one/account/mfa/totp/setup {code?} → `data:{secret, otpauthUrl}`: a new secret for an
 * authenticator app (issuer Tagg, labelled with the owner's email), kept aside until
 * `/one/account/mfa/totp/enable` confirms its first code. While authenticator codes are on,
 * `code` (of the current app, or a recovery code) is needed to move them to another app.
 * Needs sudo mode (`POST /one/account/sudo`): 403 `sudo_required` without.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiSudoOwner(request)
	const body = await readJsonBody(request, TotpSetupBody)
	const outcome = await startTotpSetup(customerId, body)
	if (!outcome.ok) return apiRefusal(outcome)
	return apiOk({ data: { secret: outcome.secret, otpauthUrl: outcome.otpauthUrl } })
}

export const loader = postOnlyLoader
