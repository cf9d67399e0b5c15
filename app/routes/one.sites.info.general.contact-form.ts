import { type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { contactFormOpen, contactNoticesOn } from '~/models/contact.server'
import { customerIsActive } from '~/models/customer.server'
import { requireApiCustomerId } from '~/services/auth.server'
import { apiError, apiOk, getOnlyAction, readQuery, requireMethod } from '~/utils/api.server'
import { msg } from '~/utils/i18n-macro'

const Query = z.object({ customer_id: z.string().min(1, 'is required').max(64).optional() })

/**
 * GET /one/sites/info/general/contact-form[?customer_id=] → `data: {enabled}`: whether the
 * owner's page takes visitors' details (ARCHITECTURE.md "Contact exchange"). Public with
 * `customer_id` (the page shows it anyway); the caller's own without, with `notices`: whether
 * they are emailed of each (theirs to know only).
 */
export async function loader({ request }: LoaderFunctionArgs) {
	requireMethod(request, 'GET')
	const { customer_id } = readQuery(request, Query)
	const customerId = customer_id ?? (await requireApiCustomerId(request))
	if (!(await customerIsActive(customerId))) return apiError(404, msg`Profile not found`)
	const enabled = await contactFormOpen(customerId)
	if (customer_id) return apiOk({ data: { enabled } })
	return apiOk({ data: { enabled, notices: await contactNoticesOn(customerId) } })
}

export const action = getOnlyAction
