/**
 * Links of your own through the /one API (ARCHITECTURE.md "Links of your own"), against
 * the real database: the owner's read and save, every rule of a save (each refusal a 400 naming
 * the item, with nothing changed), `If-Match`, what visitors and other owners get before, inside
 * and after a schedule, and the schedule window the page cache keys on.
 */
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createOwner } from '#tests/factories'
import { callApi, callRoute, type CallOptions } from '#tests/route'
import { setCustomerDisabled } from '~/models/customer.server'
import { listOwnLinks } from '~/models/link.server'
import { getPageVersion } from '~/models/page-version.server'
import { getProfilePage } from '~/models/public-page.server'
import { cacheKey } from '~/utils/cache-key'
import { signAccessToken } from '~/utils/jwt.server'
import { runInLocale } from '~/utils/locale.server'
import { type OwnLink } from '~/utils/links'
import { loader as readLinks, action as readLinksPost } from './one.sites.links.get'
import { action as updateLinks, loader as updateLinksGet } from './one.sites.links.update'

type Owner = Awaited<ReturnType<typeof createOwner>>
type Answer = { status: number; json: Record<string, unknown>; headers: Headers }

const read = (customerId: string, options: CallOptions = {}) =>
	callApi(readLinks, `/one/sites/links/get?customer_id=${encodeURIComponent(customerId)}`, options)

const save = (owner: Owner, body: unknown, options: CallOptions = {}) =>
	callApi(updateLinks, '/one/sites/links/update', { body, token: owner.token, ...options })

const linksOf = (answer: Answer) => (answer.json.data as { links: OwnLink[] }).links

/** The owner's own read: every link. */
const ownerRead = async (owner: Owner) => {
	const answer = await read(owner.id, { token: owner.token })
	expect(answer.status).toBe(200)
	return answer
}

const link = (title: string, url: string, extra: Record<string, unknown> = {}) => ({
	title,
	url,
	...extra,
})

/** A save that must be refused: 400 naming `where`, with `message`, and nothing changed. */
async function expectRefused(owner: Owner, links: unknown, where: string, message: string) {
	const before = await ownerRead(owner)
	const versionBefore = (await getPageVersion(owner.path!))!.version
	const answer = await save(owner, { links })
	expect(answer.status, JSON.stringify(answer.json)).toBe(400)
	expect(answer.json).toEqual({ status: 400, message: `${where}: ${message}` })
	const after = await ownerRead(owner)
	expect(linksOf(after)).toEqual(linksOf(before))
	expect(after.headers.get('etag')).toBe(before.headers.get('etag'))
	expect((await getPageVersion(owner.path!))!.version).toBe(versionBefore)
}

const URL_MESSAGE = 'Enter a link starting with https://, http://, mailto: or tel:'

afterEach(() => {
	vi.useRealTimers()
})

