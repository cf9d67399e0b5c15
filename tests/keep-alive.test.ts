/**
 * An answer given before the request body is read (401 from an expired token, 404, 413 past a
 * limit, 400 on bad JSON) leaves the connection usable: each sequence runs on ONE keep-alive
 * connection (an agent with a single socket), as an API client's pool would, against the real
 * production server, and every next call is answered within 2 s.
 */
import crypto from 'node:crypto'
import http from 'node:http'
import jwt from 'jsonwebtoken'
import sharp from 'sharp'
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

type Answer = {
	status: number
	ms: number
	body: string
	connection: string | undefined
	/** True when the request went out on a connection an earlier request used. */
	reusedSocket: boolean
	socketId: number
}

const socketIds = new WeakMap<object, number>()
let nextSocketId = 0

/** One client with one connection, kept alive between requests. */
function connection() {
	const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
	const send = (
		method: string,
		path: string,
		{ headers = {}, body }: { headers?: Record<string, string>; body?: Buffer | string } = {},
	) =>
		new Promise<Answer>((resolve, reject) => {
			const started = performance.now()
			const request = http.request(`${app.url}${path}`, { method, agent, headers }, (res) => {
				const chunks: Buffer[] = []
				res.on('data', (chunk: Buffer) => chunks.push(chunk))
				res.on('end', () =>
					resolve({
						status: res.statusCode ?? 0,
						ms: Math.round(performance.now() - started),
						body: Buffer.concat(chunks).toString('utf8'),
						connection: res.headers.connection,
						reusedSocket: request.reusedSocket,
						socketId: socketIds.get(request.socket!)!,
					}),
				)
			})
			request.on('socket', (socket) => {
				if (!socketIds.has(socket)) socketIds.set(socket, ++nextSocketId)
			})
			// The test's own bound: a stalled connection fails here instead of hanging the run.
			request.setTimeout(10_000, () =>
				request.destroy(new Error(`${method} ${path}: no answer in 10 s`)),
			)
			request.on('error', reject)
			request.end(body)
		})
	return { send, close: () => agent.destroy() }
}

