import { type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { RegisterSchema } from '~/utils/account-schemas'
import { attemptRegister } from '~/services/account.server'
import { apiRefusal, postOnlyLoader, readJsonBody, requireMethod } from '~/utils/api.server'
import { apiNewSession } from '~/services/session.server'
import { askedLocale } from '~/utils/locale.server'

/** SIGNUPS=invite: the token of the invitation link (`/signup?invite=…`) comes along. */
const RegisterWithInviteSchema = RegisterSchema.extend({
	invite: z.string().max(200).optional(),
})

export async function action({ request }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const body = await readJsonBody(request, RegisterWithInviteSchema)
	const { invite, ...input } = body
	const outcome = await attemptRegister(input, {
		invite,
		language: askedLocale(request) ?? undefined,
	})
	if (!outcome.ok) return apiRefusal(outcome)
	return apiNewSession(outcome.customerId, { path: false })
}

export const loader = postOnlyLoader