describe('the owner’s list', () => {
	test('a save replaces the whole list and answers the owner’s read, in order, with an ETag', async () => {
		const owner = await createOwner()
		expect(linksOf(await ownerRead(owner))).toEqual([])
		const saved = await save(owner, {
			links: [
				link('  My   code ', 'https://code.ada.example', { highlight: true }),
				link('Write to me', ' mailto:ada@example.com '),
				link('Call me', 'tel:+44 20 7946 0000', { active: false }),
				link('Shop', 'http://shop.example.com/ada?ref=tagg#top', { icon: 'shopify' }),
				link('Book a call', 'https://book.ada.example', {
					startsAt: '2026-03-01T09:00:00+01:00',
					endsAt: '2026-03-01T18:30:00.5Z',
				}),
			],
		})
		expect(saved.status, JSON.stringify(saved.json)).toBe(200)
		const links = linksOf(saved)
		expect(links.map(({ linkId: _, ...rest }) => rest)).toEqual([
			{
				title: 'My code',
				url: 'https://code.ada.example',
				icon: 'link',
				active: true,
				highlight: true,
				startsAt: null,
				endsAt: null,
			},
			{
				title: 'Write to me',
				url: 'mailto:ada@example.com',
				icon: 'mail',
				active: true,
				highlight: false,
				startsAt: null,
				endsAt: null,
			},
			{
				title: 'Call me',
				url: 'tel:+442079460000',
				icon: 'phone',
				active: false,
				highlight: false,
				startsAt: null,
				endsAt: null,
			},
			{
				title: 'Shop',
				url: 'http://shop.example.com/ada?ref=tagg#top',
				icon: 'shopify',
				active: true,
				highlight: false,
				startsAt: null,
				endsAt: null,
			},
			{
				title: 'Book a call',
				url: 'https://book.ada.example',
				icon: 'link',
				active: true,
				highlight: false,
				// Answered in UTC with `Z`.
				startsAt: '2026-03-01T08:00:00.000Z',
				endsAt: '2026-03-01T18:30:00.500Z',
			},
		])
		for (const item of links) expect(item.linkId).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
		expect(new Set(links.map((item) => item.linkId)).size).toBe(5)
		expect(saved.headers.get('etag')).toMatch(/^"[\w-]+"$/)
		const again = await ownerRead(owner)
		expect(again.json).toEqual(saved.json)
		expect(again.headers.get('etag')).toBe(saved.headers.get('etag'))
	})

	test('a link sent with its linkId keeps it; a new one, an unknown or another owner’s id get a new one', async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const otherLinks = linksOf(await save(other, { links: [link('Theirs', 'https://b.example')] }))
		const first = linksOf(
			await save(owner, { links: [link('One', 'https://one.example'), link('Two', 'tel:12345')] }),
		)
		const second = linksOf(
			await save(owner, {
				links: [
					{ ...first[1], title: 'Two, first now' },
					link('Three', 'https://three.example', { linkId: 'not-one-of-mine' }),
					link('Four', 'https://four.example', { linkId: otherLinks[0]!.linkId }),
					{ ...first[0] },
				],
			}),
		)
		expect(second.map((item) => item.title)).toEqual(['Two, first now', 'Three', 'Four', 'One'])
		expect(second[0]!.linkId).toBe(first[1]!.linkId)
		expect(second[3]!.linkId).toBe(first[0]!.linkId)
		const known = new Set([...first, ...otherLinks].map((item) => item.linkId))
		expect(known.has(second[1]!.linkId)).toBe(false)
		expect(known.has(second[2]!.linkId)).toBe(false)
		// The other owner's link is untouched.
		expect(linksOf(await ownerRead(other))).toEqual(otherLinks)
	})

	test('a list read and saved back is unchanged: icons from the host stay automatic, nothing is written', async () => {
		const owner = await createOwner()
		const saved = await save(owner, {
			links: [link('Site', 'https://ada.example'), link('Mail', 'mailto:a@ada.example')],
		})
		const version = (await getPageVersion(owner.path!))!.version
		const back = await save(
			owner,
			{ links: linksOf(saved) },
			{
				headers: { 'If-Match': saved.headers.get('etag')! },
			},
		)
		expect(back.status).toBe(200)
		expect(back.json).toEqual(saved.json)
		expect((await getPageVersion(owner.path!))!.version).toBe(version)
		// The resolved icon sent back was stored as automatic: a new URL brings its own icon.
		const moved = linksOf(
			await save(owner, {
				links: [{ ...linksOf(back)[1], url: 'https://ada.example/contact' }, linksOf(back)[0]],
			}),
		)
		expect(moved[0]).toMatchObject({ url: 'https://ada.example/contact', icon: 'link' })
		expect((await getPageVersion(owner.path!))!.version).toBeGreaterThan(version)
	})

	test('the read answers each icon: the owner’s choice, else the host’s brand, else a plain one', async () => {
		const owner = await createOwner()
		const saved = await save(owner, {
			links: [
				link('Code', 'https://github.com/ada'),
				link('Code again', 'https://gist.github.com/ada', { icon: 'github' }),
				link('Toots', 'https://hachyderm.io/@ada'),
				link('Shop', 'https://ada.example/shop', { icon: 'etsy' }),
				link('Site', 'https://www.ada.example'),
				link('Mail', 'mailto:ada@example.com'),
				link('Phone', 'tel:+4420794600'),
				link('Plain GitHub', 'https://github.com/ada/notes', { icon: 'link' }),
			],
		})
		expect(linksOf(saved).map((item) => item.icon)).toEqual([
			'github',
			'github',
			'mastodon',
			'etsy',
			'link',
			'mail',
			'phone',
			'link',
		])
		// Stored: a choice the host makes anyway is automatic; a real choice is kept.
		const stored = await listOwnLinks(owner.id)
		expect(stored.map((item) => item.icon)).toEqual([
			null,
			null,
			null,
			'etsy',
			null,
			null,
			null,
			'link',
		])
	})

	test('an empty list removes every link', async () => {
		const owner = await createOwner()
		await save(owner, { links: [link('One', 'https://one.example')] })
		const emptied = await save(owner, { links: [] })
		expect(emptied.status).toBe(200)
		expect(linksOf(emptied)).toEqual([])
	})
})

