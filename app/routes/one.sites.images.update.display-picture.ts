import { type ActionFunctionArgs } from '@remix-run/node'
import { replaceDisplayPicture } from '~/models/image.server'
import { apiError, apiOk, postOnlyLoader } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { uploadFailure } from '~/services/image-api.server'
import { readUploadedFiles } from '~/utils/upload.server'
import { msg } from '~/utils/i18n-macro'

/** POST multipart `display_picture`: a square 512 px WebP (and a small one), versioned URL. */
export async function action({ request }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	try {
		const files = await readUploadedFiles(request, 'display_picture', 1)
		const file = files[0]
		if (!file) return apiError(400, msg`Please select a file before submitting.`)
		const url = await replaceDisplayPicture(customerId, file.data)
		return apiOk({ data: { url } })
	} catch (error) {
		return uploadFailure(error)
	}
}

export const loader = postOnlyLoader
