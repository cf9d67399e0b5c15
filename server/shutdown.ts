/**
 * Stopping one instance behind a load balancer without failing a request (docs/deploying.md,
 * "Rolling restarts with zero failed requests"):
 *
 * 1. **Drain.** `/healthz` answers 503 at once (server/app.ts), so a balancer that polls it stops
 *    sending here. For `SHUTDOWN_DRAIN_MS` everything else is still served, every answer with
 *    `Connection: close` (answers to requests already in flight included), so that no pooled
 *    keep-alive connection is left for this instance to close under a proxy about to reuse it.
 * 2. **Last call.** A balancer that is still sending here does not poll: nginx open source learns
 *    only from a failed attempt. Closing the listener is one, but the kernel resets every
 *    connection it has already accepted into the listen queue, requests included, and nginx does
 *    not retry a POST it has sent: a write fails (seen under load in 3 of 5 rolling restarts,
 *    one `POST 502` each). So the instance first fails in the one way every passive balancer
 *    retries safely: a GET or HEAD on a connection opened during the last call is closed
 *    unanswered (nginx tries it on another instance and counts this one down for
 *    `fail_timeout`). Writes are still served. Once no connection has come for `QUIET_MS`, or
 *    after `LAST_CALL_MAX_MS`, the listener closes, with nothing left in its queue.
 * 3. **In-flight requests finish**, for `graceMs`; then the last connections are cut.
 */
import { type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { type Socket } from 'node:net'

/** Set to draining on SIGTERM; server/app.ts answers /healthz with 503 from then on. */
export type Lifecycle = { draining: boolean }

/** No new connection for this long: the balancer has stopped sending here. */
export const QUIET_MS = 150
/** The last call never lasts longer (a balancer with one instance has nowhere else to send). */
export const LAST_CALL_MAX_MS = 2_000

type Log = (message: string) => void

export function gracefulShutdown(server: Server, lifecycle: Lifecycle, log: Log) {
	let lastCall = false
	let lastConnectionAt = 0
	let turnedAway = 0
	const openedInLastCall = new WeakSet<Socket>()
	server.on('connection', (socket: Socket) => {
		if (!lastCall) return
		lastConnectionAt = Date.now()
		openedInLastCall.add(socket)
	})

	/** First thing for every request: false when the request was turned away (step 2). */
	function admit(req: IncomingMessage, res: ServerResponse): boolean {
		if (
			lastCall &&
			(req.method === 'GET' || req.method === 'HEAD') &&
			openedInLastCall.has(req.socket)
		) {
			turnedAway++
			req.socket.destroy()
			return false
		}
		// Whenever the answer starts: once draining, it closes its connection (step 1).
		const writeHead = res.writeHead
		res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
			if (lifecycle.draining && !this.headersSent) this.setHeader('Connection', 'close')
			return writeHead.apply(this, args)
		} as typeof writeHead
		return true
	}

	/**
	 * Steps 1 to 3; resolves once the listener is closed and every connection is gone. `quietMs`
	 * is how long without a new connection ends the last call early (QUIET_MS).
	 */
	async function stop({
		drainMs,
		graceMs,
		quietMs = QUIET_MS,
	}: {
		drainMs: number
		graceMs: number
		quietMs?: number
	}) {
		lifecycle.draining = true
		if (drainMs > 0) {
			log(`draining: serving for ${drainMs} ms more, /healthz says 503`)
			await new Promise((resolve) => setTimeout(resolve, drainMs))
		}
		lastCall = true
		const started = Date.now()
		lastConnectionAt = started
		await new Promise<void>((resolve) => {
			// Checked from setImmediate, right after the event loop's poll phase has accepted every
			// connection waiting in the queue: a connection that came meanwhile is seen, not reset.
			const check = () =>
				setImmediate(() => {
					const now = Date.now()
					if (now - lastConnectionAt >= quietMs || now - started >= LAST_CALL_MAX_MS) resolve()
					else setTimeout(check, 25)
				})
			check()
		})
		log(
			`last call: ${turnedAway} read request${turnedAway === 1 ? '' : 's'} left for another instance; ` +
				`no longer accepting connections after ${Date.now() - started} ms`,
		)
		await new Promise<void>((resolve) => {
			server.close(() => resolve())
			server.closeIdleConnections()
			setTimeout(() => server.closeAllConnections(), graceMs).unref()
		})
	}

	return { admit, stop }
}
