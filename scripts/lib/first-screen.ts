/**
 * What a visitor's page costs before its first paint (docs/decisions/036-first-screen.md):
 * the document's bytes as sent (raw, gzip, brotli), its inline CSS, and the requests that block
 * its rendering. Shared by `npm run bench` and tests/first-screen.test.ts.
 */
import http from 'node:http'

/** The TCP initial window (10 segments): a document within it arrives in the first round trip. */
export const FIRST_WINDOW_BYTES = 14 * 1024

/**
 * The resources in `html` that a browser must fetch before it paints: stylesheets for every
 * medium (a `media` of print, or of a query that does not hold on screens, does not block) and
 * classic scripts without `async` or `defer` in the head.
 */
export function renderBlocking(html: string) {
	const head = /<head\b[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? html
	const blocking: string[] = []
	for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
		if (!/\brel=["']?stylesheet\b/i.test(tag)) continue
		const media = /\bmedia=["']([^"']*)["']/i.exec(tag)?.[1]?.trim().toLowerCase()
		if (media && media !== 'all' && media !== 'screen') continue
		if (/\bdisabled\b/i.test(tag)) continue
		blocking.push(/\bhref=["']([^"']*)["']/i.exec(tag)?.[1] ?? tag)
	}
	for (const [tag] of head.matchAll(/<script\b[^>]*>/gi)) {
		if (!/\bsrc=/i.test(tag)) continue
		if (/\b(async|defer)\b/i.test(tag) || /\btype=["']?module\b/i.test(tag)) continue
		blocking.push(/\bsrc=["']([^"']*)["']/i.exec(tag)?.[1] ?? tag)
	}
	return blocking
}

/** The bytes of every inline `<style>` of `html` (UTF-8). */
export function inlineCssBytes(html: string) {
	let bytes = 0
	for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi))
		bytes += Buffer.byteLength(match[1]!)
	return bytes
}

/** The body of `url` exactly as sent for `acceptEncoding` (not decoded), with its encoding. */
export function fetchAsSent(
	url: string,
	acceptEncoding: string,
	headers: Record<string, string> = {},
) {
	return new Promise<{ status: number; encoding: string; bytes: number; body: Buffer }>(
		(resolve, reject) => {
			http
				.get(url, { headers: { 'accept-encoding': acceptEncoding, ...headers } }, (res) => {
					const chunks: Buffer[] = []
					res.on('data', (chunk: Buffer) => chunks.push(chunk))
					res.on('end', () => {
						const body = Buffer.concat(chunks)
						resolve({
							status: res.statusCode ?? 0,
							encoding: String(res.headers['content-encoding'] ?? 'identity'),
							bytes: body.length,
							body,
						})
					})
					res.on('error', reject)
				})
				.on('error', reject)
		},
	)
}

export type DocumentCost = {
	status: number
	raw: number
	gzip: number
	brotli: number
	/** The encodings the server answered for gzip and brotli requests. */
	encodings: [string, string]
	inlineCss: number
	renderBlocking: string[]
}

/**
 * A page's document as the server sends it. Brotli bodies of cached pages are made once, after
 * the page is stored: asked a few times until the server answers brotli.
 */
export async function documentCost(url: string, headers: Record<string, string> = {}) {
	const raw = await fetchAsSent(url, 'identity', headers)
	const gzip = await fetchAsSent(url, 'gzip', headers)
	let brotli = await fetchAsSent(url, 'br, gzip', headers)
	for (let i = 0; i < 40 && brotli.encoding !== 'br'; i++) {
		await new Promise((resolve) => setTimeout(resolve, 50))
		brotli = await fetchAsSent(url, 'br, gzip', headers)
	}
	const html = raw.body.toString('utf8')
	return {
		status: raw.status,
		raw: raw.bytes,
		gzip: gzip.bytes,
		brotli: brotli.bytes,
		encodings: [gzip.encoding, brotli.encoding],
		inlineCss: inlineCssBytes(html),
		renderBlocking: renderBlocking(html),
	} satisfies DocumentCost
}
