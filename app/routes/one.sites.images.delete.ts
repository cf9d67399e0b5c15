import { type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { deletePortfolioImage } from '~/models/image.server'
import { apiError, apiOk, postOnlyLoader, readQuery } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { msg } from '~/utils/i18n-macro'
import { requestI18n } from '~/utils/i18n.server'

const Query = z.object({
	productId: z.string({ error: 'is required' }).min(1, 'is required').max(64),
	imageId: z.string({ error: 'is required' }).min(1, 'is required').max(64),
})

/** POST ?productId=&imageId= : deletes the image and its stored objects. */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { productId, imageId } = readQuery(request, Query)
	if (!(await deletePortfolioImage(customerId, productId, imageId)))
		return apiError(404, msg`Image not found`)
	return apiOk({ message: requestI18n(request)._(msg`Image deleted`) })
}

export const loader = postOnlyLoader
