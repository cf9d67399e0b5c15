import { type LoaderFunctionArgs } from '@remix-run/node'
import { apiOk, getOnlyAction } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'

/** The builder's session check: 200 with the customer id, or 401. */
export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireApiOwner(request, 'GET')
	return apiOk({ data: { customer_id: customerId } })
}

export const action = getOnlyAction
