import { type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { setImageDetails } from '~/models/image.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody, readQuery } from '~/utils/api.server'
import { ImageDetailsSchema } from '~/utils/portfolio-schemas'
import { requireApiOwner } from '~/services/auth.server'
import { msg } from '~/utils/i18n-macro'

const Query = z.object({
	productId: z.string({ error: 'is required' }).min(1, 'is required').max(64),
	imageId: z.string({ error: 'is required' }).min(1, 'is required').max(64),
})

/**
 * POST ?productId=&imageId= with any of `{caption, alt, focalPoint: {x, y}}`: what the owner
 * writes about one image. Answers the image (`data`), as the galleries list it.
 */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { productId, imageId } = readQuery(request, Query)
	const details = await readJsonBody(request, ImageDetailsSchema)
	const image = await setImageDetails(customerId, productId, imageId, details)
	if (!image) return apiError(404, msg`Image not found`)
	return apiOk({ data: image })
}

export const loader = postOnlyLoader
