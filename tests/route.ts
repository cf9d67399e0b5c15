/**
 * Calls a route's loader or action the way Remix would, with a real Request, and returns the
 * Response whether the route returned or threw it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler = (args: { request: Request; params: Record<string, string>; context: any }) => unknown

export type CallOptions = {
	method?: string
	body?: unknown
	rawBody?: string | FormData
	token?: string
	cookie?: string
	headers?: Record<string, string>
	params?: Record<string, string>
}

export function makeRequest(path: string, options: CallOptions = {}) {
	const headers = new Headers(options.headers)
	if (options.token) headers.set('Authorization', `Bearer ${options.token}`)
	if (options.cookie) headers.set('Cookie', options.cookie)
	let body: BodyInit | undefined
	if (options.rawBody !== undefined) body = options.rawBody
	else if (options.body !== undefined) {
		body = JSON.stringify(options.body)
		headers.set('Content-Type', 'application/json')
	}
	const method = options.method ?? (body === undefined ? 'GET' : 'POST')
	return new Request(new URL(path, 'http://tagg.test'), { method, headers, body })
}

export async function callRoute(handler: Handler, path: string, options: CallOptions = {}) {
	const request = makeRequest(path, options)
	let result: unknown
	try {
		result = await handler({ request, params: options.params ?? {}, context: {} })
	} catch (thrown) {
		result = thrown
	}
	if (!(result instanceof Response)) {
		throw new Error(`expected a Response, got ${JSON.stringify(result)}`)
	}
	return result
}

/** Calls a /one endpoint and returns the HTTP status and parsed JSON body. */
export async function callApi(handler: Handler, path: string, options: CallOptions = {}) {
	const response = await callRoute(handler, path, options)
	const json = (await response.json()) as Record<string, unknown> & { status: number }
	return { status: response.status, json, headers: response.headers }
}

/**
 * Calls a route's action (or loader) and returns its HTTP status and body, whether it returned
 * or threw, as `data(body, init)` or as a plain object (200).
 */
export async function callAction(handler: Handler, path: string, options: CallOptions = {}) {
	let result: unknown
	try {
		result = await handler({
			request: makeRequest(path, options),
			params: options.params ?? {},
			context: {},
		})
	} catch (thrown) {
		result = thrown
	}
	const { data, init } = (result ?? {}) as { data?: unknown; init?: ResponseInit | null }
	const body = (data !== undefined ? data : result) as Record<string, unknown>
	return { status: data !== undefined ? (init?.status ?? 200) : 200, body }
}
