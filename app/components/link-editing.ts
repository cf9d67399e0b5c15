/**
 * The pure rules of the builder's Links editor that run in the owner's browser, where
 * app/data/brand-icons.ts (98 KB) never goes: a schedule typed in the owner's time zone
 * (`<input type="datetime-local">`) and the instant it is stored as, both ways; the icon a URL
 * calls for, from the brands' hosts the page's loader sends (the same rule as `iconForUrl`); and
 * what a visitor sees of a link now (its status in the builder).
 */
import { isLive, type OwnLink } from '~/utils/links'

export { browserTimeZone } from '~/utils/time-zone'

const formatters = new Map<string, Intl.DateTimeFormat>()

/** The wall clock of `timeZone` at `utc` (ms), as the milliseconds of the same reading in UTC. */
function wallClock(utc: number, timeZone: string): number {
	let format = formatters.get(timeZone)
	if (!format) {
		format = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		})
		formatters.set(timeZone, format)
	}
	const parts = Object.fromEntries(
		format.formatToParts(new Date(utc)).map((part) => [part.type, Number(part.value)]),
	) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>
	return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second)
}

/** How far `timeZone`'s clock is ahead of UTC at `utc` (ms; negative west of Greenwich). */
const offsetAt = (utc: number, timeZone: string) =>
	wallClock(utc, timeZone) - Math.floor(utc / 1000) * 1000

const pad = (value: number) => String(value).padStart(2, '0')

/**
 * An instant (ISO 8601) as `<input type="datetime-local">` shows it in `timeZone`
 * (`2026-03-29T09:30`); '' for none or an unreadable one.
 */
export function localInputOf(instant: string | null, timeZone: string): string {
	if (!instant) return ''
	const utc = Date.parse(instant)
	if (!Number.isFinite(utc)) return ''
	const wall = new Date(wallClock(utc, timeZone))
	return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(
		wall.getUTCHours(),
	)}:${pad(wall.getUTCMinutes())}`
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/

/**
 * What a `datetime-local` value typed in `timeZone` means, as an instant in UTC
 * (`2026-03-29T08:30:00.000Z`); null for an empty or unreadable value. Read as browsers read a
 * local time: a time a clock change skips (the spring's missing hour) is moved forward by the
 * change; a time a clock change repeats (the autumn's hour twice) is the first of the two.
 */
export function instantOf(local: string, timeZone: string): string | null {
	const match = LOCAL_INPUT.exec(local.trim())
	if (!match) return null
	const [year, month, day, hour, minute, second] = match
		.slice(1, 7)
		.map((part) => Number(part ?? 0))
	if (month! < 1 || month! > 12 || day! < 1 || day! > 31 || hour! > 23 || minute! > 59) return null
	const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!)
	if (new Date(wall).getUTCDate() !== day) return null // 31 April and the like
	const DAY = 86_400_000
	const before = offsetAt(wall - DAY, timeZone)
	const after = offsetAt(wall + DAY, timeZone)
	const candidates = [...new Set([before, after])]
		.map((offset) => wall - offset)
		.filter((utc) => offsetAt(utc, timeZone) === wall - utc)
		.sort((a, b) => a - b)
	// A skipped time: the offset before the change, which lands after it by the change.
	const utc = candidates[0] ?? wall - before
	return new Date(utc).toISOString()
}

/** A web address typed with a known brand's host: the brand's icon slug, by host. */
export type BrandHosts = Record<string, string>

const FEDIVERSE_PROFILE = /^\/@\w+(?:@[\w.-]+)?(?:\/|$)/

/**
 * The icon a URL calls for (as `iconForUrl` in app/data/brand-icons.ts decides, from the hosts
 * of `hosts`): `mail` for `mailto:`, `phone` for `tel:`, a brand's for a page on its host or
 * under it, Mastodon for a `/@user` page no brand claims, else the plain `link`.
 */
export function autoIcon(url: string, hosts: BrandHosts): string {
	let parsed: URL
	try {
		parsed = new URL(url.trim())
	} catch {
		return 'link'
	}
	if (parsed.protocol === 'mailto:') return 'mail'
	if (parsed.protocol === 'tel:') return 'phone'
	if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'link'
	const labels = parsed.hostname.replace(/\.$/, '').split('.')
	for (let start = 0; start < labels.length - 1; start++) {
		const host = labels.slice(start).join('.')
		if (Object.prototype.hasOwnProperty.call(hosts, host)) return hosts[host]!
	}
	if (FEDIVERSE_PROFILE.test(parsed.pathname)) return 'mastodon'
	return 'link'
}

/** What a visitor sees of a link now: it (live), nothing yet (scheduled), nothing any more. */
export type LinkStatus = 'live' | 'hidden' | 'scheduled' | 'ended'

export function linkStatus(
	link: Pick<OwnLink, 'active' | 'startsAt' | 'endsAt'>,
	now: Date,
): LinkStatus {
	if (!link.active) return 'hidden'
	if (isLive(link, now)) return 'live'
	return link.startsAt && Date.parse(link.startsAt) > now.getTime() ? 'scheduled' : 'ended'
}
