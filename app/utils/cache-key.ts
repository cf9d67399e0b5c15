/**
 * The one cache key of everything Tagg makes for visitors (docs/decisions/026-generated-cache-key.md):
 * the public pages (server/page-cache.ts) and the generated files (`og.png`, `qr.png`, the vCard,
 * the resume PDF; app/utils/generated-cache.server.ts). A key names exactly what the bytes
 * depend on, and nothing a visitor may choose freely: unknown query parameters never reach it,
 * so `?cb=1`, `?cb=2`, … are one entry (and `utm_source` still reaches the page's beacon, which
 * reads the address in the browser).
 */

export type CacheKeyParts = {
	/** What is made: `page:/`, `page:/portfolio`, `page:/portfolio/{id}`, `page:/resume`, `og.png`, `qr.png`, `contact.vcf`, `resume.pdf`. */
	resource: string
	/** Whose: the owner's id ('' for what belongs to the whole site). */
	owner: string
	/** The owner's page version: the time anything the resource shows last changed (ms). */
	version: number
	/**
	 * The host the bytes are made for (links, QR codes and vCards name it): the host of
	 * PUBLIC_SITE_URL today; an owner's verified domain when domains come. Never the request's
	 * Host header as sent: only a host Tagg serves.
	 */
	host: string
	/** The language the bytes are in: the owner's page language ('en' when not given). */
	language?: string
	/**
	 * The start of the current window of the owner's link schedules (ms; 0 when no scheduled
	 * link): a link that appears or ends at a time, with no write, changes the key then.
	 */
	schedule?: number
	/** The few request inputs that change the bytes (`cursor` of a list, `save-data`), by name. */
	variant?: Readonly<Record<string, string>>
}

/** Bumped when the meaning of a part changes, so no old entry is read with the new meaning. */
const KEY_FORMAT = 1

/**
 * The key as a string: the parts in a fixed order, JSON-escaped so no part can run into the
 * next. The content coding (identity, gzip, later br) is not part of the key: one entry holds
 * its encodings side by side, made from the same bytes.
 */
export function cacheKey(parts: CacheKeyParts): string {
	const variant = Object.entries(parts.variant ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))
	return JSON.stringify([
		KEY_FORMAT,
		parts.resource,
		parts.owner,
		parts.version,
		parts.host.toLowerCase(),
		parts.language ?? 'en',
		parts.schedule ?? 0,
		variant,
	])
}

/**
 * The slot of a key: the same resource of the same owner, for the same host, language and
 * variant, whatever its version and schedule window. A cache keeps one entry per slot: a new
 * version replaces the old one at once instead of waiting to be pushed out.
 */
export function cacheSlot(parts: CacheKeyParts): string {
	return cacheKey({ ...parts, version: 0, schedule: 0 })
}