function multipart(field: string, data: Buffer, filename = 'me.jpg') {
	const boundary = `----tagg${Date.now()}`
	const body = Buffer.concat([
		Buffer.from(
			`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
		),
		data,
		Buffer.from(`\r\n--${boundary}--\r\n`),
	])
	return {
		body,
		headers: {
			'Content-Type': `multipart/form-data; boundary=${boundary}`,
			'Content-Length': String(body.length),
		},
	}
}

/** A real photo-like JPEG of about `bytes` (noise does not compress). */
async function noisyJpeg(bytes: number) {
	const side = Math.ceil(Math.sqrt(bytes / 1.05))
	const pixels = crypto.randomBytes(side * side * 3)
	return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
		.jpeg({ quality: 95 })
		.toBuffer()
}

async function register(client: ReturnType<typeof connection>, name: string) {
	const answer = await client.send('POST', '/one/auth/new/register', {
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({
			email: `${name}-${Date.now()}@example.com`,
			password: 'correct-horse-battery',
			name: 'Keep Alive',
		}),
	})
	expect(answer.status).toBe(200)
	return JSON.parse(answer.body) as {
		access_token: string
		refresh_token: string
		customer_id: string
	}
}

const JSON_HEADERS = { 'Content-Type': 'application/json' }

describe('an early answer leaves the keep-alive connection usable', () => {
	test('upload with an expired token (401), then /refresh, then the retried upload', async () => {
		const client = connection()
		try {
			const owner = await register(client, 'expired')
			const expired = jwt.sign(
				{ sub: owner.customer_id, typ: 'access', iat: Math.floor(Date.now() / 1000) - 3600 },
				process.env.JWT_SECRET!,
				{ algorithm: 'HS256', expiresIn: '-30m' },
			)
			const picture = await noisyJpeg(300 * 1024)
			expect(picture.length).toBeGreaterThan(250 * 1024)
			expect(picture.length).toBeLessThan(1024 * 1024)
			const upload = multipart('display_picture', picture)

			const refused = await client.send('POST', '/one/sites/images/update/display-picture', {
				headers: { ...upload.headers, Authorization: `Bearer ${expired}` },
				body: upload.body,
			})
			expect(refused.status).toBe(401)

			const refreshed = await client.send('POST', '/refresh', {
				headers: JSON_HEADERS,
				body: JSON.stringify({ refresh_token: owner.refresh_token }),
			})
			expect(refreshed.status).toBe(200)
			expect(refreshed.ms).toBeLessThan(2000)
			expect(refreshed.reusedSocket).toBe(true)
			expect(refreshed.socketId).toBe(refused.socketId)
			const { access_token } = JSON.parse(refreshed.body) as { access_token: string }

			const retried = await client.send('POST', '/one/sites/images/update/display-picture', {
				headers: { ...upload.headers, Authorization: `Bearer ${access_token}` },
				body: upload.body,
			})
			expect(retried.status, retried.body).toBe(200)
			expect(retried.ms).toBeLessThan(2000)
			expect(retried.socketId).toBe(refused.socketId)
			console.log(
				`401 upload ${refused.ms} ms -> /refresh ${refreshed.status} in ${refreshed.ms} ms -> retried upload ${retried.status} in ${retried.ms} ms (one connection)`,
			)
		} finally {
			client.close()
		}
	})

	test('a 300 KB POST to an unknown path (404), then GET /healthz', async () => {
		const client = connection()
		try {
			const missing = await client.send('POST', '/no/such/page', {
				headers: { 'Content-Type': 'application/octet-stream' },
				body: Buffer.alloc(300 * 1024, 7),
			})
			expect(missing.status).toBe(404)
			const health = await client.send('GET', '/healthz')
			expect(health.status).toBe(200)
			expect(health.ms).toBeLessThan(2000)
			expect(health.socketId).toBe(missing.socketId)
		} finally {
			client.close()
		}
	})

	test('an 11 MB upload (413), then a normal call', async () => {
		const client = connection()
		try {
			const owner = await register(client, 'large')
			const upload = multipart('display_picture', Buffer.alloc(11 * 1024 * 1024, 1))
			const tooLarge = await client.send('POST', '/one/sites/images/update/display-picture', {
				headers: { ...upload.headers, Authorization: `Bearer ${owner.access_token}` },
				body: upload.body,
			})
			expect(tooLarge.status).toBe(413)
			expect(JSON.parse(tooLarge.body)).toMatchObject({ status: 413 })
			// Too much to drain: the answer says the connection ends, and the client opens another.
			expect(tooLarge.connection).toBe('close')
			const session = await client.send('GET', '/one/auth/new/session', {
				headers: { Authorization: `Bearer ${owner.access_token}` },
			})
			expect(session.status).toBe(200)
			expect(session.ms).toBeLessThan(2000)
		} finally {
			client.close()
		}
	})

	test('300 KB of invalid JSON (413 past the byte limit; 200 KB: 400), then a normal call', async () => {
		const client = connection()
		try {
			const oversized = await client.send('POST', '/one/auth/new/login', {
				headers: JSON_HEADERS,
				body: `{"email": "${'x'.repeat(300 * 1024)}`,
			})
			expect(oversized.status).toBe(413)
			const afterOversized = await client.send('GET', '/healthz')
			expect(afterOversized.status).toBe(200)
			expect(afterOversized.ms).toBeLessThan(2000)
			expect(afterOversized.socketId).toBe(oversized.socketId)

			const invalid = await client.send('POST', '/one/auth/new/login', {
				headers: JSON_HEADERS,
				body: `{"email": "${'x'.repeat(200 * 1024)}`,
			})
			expect(invalid.status).toBe(400)
			expect(JSON.parse(invalid.body)).toMatchObject({
				status: 400,
				message: 'The request body must be valid JSON',
			})
			const afterInvalid = await client.send('POST', '/one/auth/new/login', {
				headers: JSON_HEADERS,
				body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' }),
			})
			expect(afterInvalid.status).toBe(401)
			expect(afterInvalid.ms).toBeLessThan(2000)
			expect(afterInvalid.socketId).toBe(oversized.socketId)
		} finally {
			client.close()
		}
	})
})
