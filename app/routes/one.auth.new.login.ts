import { type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { attemptLogin } from '~/services/account.server'
import { apiRefusal, postOnlyLoader, readJsonBody, requireMethod } from '~/utils/api.server'
import { apiNewSession } from '~/services/session.server'

const LoginBody = z.object({
	email: z.string({ error: 'must be a string' }),
	password: z.string({ error: 'must be a string' }),
})

export async function action({ request }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const { email, password } = await readJsonBody(request, LoginBody)
	const outcome = await attemptLogin(request, email, password)
	if (!outcome.ok) return apiRefusal(outcome)
	return apiNewSession(outcome.customerId, { path: outcome.hasPath })
}

export const loader = postOnlyLoader
