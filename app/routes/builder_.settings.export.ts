import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { checkPasswordForExport, exportArchiveResponse } from '~/services/account-settings.server'
import { requireCustomerId } from '~/services/auth.server'
import { readFormData } from '~/utils/api.server'
import { ExportFormSchema } from '~/utils/settings-schemas'

/**
 * Settings → 'Download my data' (a form sent as a whole page, so the browser saves the archive
 * and stays on the settings page): the password, then the archive without the password hash.
 * A refusal goes back to the settings page, which says why (`?export=` names it).
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireCustomerId(request)
	const formData = await readFormData(request)
	const back = (reason: ExportRefusal) =>
		redirect(`/builder/settings?${new URLSearchParams({ export: reason })}#data`)
	const parsed = ExportFormSchema.safeParse({ password: formData.get('password') ?? '' })
	if (!parsed.success) return back('missing')
	const refusal = await checkPasswordForExport(request, customerId, parsed.data.password)
	if (refusal) return back(refusal.status === 429 ? 'wait' : 'wrong')
	return exportArchiveResponse(customerId)
}

type ExportRefusal = 'missing' | 'wrong' | 'wait'

export const loader = () => redirect('/builder/settings#data')
