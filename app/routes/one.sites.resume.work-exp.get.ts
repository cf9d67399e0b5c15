import { type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { customerIsActive } from '~/models/customer.server'
import { getResume } from '~/models/resume.server'
import { apiError, apiOk, getOnlyAction, readQuery, requireMethod } from '~/utils/api.server'
import { etagHeaders } from '~/utils/etag.server'
import { msg } from '~/utils/i18n-macro'

const Query = z.object({
	customer_id: z.string({ error: 'is required' }).min(1, 'is required').max(64),
})

/**
 * GET /one/sites/resume/work-exp/get?customer_id= : the whole resume, with the ETag an update's
 * `If-Match` compares with.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	requireMethod(request, 'GET')
	const { customer_id } = readQuery(request, Query)
	if (!(await customerIsActive(customer_id))) return apiError(404, msg`Profile not found`)
	const data = await getResume(customer_id)
	return apiOk({ data }, { headers: etagHeaders(data) })
}

export const action = getOnlyAction
