import { type LoaderFunctionArgs } from '@remix-run/node'
import { readOwnDomain } from '~/services/domains.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiOk, getOnlyAction } from '~/utils/api.server'

/**
 * GET /one/account/domain/get → `data:{domain, status, records:[{type, name, value}]}`: the
 * owner's own domain (null when none), its state and the DNS records to publish.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireApiOwner(request, 'GET')
	return apiOk({ data: await readOwnDomain(customerId) })
}

export const action = getOnlyAction
