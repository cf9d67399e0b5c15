import { type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getCustomerEmail } from '~/models/customer.server'
import { getProfile } from '~/models/profile.server'
import { apiError, apiOk, getOnlyAction, readQuery, requireMethod } from '~/utils/api.server'
import { msg } from '~/utils/i18n-macro'

const Query = z.object({
	customerId: z.string({ error: 'is required' }).min(1, 'is required').max(64),
})

/**
 * The owner's account email, shown on the public Find Me card; `data: null` when the owner hides
 * their email from visitors.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	requireMethod(request, 'GET')
	const { customerId } = readQuery(request, Query)
	const [email, profile] = await Promise.all([getCustomerEmail(customerId), getProfile(customerId)])
	if (!email) return apiError(404, msg`Customer not found`)
	return apiOk({ data: profile?.hideEmail ? null : email })
}

export const action = getOnlyAction
