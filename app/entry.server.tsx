import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable, type EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import publicEntry from 'virtual:public-entry'
import { env } from './utils/env.server'
import { DocumentProvider, type PublicPageHandle } from './utils/document'

export const streamTimeout = 5_000

type LoadContext = { cspNonce?: string }

export default function handleRequest(
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
	const waitForAll =
		publicPage || isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode
	return new Promise((resolve, reject) => {
		let shellRendered = false
		const { pipe, abort } = renderToPipeableStream(
			<DocumentProvider
				value={{ nonce: nonce ?? '', saveData, publicEntry, insights: env().INSIGHTS === 'on' }}
			>
				<RemixServer context={remixContext} url={request.url} nonce={nonce} />
			</DocumentProvider>,
			{
				nonce,
				[waitForAll ? 'onAllReady' : 'onShellReady']() {
					shellRendered = true
					const body = new PassThrough()
					const stream = createReadableStreamFromReadable(body)
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
					pipe(body)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) console.error(error)
				},
			},
		)
		setTimeout(abort, streamTimeout + 1000)
	})
}

export function handleError(error: unknown, { request }: { request: Request }) {
	if (request.signal.aborted) return
	console.error(error)
}
