/**
 * Generated files (`og.png`, `qr.png`, the vCard, the resume PDF) are made once per cache key
 * (app/utils/cache-key.ts: the owner's page version, host, language, …) and kept in memory,
 * least recently used first, bounded in bytes. Requests for a key being made wait for that one
 * making instead of starting their own. Docs: docs/decisions/026-generated-cache-key.md.
 */
import { cacheKey, cacheSlot, type CacheKeyParts } from './cache-key'

/** The bytes of all generated files kept by one process. */
export const GENERATED_CACHE_BYTES = 48 * 1024 * 1024
/** A file larger than this is served but never kept (it would push out many others). */
const MAX_ENTRY_BYTES = 8 * 1024 * 1024
/** A Map entry, its key and the object around the bytes, roughly. */
const ENTRY_OVERHEAD = 256

export type GeneratedStats = { hits: number; makes: number; entries: number; bytes: number }

type Made<T> = { body: Buffer; meta: T }

type Entry = { made: Made<unknown>; bytes: number; slot: string }

export class GeneratedCache {
	private entries = new Map<string, Entry>()
	/** The key held for each slot (one version of a resource per owner, host, language…). */
	private slots = new Map<string, string>()
	private making = new Map<string, Promise<Made<unknown> | null>>()
	private stats = { hits: 0, makes: 0 }
	private bytes = 0

	constructor(private readonly maxBytes = GENERATED_CACHE_BYTES) {}

	/**
	 * The entry of `parts`' key, made by `make` when missing (null from `make`: nothing to make,
	 * not kept). Keeping it drops the entry of another version in the same slot. `meta` travels
	 * with the bytes (a file name, say).
	 */
	async get<T>(parts: CacheKeyParts, make: () => Promise<Made<T> | null>): Promise<Made<T> | null> {
		const key = cacheKey(parts)
		const held = this.entries.get(key)
		if (held) {
			this.stats.hits++
			this.entries.delete(key) // most recently used last
			this.entries.set(key, held)
			return held.made as Made<T>
		}
		let pending = this.making.get(key) as Promise<Made<T> | null> | undefined
		if (!pending) {
			pending = (async () => {
				const made = await make()
				this.stats.makes++
				if (made) this.remember(key, cacheSlot(parts), made)
				return made
			})().finally(() => this.making.delete(key))
			this.making.set(key, pending)
		}
		return pending
	}

	/** How the cache did so far (tests and the benchmark). */
	read(): GeneratedStats {
		return { ...this.stats, entries: this.entries.size, bytes: this.bytes }
	}

	private remember(key: string, slot: string, made: Made<unknown>) {
		const replaced = this.slots.get(slot)
		if (replaced !== undefined) this.drop(replaced)
		const bytes = made.body.length + 2 * (key.length + slot.length) + ENTRY_OVERHEAD
		if (bytes > MAX_ENTRY_BYTES || bytes > this.maxBytes) return
		this.entries.set(key, { made, bytes, slot })
		this.slots.set(slot, key)
		this.bytes += bytes
		for (const oldest of this.entries.keys()) {
			if (this.bytes <= this.maxBytes) break
			this.drop(oldest)
		}
	}

	private drop(key: string) {
		const entry = this.entries.get(key)
		if (!entry) return
		this.entries.delete(key)
		if (this.slots.get(entry.slot) === key) this.slots.delete(entry.slot)
		this.bytes -= entry.bytes
	}
}

declare global {
	var __taggGeneratedCache: GeneratedCache | undefined
}

/** This process's cache (on globalThis: the server and the built app are separate module copies). */
export function generatedCache(): GeneratedCache {
	globalThis.__taggGeneratedCache ??= new GeneratedCache()
	return globalThis.__taggGeneratedCache
}