describe('every rule of a save: a 400 naming the item, nothing changed', () => {
	const existing = [link('Kept', 'https://kept.example', { highlight: true })]
	let owner: Owner
	const prepare = async () => {
		owner = await createOwner()
		expect((await save(owner, { links: existing })).status).toBe(200)
	}

	test('titles: 1 to 80 characters after trimming', async () => {
		await prepare()
		await expectRefused(
			owner,
			[link('', 'https://a.example')],
			'links.0.title',
			'Enter a title for the link',
		)
		await expectRefused(
			owner,
			[existing[0], link(' \n\t ', 'https://a.example')],
			'links.1.title',
			'Enter a title for the link',
		)
		await expectRefused(
			owner,
			[{ url: 'https://a.example' }],
			'links.0.title',
			'Enter a title for the link',
		)
		await expectRefused(
			owner,
			[link('x'.repeat(81), 'https://a.example')],
			'links.0.title',
			'A title must be at most 80 characters',
		)
		await expectRefused(
			owner,
			[link(42 as never, 'https://a.example')],
			'links.0.title',
			'must be text',
		)
		const longest = await save(owner, { links: [link(` ${'x'.repeat(80)} `, 'https://a.example')] })
		expect(linksOf(longest)[0]!.title).toBe('x'.repeat(80))
	})

	test.each([
		'javascript:alert(1)',
		'JavaScript:alert(document.cookie)',
		'  javascript:alert(1)',
		'java\tscript:alert(1)',
		'data:text/html,<script>alert(1)</script>',
		'data:image/svg+xml;base64,PHN2Zz4=',
		'vbscript:msgbox(1)',
		'file:///etc/passwd',
		'ftp://files.example.com/a',
		'blob:https://example.com/1234',
		'about:blank',
		'example.com',
		'www.example.com/ada',
		'//example.com/ada',
		'/relative/path',
		'https:example.com',
		'https://',
		'http:///path',
		'https://exa mple.com',
		'https://example.com/\u202eexe.txt',
		'mailto:',
		'mailto:nobody',
		'tel:',
		'tel:call-me',
		'tel:12',
		'',
	])('the URL %j is refused', async (url) => {
		if (!owner) await prepare()
		await expectRefused(owner, [existing[0], link('Bad', url)], 'links.1.url', URL_MESSAGE)
	})

	test.each([
		['a zero width space', 'https://exa\u200Bmple.com'],
		['a zero width non-joiner', 'https://example.com/a\u200Cb'],
		['a zero width joiner', 'https://example.com/a\u200Db'],
		['a word joiner', 'https://exa\u2060mple.com'],
		['a byte order mark', 'https://exa\uFEFFmple.com'],
		['a soft hyphen', 'https://exa\u00ADmple.com'],
		['a tab', 'https://exa\tmple.com'],
		['a line break', 'https://example.com/a\nb'],
		['a no-break space', 'https://example.com/a\u00A0b'],
	])(
		'an address holding %s (unseen by a reader, or dropped by a URL parser) is refused',
		async (_name, url) => {
			// An owner of its own: a case that slipped through cannot hide behind another's list.
			await prepare()
			await expectRefused(owner, [existing[0], link('Hidden', url)], 'links.1.url', URL_MESSAGE)
			expect((await listOwnLinks(owner.id)).map((stored) => stored.url)).toEqual([
				'https://kept.example',
			])
		},
	)

	test('a URL of at most 2,048 bytes; multi-byte characters count as their bytes', async () => {
		await prepare()
		const base = 'https://example.com/'
		const at = (bytes: number) => base + 'a'.repeat(bytes - base.length)
		expect((await save(owner, { links: [link('Long', at(2048))] })).status).toBe(200)
		await prepare()
		await expectRefused(
			owner,
			[link('Long', at(2049))],
			'links.0.url',
			'A link must be at most 2048 bytes long',
		)
		// 1,100 characters but 2,200 bytes of UTF-8.
		await expectRefused(
			owner,
			[link('Long', base + 'é'.repeat(1090))],
			'links.0.url',
			'A link must be at most 2048 bytes long',
		)
	})

	test('at most one highlighted link: the second one is named', async () => {
		await prepare()
		await expectRefused(
			owner,
			[
				link('A', 'https://a.example', { highlight: true }),
				link('B', 'https://b.example'),
				link('C', 'https://c.example', { highlight: true }),
			],
			'links.2.highlight',
			'Only one link can be highlighted',
		)
	})

	test('a schedule’s end after its start; instants with a zone only', async () => {
		await prepare()
		const start = '2026-05-01T10:00:00Z'
		await expectRefused(
			owner,
			[link('A', 'https://a.example', { startsAt: start, endsAt: '2026-05-01T09:59:59Z' })],
			'links.0.endsAt',
			'The end must be after the start',
		)
		await expectRefused(
			owner,
			[link('A', 'https://a.example', { startsAt: start, endsAt: '2026-05-01T12:00:00+02:00' })],
			'links.0.endsAt',
			'The end must be after the start',
		)
		for (const startsAt of [
			'2026-05-01T10:00:00',
			'2026-05-01',
			'tomorrow',
			'2026-13-01T10:00:00Z',
			12,
		]) {
			await expectRefused(
				owner,
				[link('A', 'https://a.example', { startsAt })],
				'links.0.startsAt',
				'Enter a valid date and time',
			)
		}
		// A start alone, an end alone: fine.
		const open = await save(owner, {
			links: [
				link('A', 'https://a.example', { startsAt: start }),
				link('B', 'https://b.example', { endsAt: start }),
			],
		})
		expect(open.status).toBe(200)
	})

	test('at most 50 links: the 51st is refused', async () => {
		await prepare()
		const many = (count: number) =>
			Array.from({ length: count }, (_, i) => link(`Link ${i + 1}`, `https://example.com/${i + 1}`))
		await expectRefused(owner, many(51), 'links', 'At most 50 links')
		const fifty = await save(owner, { links: many(50) })
		expect(fifty.status).toBe(200)
		expect(linksOf(fifty)).toHaveLength(50)
	})

	test('icons, flags, ids and the body’s shape', async () => {
		await prepare()
		for (const icon of ['Not an icon!', 'notabrandweknow', 'GitHub', 7]) {
			await expectRefused(
				owner,
				[link('A', 'https://a.example', { icon })],
				'links.0.icon',
				typeof icon === 'string' ? 'Choose an icon from the list' : 'must be an icon slug or null',
			)
		}
		await expectRefused(
			owner,
			[link('A', 'https://a.example', { active: 'yes' })],
			'links.0.active',
			'must be true or false',
		)
		await expectRefused(
			owner,
			[link('A', 'https://a.example', { highlight: 1 })],
			'links.0.highlight',
			'must be true or false',
		)
		await expectRefused(
			owner,
			[
				link('A', 'https://a.example', { linkId: 'x' }),
				link('B', 'https://b.example', { linkId: 'x' }),
			],
			'links.1.linkId',
			'is the linkId of another link of this list',
		)
		await expectRefused(
			owner,
			[link('A', 'https://a.example', { linkId: '../etc' })],
			'links.0.linkId',
			'must be the linkId of a link, or left out for a new one',
		)
		await expectRefused(owner, ['https://a.example'], 'links.0', 'must be an object')
		const missing = await save(owner, {})
		expect(missing.json).toEqual({ status: 400, message: 'links: is required' })
		const notList = await save(owner, { links: { title: 'A' } })
		expect(notList.json).toEqual({ status: 400, message: 'links: must be a list' })
	})
})

