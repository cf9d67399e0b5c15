import { type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { listPortfolioImagesPage } from '~/models/image.server'
import { getListVersion } from '~/models/portfolio/lists.server'
import { apiError, apiOk, getOnlyAction, readQuery, requireMethod } from '~/utils/api.server'
import { getCustomerId } from '~/services/auth.server'
import { listPageCaching, pageRequest, PageQuerySchema } from '~/utils/pagination.server'
import { msg } from '~/utils/i18n-macro'

const Query = PageQuerySchema.extend({
	customer_id: z.string({ error: 'is required' }).min(1, 'is required').max(64),
	productId: z.string({ error: 'is required' }).min(1, 'is required').max(64),
})

/**
 * GET /one/sites/images/get/portfolio-images?customer_id=&productId=&limit=&cursor= : one page
 * of a project's gallery in its order, `data: {images, next}`. Visitors see the active images of
 * an active project; the owner sees every image of their own. ETag and 304 as the lists.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	requireMethod(request, 'GET')
	const query = readQuery(request, Query)
	const { customer_id, productId } = query
	const viewer = (await getCustomerId(request)) === customer_id ? 'owner' : 'visitor'
	const version = await getListVersion(customer_id)
	if (!version || (viewer === 'visitor' && version.disabled)) {
		return apiError(404, msg`Portfolio not found`)
	}

	const page = pageRequest(query)
	const caching = listPageCaching(
		request,
		['portfolio-images', viewer, customer_id, productId, version.version],
		page,
		viewer === 'owner',
	)
	if (caching.unchanged) return caching.unchanged

	const images = await listPortfolioImagesPage(customer_id, productId, viewer, page)
	if (!images) return apiError(404, msg`Portfolio not found`)
	return apiOk({ data: { images: images.items, next: images.next } }, { headers: caching.headers })
}

export const action = getOnlyAction
