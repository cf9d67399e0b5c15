import { type ActionFunctionArgs } from '@remix-run/node'
import { postOnlyLoader } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiImport, previewImport } from '~/services/resume-import.server'

/**
 * POST /one/sites/resume/import/preview (multipart `file`: a JSON Resume file or LinkedIn's data
 * export ZIP): what importing it would add or replace, section by section. Changes nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	return apiImport(request, (draft) => previewImport(customerId, draft))
}

export const loader = postOnlyLoader
