import { type ActionFunctionArgs } from '@remix-run/node'
import { receiveContact } from '~/services/contacts.server'
import { apiError, apiJson, apiRefusal, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { ContactSchema } from '~/utils/contact-schemas'
import { msg } from '~/utils/i18n-macro'
import { serverI18n } from '~/utils/i18n.server'
import { currentLocale } from '~/utils/locale.server'

/** A visitor's details are a few lines: a larger body is refused before it is read. */
const MAX_CONTACT_BODY_BYTES = 16 * 1024

/**
 * POST /one/contacts/{pname} `{name, email?, phone?, company?, message?, consent}`: a visitor
 * leaves their details for the owner of `pname` (ARCHITECTURE.md "Contact exchange"). 201 when
 * taken; 400 naming the field; 404 when there is no such owner or their form is closed; 429 with
 * Retry-After past the limits (the API has no honeypot: the limits hold it).
 */
export async function action({ request, params }: ActionFunctionArgs) {
	const input = await readJsonBody(request, ContactSchema, MAX_CONTACT_BODY_BYTES)
	const outcome = await receiveContact(request, params.pname ?? '', input)
	if (outcome.ok) {
		const i18n = serverI18n(currentLocale())
		return apiJson(201, { message: i18n._(msg`Thank you! Your details were sent.`) })
	}
	if (outcome.status === 429)
		return apiRefusal({
			status: 429,
			message: outcome.message,
			retryAfterSeconds: outcome.retryAfterSeconds,
		})
	return apiError(404, outcome.message)
}

export const loader = postOnlyLoader