describe('If-Match', () => {
	test('a stale ETag is 412 and changes nothing; the current one or * saves', async () => {
		const owner = await createOwner()
		const first = await save(owner, { links: [link('One', 'https://one.example')] })
		const stale = first.headers.get('etag')!
		const second = await save(owner, { links: [link('Two', 'https://two.example')] })
		const version = (await getPageVersion(owner.path!))!.version

		const refused = await save(
			owner,
			{ links: [link('Three', 'https://three.example')] },
			{ headers: { 'If-Match': stale } },
		)
		expect(refused.status).toBe(412)
		expect(refused.json.status).toBe(412)
		const after = await ownerRead(owner)
		expect(after.json).toEqual(second.json)
		expect((await getPageVersion(owner.path!))!.version).toBe(version)

		const current = await save(
			owner,
			{ links: [link('Three', 'https://three.example')] },
			{ headers: { 'If-Match': `W/${second.headers.get('etag')!}, "other"` } },
		)
		expect(current.status).toBe(200)
		const any = await save(owner, { links: [] }, { headers: { 'If-Match': '*' } })
		expect(any.status).toBe(200)
	})

	test('an ETag of a visitor’s read that hides links is not the owner’s', async () => {
		const owner = await createOwner()
		await save(owner, {
			links: [
				link('Shown', 'https://a.example'),
				link('Hidden', 'https://b.example', { active: false }),
			],
		})
		const visitors = await read(owner.id)
		const refused = await save(
			owner,
			{ links: [] },
			{ headers: { 'If-Match': visitors.headers.get('etag')! } },
		)
		expect(refused.status).toBe(412)
		expect(linksOf(await ownerRead(owner))).toHaveLength(2)
	})
})

