/**
 * The /one API's answers: `{ status, message?, data? }` with the HTTP status equal to `status`.
 */
import crypto from 'node:crypto'
import { type z } from 'zod'
import { translate, type Translatable } from './i18n'
import { serverI18n } from './i18n.server'
import { hostileJsonKey, JSON_TOO_DEEP_MESSAGE, jsonNestsTooDeep } from './json-depth'
import { currentLocale } from './locale.server'

type Extra = Record<string, unknown>

export function apiJson(status: number, body: Extra = {}, init?: ResponseInit) {
	const headers = new Headers(init?.headers)
	if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store')
	return Response.json({ status, ...body }, { ...init, status, headers })
}

export const apiOk = (body: Extra = {}, init?: ResponseInit) => apiJson(200, body, init)

/**
 * A refusal with its message in the request's language (`?lang=`, the cookie, the browser's;
 * English for a client that names none): SPEC.md's messages are in the catalogs, and a message
 * with details in it (a field's name, a limit) stays as it is.
 */
export function apiError(status: number, message: Translatable, init?: ResponseInit) {
	return apiJson(status, { message: inRequestLanguage(message) }, init)
}

/** A message in the language of the request being answered (see {@link apiError}). */
const inRequestLanguage = (message: Translatable) => translate(serverI18n(currentLocale()), message)

/**
 * A refusal in the envelope: `field: message` when it names a field, and Retry-After when it
 * says how long to wait (a 429).
 */
export function apiRefusal(refusal: {
	status: number
	message: string
	field?: string
	retryAfterSeconds?: number
}) {
	return apiError(
		refusal.status,
		refusal.field ? `${refusal.field}: ${inRequestLanguage(refusal.message)}` : refusal.message,
		refusal.retryAfterSeconds
			? { headers: { 'Retry-After': String(refusal.retryAfterSeconds) } }
			: undefined,
	)
}

/**
 * The method an endpoint is documented with (a GET endpoint also answers HEAD); a URL with a
 * read and a change (`/one/account/sudo`) names both.
 */
export type EndpointMethod = 'GET' | 'POST'

const ALLOW: Record<EndpointMethod, string> = { GET: 'GET, HEAD', POST: 'POST' }
const allowOf = (methods: EndpointMethod[]) => methods.map((method) => ALLOW[method]).join(', ')

/**
 * Set by the HTTP server on a request whose method the Fetch API cannot carry (TRACE, CONNECT,
 * TRACK): it reaches the app as OPTIONS with this header, and is refused like any other method.
 */
export const UNSUPPORTED_METHOD_HEADER = 'x-tagg-unsupported-method'

/** 405 with `Allow` naming the endpoint's method(s), in the JSON envelope. */
export const methodNotAllowed = (method: EndpointMethod | EndpointMethod[] = 'POST') => {
	const methods = [method].flat()
	return apiError(405, `Method not allowed: use ${methods.join(' or ')}`, {
		headers: { Allow: allowOf(methods) },
	})
}

/**
 * The answer for a request that does not use the endpoint's method, or null when it does:
 * OPTIONS gets 204 with `Allow` (never data), any other method 405 with `Allow`.
 */
export function wrongMethod(
	request: Request,
	method: EndpointMethod | EndpointMethod[],
): Response | null {
	const methods = [method].flat()
	const actual = request.method.toUpperCase()
	if (methods.some((one) => actual === one || (one === 'GET' && actual === 'HEAD'))) return null
	if (actual === 'OPTIONS' && !request.headers.has(UNSUPPORTED_METHOD_HEADER)) {
		return new Response(null, {
			status: 204,
			headers: { Allow: allowOf(methods), 'Cache-Control': 'no-store' },
		})
	}
	return methodNotAllowed(methods)
}

/**
 * Throws {@link wrongMethod}'s answer: the first step of every /one loader and action (an owner's
 * endpoint takes it through `requireApiOwner`, which then checks the session).
 */
export function requireMethod(request: Request, method: EndpointMethod | EndpointMethod[]) {
	const answer = wrongMethod(request, method)
	if (answer) throw answer
}

/** The loader of a POST endpoint: GET, HEAD and OPTIONS are answered here. */
export const postOnlyLoader = ({ request }: { request: Request }) =>
	wrongMethod(request, 'POST') ?? methodNotAllowed('POST')

/** The action of a GET endpoint: POST, PUT, PATCH and DELETE are 405. */
export const getOnlyAction = () => methodNotAllowed('GET')

/**
 * JSON bodies are `application/json` in UTF-8, sent as is: another media type (or none, when
 * there is a body), another charset, or a Content-Encoding is 415. Answers whether a body may
 * be present without a Content-Type (then it must turn out empty).
 */
