/**
 * An owner's own links (issue 37, ARCHITECTURE.md "Links of your own"): the shape every part
 * shares (the model, the /one API, the builder's editor, the visitors' 'Links' section, the
 * insights names, resume.json), and the pure rules that need no database. Used by the browser
 * and the server alike.
 */

export const LINKS_MAX = 50
export const LINK_TITLE_MAX = 80
export const LINK_URL_MAX_BYTES = 2048

/** One link as stored and as the owner edits it. */
export type OwnLink = {
	linkId: string
	title: string
	url: string
	/**
	 * The icon the owner chose (a brand slug of app/data/brand-icons.ts, or a generic one), or
	 * null: then chosen from the URL's host by {@link linkIcon}.
	 */
	icon: string | null
	/** Hidden links (false) never reach a visitor. */
	active: boolean
	/** At most one link of an owner is highlighted. */
	highlight: boolean
	/** ISO 8601 instants in UTC (`…Z`), or null: visible from / until then. */
	startsAt: string | null
	endsAt: string | null
}

/** A link as a visitor's page shows it: live, its icon resolved. */
export type ShownLink = Pick<OwnLink, 'linkId' | 'title' | 'url' | 'highlight'> & {
	icon: string
}

/** The generic icons, for a link whose host names no known brand. */
export const GENERIC_ICONS = ['link', 'mail', 'phone'] as const

/**
 * Whether a visitor sees `link` at `now`: active, started (or no start) and not ended (or no
 * end). The end is exclusive: a link that ends at 18:00 is gone at 18:00.
 */
export function isLive(link: Pick<OwnLink, 'active' | 'startsAt' | 'endsAt'>, now: Date): boolean {
	if (!link.active) return false
	const time = now.getTime()
	if (link.startsAt && Date.parse(link.startsAt) > time) return false
	if (link.endsAt && Date.parse(link.endsAt) <= time) return false
	return true
}

/**
 * The moments a schedule changes what visitors see (each start and end of an active link),
 * sorted: the page cache's `schedule` part is the last of them at or before now
 * (app/utils/cache-key.ts), so a cached page is replaced within the minute a link starts or ends.
 */
export function scheduleBoundaries(
	links: ReadonlyArray<Pick<OwnLink, 'active' | 'startsAt' | 'endsAt'>>,
) {
	const moments = new Set<number>()
	for (const link of links) {
		if (!link.active) continue
		for (const at of [link.startsAt, link.endsAt]) if (at) moments.add(Date.parse(at))
	}
	return [...moments].filter(Number.isFinite).sort((a, b) => a - b)
}

/** The schedule window `now` falls in: the last boundary at or before it, else 0. */
export function scheduleWindow(boundaries: readonly number[], now: Date): number {
	let window = 0
	for (const at of boundaries) if (at <= now.getTime()) window = at
	return window
}
