import { type LoaderFunctionArgs } from '@remix-run/node'
import { getAccount } from '~/models/account.server'
import { allContacts } from '~/models/contact.server'
import { requireApiOwner } from '~/services/auth.server'
import { getOnlyAction } from '~/utils/api.server'
import { contactsCsv } from '~/utils/contacts.server'
import { CSV_FILE_START } from '~/utils/csv'
import { requestI18n } from '~/utils/i18n.server'
import { utcDay } from '~/utils/insights'

/**
 * GET /one/contacts/export.csv : every contact of the owner as CSV, newest first, with the
 * consent each was given with (formula-safe: a visitor's `=…` never runs in a spreadsheet).
 * Its column names are in the builder's language (the API's field names in English), after a
 * UTF-8 byte order mark (spreadsheets read it as UTF-8 when opened by double-click).
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireApiOwner(request, 'GET')
	const [contacts, account] = await Promise.all([allContacts(customerId), getAccount(customerId)])
	const i18n = requestI18n(request, account?.language)
	return new Response(CSV_FILE_START + contactsCsv(contacts, i18n), {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="tagg-contacts-${utcDay()}.csv"`,
			'Cache-Control': 'private, no-store',
		},
	})
}

export const action = getOnlyAction
