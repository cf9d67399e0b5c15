import { type ActionFunctionArgs } from '@remix-run/node'
import { updateOwnDomain } from '~/services/domains.server'
import { requireApiSudoOwner } from '~/services/sudo.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { DomainBody } from '~/utils/domain-schemas'

/**
 * POST /one/account/domain/update {domain} → `data:{domain, status:'pending', records}` (the
 * same name again keeps its state). 400 not a domain name, an IP or this instance's own host;
 * 409 another owner's; 429 past 20 changes an hour.
 * Needs sudo mode (`POST /one/account/sudo`): 403 `sudo_required` without.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiSudoOwner(request)
	const body = await readJsonBody(request, DomainBody)
	const outcome = await updateOwnDomain(customerId, body.domain)
	if (!outcome.ok) {
		return apiError(
			outcome.status,
			outcome.message,
			outcome.retryAfterSeconds
				? { headers: { 'Retry-After': String(outcome.retryAfterSeconds) } }
				: undefined,
		)
	}
	return apiOk({ data: outcome.view })
}

export const loader = postOnlyLoader
