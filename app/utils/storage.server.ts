/**
 * Object storage for uploaded images: one interface, two drivers. `local` keeps object key K at
 * `DATA_DIR/uploads/K` (served by the HTTP server at /cdn); `s3` talks to any S3-compatible
 * bucket. Keys are validated by both drivers so a key can never escape its root.
 */
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type * as S3 from '@aws-sdk/client-s3'
import { env, type Env } from './env.server'

/** A flat key → bytes store with public URLs. */
export interface Storage {
	/** Stores (or replaces) an object. */
	put(key: string, body: Buffer, contentType: string): Promise<void>
	/** The object's bytes, or null when there is no such object. */
	get(key: string): Promise<Buffer | null>
	/** Whether the object exists. */
	head(key: string): Promise<boolean>
	/** Removes an object; a missing key is not an error. */
	delete(key: string): Promise<void>
	/** Removes every object whose key starts with `prefix` (not empty); returns how many. */
	deletePrefix(prefix: string): Promise<number>
	/** Keys starting with `prefix` (plain string prefix, as S3), paginated under the hood. Order
	 * is unspecified. */
	list(prefix?: string): AsyncIterable<string>
	/** The public URL of an object: `${publicBaseUrl}/${key}`. */
	publicUrl(key: string): string
}

/** Thrown for a key or prefix that is not allowed. */
export class StorageKeyError extends Error {
	override name = 'StorageKeyError'
}

const KEY_CHARS = /^[A-Za-z0-9/_.-]+$/
const MAX_KEY_LENGTH = 1024

/**
 * Keys: only `[A-Za-z0-9/_.-]`, no `..`, no leading or trailing `/`, no empty segment, at most
 * 1024 characters. A prefix follows the same rules but may end with `/` (and may be empty where
 * listing everything is allowed).
 */
function checkKey(key: string, kind: 'key' | 'prefix' = 'key'): string {
	const ok =
		typeof key === 'string' &&
		key.length <= MAX_KEY_LENGTH &&
		(key === '' ? kind === 'prefix' : KEY_CHARS.test(key)) &&
		!key.includes('..') &&
		!key.startsWith('/') &&
		!key.includes('//') &&
		(kind === 'prefix' || !key.endsWith('/')) &&
		!key.split('/').includes('.')
	if (!ok) throw new StorageKeyError(`Invalid storage ${kind}: ${JSON.stringify(key)}`)
	return key
}

function joinUrl(base: string, key: string) {
	return `${base.replace(/\/+$/, '')}/${checkKey(key)}`
}

function errorCode(error: unknown): string | undefined {
	return error && typeof error === 'object' && 'code' in error ? String(error.code) : undefined
}

// ---------------------------------------------------------------------------------------------
// Local disk

/**
 * Files under `rootDir` (key K at `rootDir/K`). Writes are atomic: a temporary file in the same
 * directory is renamed over the target, so a reader never sees half an image. Content types are
 * not stored: the static file server derives them from the extension.
 */
