import { type ActionFunctionArgs } from '@remix-run/node'
import { renameOwnPasskey } from '~/services/sign-in-factors.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiOk, apiRefusal, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { PasskeyRenameBody } from '~/utils/sign-in-factor-schemas'

/** POST /one/account/mfa/passkeys/rename {id, name} → `data:{passkey}`; another's id is 404. */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const body = await readJsonBody(request, PasskeyRenameBody)
	const outcome = await renameOwnPasskey(customerId, body)
	if (!outcome.ok) return apiRefusal(outcome)
	return apiOk({ data: { passkey: outcome.passkey } })
}

export const loader = postOnlyLoader
