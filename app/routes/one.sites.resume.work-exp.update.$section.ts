import { type ActionFunctionArgs } from '@remix-run/node'
import { type Resume } from '~/models/resume.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { isResumeList, RESUME_LISTS } from '~/services/section-versions.server'
import { etagHeaders, ifMatchPrecondition, orPreconditionFailed } from '~/utils/etag.server'
import { msg } from '~/utils/i18n-macro'

/**
 * POST /one/sites/resume/work-exp/update/{section}: replaces one list, answers the full resume.
 * With `If-Match` holding a stale ETag of the resume: 412, nothing changed.
 */
export async function action({ request, params }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	if (!isResumeList(params.section)) return apiError(404, msg`Not found`)
	const list = RESUME_LISTS[params.section]
	const body = await readJsonBody(request, list.schema)
	// `If-Match` carries the ETag of the whole resume (the read answers all five lists).
	const precondition = ifMatchPrecondition<Resume>(request, (resume) => resume)
	return orPreconditionFailed(async () => {
		const data = await list.replace(customerId, body as never, precondition)
		return apiOk({ data }, { headers: etagHeaders(data) })
	})
}

export const loader = postOnlyLoader
