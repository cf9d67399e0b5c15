/**
 * What an upload may be, checked in the browser before a byte is sent (a 12 MB picture is
 * refused at once, not after the upload) and again by the server (app/utils/images.server.ts,
 * which also reads the content). Only the run-time `msg` is imported: safe in the client bundle.
 */
import { msg } from '~/utils/i18n-macro'

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
export const MAX_UPLOAD_FILES = 10
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const
export const ACCEPT_IMAGES = ACCEPTED_IMAGE_TYPES.join(',')

const EXTENSIONS = /\.(jpe?g|png|webp|avif)$/i

/** English strings (passed along by the server too), translated where shown (`translate`). */
export const UPLOAD_ERRORS = {
	tooLarge: msg`Each image must be 10 MB or smaller.`.message,
	type: msg`Only JPEG, PNG, WebP or AVIF images are allowed.`.message,
	empty: msg`The file is empty.`.message,
	tooMany: msg`You can upload at most 10 images at once.`.message,
} as const

/** Why this file cannot be uploaded, or null when it may be sent. */
export function checkImageFile(file: { name: string; size: number; type: string }) {
	const typeOk = file.type
		? (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)
		: EXTENSIONS.test(file.name)
	if (!typeOk) return UPLOAD_ERRORS.type
	if (file.size === 0) return UPLOAD_ERRORS.empty
	if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_ERRORS.tooLarge
	return null
}

/** 12.3 MB, 850 KB. */
export function formatBytes(bytes: number) {
	if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
	return `${Math.max(1, Math.round(bytes / 1024))} KB`
}
