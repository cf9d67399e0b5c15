/**
 * Body limits are counted in bytes while the body arrives, against the real production server:
 * a 100 MB body streamed to register is refused with 413 once 256 KB have arrived, the server's
 * memory does not grow with it, and the connection is closed instead of read to the end;
 * multi-byte characters count as the bytes they are; a multipart body stops at its total cap.
 */
import fs from 'node:fs'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startAppServer, type AppServer } from './app-server'

let app: AppServer

beforeAll(async () => {
	app = await startAppServer({
		DATABASE_URL: process.env.DATABASE_URL!,
		DATA_DIR: process.env.DATA_DIR!,
	})
}, 120_000)

afterAll(async () => {
	await app?.stop()
})

const MB = 1024 * 1024

/** A field of /proc/PID/status in bytes (VmRSS: now; VmHWM: the peak since the last reset). */
function memory(field: 'VmRSS' | 'VmHWM') {
	const status = fs.readFileSync(`/proc/${app.process.pid}/status`, 'utf8')
	const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
	return kb * 1024
}

type Streamed = {
	status: number
	body: string
	connection: string | undefined
	/** Bytes the client had written when the answer arrived. */
	sentBeforeAnswer: number
	/** Bytes the client wrote in all before the server stopped taking them. */
	sent: number
	ms: number
}

/**
 * Streams `total` bytes (no Content-Length: chunked) made of `head`, then `chunk` repeated,
 * then `tail`, until the whole body is sent or the server closes the connection. Resolves once
 * the answer is read and the sending has stopped.
 */
function streamBody(
	path: string,
	headers: Record<string, string>,
	parts: { head: string; chunk: Buffer; total: number; tail: string },
) {
	return new Promise<Streamed>((resolve, reject) => {
		const started = performance.now()
		const agent = new http.Agent({ keepAlive: false })
		const request = http.request(`${app.url}${path}`, { method: 'POST', headers, agent })
		let sent = 0
		let sentBeforeAnswer = -1
		let answer: Omit<Streamed, 'sent' | 'sentBeforeAnswer' | 'ms'> | undefined
		let writing = true
		const finish = () => {
			if (!answer || writing) return
			agent.destroy()
			resolve({ ...answer, sent, sentBeforeAnswer, ms: Math.round(performance.now() - started) })
		}
		request.on('response', (res) => {
			sentBeforeAnswer = sent
			const chunks: Buffer[] = []
			res.on('data', (chunk: Buffer) => chunks.push(chunk))
			res.on('end', () => {
				answer = {
					status: res.statusCode ?? 0,
					body: Buffer.concat(chunks).toString('utf8'),
					connection: res.headers.connection,
				}
				finish()
			})
		})
		const stop = () => {
			writing = false
			finish()
		}
		request.on('error', (error) => {
			// The server closing the connection past its limit is the expected end of the upload.
			if (answer || sentBeforeAnswer >= 0) return stop()
			reject(error)
		})
		request.on('close', stop)
		request.setTimeout(30_000, () => request.destroy(new Error('no answer in 30 s')))
		sent = Buffer.byteLength(parts.head)
		request.write(parts.head)
		const write = () => {
			while (writing && !request.destroyed) {
				if (sent >= parts.total) {
					request.end(parts.tail, () => {
						writing = false
						finish()
					})
					return
				}
				sent += parts.chunk.length
				if (!request.write(parts.chunk)) return request.once('drain', write)
			}
		}
		write()
	})
}

