import { type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { addPortfolioImages, checkImageRoom, ownsPortfolio } from '~/models/image.server'
import { apiError, apiOk, postOnlyLoader, readQuery } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { uploadFailure } from '~/services/image-api.server'
import { readUploadedFiles, UPLOAD_MESSAGES } from '~/utils/upload.server'
import { msg } from '~/utils/i18n-macro'

const Query = z.object({
	productId: z.string({ error: 'is required' }).min(1, 'is required').max(64),
})

/** POST ?productId= multipart `product_images` (one or more): 16:9 WebP, answers the item. */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { productId } = readQuery(request, Query)
	if (!(await ownsPortfolio(customerId, productId)))
		return apiError(404, msg`Portfolio item not found`)
	try {
		// A full gallery is refused before the files are read.
		await checkImageRoom(customerId, productId)
		const files = await readUploadedFiles(request, 'product_images')
		if (!files.length) return apiError(400, UPLOAD_MESSAGES.none)
		const added = await addPortfolioImages(
			customerId,
			productId,
			files.map((file) => file.data),
		)
		// Deleted while the upload was under way.
		if (!added) return apiError(404, msg`Portfolio item not found`)
		return apiOk({ data: added.item })
	} catch (error) {
		return uploadFailure(error)
	}
}

export const loader = postOnlyLoader
