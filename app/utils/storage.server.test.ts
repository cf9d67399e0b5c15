import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startS3rver, type S3rver } from '#tests/s3rver'
import { env, resetEnv } from './env.server'
import {
	createLocalStorage,
	createS3Storage,
	storage,
	StorageKeyError,
	type Storage,
} from './storage.server'

type Driver = {
	name: string
	baseUrl: string
	setup(): Promise<Storage>
	teardown?(): Promise<void>
	/** Extra checks after a put: where the object is visible besides the API. */
	checkPublished(key: string, body: Buffer): Promise<void>
	/**
	 * Whether the server behind the driver replaces an object whole on each put, so racing puts
	 * leave one of their bodies. Our local driver does (a rename); S3 does. s3rver, S3's stand-in
	 * here, does not: it writes the object's file in place, and racing puts can interleave.
	 */
	wholePuts: boolean
}

let s3: S3rver | undefined

const localDriver: Driver = {
	name: 'local',
	wholePuts: true,
	baseUrl: 'http://tagg.test/cdn',
	async setup() {
		return createLocalStorage({
			rootDir: path.join(env().DATA_DIR, 'uploads'),
			publicBaseUrl: 'http://tagg.test/cdn/',
		})
	},
	async checkPublished(key, body) {
		// The HTTP server serves DATA_DIR/uploads at /cdn: the object is a plain file there.
		expect(fs.readFileSync(path.join(env().DATA_DIR, 'uploads', key))).toEqual(body)
	},
}

const s3Driver: Driver = {
	name: 's3',
	wholePuts: false,
	get baseUrl() {
		return `${s3!.endpoint}/${s3!.bucket}`
	},
	async setup() {
		s3 = await startS3rver()
		return createS3Storage({
			bucket: s3.bucket,
			region: s3.region,
			endpoint: s3.endpoint,
			forcePathStyle: true,
			credentials: s3.credentials,
			publicBaseUrl: `${s3.endpoint}/${s3.bucket}`,
			// Small pages so list and deletePrefix really follow continuation tokens.
			pageSize: 2,
		})
	},
	async teardown() {
		await s3?.stop()
	},
	async checkPublished(key, body) {
		// Readable anonymously over plain HTTP at its public URL, with long-lived caching.
		const response = await fetch(`${s3!.endpoint}/${s3!.bucket}/${key}`)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('image/webp')
		expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
		expect(Buffer.from(await response.arrayBuffer())).toEqual(body)
	},
}

const bytes = (n = 64) => crypto.randomBytes(n)

async function collect(iterable: AsyncIterable<string>) {
	const keys: string[] = []
	for await (const key of iterable) keys.push(key)
	return keys.sort()
}

