import { type ActionFunctionArgs } from '@remix-run/node'
import { deleteOwnAccount } from '~/services/account-settings.server'
import { apiRefusal, apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { clearedSessionCookies, headersWithCookies } from '~/services/session.server'
import { DeleteAccountBody } from '~/utils/settings-schemas'
import { msg } from '~/utils/i18n-macro'
import { requestI18n } from '~/utils/i18n.server'

/**
 * POST /one/account/delete {password, path}: deletes the account with every row and every
 * stored image; the path is free again and the public pages answer 404 at once.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { password, path } = await readJsonBody(request, DeleteAccountBody)
	const outcome = await deleteOwnAccount(request, customerId, {
		password,
		confirmation: path,
		field: 'path',
	})
	if (!outcome.ok) return apiRefusal(outcome)
	return apiOk(
		{ message: requestI18n(request)._(msg`Your account and everything in it was deleted.`) },
		{ headers: headersWithCookies(clearedSessionCookies()) },
	)
}

export const loader = postOnlyLoader
