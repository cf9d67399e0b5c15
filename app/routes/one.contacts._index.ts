import { type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { listContacts } from '~/models/contact.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiOk, getOnlyAction, readQuery } from '~/utils/api.server'
import { CONTACT_SEARCH_MAX } from '~/utils/contact-schemas'
import { pageRequest, PageQuerySchema } from '~/utils/pagination.server'

const Query = PageQuerySchema.extend({
	q: z
		.string()
		.max(CONTACT_SEARCH_MAX, `must be at most ${CONTACT_SEARCH_MAX} characters`)
		.optional(),
})

/**
 * GET /one/contacts?limit&cursor&q : the owner's contacts, newest first
 * (ARCHITECTURE.md "Contact exchange"): `data: {contacts: [{contactId, name, email, phone,
 * company, message, createdAt, read}], next}`; `q` keeps those holding every word it has.
 * Listing marks nothing read: opening one does (its vCard, or the builder).
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireApiOwner(request, 'GET')
	const query = readQuery(request, Query)
	const page = await listContacts(customerId, pageRequest(query), query.q ?? null)
	return apiOk({ data: { contacts: page.items, next: page.next } })
}

export const action = getOnlyAction
