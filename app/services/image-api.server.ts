/**
 * Turns failures of an upload into the /one API's answers: the pipeline's and the parser's
 * clear 4xx messages, 503 when storage is unreachable.
 */
import { ImageLimitError, StorageUnavailableError } from '~/models/image.server'
import { apiError } from '~/utils/api.server'
import { ImageError } from '~/utils/images.server'
import { UploadError } from '~/utils/upload.server'
import { msg } from '~/utils/i18n-macro'

export const STORAGE_FAILED = msg`The images could not be stored right now. Please try again later.`
	.message

export function uploadFailure(error: unknown): Response {
	if (error instanceof Response) return error
	if (error instanceof UploadError || error instanceof ImageLimitError)
		return apiError(error.status, error.translatable)
	if (error instanceof ImageError) return apiError(error.status, error.message)
	if (error instanceof StorageUnavailableError) {
		console.warn(`storage unavailable during an upload: ${error.message}`)
		return apiError(503, STORAGE_FAILED)
	}
	throw error
}
