import { type ActionFunctionArgs } from '@remix-run/node'
import { updateProfile } from '~/models/profile.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody, requireMethod } from '~/utils/api.server'
import { requireApiCustomerId } from '~/services/auth.server'
import {
	etagHeaders,
	ifMatchPrecondition,
	PreconditionFailed,
	preconditionFailed,
} from '~/utils/etag.server'
import { isProfileField, PROFILE_FIELDS } from '~/services/profile-fields.server'

/**
 * POST /one/sites/info/general/{field}/update : the owner edits one block of their profile.
 * With `If-Match` holding a stale ETag of that field's read: 412, nothing changed.
 */
export async function action({ request, params }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const customerId = await requireApiCustomerId(request)
	if (!isProfileField(params.field)) return apiError(404, 'Not found')
	const spec = PROFILE_FIELDS[params.field]
	const value = await readJsonBody(request, spec.schema)
	try {
		const profile = await updateProfile(
			customerId,
			spec.toUpdate(value as never),
			ifMatchPrecondition(request, spec.read),
		)
		const data = spec.read(profile)
		return apiOk({ data }, { headers: etagHeaders(data) })
	} catch (error) {
		if (error instanceof PreconditionFailed) return preconditionFailed()
		throw error
	}
}

export const loader = postOnlyLoader
