import { type LoaderFunctionArgs } from '@remix-run/node'
import { getContact } from '~/models/contact.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiError, getOnlyAction } from '~/utils/api.server'
import { contactVCard } from '~/utils/contacts.server'
import { msg } from '~/utils/i18n-macro'

/**
 * GET /one/contacts/{contactId}/contact.vcf : one of the owner's contacts as a card (vCard 3.0)
 * for their address book. Opening a contact marks it read. Another owner's: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const customerId = await requireApiOwner(request, 'GET')
	const contactId = params.contactId ?? ''
	const contact =
		// An id of ours (a cuid): anything else names no contact, and never reaches the database.
		/^[A-Za-z0-9_-]{1,64}$/.test(contactId)
			? await getContact(customerId, contactId, { open: request.method === 'GET' })
			: null
	if (!contact) return apiError(404, msg`Contact not found`)
	return new Response(contactVCard(contact), {
		headers: {
			'Content-Type': 'text/vcard; charset=utf-8',
			'Content-Disposition': 'attachment; filename="contact.vcf"',
			'Cache-Control': 'private, no-store',
		},
	})
}

export const action = getOnlyAction
