/**
 * A graceful stop for zero-failure deploys: on SIGTERM /healthz answers 503 at once, everything
 * else is still served for SHUTDOWN_DRAIN_MS, each answer with `Connection: close`, and then the
 * process exits 0. (tests/topology.test.ts runs a rolling restart behind nginx under load.)
 */
import http from 'node:http'
import { describe, expect, test } from 'vitest'
import { startAppServer } from './app-server'

/** A plain HTTP/1.1 GET on a fresh socket: status and headers as sent. */
function get(url: string) {
	return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
		const request = http.get(
			url,
			{ agent: false, headers: { Connection: 'keep-alive' } },
			(response) => {
				response.resume()
				response.on('end', () =>
					resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
				)
			},
		)
		request.on('error', reject)
	})
}

describe('SIGTERM drains', () => {
	test('/healthz 503 at once, pages still served with Connection: close, then exit 0', async () => {
		const app = await startAppServer({
			DATABASE_URL: process.env.DATABASE_URL,
			SHUTDOWN_DRAIN_MS: '3000',
			LOG_LEVEL: 'info',
		})
		try {
			expect((await get(`${app.url}/healthz`)).status).toBe(200)
			const before = await get(`${app.url}/login`)
			expect(before.status).toBe(200)
			expect(before.connection).toBe('keep-alive')
			const exited = new Promise<number | null>((resolve) =>
				app.process.once('exit', (code) => resolve(code)),
			)
			const stoppedAt = Date.now()
			app.process.kill('SIGTERM')
			await new Promise((resolve) => setTimeout(resolve, 300))
			const health = await get(`${app.url}/healthz`)
			expect(health.status).toBe(503)
			const page = await get(`${app.url}/login`)
			expect(page.status).toBe(200)
			expect(page.connection).toBe('close')
			expect(await exited).toBe(0)
			// It served for the drain period before it stopped.
			expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(3000)
			expect(app.output()).toContain('draining')
		} finally {
			await app.stop()
		}
	}, 90_000)
})