describe('body limits in bytes', () => {
	test('a 100 MB JSON body streamed to register: 413 at 256 KB, memory bounded, connection closed', async () => {
		// Warm up (the first request loads the route modules) so the peak measures the body.
		const warmUp = await fetch(`${app.url}/one/auth/new/register`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ email: 'not-an-email', password: 'x', name: 'x' }),
		})
		expect(warmUp.status).toBe(400)
		const rssBefore = memory('VmRSS')
		// Reset the peak (VmHWM) so that it measures this request only.
		fs.writeFileSync(`/proc/${app.process.pid}/clear_refs`, '5')
		const result = await streamBody(
			'/one/auth/new/register',
			{ 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
			{
				head: '{"email":"big@example.com","password":"correct-horse-battery","name":"',
				chunk: Buffer.alloc(64 * 1024, 'a'),
				total: 100 * MB,
				tail: '"}',
			},
		)
		const peak = memory('VmHWM')
		console.log(
			`100 MB streamed body: ${result.status} after ${(result.sentBeforeAnswer / MB).toFixed(2)} MB sent, ` +
				`client stopped at ${(result.sent / MB).toFixed(1)} MB in ${result.ms} ms; ` +
				`server RSS ${(rssBefore / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB during`,
		)
		expect(result.status).toBe(413)
		expect(JSON.parse(result.body)).toEqual({
			status: 413,
			message: 'The request body is too large',
		})
		expect(result.connection).toBe('close')
		// The server stopped taking the body well before its end (16 MB of lingering at most,
		// plus what the kernel's socket buffers hold).
		expect(result.sent).toBeLessThan(40 * MB)
		expect(peak - rssBefore).toBeLessThan(40 * MB)
		expect((await fetch(`${app.url}/healthz`)).status).toBe(200)
	})

	test('a declared 100 MB body is refused before any of it is read', async () => {
		const result = await streamBody(
			'/one/auth/new/register',
			{ 'Content-Type': 'application/json', 'Content-Length': String(100 * MB) },
			{ head: '{"name":"', chunk: Buffer.alloc(64 * 1024, 'a'), total: 100 * MB, tail: '"}' },
		)
		expect(result.status).toBe(413)
		expect(result.connection).toBe('close')
		expect(result.sent).toBeLessThan(40 * MB)
	})

	test('multi-byte characters count as their bytes', async () => {
		const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
		const post = async (name: string) => {
			const body = JSON.stringify({
				email: 'euro@example.com',
				password: 'correct-horse-battery',
				name,
			})
			const response = await new Promise<{ status: number; body: string; bytes: number }>(
				(resolve, reject) => {
					const request = http.request(
						`${app.url}/one/auth/new/register`,
						{ method: 'POST', agent, headers: { 'Content-Type': 'application/json' } },
						(res) => {
							let text = ''
							res.on('data', (chunk: Buffer) => (text += chunk))
							res.on('end', () =>
								resolve({
									status: res.statusCode ?? 0,
									body: text,
									bytes: Buffer.byteLength(body),
								}),
							)
						},
					)
					request.on('error', reject)
					request.end(body)
				},
			)
			return { ...response, characters: body.length }
		}
		try {
			// 200,009 "€": 600,027 bytes in 200,0xx characters (the old check counted characters).
			const over = await post('€'.repeat(200_009))
			expect(over.characters).toBeLessThan(256 * 1024)
			expect(over.bytes).toBeGreaterThan(600_000)
			expect(over.status).toBe(413)
			// Under the limit in characters and over it in bytes.
			const justOver = await post('€'.repeat(90_000))
			expect(justOver.characters).toBeLessThan(256 * 1024)
			expect(justOver.bytes).toBeGreaterThan(256 * 1024)
			expect(justOver.status).toBe(413)
			// Under it in bytes: read and validated (the name is too long: 400, not 413).
			const under = await post('€'.repeat(80_000))
			expect(under.bytes).toBeLessThan(256 * 1024)
			expect(under.status).toBe(400)
		} finally {
			agent.destroy()
		}
	})

	test('a page form post (login) is read up to 64 KB', async () => {
		const result = await streamBody(
			'/login',
			{ 'Content-Type': 'application/x-www-form-urlencoded', 'Transfer-Encoding': 'chunked' },
			{
				head: 'email=a%40example.com&password=',
				chunk: Buffer.alloc(16 * 1024, 'p'),
				total: 20 * MB,
				tail: '',
			},
		)
		expect(result.status).toBe(413)
		expect(result.connection).toBe('close')
		expect(result.sent).toBeLessThan(40 * MB)
		const normal = await fetch(`${app.url}/login`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ email: 'nobody@example.com', password: 'wrong-password-1' }),
			redirect: 'manual',
		})
		expect(normal.status).toBe(200)
		expect(await normal.text()).toContain('Invalid email or password')
	})

	test('a multipart body stops at its total cap (one picture: 11 MB), whatever its parts', async () => {
		const boundary = 'tagg-limit-boundary'
		const field = (i: number) =>
			`--${boundary}\r\nContent-Disposition: form-data; name="note${i}"\r\n\r\n${'n'.repeat(60 * 1024)}\r\n`
		// Only small non-file fields (each under the 64 KB field cap), 30 MB of them.
		const chunk = Buffer.from(Array.from({ length: 16 }, (_, i) => field(i)).join(''))
		const result = await streamBody(
			'/one/sites/images/update/display-picture',
			{
				'Content-Type': `multipart/form-data; boundary=${boundary}`,
				'Transfer-Encoding': 'chunked',
				// The owner is checked first (401 without): a real session.
				Authorization: `Bearer ${await bearer()}`,
			},
			{ head: '', chunk, total: 30 * MB, tail: `--${boundary}--\r\n` },
		)
		expect(result.status).toBe(413)
		expect(result.sentBeforeAnswer).toBeGreaterThan(10 * MB)
		expect(result.sentBeforeAnswer).toBeLessThan(30 * MB)
	})
})

async function bearer() {
	const response = await fetch(`${app.url}/one/auth/new/register`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({
			email: `limits-${Date.now()}@example.com`,
			password: 'correct-horse-battery',
			name: 'Byte Counter',
		}),
	})
	expect(response.status).toBe(200)
	return ((await response.json()) as { access_token: string }).access_token
}
