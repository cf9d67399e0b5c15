/**
 * The zone an owner's times are shown in. The browser knows it; the builder keeps it in a cookie
 * (`tagg_tz`, path /builder) so its next pages are rendered in it on the server too. Until the
 * server has it (the owner's first page, a cleared cookie) its HTML shows UTC and says so, and
 * React's first render in the browser does the same, so hydration matches (rendering in the
 * server's own zone would differ from the browser's: React error 418, and a time off by hours).
 * Once React has the page, the browser's zone.
 */
import { useRouteLoaderData } from '@remix-run/react'
import { parse, serialize } from 'cookie'
import { useHydrated } from './misc'

/** The builder's cookie with the owner's zone (an IANA name), read by its layout's loader. */
export const TIME_ZONE_COOKIE = 'tagg_tz'
const COOKIE_PATH = '/builder'
const YEAR = 365 * 24 * 60 * 60
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/
const PROBE_LOCALE = 'en'

/** `zone` when this runtime knows it as a time zone (`Asia/Tokyo`, `UTC`), else null. */
export function validTimeZone(zone: string | null | undefined): string | null {
	if (!zone || !ZONE_NAME.test(zone)) return null
	try {
		new Intl.DateTimeFormat(PROBE_LOCALE, { timeZone: zone })
		return zone
	} catch {
		return null
	}
}

let known: string | undefined

/**
 * The owner's time zone, as the browser knows it (`Europe/Lisbon`); UTC when it says none. Read
 * once per page (a list formats a time per row; each read would make a formatter).
 */
export function browserTimeZone(): string {
	if (known) return known
	try {
		known = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
	} catch {
		known = 'UTC'
	}
	return known
}

/**
 * Keeps the browser's zone in the builder's cookie when the cookie has another (or none): the
 * owner's first page, a trip, a new laptop. Their next page is rendered in it.
 */
export function rememberTimeZone() {
	const zone = browserTimeZone()
	if (parse(document.cookie)[TIME_ZONE_COOKIE] === zone) return
	document.cookie = serialize(TIME_ZONE_COOKIE, zone, {
		path: COOKIE_PATH,
		maxAge: YEAR,
		sameSite: 'lax',
		secure: window.location.protocol === 'https:',
	})
}

/**
 * `zone` to format in; `known` is false while it is UTC for want of the owner's. On the server
 * and at hydration: the zone the builder's cookie named (its layout's loader says it), else UTC.
 */
export function useTimeZone(): { zone: string; known: boolean } {
	const hydrated = useHydrated()
	const kept = (useRouteLoaderData('routes/builder') as { timeZone?: string | null } | undefined)
		?.timeZone
	if (hydrated) return { zone: browserTimeZone(), known: true }
	return kept ? { zone: kept, known: true } : { zone: 'UTC', known: false }
}

/**
 * A date and time in the owner's zone (`Nov 28, 2026, 3:05 PM`); until that zone is known, in
 * UTC with the zone named (`Nov 28, 2026, 6:05 AM UTC`).
 */
export function dateTimeOptions({ zone, known }: ReturnType<typeof useTimeZone>) {
	return known
		? ({ dateStyle: 'medium', timeStyle: 'short', timeZone: zone } as const)
		: ({
				year: 'numeric',
				month: 'short',
				day: 'numeric',
				hour: 'numeric',
				minute: '2-digit',
				timeZone: zone,
				timeZoneName: 'short',
			} as const)
}
