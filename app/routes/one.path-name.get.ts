import { type LoaderFunctionArgs } from '@remix-run/node'
import { getCustomerPath, listHeldPaths } from '~/models/customer.server'
import { apiOk, getOnlyAction } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'

/**
 * GET /one/path-name/get: `data: {path, previous}`, the claimed path and the previous paths
 * still held for the owner (`[{path, until}]`, each redirecting to `path` until `until`).
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireApiOwner(request, 'GET')
	const [path, held] = await Promise.all([getCustomerPath(customerId), listHeldPaths(customerId)])
	return apiOk({
		data: {
			path,
			previous: held.map((entry) => ({ path: entry.path, until: entry.until.toISOString() })),
		},
	})
}

export const action = getOnlyAction
