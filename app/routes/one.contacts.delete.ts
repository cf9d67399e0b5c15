import { type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { deleteContact } from '~/models/contact.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { msg } from '~/utils/i18n-macro'

const Body = z.object({
	contactId: z.string({ error: 'is required' }).min(1, 'is required').max(64),
})

/**
 * POST /one/contacts/delete `{contactId}`: the owner deletes one of their contacts (a visitor
 * asked them to, say). Another owner's contact, or one already gone: 404.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { contactId } = await readJsonBody(request, Body)
	if (!(await deleteContact(customerId, contactId))) return apiError(404, msg`Contact not found`)
	return apiOk({ data: { contactId } })
}

export const loader = postOnlyLoader