describe('who sees what, and when', () => {
	const T = Date.parse('2026-06-01T12:00:00Z')
	const hour = 60 * 60 * 1000
	const at = (ms: number) => new Date(ms).toISOString()

	async function scheduledOwner() {
		const owner = await createOwner()
		const saved = await save(owner, {
			links: [
				link('Always', 'https://always.example'),
				link('Hidden', 'https://hidden.example', { active: false }),
				link('Window', 'https://window.example', { startsAt: at(T), endsAt: at(T + hour) }),
				link('From', 'https://from.example', { startsAt: at(T + 2 * hour) }),
				link('Until', 'https://until.example', { endsAt: at(T + 3 * hour) }),
				// A hidden link's schedule changes nothing a visitor sees.
				link('Hidden later', 'https://hidden-later.example', {
					active: false,
					startsAt: at(T + 30 * 60 * 1000),
				}),
			],
		})
		expect(saved.status).toBe(200)
		return owner
	}

	const titles = (answer: Answer) => linksOf(answer).map((item) => item.title)

	/** Runs `check` with the clock at `ms` (only Date is faked: the database's timers run on). */
	async function atMoment<T>(ms: number, check: () => Promise<T>) {
		vi.useFakeTimers({ toFake: ['Date'] })
		vi.setSystemTime(ms)
		try {
			return await check()
		} finally {
			vi.useRealTimers()
		}
	}

	test('visitors and other owners get the live links only; the owner gets all, at any moment', async () => {
		const owner = await scheduledOwner()
		const other = await createOwner()
		const expected: Array<[moment: number, live: string[]]> = [
			[T - 1, ['Always', 'Until']],
			[T, ['Always', 'Window', 'Until']],
			[T + hour - 1, ['Always', 'Window', 'Until']],
			// The end is exclusive.
			[T + hour, ['Always', 'Until']],
			[T + 2 * hour, ['Always', 'From', 'Until']],
			[T + 3 * hour, ['Always', 'From']],
		]
		for (const [moment, live] of expected) {
			await atMoment(moment, async () => {
				expect(titles(await read(owner.id)), `a visitor at ${at(moment)}`).toEqual(live)
				// Tokens of that moment (one issued later would come from the future).
				expect(
					titles(await read(owner.id, { token: signAccessToken(other.id) })),
					`another owner at ${at(moment)}`,
				).toEqual(live)
				expect(
					titles(await read(owner.id, { token: 'not-a-token' })),
					`a bad token at ${at(moment)}`,
				).toEqual(live)
				expect(
					titles(await read(owner.id, { token: signAccessToken(owner.id) })),
					`the owner at ${at(moment)}`,
				).toEqual(['Always', 'Hidden', 'Window', 'From', 'Until', 'Hidden later'])
				// The public profile page's data: the same live links, icons resolved.
				const page = (await getProfilePage(owner.id))!
				expect(
					page.links.map((item) => item.title),
					`the profile page at ${at(moment)}`,
				).toEqual(live)
				for (const shown of page.links) {
					expect(Object.keys(shown).sort()).toEqual(['highlight', 'icon', 'linkId', 'title', 'url'])
				}
			})
		}
	})

	test('the schedule window the page cache keys on moves at each start and end, and only then', async () => {
		const owner = await scheduledOwner()
		const windowAt = async (moment: number) =>
			(await getPageVersion(owner.path!, new Date(moment)))!.schedule
		expect(await windowAt(T - 1)).toBe(0)
		expect(await windowAt(T)).toBe(T)
		// The hidden link's start at T+30min is no boundary.
		expect(await windowAt(T + 45 * 60 * 1000)).toBe(T)
		expect(await windowAt(T + hour)).toBe(T + hour)
		expect(await windowAt(T + 2 * hour + 1)).toBe(T + 2 * hour)
		expect(await windowAt(T + 3 * hour)).toBe(T + 3 * hour)
		expect(await windowAt(T + 300 * hour)).toBe(T + 3 * hour)
		// Each window is another cache entry of the same page version.
		const version = (await getPageVersion(owner.path!))!
		const key = (schedule: number) =>
			cacheKey({
				resource: 'page:/',
				owner: owner.id,
				version: version.version,
				host: 'tagg.test',
				schedule,
			})
		expect(key(await windowAt(T))).not.toBe(key(await windowAt(T + hour)))
		expect(key(await windowAt(T))).toBe(key(await windowAt(T + 59 * 60 * 1000)))
	})

	test('a save moves the page version; a disabled owner’s links are nobody’s', async () => {
		const owner = await createOwner()
		const before = (await getPageVersion(owner.path!))!.version
		await new Promise((resolve) => setTimeout(resolve, 5))
		await save(owner, { links: [link('One', 'https://one.example')] })
		expect((await getPageVersion(owner.path!))!.version).toBeGreaterThan(before)
		await setCustomerDisabled(owner.id, true)
		const gone = await read(owner.id)
		expect(gone.status).toBe(404)
		expect(gone.json).toEqual({ status: 404, message: 'Profile not found' })
		expect((await read('no-such-owner')).status).toBe(404)
	})
})

