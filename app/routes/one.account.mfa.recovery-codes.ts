import { type ActionFunctionArgs } from '@remix-run/node'
import { remakeRecoveryCodes } from '~/services/sign-in-factors.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiOk, apiRefusal, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { RecoveryCodesBody } from '~/utils/sign-in-factor-schemas'

/**
 * POST /one/account/mfa/recovery-codes {code} → `data:{recoveryCodes:[10]}`: new recovery codes,
 * shown this once, after a code of the authenticator app (or a recovery code); the old ones stop
 * working.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { code } = await readJsonBody(request, RecoveryCodesBody)
	const outcome = await remakeRecoveryCodes(customerId, code)
	if (!outcome.ok) return apiRefusal(outcome)
	return apiOk({ data: { recoveryCodes: outcome.recoveryCodes } })
}

export const loader = postOnlyLoader
