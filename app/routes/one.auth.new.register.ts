import { type ActionFunctionArgs } from '@remix-run/node'
import { RegisterSchema } from '~/utils/account-schemas'
import { attemptRegister } from '~/services/account.server'
import { apiRefusal, postOnlyLoader, readJsonBody, requireMethod } from '~/utils/api.server'
import { apiNewSession } from '~/services/session.server'

export async function action({ request }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const body = await readJsonBody(request, RegisterSchema)
	const outcome = await attemptRegister(body)
	if (!outcome.ok) return apiRefusal(outcome)
	return apiNewSession(outcome.customerId, { path: false })
}

export const loader = postOnlyLoader
