import { type ActionFunctionArgs } from '@remix-run/node'
import { apiError, apiOk, postOnlyLoader, requireMethod } from '~/utils/api.server'
import { requireApiCustomerId } from '~/services/auth.server'
import { IMPORT_MESSAGES, ImportError } from '~/utils/resume-import'
import {
	applyImport,
	readApplyChoice,
	readImportFile,
	readImportRequest,
} from '~/services/resume-import.server'

/**
 * POST /one/sites/resume/import/apply (multipart `file`, `sections`: a comma list of profile,
 * workExp, education, skills, certificates, achievements; `mode`: replace or append): writes
 * the chosen sections in one transaction and answers the full resume, as the resume read does.
 */
export async function action({ request }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const customerId = await requireApiCustomerId(request)
	try {
		const upload = await readImportRequest(request)
		if (!upload.file) return apiError(400, IMPORT_MESSAGES.noFile)
		const draft = readImportFile(upload.file)
		const choice = readApplyChoice(upload, draft)
		return apiOk({ data: await applyImport(customerId, draft, choice) })
	} catch (error) {
		if (error instanceof ImportError) return apiError(error.status, error.message)
		throw error
	}
}

export const loader = postOnlyLoader