describe('the endpoints’ edges', () => {
	test('methods, sessions, content types and the query', async () => {
		const owner = await createOwner()
		const unsigned = await callApi(updateLinks, '/one/sites/links/update', { body: { links: [] } })
		expect(unsigned.json).toEqual({ status: 401, message: 'Unauthorized' })
		const wrongMethod = await callRoute(updateLinksGet, '/one/sites/links/update')
		expect(wrongMethod.status).toBe(405)
		expect(wrongMethod.headers.get('allow')).toBe('POST')
		const postToRead = await callRoute(readLinksPost, '/one/sites/links/get', { method: 'POST' })
		expect(postToRead.status).toBe(405)
		expect(postToRead.headers.get('allow')).toBe('GET, HEAD')
		const text = await save(owner, undefined, {
			rawBody: '{"links":[]}',
			headers: { 'Content-Type': 'text/plain' },
		})
		expect(text.status).toBe(415)
		const noQuery = await callApi(readLinks, '/one/sites/links/get')
		expect(noQuery.json).toEqual({ status: 400, message: 'customer_id: is required' })
	})

	test('a refusal speaks the request’s language; the item it names stays as it is', async () => {
		const owner = await createOwner()
		// server/app.ts runs each request in its language (`Accept-Language`, `?lang=`, the cookie).
		const answer = await runInLocale('fr', () =>
			save(owner, { links: [link('A', 'javascript:alert(1)')] }),
		)
		expect(answer.json).toEqual({
			status: 400,
			message: 'links.0.url: Saisissez un lien commençant par https://, http://, mailto: ou tel:',
		})
		const arabic = await runInLocale('ar', () =>
			save(owner, {
				links: [
					link('A', 'https://a.example', { highlight: true }),
					link('B', 'https://b.example', { highlight: true }),
				],
			}),
		)
		expect(arabic.json.message).toBe('links.1.highlight: يمكن تمييز رابط واحد فقط')
	})
})
