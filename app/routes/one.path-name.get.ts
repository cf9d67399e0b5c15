import { type LoaderFunctionArgs } from '@remix-run/node'
import { getCustomerPath } from '~/models/customer.server'
import { apiOk, getOnlyAction, requireMethod } from '~/utils/api.server'
import { requireApiCustomerId } from '~/utils/auth.server'

export async function loader({ request }: LoaderFunctionArgs) {
	requireMethod(request, 'GET')
	const customerId = await requireApiCustomerId(request)
	return apiOk({ data: { path: await getCustomerPath(customerId) } })
}

export const action = getOnlyAction
