/**
 * Keeps a connection usable whatever answers a request before reading its body (a 401 from the
 * auth check, a 404, a 413 past a limit, a 400 on the first bad field).
 *
 * The Remix adapter hands the request stream to a web ReadableStream that reads a first chunk
 * and then waits for someone to ask for more. When the answer comes first, nobody does: the
 * socket stays paused, the rest of the body is never read, and the next request on that
 * keep-alive connection is never parsed (the client waits until a timeout closes it).
 *
 * So, once per request, at the server:
 * - a body of at most DRAIN_LIMIT bytes (declared by Content-Length) is drained after the
 *   answer, discarding the bytes, and the connection is kept alive;
 * - a larger body, or one of unknown length, gets `Connection: close` on the answer; after it
 *   is sent the server half-closes and keeps discarding what the client still sends (so that a
 *   browser that is still uploading reads the answer instead of a reset) for at most
 *   LINGER_BYTES or LINGER_MS, then closes. Nothing discarded is ever held in memory.
 */
import { type IncomingMessage, type ServerResponse } from 'node:http'
import { type Socket } from 'node:net'

/** Unread bytes drained to keep the connection alive (Go's net/http drains 256 KB). */
export const DRAIN_LIMIT = 1024 * 1024
/** After an answer with `Connection: close`, bytes still accepted (and discarded) ... */
export const LINGER_BYTES = 16 * 1024 * 1024
/** ... and for how long, before the connection is closed outright. */
export const LINGER_MS = 5_000

type LingeringSocket = Socket & { destroySoon?: () => void }

/** Call first for every request (before the app sees it). */
export function settleUnreadBody(req: IncomingMessage, res: ServerResponse) {
	if (!hasBody(req)) return
	const declared = Number(req.headers['content-length'])
	const drainable = Number.isFinite(declared) && declared <= DRAIN_LIMIT

	const writeHead = res.writeHead
	res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
		if (!req.complete && !drainable && !res.headersSent) {
			res.setHeader('Connection', 'close')
			lingerOnClose(req, req.socket as LingeringSocket)
		}
		return writeHead.apply(this, args)
	} as typeof writeHead

	res.once('finish', () => {
		if (req.complete || res.getHeader('Connection') === 'close') return
		// Answered before the body was read: read the rest (at most DRAIN_LIMIT) and drop it.
		discard(req, DRAIN_LIMIT, () => req.socket.destroy())
	})
}

function hasBody(req: IncomingMessage) {
	const length = req.headers['content-length']
	if (length !== undefined) return length !== '0'
	return req.headers['transfer-encoding'] !== undefined
}

/**
 * Node's server ends a `Connection: close` response by calling the socket's destroySoon(),
 * which closes the socket as soon as the answer is written: the bytes the client is still
 * sending then meet a reset, and a browser in mid-upload can lose the answer. Instead: send
 * the answer and a FIN, keep reading (and discarding) for a bounded time, then close.
 */
function lingerOnClose(req: IncomingMessage, socket: LingeringSocket) {
	socket.destroySoon = () => {
		socket.end()
		const timer = setTimeout(() => socket.destroy(), LINGER_MS)
		timer.unref()
		socket.once('close', () => clearTimeout(timer))
		if (req.complete) return
		discard(req, LINGER_BYTES, () => socket.destroy())
	}
}

/** Reads the rest of the body, dropping every chunk; past `limit` bytes calls `tooMuch`. */
function discard(req: IncomingMessage, limit: number, tooMuch: () => void) {
	let bytes = 0
	// Whoever was reading (the Remix request stream) is done with it: drop its listener so the
	// chunks are not queued for nobody, as Node's own IncomingMessage._dump() does.
	req.removeAllListeners('data')
	req.on('data', (chunk: Buffer) => {
		bytes += chunk.length
		if (bytes > limit) tooMuch()
	})
	req.resume()
}
