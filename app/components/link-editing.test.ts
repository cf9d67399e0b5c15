/**
 * The builder's Links editor's own rules: a schedule typed in the owner's time zone
 * and the instant stored, both ways, across clock changes; the icon a URL calls for, decided in
 * the browser from the hosts the loader sends, as the server decides it; a link's status.
 */
import { describe, expect, test } from 'vitest'
import { BRAND_SLUGS, brandIcon, iconForUrl } from '~/data/brand-icons'
import { autoIcon, instantOf, linkStatus, localInputOf } from './link-editing'

describe('a schedule in the owner’s time zone', () => {
	test('a local time is the instant of that zone, and back', () => {
		expect(instantOf('2026-01-15T09:30', 'Europe/Lisbon')).toBe('2026-01-15T09:30:00.000Z')
		expect(instantOf('2026-07-15T09:30', 'Europe/Lisbon')).toBe('2026-07-15T08:30:00.000Z')
		expect(instantOf('2026-07-15T09:30', 'America/New_York')).toBe('2026-07-15T13:30:00.000Z')
		expect(instantOf('2026-07-15T09:30', 'Asia/Kolkata')).toBe('2026-07-15T04:00:00.000Z')
		expect(instantOf('2026-07-15T09:30', 'UTC')).toBe('2026-07-15T09:30:00.000Z')
		expect(localInputOf('2026-07-15T08:30:00.000Z', 'Europe/Lisbon')).toBe('2026-07-15T09:30')
		expect(localInputOf('2026-07-15T13:30:00.000Z', 'America/New_York')).toBe('2026-07-15T09:30')
		expect(localInputOf('2026-12-31T23:30:00.000Z', 'Asia/Tokyo')).toBe('2027-01-01T08:30')
		expect(localInputOf('2026-01-01T02:00:00.000Z', 'America/Los_Angeles')).toBe('2025-12-31T18:00')
	})

	test('round trips, every hour of a year with two clock changes', () => {
		for (const zone of ['Europe/Lisbon', 'America/New_York', 'Australia/Sydney', 'Asia/Amman']) {
			const start = Date.UTC(2026, 0, 1)
			for (let hour = 0; hour < 365 * 24; hour += 1) {
				const instant = new Date(start + hour * 3_600_000).toISOString()
				const local = localInputOf(instant, zone)
				const back = instantOf(local, zone)!
				// An hour repeated in the autumn reads as its first time: the second comes back an
				// hour earlier, and shows the same wall clock.
				expect(localInputOf(back, zone), `${zone} ${instant}`).toBe(local)
				expect(Date.parse(instant) - Date.parse(back)).toBeGreaterThanOrEqual(0)
				expect(Date.parse(instant) - Date.parse(back)).toBeLessThanOrEqual(3_600_000)
			}
		}
	})

	test('the spring change: the skipped hour moves forward, as browsers read it', () => {
		// Lisbon, 29 March 2026: 01:00 WET becomes 02:00 WEST; 01:30 never shows on a clock.
		expect(instantOf('2026-03-29T00:59', 'Europe/Lisbon')).toBe('2026-03-29T00:59:00.000Z')
		expect(instantOf('2026-03-29T01:30', 'Europe/Lisbon')).toBe('2026-03-29T01:30:00.000Z')
		expect(localInputOf('2026-03-29T01:30:00.000Z', 'Europe/Lisbon')).toBe('2026-03-29T02:30')
		expect(instantOf('2026-03-29T02:00', 'Europe/Lisbon')).toBe('2026-03-29T01:00:00.000Z')
		// New York, 8 March 2026: 02:00 EST becomes 03:00 EDT.
		expect(instantOf('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z')
		expect(localInputOf('2026-03-08T07:30:00.000Z', 'America/New_York')).toBe('2026-03-08T03:30')
	})

	test('the autumn change: a repeated time is its first occurrence', () => {
		// Lisbon, 25 October 2026: 02:00 WEST becomes 01:00 WET; 01:30 happens twice.
		expect(instantOf('2026-10-25T01:30', 'Europe/Lisbon')).toBe('2026-10-25T00:30:00.000Z')
		expect(localInputOf('2026-10-25T00:30:00.000Z', 'Europe/Lisbon')).toBe('2026-10-25T01:30')
		expect(localInputOf('2026-10-25T01:30:00.000Z', 'Europe/Lisbon')).toBe('2026-10-25T01:30')
		expect(instantOf('2026-10-25T02:30', 'Europe/Lisbon')).toBe('2026-10-25T02:30:00.000Z')
		// Sydney's autumn is April: 03:00 AEDT becomes 02:00 AEST.
		expect(instantOf('2026-04-05T02:30', 'Australia/Sydney')).toBe('2026-04-04T15:30:00.000Z')
	})

	test('empty or unreadable values are no time', () => {
		expect(instantOf('', 'Europe/Lisbon')).toBeNull()
		expect(instantOf('2026-02-30T10:00', 'Europe/Lisbon')).toBeNull()
		expect(instantOf('2026-13-01T10:00', 'Europe/Lisbon')).toBeNull()
		expect(instantOf('tomorrow', 'Europe/Lisbon')).toBeNull()
		expect(instantOf('2026-02-03T10:00:30', 'UTC')).toBe('2026-02-03T10:00:30.000Z')
		expect(localInputOf(null, 'UTC')).toBe('')
		expect(localInputOf('soon', 'UTC')).toBe('')
	})
})

describe('the icon a URL calls for, in the browser', () => {
	const hosts = Object.fromEntries(
		BRAND_SLUGS.flatMap((slug) => brandIcon(slug)!.hosts.map((host) => [host, slug])),
	)

	test('is the server’s, for every brand’s hosts and for the other kinds of address', () => {
		const urls = [
			...BRAND_SLUGS.flatMap((slug) =>
				brandIcon(slug)!.hosts.flatMap((host) => [
					`https://${host}/someone`,
					`https://www.${host}/`,
					`http://m.${host}./x`,
				]),
			),
			'https://mastodon.social/@jane',
			'https://example.social/@jane@elsewhere.example',
			'https://example.com/@jane/123',
			'https://example.com/',
			'https://music.youtube.com/channel/1',
			'https://youtube.com/@me',
			'mailto:me@example.com',
			'tel:+351912345678',
			'ftp://example.com',
			'javascript:alert(1)',
			'not a url',
			'',
		]
		for (const url of urls) expect(autoIcon(url, hosts), url).toBe(iconForUrl(url))
	})

	test('a hosts list without the brand gives the plain link', () => {
		expect(autoIcon('https://github.com/jane', {})).toBe('link')
		expect(autoIcon('https://github.com/jane', { 'github.com': 'github' })).toBe('github')
		expect(autoIcon('https://gist.github.com/jane', { 'github.com': 'github' })).toBe('github')
		// Keys of Object.prototype are no hosts.
		expect(autoIcon('https://constructor/', {})).toBe('link')
	})
})

describe('what a visitor sees of a link now', () => {
	const now = new Date('2026-05-01T12:00:00Z')
	const link = { active: true, startsAt: null, endsAt: null }
	test('live, hidden, scheduled or ended', () => {
		expect(linkStatus(link, now)).toBe('live')
		expect(linkStatus({ ...link, active: false }, now)).toBe('hidden')
		expect(linkStatus({ ...link, startsAt: '2026-05-02T00:00:00Z' }, now)).toBe('scheduled')
		expect(linkStatus({ ...link, endsAt: '2026-05-01T12:00:00Z' }, now)).toBe('ended')
		expect(
			linkStatus(
				{ ...link, startsAt: '2026-04-01T00:00:00Z', endsAt: '2026-06-01T00:00:00Z' },
				now,
			),
		).toBe('live')
		expect(linkStatus({ ...link, active: false, startsAt: '2026-05-02T00:00:00Z' }, now)).toBe(
			'hidden',
		)
	})
})
