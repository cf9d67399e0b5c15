import { type ActionFunctionArgs } from '@remix-run/node'
import { postOnlyLoader } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { apiImport, previewImport, previewIn } from '~/services/resume-import.server'
import { serverI18n } from '~/utils/i18n.server'
import { currentLocale } from '~/utils/locale.server'

/**
 * POST /one/sites/resume/import/preview (multipart `file`: a JSON Resume file or LinkedIn's data
 * export ZIP): what importing it would add or replace, section by section. Changes nothing. The
 * notes and the skipped items' values and reasons are in the request's language (`?lang=`, the
 * cookie, `Accept-Language`; SPEC.md's English when it names none).
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	return apiImport(request, async (draft) =>
		previewIn(serverI18n(currentLocale()), await previewImport(customerId, draft)),
	)
}

export const loader = postOnlyLoader
