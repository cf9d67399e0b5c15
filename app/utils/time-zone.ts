/**
 * The zone an owner's times are shown in. The server does not know it: its HTML shows UTC (and
 * says so), and React's first render in the browser does the same, so hydration matches
 * (rendering in the server's own zone would differ from the browser's: React error 418, and a
 * time off by hours). Once React has the page, the browser's zone.
 */
import { useHydrated } from './misc'

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

/** `zone` to format in; `known` is false while it is UTC for want of the owner's. */
export function useTimeZone(): { zone: string; known: boolean } {
	return useHydrated() ? { zone: browserTimeZone(), known: true } : { zone: 'UTC', known: false }
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
