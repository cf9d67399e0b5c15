import { createReadableStreamFromReadable, type LoaderFunctionArgs } from '@remix-run/node'
import { AccountTransferError, exportAccountArchive } from '~/models/account-transfer.server'
import { getCustomerPath } from '~/models/customer.server'
import { apiError, getOnlyAction } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'

/**
 * GET /one/account/export: the owner's whole account as the `npm run export` archive
 * (document.json and the images, gzipped tar), streamed as it is written.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const customerId = await requireApiOwner(request, 'GET')
	let exported
	try {
		exported = await exportAccountArchive(customerId)
	} catch (error) {
		if (error instanceof AccountTransferError) return apiError(409, error.message)
		throw error
	}
	if (!exported) return apiError(404, 'Account not found')
	const name = (await getCustomerPath(customerId)) ?? 'account'
	return new Response(createReadableStreamFromReadable(exported.archive), {
		status: 200,
		headers: {
			'Content-Type': 'application/gzip',
			'Content-Disposition': `attachment; filename="${name}-tagg-export.tar.gz"`,
			'Cache-Control': 'private, no-store',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}

export const action = getOnlyAction
