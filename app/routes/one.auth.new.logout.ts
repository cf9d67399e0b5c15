import { type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { revokeRefreshToken } from '~/models/token.server'
import { apiOk, postOnlyLoader, readJsonBody, requireMethod } from '~/utils/api.server'
import { msg } from '~/utils/i18n-macro'
import { requestI18n } from '~/utils/i18n.server'

const LogoutBody = z.object({ refresh_token: z.string().optional() })

/** Revokes the whole family of the refresh token. Always 200: logging out cannot fail. */
export async function action({ request }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const { refresh_token } = await readJsonBody(request, LogoutBody)
	if (refresh_token) await revokeRefreshToken(refresh_token)
	return apiOk({ message: requestI18n(request)._(msg`Logged out`) })
}

export const loader = postOnlyLoader
