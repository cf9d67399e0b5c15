import { type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { claimPath } from '~/models/customer.server'
import { PATH_MESSAGES } from '~/utils/path-name'
import { apiError, apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'

const Body = z.object({ path: z.string({ error: 'is required' }) })

export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { path } = await readJsonBody(request, Body)
	const result = await claimPath(customerId, path)
	if (!result.ok)
		return apiError(result.reason === 'taken' ? 409 : 400, PATH_MESSAGES[result.reason])
	return apiOk({ data: { path: result.path } })
}

export const loader = postOnlyLoader
