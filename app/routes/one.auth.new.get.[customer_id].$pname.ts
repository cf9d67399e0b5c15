import { type LoaderFunctionArgs } from '@remix-run/node'
import { getCustomerIdByPath } from '~/models/customer.server'
import { apiError, apiOk, getOnlyAction, requireMethod } from '~/utils/api.server'
import { msg } from '~/utils/i18n-macro'

/** Resolves a public name (case-insensitive) to its owner's id. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	requireMethod(request, 'GET')
	const customerId = await getCustomerIdByPath(params.pname ?? '')
	if (!customerId) return apiError(404, msg`Profile not found`)
	return apiOk({ data: { customer_id: customerId } })
}

export const action = getOnlyAction
