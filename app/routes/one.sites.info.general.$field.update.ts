import { type ActionFunctionArgs } from '@remix-run/node'
import { updateProfile } from '~/models/profile.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { etagHeaders, ifMatchPrecondition, orPreconditionFailed } from '~/utils/etag.server'
import { isProfileField, PROFILE_FIELDS } from '~/services/profile-fields.server'
import { msg } from '~/utils/i18n-macro'

/**
 * POST /one/sites/info/general/{field}/update : the owner edits one block of their profile.
 * With `If-Match` holding a stale ETag of that field's read: 412, nothing changed.
 */
export async function action({ request, params }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	if (!isProfileField(params.field)) return apiError(404, msg`Not found`)
	const spec = PROFILE_FIELDS[params.field]
	const value = await readJsonBody(request, spec.schema)
	return orPreconditionFailed(async () => {
		const profile = await updateProfile(
			customerId,
			spec.toUpdate(value as never),
			ifMatchPrecondition(request, spec.read),
		)
		const data = spec.read(profile)
		return apiOk({ data }, { headers: etagHeaders(data) })
	})
}

export const loader = postOnlyLoader
