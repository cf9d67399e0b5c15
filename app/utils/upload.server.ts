/**
 * Multipart uploads parsed as streams: a file larger than the limit is refused while it
 * arrives (never buffered whole), and so is a request with too many files.
 */
import {
	unstable_parseMultipartFormData as parseMultipartFormData,
	type UploadHandler,
} from '@remix-run/node'
import { ImageError, MAX_FILE_BYTES, MAX_FILES } from './images.server'

export class UploadError extends Error {
	constructor(
		public status: 400 | 413 | 415,
		message: string,
	) {
		super(message)
	}
}

export const UPLOAD_MESSAGES = {
	tooLarge: 'Each image must be 10 MB or smaller.',
	tooMany: `You can upload at most ${MAX_FILES} images at once.`,
	notMultipart: 'Send the images as multipart/form-data.',
	none: 'Please select at least one file.',
}

export type UploadedFile = { filename: string; contentType: string; data: Buffer }

/** Reads the files of `field` (at most `maxFiles`, each at most MAX_FILE_BYTES). */
export async function readUploadedFiles(
	request: Request,
	field: string,
	maxFiles = MAX_FILES,
): Promise<UploadedFile[]> {
	const type = request.headers.get('content-type') ?? ''
	if (!type.toLowerCase().startsWith('multipart/form-data')) {
		throw new UploadError(415, UPLOAD_MESSAGES.notMultipart)
	}
	// A request that announces more than every allowed file together is refused before reading.
	const declared = Number(request.headers.get('content-length') ?? 0)
	if (declared > maxFiles * MAX_FILE_BYTES + 1024 * 1024) {
		throw new UploadError(413, maxFiles === 1 ? UPLOAD_MESSAGES.tooLarge : UPLOAD_MESSAGES.tooMany)
	}
	const files: UploadedFile[] = []
	const handler: UploadHandler = async ({ name, data, filename, contentType }) => {
		if (name !== field || !filename) {
			// Ignore other parts, but read them (bounded) so the stream moves on.
			let size = 0
			for await (const chunk of data) {
				size += chunk.length
				if (size > 64 * 1024) throw new UploadError(413, 'A form field is too large.')
			}
			return undefined
		}
		if (files.length >= maxFiles) throw new UploadError(413, UPLOAD_MESSAGES.tooMany)
		const chunks: Uint8Array[] = []
		let size = 0
		for await (const chunk of data) {
			size += chunk.length
			if (size > MAX_FILE_BYTES) throw new UploadError(413, UPLOAD_MESSAGES.tooLarge)
			chunks.push(chunk)
		}
		files.push({ filename, contentType, data: Buffer.concat(chunks) })
		return undefined
	}
	try {
		await parseMultipartFormData(request, handler)
	} catch (error) {
		if (error instanceof UploadError || error instanceof ImageError) throw error
		throw new UploadError(400, 'The upload could not be read. Please try again.')
	}
	return files
}
