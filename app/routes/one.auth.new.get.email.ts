import { type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getCustomerEmail } from '~/models/customer.server'
import { apiError, apiOk, getOnlyAction, readQuery, requireMethod } from '~/utils/api.server'

const Query = z.object({
	customerId: z.string({ error: 'is required' }).min(1, 'is required').max(64),
})

/** The owner's account email, shown on the public Find Me card. */
export async function loader({ request }: LoaderFunctionArgs) {
	requireMethod(request, 'GET')
	const { customerId } = readQuery(request, Query)
	const email = await getCustomerEmail(customerId)
	if (!email) return apiError(404, 'Customer not found')
	return apiOk({ data: email })
}

export const action = getOnlyAction
