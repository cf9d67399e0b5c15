import { type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getProfile } from '~/models/profile.server'
import { apiError, apiOk, getOnlyAction, readQuery, requireMethod } from '~/utils/api.server'
import { etagHeaders } from '~/utils/etag.server'
import { isProfileField, PROFILE_FIELDS } from '~/services/profile-fields.server'
import { msg } from '~/utils/i18n-macro'

const Query = z.object({
	customer_id: z.string({ error: 'is required' }).min(1, 'is required').max(64),
})

/**
 * GET /one/sites/info/general/{field}?customer_id= : public profile reads. The ETag is what an
 * update's `If-Match` compares with.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	requireMethod(request, 'GET')
	if (!isProfileField(params.field)) return apiError(404, msg`Not found`)
	const { customer_id } = readQuery(request, Query)
	const profile = await getProfile(customer_id)
	if (!profile) return apiError(404, msg`Profile not found`)
	const data = PROFILE_FIELDS[params.field].read(profile)
	return apiOk({ data }, { headers: etagHeaders(data) })
}

export const action = getOnlyAction
