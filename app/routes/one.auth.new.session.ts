import { type LoaderFunctionArgs } from '@remix-run/node'
import { apiOk, getOnlyAction, requireMethod } from '~/utils/api.server'
import { requireApiCustomerId } from '~/services/auth.server'

/** The builder's session check: 200 with the customer id, or 401. */
export async function loader({ request }: LoaderFunctionArgs) {
	requireMethod(request, 'GET')
	const customerId = await requireApiCustomerId(request)
	return apiOk({ data: { customer_id: customerId } })
}

export const action = getOnlyAction