describe.each([localDriver, s3Driver])('storage contract: $name', (driver) => {
	let store: Storage
	beforeAll(async () => {
		store = await driver.setup()
	})
	afterAll(async () => {
		await driver.teardown?.()
	})

	test('put, get and head an object', async () => {
		const body = bytes(5000)
		await store.put('1/display-picture.webp', body, 'image/webp')
		expect(await store.get('1/display-picture.webp')).toEqual(body)
		expect(await store.head('1/display-picture.webp')).toBe(true)
		await driver.checkPublished('1/display-picture.webp', body)
	})

	test('a missing object: get is null, head is false, delete is fine', async () => {
		expect(await store.get('nobody/here.webp')).toBeNull()
		expect(await store.head('nobody/here.webp')).toBe(false)
		await expect(store.delete('nobody/here.webp')).resolves.toBeUndefined()
		// A prefix of existing keys is not an object.
		await store.put('2/portfolio/7/a.webp', bytes(), 'image/webp')
		expect(await store.get('2/portfolio')).toBeNull()
		expect(await store.head('2/portfolio')).toBe(false)
		await store.delete('2/portfolio')
		expect(await store.head('2/portfolio/7/a.webp')).toBe(true)
	})

	test('overwriting replaces the whole object', async () => {
		await store.put('3/x.webp', bytes(10_000), 'image/webp')
		const second = bytes(10)
		await store.put('3/x.webp', second, 'image/webp')
		expect(await store.get('3/x.webp')).toEqual(second)
	})

	test('concurrent writes of one key leave one complete body', async () => {
		const bodies = Array.from({ length: 5 }, () => bytes(200_000))
		await Promise.all(bodies.map((body) => store.put('4/race.webp', body, 'image/webp')))
		const stored = await store.get('4/race.webp')
		// Every put is answered and one object is left, whole in size; one of the bodies exactly
		// where the server replaces objects whole (not s3rver: see `wholePuts`).
		expect(stored?.length).toBe(200_000)
		if (driver.wholePuts) expect(bodies.some((body) => stored?.equals(body))).toBe(true)
		expect(await collect(store.list('4/'))).toEqual(['4/race.webp'])
	})

	test('delete removes an object', async () => {
		await store.put('5/gone.webp', bytes(), 'image/webp')
		await store.delete('5/gone.webp')
		expect(await store.get('5/gone.webp')).toBeNull()
		expect(await store.head('5/gone.webp')).toBe(false)
	})

	test('list follows a string prefix across pages', async () => {
		const keys = ['a', 'b', 'c', 'd', 'e'].map((id) => `6/portfolio/1/${id}.webp`)
		for (const key of keys) await store.put(key, bytes(), 'image/webp')
		await store.put('6/portfolio/10/z.webp', bytes(), 'image/webp')
		await store.put('6/display-picture.webp', bytes(), 'image/webp')

		expect(await collect(store.list('6/portfolio/1/'))).toEqual(keys)
		expect(await collect(store.list('6/portfolio/1'))).toEqual([...keys, '6/portfolio/10/z.webp'])
		expect(await collect(store.list('6/'))).toHaveLength(7)
		expect(await collect(store.list('6/display'))).toEqual(['6/display-picture.webp'])
		expect(await collect(store.list('nothing/'))).toEqual([])
		const all = await collect(store.list())
		expect(all).toEqual(expect.arrayContaining([...keys, '1/display-picture.webp']))
	})

	test('deletePrefix removes one portfolio item and nothing else', async () => {
		const keys = ['a', 'b', 'c', 'd', 'e'].map((id) => `7/portfolio/1/${id}.webp`)
		for (const key of keys) await store.put(key, bytes(), 'image/webp')
		await store.put('7/portfolio/10/keep.webp', bytes(), 'image/webp')
		await store.put('7/display-picture.webp', bytes(), 'image/webp')

		expect(await store.deletePrefix('7/portfolio/1/')).toBe(5)
		for (const key of keys) expect(await store.head(key)).toBe(false)
		expect(await collect(store.list('7/'))).toEqual([
			'7/display-picture.webp',
			'7/portfolio/10/keep.webp',
		])
		expect(await store.deletePrefix('7/portfolio/1/')).toBe(0)
		await expect(store.deletePrefix('')).rejects.toThrow(StorageKeyError)
	})

	test('publicUrl is the base URL plus the key', () => {
		expect(store.publicUrl('1/portfolio/2/abc_D-9.webp')).toBe(
			`${driver.baseUrl}/1/portfolio/2/abc_D-9.webp`,
		)
	})

	test.each([
		'',
		'/etc/passwd',
		'../secret',
		'a/../../b',
		'a/..',
		'a..b',
		'./a',
		'a/./b',
		'a//b',
		'a/',
		'a b',
		'a\\b',
		'a%2e',
		'ümlaut.webp',
		'a?v=1',
		'a\nb',
		'x'.repeat(1025),
	])('the bad key %j is refused', async (key) => {
		await expect(store.put(key, bytes(), 'image/webp')).rejects.toThrow(StorageKeyError)
		await expect(store.get(key)).rejects.toThrow(StorageKeyError)
		await expect(store.head(key)).rejects.toThrow(StorageKeyError)
		await expect(store.delete(key)).rejects.toThrow(StorageKeyError)
		expect(() => store.publicUrl(key)).toThrow(StorageKeyError)
	})

	test('bad prefixes are refused', async () => {
		for (const prefix of ['/', '../', 'a/../', 'a b/']) {
			await expect(store.deletePrefix(prefix)).rejects.toThrow(StorageKeyError)
			await expect(collect(store.list(prefix))).rejects.toThrow(StorageKeyError)
		}
	})
})

