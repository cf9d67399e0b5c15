import { type ActionFunctionArgs } from '@remix-run/node'
import { setContactFormOpen } from '~/models/contact.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { ContactFormSettingSchema } from '~/utils/contact-schemas'

/**
 * POST /one/sites/info/general/contact-form/update `{enabled}` → `data: {enabled}`: the owner
 * opens or closes their form ('Exchange contact' shows or goes from their page at once; a closed
 * form answers 404 to visitors). Contacts already received stay.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { enabled } = await readJsonBody(request, ContactFormSettingSchema)
	return apiOk({ data: { enabled: await setContactFormOpen(customerId, enabled) } })
}

export const loader = postOnlyLoader
