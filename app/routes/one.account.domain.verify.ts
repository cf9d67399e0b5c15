import { type ActionFunctionArgs } from '@remix-run/node'
import { verifyOwnDomain } from '~/services/domains.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { z } from 'zod'

/**
 * POST /one/account/domain/verify → 200 `data:{domain, status:'verified', records}` when the
 * TXT record `_tagg.{domain}` holds the token; 409 with a message naming the record and value
 * missing; 404 no domain; 429 past 10 checks a minute.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	await readJsonBody(request, z.object({}))
	const outcome = await verifyOwnDomain(customerId)
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
