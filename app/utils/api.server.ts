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

const MAX_BODY_BYTES = 256 * 1024

/**
 * Reads and validates a JSON body. Throws a 400 answer naming the problem for malformed JSON,
 * a body that is not an object, or data the schema refuses; 413 for an oversized body.
 */
export async function readJsonBody<Schema extends z.ZodType>(
	request: Request,
	schema: Schema,
): Promise<z.output<Schema>> {
	if (request.method === 'GET' || request.method === 'HEAD') throw methodNotAllowed()
	const text = await request.text()
	if (text.length > MAX_BODY_BYTES) throw apiError(413, 'The request body is too large')
	let body: unknown
	try {
		body = text.trim() === '' ? {} : JSON.parse(text)
	} catch {
		throw apiError(400, 'The request body must be valid JSON')
	}
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		throw apiError(400, 'The request body must be a JSON object')
	}
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
