/**
 * The /one API's answers: `{ status, message?, data? }` with the HTTP status equal to `status`.
 */
import { type z } from 'zod'

type Extra = Record<string, unknown>

export function apiJson(status: number, body: Extra = {}, init?: ResponseInit) {
	const headers = new Headers(init?.headers)
	headers.set('Cache-Control', 'no-store')
	return Response.json({ status, ...body }, { ...init, status, headers })
}

export const apiOk = (body: Extra = {}, init?: ResponseInit) => apiJson(200, body, init)

export function apiError(status: number, message: string, init?: ResponseInit) {
	return apiJson(status, { message }, init)
}

/** GET on a POST-only endpoint (or the reverse). */
export const methodNotAllowed = () => apiError(405, 'Method not allowed')

/** The largest JSON body, in bytes (UTF-8), that any endpoint reads. */
export const MAX_BODY_BYTES = 256 * 1024

export const bodyTooLarge = () => apiError(413, 'The request body is too large')

/**
 * The body as UTF-8 text, counted in bytes while it arrives. A body declared or found larger
 * than `limit` bytes throws a 413 answer at once: reading stops there and nothing more is held
 * in memory. The stream is released, never cancelled (cancelling would destroy the connection
 * before the 413 is written); server/request-body.ts drains or closes what is left.
 */
export async function readBodyText(request: Request, limit = MAX_BODY_BYTES): Promise<string> {
	const declared = Number(request.headers.get('content-length'))
	if (declared > limit) throw bodyTooLarge()
	if (!request.body) return ''
	const reader = request.body.getReader()
	const chunks: Uint8Array[] = []
	let size = 0
	try {
		for (;;) {
			const { done, value } = await reader.read()
			if (done) break
			size += value.byteLength
			if (size > limit) throw bodyTooLarge()
			chunks.push(value)
		}
	} finally {
		reader.releaseLock()
	}
	return new TextDecoder().decode(Buffer.concat(chunks))
}

/** The largest form post (login, sign-up, claiming a path) read, in bytes. */
export const MAX_FORM_BYTES = 64 * 1024

/** `request.formData()` for the small forms of the pages, bounded like readBodyText. */
export async function readFormData(request: Request, limit = MAX_FORM_BYTES): Promise<FormData> {
	const text = await readBodyText(request, limit)
	const type = request.headers.get('content-type') ?? 'application/x-www-form-urlencoded'
	return new Response(text, { headers: { 'Content-Type': type } }).formData()
}

/**
 * Reads and validates a JSON body. Throws a 400 answer naming the problem for malformed JSON,
 * a body that is not an object, or data the schema refuses; 413 for a body over MAX_BODY_BYTES.
 */
export async function readJsonBody<Schema extends z.ZodType>(
	request: Request,
	schema: Schema,
): Promise<z.output<Schema>> {
	if (request.method === 'GET' || request.method === 'HEAD') throw methodNotAllowed()
	const text = await readBodyText(request)
	let body: unknown
	try {
		body = text.trim() === '' ? {} : JSON.parse(text)
	} catch {
		throw apiError(400, 'The request body must be valid JSON')
	}
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		throw apiError(400, 'The request body must be a JSON object')
	}
	cleanText(body as Record<string, unknown>)
	const result = schema.safeParse(body)
	if (!result.success) {
		const issue = result.error.issues[0]
		const field = issue?.path.join('.')
		throw apiError(
			400,
			field ? `${field}: ${issue?.message}` : (issue?.message ?? 'Invalid request'),
		)
	}
	return result.data
}

/** Validates query parameters the same way. */
export function readQuery<Schema extends z.ZodType>(
	request: Request,
	schema: Schema,
): z.output<Schema> {
	const params = Object.fromEntries(new URL(request.url).searchParams)
	cleanText(params)
	const result = schema.safeParse(params)
	if (!result.success) {
		const issue = result.error.issues[0]
		const field = issue?.path.join('.')
		throw apiError(
			400,
			field ? `${field}: ${issue?.message}` : (issue?.message ?? 'Invalid request'),
		)
	}
	return result.data
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * Makes the text of a body or query storable, at any depth (walking without recursion, so a deeply
 * nested body cannot overflow the stack):
 * - PostgreSQL text cannot hold the NUL character (U+0000): a 400 names where it is.
 * - A lone surrogate (a JSON escape such as "\uD800" that is half of an emoji) is no character,
 *   and the database layer fails on it: it becomes U+FFFD, as a browser's UTF-8 form post does.
 */
export function cleanText(input: Record<string, unknown>) {
	type Node = { value: unknown; key?: string; parent?: Node }
	const where = (node: Node) => {
		const keys: string[] = []
		for (let at: Node | undefined = node; at?.key !== undefined; at = at.parent) keys.push(at.key)
		const path = keys.reverse().join('.')
		return path ? `${path.length > 100 ? `${path.slice(0, 100)}…` : path}: ` : ''
	}
	const pending: Node[] = [{ value: input }]
	for (let node = pending.pop(); node; node = pending.pop()) {
		const object = node.value as Record<string, unknown>
		for (const [key, value] of Object.entries(object)) {
			if (key.includes('\0')) {
				throw apiError(400, `${where(node)}names must not contain NUL (\\u0000) characters`)
			}
			if (typeof value === 'string') {
				if (value.includes('\0')) {
					throw apiError(
						400,
						`${where({ value, key, parent: node })}must not contain NUL (\\u0000) characters`,
					)
				}
				const repaired = value.replace(LONE_SURROGATE, '\uFFFD')
				if (repaired !== value) object[key] = repaired
			} else if (value && typeof value === 'object') {
				pending.push({ value, key, parent: node })
			}
		}
	}
}
