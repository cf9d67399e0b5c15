/**
 * The pure rules of an owner's own links: live at a moment, the schedule's boundaries
 * and windows, the plain icon of a scheme, the user name an address names, and the validation a
 * save and the builder share (app/utils/link-schemas.ts), messages matching their limits.
 */
import { describe, expect, test } from 'vitest'
import { LINK_MESSAGES, LinkItemSchema, LinkListSchema, linkUrlProblem } from './link-schemas'
import {
	genericIcon,
	isLive,
	isWebLink,
	LINK_TITLE_MAX,
	LINK_URL_MAX_BYTES,
	LINKS_MAX,
	liveLinks,
	profileUsername,
	scheduleBoundaries,
	scheduleWindow,
} from './links'

const at = (iso: string) => new Date(iso)

describe('live at a moment', () => {
	const link = {
		active: true,
		startsAt: '2026-01-01T10:00:00.000Z',
		endsAt: '2026-01-01T12:00:00.000Z',
	}

	test('from its start (inclusive) to its end (exclusive), when active', () => {
		expect(isLive(link, at('2026-01-01T09:59:59.999Z'))).toBe(false)
		expect(isLive(link, at('2026-01-01T10:00:00.000Z'))).toBe(true)
		expect(isLive(link, at('2026-01-01T11:59:59.999Z'))).toBe(true)
		expect(isLive(link, at('2026-01-01T12:00:00.000Z'))).toBe(false)
		expect(isLive({ ...link, active: false }, at('2026-01-01T11:00:00Z'))).toBe(false)
		expect(isLive({ active: true, startsAt: null, endsAt: null }, at('1999-01-01T00:00:00Z'))).toBe(
			true,
		)
		expect(liveLinks([link, { ...link, active: false }], at('2026-01-01T11:00:00Z'))).toEqual([
			link,
		])
	})

	test('boundaries of active links only, sorted once; the window is the last one passed', () => {
		const boundaries = scheduleBoundaries([
			link,
			{ active: true, startsAt: '2026-01-01T10:00:00.000Z', endsAt: null },
			{ active: false, startsAt: '2026-01-01T11:00:00.000Z', endsAt: null },
			{ active: true, startsAt: null, endsAt: '2026-01-01T08:00:00.000Z' },
		])
		expect(boundaries.map((ms) => new Date(ms).toISOString())).toEqual([
			'2026-01-01T08:00:00.000Z',
			'2026-01-01T10:00:00.000Z',
			'2026-01-01T12:00:00.000Z',
		])
		expect(scheduleWindow(boundaries, at('2026-01-01T07:00:00Z'))).toBe(0)
		expect(scheduleWindow(boundaries, at('2026-01-01T10:00:00Z'))).toBe(
			Date.parse('2026-01-01T10:00:00Z'),
		)
		expect(scheduleWindow(boundaries, at('2026-01-01T11:30:00Z'))).toBe(
			Date.parse('2026-01-01T10:00:00Z'),
		)
	})
})

describe('icons and user names from an address', () => {
	test('the plain icon of a scheme', () => {
		expect(genericIcon('mailto:ada@example.com')).toBe('mail')
		expect(genericIcon('MAILTO:ada@example.com')).toBe('mail')
		expect(genericIcon('tel:+44123')).toBe('phone')
		expect(genericIcon('https://example.com')).toBe('link')
		expect(genericIcon('nonsense')).toBe('link')
		expect(isWebLink('HTTPS://example.com')).toBe(true)
		expect(isWebLink('mailto:a@b.c')).toBe(false)
	})

	test.each([
		['https://github.com/ada', 'ada'],
		['https://www.github.com/ada/', 'ada'],
		['https://github.com/ada/engine', null],
		['https://github.com/features', null],
		['https://mastodon.social/@ada', 'ada'],
		['https://hachyderm.io/@ada@example.social', 'ada'],
		['https://mastodon.social/@ada/111222333', null],
		['https://medium.com/@ada', 'ada'],
		['https://www.tiktok.com/@ada.codes', 'ada.codes'],
		['https://www.youtube.com/@ada', 'ada'],
		['https://www.linkedin.com/in/ada-lovelace/', 'ada-lovelace'],
		['https://www.linkedin.com/company/tagg', null],
		['https://bsky.app/profile/ada.bsky.social', 'ada.bsky.social'],
		['https://www.reddit.com/user/ada', 'ada'],
		['https://stackoverflow.com/users/12345/ada', 'ada'],
		['https://www.npmjs.com/~ada', 'ada'],
		['https://ada.substack.com', 'ada'],
		['https://dribbble.com/ada', 'ada'],
		['https://cal.com/ada', 'ada'],
		['https://cal.com/ada/30min', null],
		['https://www.behance.net/ada', 'ada'],
		['https://example.com/ada', null],
		['https://example.com', null],
		['mailto:ada@example.com', null],
		['tel:+44123456', null],
		['https://github.com/%E0%A4%A', null],
	])('%s names %j', (url, username) => {
		expect(profileUsername(url)).toBe(username)
	})
})

describe('the rules of a save', () => {
	test('the messages name the limits they enforce', () => {
		expect(LINK_MESSAGES.titleTooLong).toContain(String(LINK_TITLE_MAX))
		expect(LINK_MESSAGES.urlTooLong).toContain(String(LINK_URL_MAX_BYTES))
		expect(LINK_MESSAGES.tooMany).toContain(String(LINKS_MAX))
		const tooLong = LinkItemSchema.safeParse({
			title: 'x'.repeat(LINK_TITLE_MAX + 1),
			url: 'tel:123',
		})
		expect(tooLong.error?.issues[0]?.message).toBe(LINK_MESSAGES.titleTooLong)
		const many = Array.from({ length: LINKS_MAX + 1 }, () => ({ title: 'A', url: 'tel:123' }))
		expect(LinkListSchema.safeParse(many).error?.issues[0]?.message).toBe(LINK_MESSAGES.tooMany)
	})

	test.each([
		'https://example.com',
		'http://example.com:8080/a?b=c#d',
		'https://例え.jp/パス',
		'https://[::1]/',
		'mailto:ada@example.com?subject=Hello%20there',
		'tel:+1-555-0100',
		'tel:(020)79460000;ext=12',
	])('%s is a link', (url) => {
		expect(linkUrlProblem(url)).toBeNull()
	})

	test('what a save stores: trimmed, one-line titles, tel: without spaces, instants in UTC', () => {
		const parsed = LinkItemSchema.parse({
			title: ' Call\nme ',
			url: ' tel:+44 20 7946 0000 ',
			startsAt: '2026-01-01T10:00:00+02:00',
			endsAt: null,
			icon: '',
			linkId: null,
		})
		expect(parsed).toEqual({
			title: 'Call me',
			url: 'tel:+442079460000',
			icon: null,
			active: true,
			highlight: false,
			startsAt: '2026-01-01T08:00:00.000Z',
			endsAt: null,
			linkId: undefined,
		})
	})
})
