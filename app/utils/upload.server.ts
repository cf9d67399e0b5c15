/**
 * Multipart uploads parsed as streams: a file larger than the limit is refused while it
 * arrives (never buffered whole), and so is a request with too many files.
 */
import {
	unstable_parseMultipartFormData as parseMultipartFormData,
	type UploadHandler,
} from '@remix-run/node'
import { type Translatable } from './i18n'
import { msg } from '~/utils/i18n-macro'
import { serverI18n } from './i18n.server'
import { ImageError, MAX_FILE_BYTES, MAX_FILES } from './images.server'
import { RequestError } from './request-error'

/**
 * A refused upload: `message` in English, `translatable` the same in the catalogs (with the
 * values of its placeholders), for the API's answer in the request's language.
 */
export class UploadError extends RequestError {
	readonly translatable: Translatable
	constructor(status: 400 | 413 | 415, message: Translatable) {
		super(status, typeof message === 'string' ? message : serverI18n('en')._(message))
		this.translatable = message
	}
}

const TOO_MANY = {
	...msg`You can upload at most {count} images at once.`,
	values: { count: MAX_FILES },
}

// English strings (`tooMany` with its number); `readUploadedFiles` refuses with their messages.
export const UPLOAD_MESSAGES = {
	tooLarge: msg`Each image must be 10 MB or smaller.`.message,
	tooMany: serverI18n('en')._(TOO_MANY),
	notMultipart: msg`Send the images as multipart/form-data.`.message,
	none: msg`Please select at least one file.`.message,
}

export type UploadedFile = { filename: string; contentType: string; data: Buffer }

/** Reads the files of `field` (at most `maxFiles`, each at most MAX_FILE_BYTES). */
export async function readUploadedFiles(
	request: Request,
	field: string,
	maxFiles = MAX_FILES,
): Promise<UploadedFile[]> {
	const { files } = await readMultipart(request, {
		fileField: field,
		maxFiles,
		maxFileBytes: MAX_FILE_BYTES,
		messages: {
			notMultipart: UPLOAD_MESSAGES.notMultipart,
			tooLarge: UPLOAD_MESSAGES.tooLarge,
			tooMany: TOO_MANY,
		},
	})
	return files
}

export type MultipartOptions = {
	/** The field whose files are kept. */
	fileField: string
	maxFiles: number
	maxFileBytes: number
	/** Text fields kept (each at most `maxFieldBytes`); any other part is read and dropped. */
	textFields?: readonly string[]
	maxFieldBytes?: number
	messages: {
		notMultipart: Translatable
		/** One file over `maxFileBytes`. */
		tooLarge: Translatable
		/** More files than `maxFiles` (and a body over the total the files allow, unless one). */
		tooMany: Translatable
	}
}

/**
 * A multipart/form-data body read as a stream within bounds: each file of `fileField` at most
 * `maxFileBytes` (refused while it arrives, never buffered whole), at most `maxFiles` of them,
 * each other part at most `maxFieldBytes`, and the whole body at most every allowed file plus
 * 1 MB. Past a bound it throws an {@link UploadError} (413, or 415 when the body is not
 * multipart) and stops reading.
 */
export async function readMultipart(
	request: Request,
	{
		fileField,
		maxFiles,
		maxFileBytes,
		textFields = [],
		maxFieldBytes = 64 * 1024,
		messages,
	}: MultipartOptions,
): Promise<{ files: UploadedFile[]; fields: Record<string, string[]> }> {
	const type = request.headers.get('content-type') ?? ''
	if (!type.toLowerCase().startsWith('multipart/form-data')) {
		throw new UploadError(415, messages.notMultipart)
	}
	// Every allowed file together, and room for the form's other fields and the part headers.
	const totalLimit = maxFiles * maxFileBytes + 1024 * 1024
	const tooMuch = () => new UploadError(413, maxFiles === 1 ? messages.tooLarge : messages.tooMany)
	// A request that announces more is refused before reading.
	const declared = Number(request.headers.get('content-length') ?? 0)
	if (declared > totalLimit) throw tooMuch()
	const files: UploadedFile[] = []
	const fields: Record<string, string[]> = {}
	const handler: UploadHandler = async ({ name, data, filename, contentType }) => {
		if (name !== fileField || !filename) {
			// Other parts are read (bounded) so the stream moves on; the named text fields are kept.
			const chunks: Uint8Array[] = []
			let size = 0
			const keep = filename === undefined && textFields.includes(name)
			for await (const chunk of data) {
				size += chunk.length
				if (size > maxFieldBytes) throw new UploadError(413, msg`A form field is too large.`)
				if (keep) chunks.push(chunk)
			}
			if (keep) (fields[name] ??= []).push(Buffer.concat(chunks).toString('utf8'))
			return undefined
		}
		if (files.length >= maxFiles) throw new UploadError(413, messages.tooMany)
		const chunks: Uint8Array[] = []
		let size = 0
		for await (const chunk of data) {
			size += chunk.length
			if (size > maxFileBytes) throw new UploadError(413, messages.tooLarge)
			chunks.push(chunk)
		}
		files.push({ filename, contentType, data: Buffer.concat(chunks) })
		return undefined
	}
	try {
		await parseMultipartFormData(limitBytes(request, totalLimit, tooMuch), handler)
	} catch (error) {
		if (error instanceof UploadError || error instanceof ImageError) throw error
		throw new UploadError(400, msg`The upload could not be read. Please try again.`)
	}
	return { files, fields }
}

/**
 * The same request with its body counted in bytes as it is read: past `limit` the read fails
 * with `tooMuch()` and reading stops. The underlying stream is released, never cancelled
 * (cancelling destroys the connection before the answer is written); server/request-body.ts
 * drains or closes what the client still sends.
 */
function limitBytes(request: Request, limit: number, tooMuch: () => Error): Request {
	if (!request.body) return request
	const reader = request.body.getReader()
	let size = 0
	const body = new ReadableStream<Uint8Array>({
		async pull(controller) {
			try {
				const { done, value } = await reader.read()
				if (done) {
					reader.releaseLock()
					controller.close()
					return
				}
				size += value.byteLength
				if (size > limit) throw tooMuch()
				controller.enqueue(value)
			} catch (error) {
				reader.releaseLock()
				controller.error(error)
			}
		},
		cancel() {
			reader.releaseLock()
		},
	})
	return new Request(request.url, {
		method: request.method,
		headers: request.headers,
		body,
		signal: request.signal,
		duplex: 'half', // required by Node's Request for a streamed body
	})
}
