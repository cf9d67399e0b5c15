import { type ActionFunctionArgs } from '@remix-run/node'
import { DOMAIN_REMOVED, removeOwnDomain } from '~/services/domains.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { translate } from '~/utils/i18n'
import { requestI18n } from '~/utils/i18n.server'
import { z } from 'zod'

/**
 * POST /one/account/domain/delete → 200: the owner's domain is removed and stops being served
 * at once (also when there was none: the end state is the same).
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	await readJsonBody(request, z.object({}))
	await removeOwnDomain(customerId)
	return apiOk({ message: translate(requestI18n(request), DOMAIN_REMOVED) })
}

export const loader = postOnlyLoader
