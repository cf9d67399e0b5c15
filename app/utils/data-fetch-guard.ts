/**
 * A data request of the app (`/builder.data`, `/builder/portfolio.data?index`, …) answered by
 * something other than the app itself (a proxy's HTML error page, a plain-text 500 from a load
 * balancer) fails like a lost connection: the edit forms say 'Please try again' and pages show
 * their error page. Remix would otherwise try to decode it and log a SyntaxError to the console.
 * The app marks every data answer with `X-Remix-Response` (Remix's own way to tell them apart).
 */
export function guardDataRequests(target: Window) {
	const fetch = target.fetch.bind(target)
	target.fetch = async (input, init) => {
		const response = await fetch(input, init)
		const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
		const url = new URL(href, target.location.href)
		if (
			url.origin === target.location.origin &&
			url.pathname.endsWith('.data') &&
			!response.headers.has('X-Remix-Response')
		) {
			void response.body?.cancel()
			throw new TypeError(`The server could not answer this request (status ${response.status})`)
		}
		return response
	}
}
