import { type LoaderFunctionArgs } from '@remix-run/node'
import { factorsOf } from '~/services/sign-in-factors.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiOk, getOnlyAction } from '~/utils/api.server'

/**
 * GET /one/account/mfa/get → `data:{totp, passkeys:[{id, name, createdAt, lastUsedAt}],
 * recoveryCodesLeft}`: the owner's sign-in factors (never a secret).
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireApiOwner(request, 'GET')
	return apiOk({ data: await factorsOf(customerId) })
}

export const action = getOnlyAction
