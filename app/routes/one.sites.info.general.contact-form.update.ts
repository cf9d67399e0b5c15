import { type ActionFunctionArgs } from '@remix-run/node'
import { contactNoticesOn, setContactFormOpen, setContactNotices } from '~/models/contact.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { ContactFormSettingSchema } from '~/utils/contact-schemas'

/**
 * POST /one/sites/info/general/contact-form/update `{enabled, notices?}` → `data: {enabled,
 * notices}`: the owner opens or closes their form ('Exchange contact' shows or goes from their
 * page at once; a closed form answers 404 to visitors), and turns the emails about each contact
 * on or off. Contacts already received stay.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { enabled, notices } = await readJsonBody(request, ContactFormSettingSchema)
	if (notices !== undefined) await setContactNotices(customerId, notices)
	return apiOk({
		data: {
			enabled: await setContactFormOpen(customerId, enabled),
			notices: await contactNoticesOn(customerId),
		},
	})
}

export const loader = postOnlyLoader