export function createLocalStorage(opts: { rootDir: string; publicBaseUrl: string }): Storage {
	const root = path.resolve(opts.rootDir)
	const fileOf = (key: string) => path.join(root, checkKey(key))

	/** Removes empty directories from `dir` up to (not including) the root. */
	async function pruneEmptyDirs(dir: string) {
		while (dir.startsWith(root + path.sep)) {
			try {
				await fs.rmdir(dir)
			} catch {
				return // not empty (or already gone): stop
			}
			dir = path.dirname(dir)
		}
	}

	async function* walk(dir: string, keyPrefix: string): AsyncGenerator<string> {
		let entries
		try {
			entries = await fs.readdir(dir, { withFileTypes: true })
		} catch (error) {
			if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return
			throw error
		}
		entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
		for (const entry of entries) {
			const key = keyPrefix + entry.name
			if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key + '/')
			// Temporary files of writes in progress contain '~', which no key can.
			else if (entry.isFile() && KEY_CHARS.test(entry.name)) yield key
		}
	}

	async function* list(prefix = ''): AsyncGenerator<string> {
		checkKey(prefix, 'prefix')
		// Walk only the deepest directory the prefix names, then filter by the string prefix.
		const slash = prefix.lastIndexOf('/')
		const dirPrefix = slash === -1 ? '' : prefix.slice(0, slash + 1)
		for await (const key of walk(path.join(root, dirPrefix), dirPrefix)) {
			if (key.startsWith(prefix)) yield key
		}
	}

	async function remove(key: string) {
		const file = fileOf(key)
		try {
			await fs.unlink(file)
		} catch (error) {
			const code = errorCode(error)
			// Missing, or a "directory" (a prefix, not an object): nothing to delete.
			if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return
			throw error
		}
		await pruneEmptyDirs(path.dirname(file))
	}

	return {
		async put(key, body) {
			const file = fileOf(key)
			const dir = path.dirname(file)
			const temp = `${file}.~${crypto.randomBytes(6).toString('hex')}`
			// A concurrent delete may prune the directory between mkdir and write: retry once.
			for (let attempt = 0; ; attempt++) {
				await fs.mkdir(dir, { recursive: true })
				try {
					await fs.writeFile(temp, body)
					break
				} catch (error) {
					if (attempt > 0 || errorCode(error) !== 'ENOENT') throw error
				}
			}
			try {
				await fs.rename(temp, file)
			} catch (error) {
				await fs.rm(temp, { force: true })
				throw error
			}
		},
		async get(key) {
			try {
				return await fs.readFile(fileOf(key))
			} catch (error) {
				const code = errorCode(error)
				if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null
				throw error
			}
		},
		async head(key) {
			try {
				return (await fs.stat(fileOf(key))).isFile()
			} catch (error) {
				const code = errorCode(error)
				if (code === 'ENOENT' || code === 'ENOTDIR') return false
				throw error
			}
		},
		delete: remove,
		async deletePrefix(prefix) {
			if (checkKey(prefix, 'prefix') === '') {
				throw new StorageKeyError('Refusing to delete with an empty prefix')
			}
			let count = 0
			// Collect first: deleting while walking a directory would disturb the walk.
			const keys: string[] = []
			for await (const key of list(prefix)) keys.push(key)
			for (const key of keys) {
				await remove(key)
				count++
			}
			return count
		},
		list,
		publicUrl: (key) => joinUrl(opts.publicBaseUrl, key),
	}
}

// ---------------------------------------------------------------------------------------------
// S3

/** Objects are immutable by key (new content gets a new key or a `?v=` version in its URL). */
const CACHE_CONTROL = 'public, max-age=31536000, immutable'

/**
 * An S3-compatible bucket. Requests time out (connection and whole request, 10 s by default) and
 * are tried at most twice, so a stuck storage service fails an upload instead of hanging it.
 * Credentials come from the standard AWS chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, ...)
 * unless given. `pageSize` (default 1000, the S3 maximum) exists for tests of pagination.
 */
