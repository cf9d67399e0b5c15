import { type ActionFunctionArgs } from '@remix-run/node'
import { apiError, apiOk, postOnlyLoader, requireMethod } from '~/utils/api.server'
import { requireApiCustomerId } from '~/services/auth.server'
import { IMPORT_MESSAGES, ImportError } from '~/utils/resume-import'
import { previewImport, readImportFile, readImportRequest } from '~/services/resume-import.server'

/**
 * POST /one/sites/resume/import/preview (multipart `file`: a JSON Resume file or LinkedIn's data
 * export ZIP): what importing it would add or replace, section by section. Changes nothing.
 */
export async function action({ request }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const customerId = await requireApiCustomerId(request)
	try {
		const upload = await readImportRequest(request)
		if (!upload.file) return apiError(400, IMPORT_MESSAGES.noFile)
		const draft = readImportFile(upload.file)
		return apiOk({ data: await previewImport(customerId, draft) })
	} catch (error) {
		if (error instanceof ImportError) return apiError(error.status, error.message)
		throw error
	}
}

export const loader = postOnlyLoader
