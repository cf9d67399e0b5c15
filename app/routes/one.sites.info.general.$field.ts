import { type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getProfile } from '~/models/profile.server'
import { apiError, apiOk, getOnlyAction, readQuery, requireMethod } from '~/utils/api.server'
import { isProfileField, PROFILE_FIELDS } from '~/utils/profile-fields.server'

const Query = z.object({
	customer_id: z.string({ error: 'is required' }).min(1, 'is required').max(64),
})

/** GET /one/sites/info/general/{field}?customer_id= : public profile reads. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	requireMethod(request, 'GET')
	if (!isProfileField(params.field)) return apiError(404, 'Not found')
	const { customer_id } = readQuery(request, Query)
	const profile = await getProfile(customer_id)
	if (!profile) return apiError(404, 'Profile not found')
	return apiOk({ data: PROFILE_FIELDS[params.field].read(profile) })
}

export const action = getOnlyAction