function checkJsonContent(request: Request): 'json' | 'untyped' {
	const encoding = request.headers.get('content-encoding')?.trim().toLowerCase()
	if (encoding && encoding !== 'identity') {
		throw apiError(415, 'Send the JSON body uncompressed (no Content-Encoding)')
	}
	const header = request.headers.get('content-type')
	if (header === null) return 'untyped'
	const [mediaType = '', ...parameters] = header.split(';')
	if (mediaType.trim().toLowerCase() !== 'application/json') {
		throw apiError(415, 'Send the body as JSON with Content-Type: application/json')
	}
	for (const parameter of parameters) {
		const [name = '', value = ''] = parameter.split('=')
		if (name.trim().toLowerCase() !== 'charset') continue
		const charset = value
			.trim()
			.replace(/^"(.*)"$/, '$1')
			.toLowerCase()
		if (charset !== 'utf-8' && charset !== 'utf8') {
			throw apiError(415, 'JSON bodies must be UTF-8 (charset=utf-8)')
		}
	}
	return 'json'
}

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
 * a body that is not an object, one nested deeper than MAX_JSON_DEPTH, a key such as
 * `__proto__` (see {@link cleanText}), or data the schema refuses; 413 for a body over
 * MAX_BODY_BYTES; 405 for another method than POST; 415 for a body that is not
 * `application/json` in UTF-8.
 */
export async function readJsonBody<Schema extends z.ZodType>(
	request: Request,
	schema: Schema,
	/** A smaller bound than MAX_BODY_BYTES for an endpoint whose bodies are small. */
	limit = MAX_BODY_BYTES,
): Promise<z.output<Schema>> {
	requireMethod(request, 'POST')
	const content = checkJsonContent(request)
	const text = await readBodyText(request, limit)
	if (content === 'untyped' && text !== '') {
		throw apiError(415, 'Send the body as JSON with Content-Type: application/json')
	}
	// Refused while still text: every walk after parsing (cleanText, the schema) would recurse.
	if (jsonNestsTooDeep(text)) throw apiError(400, JSON_TOO_DEEP_MESSAGE)
	let body: unknown
	try {
		body = text.trim() === '' ? {} : JSON.parse(text)
	} catch {
		throw apiError(400, 'The request body must be valid JSON')
	}
	if (typeof body !== 'object' || body === null || Array.isArray(body)) {
		throw apiError(400, 'The request body must be a JSON object')
	}
	return parseInput(body as Record<string, unknown>, schema)
}

/** Validates query parameters the same way. */
export function readQuery<Schema extends z.ZodType>(
	request: Request,
	schema: Schema,
): z.output<Schema> {
	return parseInput(Object.fromEntries(new URL(request.url).searchParams), schema)
}

/** Cleans (see {@link cleanText}) and validates a body or query: 400 naming the first problem. */
function parseInput<Schema extends z.ZodType>(
	input: Record<string, unknown>,
	schema: Schema,
): z.output<Schema> {
	cleanText(input)
	const result = schema.safeParse(input)
	if (!result.success) {
		const issue = result.error.issues[0]
		const field = issue?.path.join('.')
		throw apiError(
			400,
			field
				? `${field}: ${inRequestLanguage(issue?.message ?? '')}`
				: (issue?.message ?? 'Invalid request'),
		)
	}
	return result.data
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * Makes the text of a body or query storable, at any depth (walking without recursion, so a deeply
 * nested body cannot overflow the stack):
 * - `__proto__`, `constructor` and `prototype` are no field of any body: a 400 names the key and
 *   where it is, before any code looks such a key up (app/utils/json-depth.ts).
 * - PostgreSQL text cannot hold the NUL character (U+0000): a 400 names where it is.
 * - A lone surrogate (a JSON escape such as "\uD800" that is half of an emoji) is no character,
 *   and the database layer fails on it: it becomes U+FFFD, as a browser's UTF-8 form post does.
 */
export function cleanText(input: Record<string, unknown>) {
	const hostile = hostileJsonKey(input)
	if (hostile) {
		const { key, path } = hostile
		const at = path ? `${path.length > 100 ? `${path.slice(0, 100)}…` : path}: ` : ''
		throw apiError(400, `${at}the key “${key}” is not allowed`)
	}
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

/** A weak ETag naming everything an answer depends on. */
export function etagOf(parts: ReadonlyArray<string | number | null>) {
	const hash = crypto.createHash('sha256').update(JSON.stringify(parts)).digest('base64url')
	return `W/"${hash.slice(0, 27)}"`
}

/**
 * 304 (with the ETag and Cache-Control the full answer would carry) when the request's
 * If-None-Match holds `etag` or `*`; null otherwise. ETags compare weakly.
 */
export function notModified(request: Request, etag: string, cacheControl: string) {
	const header = request.headers.get('if-none-match')
	if (!header) return null
	const bare = (tag: string) => tag.trim().replace(/^W\//, '')
	const held = header.split(',').map(bare)
	if (!held.includes('*') && !held.includes(bare(etag))) return null
	return new Response(null, {
		status: 304,
		headers: { ETag: etag, 'Cache-Control': cacheControl },
	})
}
