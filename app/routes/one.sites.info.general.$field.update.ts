import { type ActionFunctionArgs } from '@remix-run/node'
import { updateProfile } from '~/models/profile.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody, requireMethod } from '~/utils/api.server'
import { requireApiCustomerId } from '~/utils/auth.server'
import { isProfileField, PROFILE_FIELDS } from '~/utils/profile-fields.server'

/** POST /one/sites/info/general/{field}/update : the owner edits one block of their profile. */
export async function action({ request, params }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const customerId = await requireApiCustomerId(request)
	if (!isProfileField(params.field)) return apiError(404, 'Not found')
	const spec = PROFILE_FIELDS[params.field]
	const value = await readJsonBody(request, spec.schema)
	const profile = await updateProfile(customerId, spec.toUpdate(value as never))
	return apiOk({ data: spec.read(profile) })
}

export const loader = postOnlyLoader
