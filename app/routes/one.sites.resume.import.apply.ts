import { type ActionFunctionArgs } from '@remix-run/node'
import { postOnlyLoader } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiImport, applyImport, readApplyChoice } from '~/services/resume-import.server'

/**
 * POST /one/sites/resume/import/apply (multipart `file`, `sections`: a comma list of profile,
 * links, workExp, education, skills, certificates, achievements; `mode`: replace or append):
 * writes the chosen sections (the owner's links too) in one transaction and answers the full
 * resume, as the resume read does.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	return apiImport(request, (draft, upload) =>
		applyImport(customerId, draft, readApplyChoice(upload, draft)),
	)
}

export const loader = postOnlyLoader
