import { type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { setImageStatus } from '~/models/image.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody, readQuery } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { msg } from '~/utils/i18n-macro'

const Query = z.object({
	key: z.enum(['Active', 'Featured'], { error: "must be 'Active' or 'Featured'" }),
	productId: z.string({ error: 'is required' }).min(1, 'is required').max(64),
	imageId: z.string({ error: 'is required' }).min(1, 'is required').max(64),
})
const ActiveBody = z.object({ active: z.boolean({ error: 'must be true or false' }) })
const FeaturedBody = z.object({ featured: z.boolean({ error: 'must be true or false' }) })

/** POST ?key=Active|Featured&productId=&imageId= with `{active}` or `{featured}`. */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	const { key, productId, imageId } = readQuery(request, Query)
	const change =
		key === 'Active'
			? await readJsonBody(request, ActiveBody)
			: await readJsonBody(request, FeaturedBody)
	const image = await setImageStatus(customerId, productId, imageId, change)
	if (!image) return apiError(404, msg`Image not found`)
	return apiOk({
		data: { pProductImageId: image.id, active: image.active, featured: image.featured },
	})
}

export const loader = postOnlyLoader
