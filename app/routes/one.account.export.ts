import { type ActionFunctionArgs } from '@remix-run/node'
import { checkPasswordForExport, exportArchiveResponse } from '~/services/account-settings.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiRefusal, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { ExportBody } from '~/utils/settings-schemas'

/**
 * POST /one/account/export {password}: the owner's whole account as the `npm run export`
 * archive (document.json and the images, gzipped tar), streamed as it is written, but without
 * the password hash. The password is asked as for deleting the account (same throttling as
 * login): a session alone does not hand the account's data over.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { password } = await readJsonBody(request, ExportBody)
	const refusal = await checkPasswordForExport(request, customerId, password)
	if (refusal) return apiRefusal(refusal)
	return exportArchiveResponse(customerId)
}

export const loader = postOnlyLoader
