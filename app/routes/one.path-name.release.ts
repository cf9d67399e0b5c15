import { type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { releaseHeldPath } from '~/models/customer.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { msg } from '~/utils/i18n-macro'
import { requestI18n } from '~/utils/i18n.server'
import { translate, withValues } from '~/utils/i18n'

const Body = z.object({ path: z.string({ error: 'is required' }).max(100) })

/**
 * POST /one/path-name/release {path}: the owner lets one of their previous paths go before its
 * 30 days are up; it stops redirecting and anyone may claim it. 404 when the owner holds no
 * such path.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { path } = await readJsonBody(request, Body)
	if (!(await releaseHeldPath(customerId, path))) {
		return apiError(404, msg`You hold no such previous address`)
	}
	return apiOk({
		message: translate(
			requestI18n(request),
			withValues(msg`/{path} is released`, { path: path.trim() }),
		),
		data: { path: path.trim() },
	})
}

export const loader = postOnlyLoader
