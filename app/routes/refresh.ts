import { type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { rotateRefreshToken } from '~/models/token.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody, requireMethod } from '~/utils/api.server'
import { signAccessToken } from '~/utils/jwt.server'
import { msg } from '~/utils/i18n-macro'

const RefreshBody = z.object({
	refresh_token: z.string({ error: 'is required' }).min(1, 'is required'),
})

/** POST /refresh: exchanges a refresh token (spent on use) for a new pair. */
export async function action({ request }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const { refresh_token } = await readJsonBody(request, RefreshBody)
	const rotated = await rotateRefreshToken(refresh_token)
	if (!rotated.ok) return apiError(401, msg`Invalid or expired refresh token`)
	return apiOk({
		access_token: signAccessToken(rotated.customerId, rotated.familyId),
		refresh_token: rotated.refreshToken,
		customer_id: rotated.customerId,
	})
}

export const loader = postOnlyLoader