export function createS3Storage(opts: {
	bucket: string
	region: string
	endpoint?: string
	forcePathStyle: boolean
	publicBaseUrl: string
	credentials?: { accessKeyId: string; secretAccessKey: string }
	timeoutMs?: number
	pageSize?: number
}): Storage {
	const timeout = opts.timeoutMs ?? 10_000
	const pageSize = Math.min(1000, Math.max(1, opts.pageSize ?? 1000))
	// The SDK is loaded by the first request to the bucket, not by every process that starts the
	// app: with the local driver it is never needed (docs/decisions/042-lazy-heavy-modules.md).
	let loading: Promise<{ client: S3.S3Client; sdk: typeof S3 }> | undefined
	const s3 = () =>
		(loading ??= import('@aws-sdk/client-s3').then((sdk) => ({
			sdk,
			client: new sdk.S3Client({
				region: opts.region,
				endpoint: opts.endpoint,
				forcePathStyle: opts.forcePathStyle,
				credentials: opts.credentials,
				maxAttempts: 2,
				// Constructor options of the SDK's own NodeHttpHandler (@smithy/node-http-handler),
				// passed as a plain object so the app does not depend on that transitive package.
				requestHandler: {
					connectionTimeout: timeout,
					requestTimeout: timeout,
					throwOnRequestTimeout: true,
				},
				// Checksums only where S3 requires them: many S3-compatible servers (older MinIO,
				// s3rver, some CDNs' buckets) reject or mishandle the newer default trailing checksums.
				requestChecksumCalculation: 'WHEN_REQUIRED',
				responseChecksumValidation: 'WHEN_REQUIRED',
			}),
		})))
	const Bucket = opts.bucket

	const isNotFound = (error: unknown) => {
		if (!error || typeof error !== 'object') return false
		const name = 'name' in error ? error.name : undefined
		const status =
			'$metadata' in error
				? (error.$metadata as { httpStatusCode?: number } | undefined)?.httpStatusCode
				: undefined
		return name === 'NoSuchKey' || name === 'NotFound' || status === 404
	}

	/** What `send` answers, or `missing` when the object is not there. */
	async function unlessMissing<T, Missing>(send: () => Promise<T>, missing: Missing) {
		try {
			return await send()
		} catch (error) {
			if (isNotFound(error)) return missing
			throw error
		}
	}

	/** One page of keys at a time, following continuation tokens. */
	async function* pages(prefix: string): AsyncGenerator<string[]> {
		let token: string | undefined
		do {
			const { client, sdk } = await s3()
			const page = await client.send(
				new sdk.ListObjectsV2Command({
					Bucket,
					Prefix: prefix || undefined,
					MaxKeys: pageSize,
					ContinuationToken: token,
				}),
			)
			const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []))
			if (keys.length) yield keys
			token = page.IsTruncated ? page.NextContinuationToken : undefined
		} while (token)
	}

	return {
		async put(key, body, contentType) {
			const { client, sdk } = await s3()
			await client.send(
				new sdk.PutObjectCommand({
					Bucket,
					Key: checkKey(key),
					Body: body,
					ContentType: contentType,
					ContentLength: body.length,
					CacheControl: CACHE_CONTROL,
				}),
			)
		},
		async get(key) {
			checkKey(key)
			const { client, sdk } = await s3()
			return unlessMissing(async () => {
				const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }))
				if (!object.Body) return Buffer.alloc(0)
				return Buffer.from(await object.Body.transformToByteArray())
			}, null)
		},
		async head(key) {
			checkKey(key)
			const { client, sdk } = await s3()
			return unlessMissing(async () => {
				await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }))
				return true
			}, false)
		},
		async delete(key) {
			checkKey(key)
			const { client, sdk } = await s3()
			await unlessMissing(
				() => client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key })),
				null,
			)
		},
		async deletePrefix(prefix) {
			if (checkKey(prefix, 'prefix') === '') {
				throw new StorageKeyError('Refusing to delete with an empty prefix')
			}
			let count = 0
			// Each listed page (at most 1000 keys) is one DeleteObjects request. Continuation tokens
			// mark a position in key order, so deleting listed keys does not disturb the listing.
			for await (const keys of pages(prefix)) {
				const { client, sdk } = await s3()
				const result = await client.send(
					new sdk.DeleteObjectsCommand({
						Bucket,
						Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
					}),
				)
				const failed = (result.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey')
				if (failed.length) {
					const first = failed[0]
					throw new Error(
						`Could not delete ${failed.length} object(s) under ${prefix}: ${first?.Key} ${first?.Code} ${first?.Message}`,
					)
				}
				count += keys.length
			}
			return count
		},
		async *list(prefix = '') {
			checkKey(prefix, 'prefix')
			for await (const keys of pages(prefix)) yield* keys
		},
		publicUrl: (key) => joinUrl(opts.publicBaseUrl, key),
	}
}

// ---------------------------------------------------------------------------------------------

let memo: { env: Env; storage: Storage } | undefined

/** A storage for one driver, configured from a parsed environment (storage:migrate uses both). */
export function createStorageFromEnv(e: Env, driver: 'local' | 's3' = e.STORAGE_DRIVER): Storage {
	if (driver === 's3') {
		if (!e.S3_BUCKET) throw new Error('S3_BUCKET is required for the s3 driver')
		return createS3Storage({
			bucket: e.S3_BUCKET,
			region: e.S3_REGION,
			endpoint: e.S3_ENDPOINT,
			forcePathStyle: e.S3_FORCE_PATH_STYLE,
			publicBaseUrl: e.CDN_URL,
		})
	}
	return createLocalStorage({
		rootDir: path.join(e.DATA_DIR, 'uploads'),
		publicBaseUrl: e.STORAGE_DRIVER === 'local' ? e.CDN_URL : `${e.PUBLIC_SITE_URL}/cdn`,
	})
}

/**
 * The configured storage: `local` (DATA_DIR/uploads) or `s3`, with public URLs under CDN_URL.
 * Created on first use and kept while env() returns the same parsed environment.
 */
export function storage(): Storage {
	const e = env()
	if (memo?.env !== e) memo = { env: e, storage: createStorageFromEnv(e) }
	return memo.storage
}
