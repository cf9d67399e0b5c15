/**
 * An owner's own links (ARCHITECTURE.md "Links of your own"): the shape every part
 * shares (the model, the /one API, the builder's editor, the visitors' 'Links' section, the
 * insights names, resume.json), and the pure rules that need no database. Used by the browser
 * and the server alike.
 */
import { type GENERIC_ICONS } from '~/data/generic-icons'

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

/** The characters of a link's id: the insights key `link:{linkId}` carries it (app/utils/insights.ts). */
export const LINK_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

/** The plain icon of a URL by its scheme: `mail` for `mailto:`, `phone` for `tel:`, else `link`. */
export function genericIcon(url: string): (typeof GENERIC_ICONS)[number] {
	const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase()
	return scheme === 'mailto' ? 'mail' : scheme === 'tel' ? 'phone' : 'link'
}

/** Whether `url` opens a page (`https:`/`http:`), rather than writing a mail or calling. */
export const isWebLink = (url: string) => /^\s*https?:/i.test(url)

/** The links a visitor sees at `now`, in the owner's order. */
export const liveLinks = <Link extends Pick<OwnLink, 'active' | 'startsAt' | 'endsAt'>>(
	links: readonly Link[],
	now: Date,
) => links.filter((link) => isLive(link, now))

/**
 * Hosts whose addresses name a person by their first path segment (`github.com/{user}`), as
 * JSON Resume's `basics.profiles[].username` wants it. A longer path (`github.com/org/repo`) is
 * no profile; neither are these hosts' own pages (`github.com/features`).
 */
const USER_FIRST_SEGMENT = new Set([
	'github.com',
	'gitlab.com',
	'codeberg.org',
	'dribbble.com',
	'behance.net',
	'x.com',
	'twitter.com',
	'instagram.com',
	'facebook.com',
	'threads.net',
	'codepen.io',
	'dev.to',
	'hashnode.com',
	'twitch.tv',
	'kaggle.com',
	'huggingface.co',
	'soundcloud.com',
	'pinterest.com',
	'patreon.com',
	'ko-fi.com',
	'buymeacoffee.com',
	'cal.com',
	'calendly.com',
	'gumroad.com',
	'linktr.ee',
	'keybase.io',
	'unsplash.com',
	'500px.com',
	'vimeo.com',
	'letterboxd.com',
	'last.fm',
])
const NOT_A_USER = new Set([
	'about',
	'explore',
	'features',
	'home',
	'login',
	'pricing',
	'search',
	'settings',
	'signup',
])
/** Hosts whose addresses name a person under a fixed first segment (`linkedin.com/in/{user}`). */
const USER_UNDER: Record<string, string[]> = {
	'linkedin.com': ['in'],
	'reddit.com': ['user', 'u'],
	'bsky.app': ['profile'],
	'youtube.com': ['c', 'user'],
	'stackoverflow.com': ['users'],
}

/**
 * The user name an address names, when it names one: `github.com/{user}`, `linkedin.com/in/{user}`,
 * `/@{user}` on any host (Mastodon, Medium, YouTube, TikTok, Threads), `{user}.substack.com`,
 * `bsky.app/profile/{handle}`; null for anything else (a repository, a post, a mail address).
 */
export function profileUsername(url: string): string | null {
	let parsed: URL
	try {
		parsed = new URL(url)
	} catch {
		return null
	}
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null
	const host = parsed.hostname.toLowerCase().replace(/^(www|m|mobile)\./, '')
	const segments = parsed.pathname.split('/').filter(Boolean).map(decodeSegment)
	if (segments.some((segment) => segment === null)) return null
	const path = segments as string[]
	const name = (value: string | undefined) =>
		value && /^[\p{L}\p{N}._-]{1,100}$/u.test(value) ? value : null
	// Mastodon and the networks that write a person as /@name (a post under it is /@name/123).
	if (path.length >= 1 && path[0]!.startsWith('@')) {
		return path.length <= 2 && (path.length === 1 || /^(with_replies|media)$/.test(path[1]!))
			? name(path[0]!.slice(1).split('@')[0])
			: null
	}
	const sub = /^([a-z0-9-]+)\.substack\.com$/.exec(host)?.[1]
	if (sub && path.length === 0) return sub
	// npmjs.com/~{user}
	if (host === 'npmjs.com' && path.length === 1 && path[0]!.startsWith('~')) {
		return name(path[0]!.slice(1))
	}
	if (USER_FIRST_SEGMENT.has(host) && path.length === 1 && !NOT_A_USER.has(path[0]!)) {
		return name(path[0])
	}
	const under = USER_UNDER[host]
	if (under && path.length >= 2 && under.includes(path[0]!)) {
		// stackoverflow.com/users/{id}/{name}: the name, not the number.
		if (host === 'stackoverflow.com') return path.length === 3 ? name(path[2]) : null
		return path.length === 2 ? name(path[1]) : null
	}
	return null
}

function decodeSegment(segment: string): string | null {
	try {
		return decodeURIComponent(segment)
	} catch {
		return null
	}
}
