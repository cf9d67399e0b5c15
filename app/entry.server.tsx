import { type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
// React 18's Web Streams renderer, not its Node one (renderToPipeableStream): the Node renderer
// copies text into 2,048-byte buffers and, when a multi-byte character does not fit in what is
// left of one, sends the whole buffer, its unwritten zero bytes included (`设\0\0计师`: NUL bytes
// in the page, a JSON-LD block that no longer parses). Fixed upstream in React 19
// (facebook/react#26228), never in 18. The Web Streams renderer encodes each text whole and copies
// bytes, so every chunk holds only written bytes (docs/decisions/027-valid-bytes-everywhere.md).
import { renderToReadableStream } from 'react-dom/server.browser'
import localeChunks from 'virtual:locale-chunks'
import publicEntry from 'virtual:public-entry'
import { env } from './utils/env.server'
import './utils/i18n.server'
import { localeOfMatches } from './utils/i18n'
import { langCookie, queryLocale } from './utils/locale.server'
import { DocumentProvider, type PublicPageHandle } from './utils/document'
import { inlineStyles, styleHash, withCssCut } from './utils/critical-css.server'
import { closingTagsLast, closingTagsLastText } from './utils/html-end.server'
// Each visitor page's CSS as text, built from the files it renders only (app/styles/public/).
import connectCss from './styles/public/connect.css?inline'
import portfolioCss from './styles/public/portfolio.css?inline'
import profileCss from './styles/public/profile.css?inline'
import projectCss from './styles/public/project.css?inline'
import resumeCss from './styles/public/resume.css?inline'

export const streamTimeout = 5_000

/**
 * The inline CSS of each visitor page by its route (docs/decisions/036-first-screen.md); a
 * visitor route not listed here links the app's stylesheet instead.
 */
const CRITICAL_CSS: Record<string, string> = {
	'routes/$pname._index': profileCss,
	'routes/$pname.portfolio._index': portfolioCss,
	'routes/$pname.portfolio.$id': projectCss,
	'routes/$pname.resume': resumeCss,
	'routes/$pname.connect': connectCss,
}

type LoadContext = {
	cspNonce?: string
	/** Admits the page's inline `<style>` elements by these hashes (server/app.ts). */
	styleHashes?: (hashes: string[]) => void
}

export default async function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
	loadContext: LoadContext,
) {
	const nonce = loadContext.cspNonce || undefined
	const saveData = /^on\b/i.test(request.headers.get('save-data')?.trim() ?? '')
	// Visitors' pages are sent whole, never streamed: streamed parts need a script to show.
	const publicPage = remixContext.staticHandlerContext.matches.some(
		(match) =>
			(remixContext.routeModules[match.route.id]?.handle as PublicPageHandle | undefined)
				?.publicPage,
	)
	const criticalCss = publicPage
		? (CRITICAL_CSS[remixContext.staticHandlerContext.matches.at(-1)?.route.id ?? ''] ?? null)
		: null
	const waitForAll =
		publicPage || isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode
	let shellRendered = false
	// Deferred data still pending past Remix's stream timeout is given up. Only while the render
	// has work left: aborting a finished render makes React close its stream a second time.
	const timeout = new AbortController()
	const timer = setTimeout(() => timeout.abort(), streamTimeout + 1000)
	const done = () => clearTimeout(timer)
	// Rejects (the shell failed) as renderToPipeableStream's onShellError did.
	const body = await renderToReadableStream(
		<DocumentProvider
			value={{
				nonce: nonce ?? '',
				saveData,
				publicEntry,
				insights: env().INSIGHTS === 'on',
				criticalCss,
			}}
		>
			<RemixServer context={remixContext} url={request.url} nonce={nonce} />
		</DocumentProvider>,
		{
			nonce,
			signal: timeout.signal,
			onError(error: unknown) {
				responseStatusCode = 500
				if (shellRendered) console.error(error)
			},
		},
	).catch((error: unknown) => {
		done()
		throw error
	})
	shellRendered = true
	body.allReady.then(done, done)
	if (waitForAll) await body.allReady
	responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
	if (criticalCss) {
		// The page's inline CSS cut to what its HTML uses (app/utils/css-prune.ts).
		const html = closingTagsLastText(withCssCut(await new Response(body).text()))
		loadContext.styleHashes?.(inlineStyles(html).map(styleHash))
		return new Response(html, { headers: responseHeaders, status: responseStatusCode })
	}
	if (!publicPage) {
		// The builder and the signed-out pages follow the browser's language and the switcher's
		// cookie (a visitor's page speaks its owner's language whoever reads it: no Vary there).
		responseHeaders.append('Vary', 'Accept-Language, Cookie')
		// The page's catalogs (entry.client.tsx loads them before hydrating) are fetched beside
		// its scripts, not after them.
		const { matches, loaderData } = remixContext.staticHandlerContext
		const locale = localeOfMatches(matches.map((match) => ({ data: loaderData[match.route.id] })))
		for (const file of localeChunks[locale] ?? []) {
			responseHeaders.append('Link', `<${file}>; rel=modulepreload`)
		}
		// `?lang=` from the switcher is kept for the next pages (it works without JavaScript).
		const chosen = queryLocale(request)
		if (chosen) {
			responseHeaders.append('Set-Cookie', langCookie(chosen))
		}
	}
	// What streams in after the shell goes inside the body (app/utils/html-end.server.ts).
	return new Response(closingTagsLast(body), {
		headers: responseHeaders,
		status: responseStatusCode,
	})
}

export function handleError(error: unknown, { request }: { request: Request }) {
	if (request.signal.aborted) return
	console.error(error)
}