describe('local driver', () => {
	test('writes atomically through a temporary file and leaves none behind', async () => {
		const root = path.join(env().DATA_DIR, 'atomic')
		const store = createLocalStorage({ rootDir: root, publicBaseUrl: 'http://x' })
		await store.put('deep/er/file.webp', bytes(), 'image/webp')
		expect(fs.readdirSync(path.join(root, 'deep/er'))).toEqual(['file.webp'])
		// A leftover temporary file (a crash mid-write) is never listed as a key.
		fs.writeFileSync(path.join(root, 'deep/er/file.webp.~0123456789ab'), 'partial')
		expect(await collect(store.list())).toEqual(['deep/er/file.webp'])
	})

	test('deleting the last object of a directory removes the empty directories', async () => {
		const root = path.join(env().DATA_DIR, 'prune')
		const store = createLocalStorage({ rootDir: root, publicBaseUrl: 'http://x' })
		await store.put('9/portfolio/3/a.webp', bytes(), 'image/webp')
		await store.put('9/keep.webp', bytes(), 'image/webp')
		expect(await store.deletePrefix('9/portfolio/')).toBe(1)
		expect(fs.readdirSync(path.join(root, '9'))).toEqual(['keep.webp'])
		await store.delete('9/keep.webp')
		expect(fs.readdirSync(root)).toEqual([])
		// and writing there again works
		await store.put('9/portfolio/3/b.webp', bytes(), 'image/webp')
		expect(await store.head('9/portfolio/3/b.webp')).toBe(true)
	})
})

describe('s3 driver', () => {
	test('a storage service that never answers fails within the timeout', async () => {
		const sockets: net.Socket[] = []
		const server = net.createServer((socket) => sockets.push(socket)) // accepts, never answers
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		const { port } = server.address() as net.AddressInfo
		try {
			const store = createS3Storage({
				bucket: 'b',
				region: 'us-east-1',
				endpoint: `http://127.0.0.1:${port}`,
				forcePathStyle: true,
				credentials: { accessKeyId: 'k', secretAccessKey: 's' },
				publicBaseUrl: 'http://x',
				timeoutMs: 300,
			})
			const started = Date.now()
			await expect(store.put('a.webp', bytes(), 'image/webp')).rejects.toThrow()
			expect(Date.now() - started).toBeLessThan(5000)
		} finally {
			for (const socket of sockets) socket.destroy()
			await new Promise((resolve) => server.close(resolve))
		}
	})
})

describe('storage() from the environment', () => {
	const saved = { ...process.env }
	afterAll(() => {
		process.env = saved
		resetEnv()
	})

	test('defaults to local files under DATA_DIR/uploads served at PUBLIC_SITE_URL/cdn', async () => {
		const store = storage()
		expect(storage()).toBe(store)
		expect(store.publicUrl('1/display-picture.webp')).toBe(
			'http://tagg.test/cdn/1/display-picture.webp',
		)
		await store.put('env/local.webp', bytes(), 'image/webp')
		expect(fs.existsSync(path.join(env().DATA_DIR, 'uploads', 'env', 'local.webp'))).toBe(true)
	})

	test('STORAGE_DRIVER=s3 uses the bucket with the standard AWS credentials', async () => {
		const server = await startS3rver({ bucket: 'tagg-env' })
		try {
			Object.assign(process.env, {
				STORAGE_DRIVER: 's3',
				S3_BUCKET: server.bucket,
				S3_ENDPOINT: server.endpoint,
				S3_FORCE_PATH_STYLE: 'true',
				AWS_ACCESS_KEY_ID: 'S3RVER',
				AWS_SECRET_ACCESS_KEY: 'S3RVER',
			})
			resetEnv()
			const store = storage()
			const body = bytes()
			await store.put('env/s3.webp', body, 'image/webp')
			const url = store.publicUrl('env/s3.webp')
			expect(url).toBe(`${server.endpoint}/tagg-env/env/s3.webp`)
			expect(Buffer.from(await (await fetch(url)).arrayBuffer())).toEqual(body)
		} finally {
			await server.stop()
		}
	})
})
