import { type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { reorderPortfolioImages } from '~/models/image.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody, readQuery } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { msg } from '~/utils/i18n-macro'
import { requestI18n } from '~/utils/i18n.server'

const Query = z.object({
	productId: z.string({ error: 'is required' }).min(1, 'is required').max(64),
})
const Body = z.object({ imageIds: z.array(z.string().max(64)).max(500) })

/** POST ?productId= `{imageIds}`: the item's images in their new order (every id, once). */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { productId } = readQuery(request, Query)
	const { imageIds } = await readJsonBody(request, Body)
	if (!(await reorderPortfolioImages(customerId, productId, imageIds))) {
		return apiError(404, msg`Images not found`)
	}
	return apiOk({ message: requestI18n(request)._(msg`Order saved`) })
}

export const loader = postOnlyLoader
