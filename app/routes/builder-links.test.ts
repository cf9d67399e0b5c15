/**
 * The builder's Links editor on the server: what /builder sends it (every link with
 * what visitors see of it, the icons as data), its save (`intent: 'links'`): the whole list in one
 * call, a stale version refused with nothing changed, refusals at their item's field in the
 * builder's language; and the visitors' page: only live links, only their icons.
 */
import { describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { callApi, makeRequest } from '#tests/route'
import { listOwnLinks } from '~/models/link.server'
import { LINK_MESSAGES } from '~/utils/link-schemas'
import { loader as publicPage } from './$pname._index'
import { action as builderAction, loader as builderLoader } from './builder._index'
import { loader as linksGet } from './one.sites.links.get'

async function act(body: Record<string, unknown>, token: string, headers = {}) {
	let result: unknown
	try {
		result = await builderAction({
			request: makeRequest('/builder', { body, token, headers }),
			params: {},
			context: {},
		})
	} catch (error) {
		result = error
	}
	const { data, init } = result as { data?: Record<string, unknown>; init?: ResponseInit | null }
	const answer = (data ?? result) as {
		ok: boolean
		conflict?: boolean
		fieldErrors: Record<string, string>
	}
	return { status: init?.status ?? 200, body: answer }
}

const builderPage = (token: string) =>
	builderLoader({ request: makeRequest('/builder', { token }), params: {}, context: {} })

const HOUR = 3_600_000

describe('the builder’s Links editor', () => {
	test('a new owner: no links, the icons as data (no drawing but those in use)', async () => {
		const owner = await createOwner()
		const page = await builderPage(owner.token)
		expect(page.links).toEqual([])
		expect(page.linkEditor.items).toEqual([])
		expect(Object.keys(page.linkEditor.icons).sort()).toEqual(['link', 'mail', 'phone'])
		expect(page.linkEditor.hosts['github.com']).toBe('github')
		expect(page.linkEditor.hosts['linkedin.com']).toBe('linkedin')
		const titles = page.linkEditor.brands.map((brand) => brand.title)
		expect(titles).toContain('GitHub')
		expect(titles).toEqual(
			[...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
		)
		// Small enough to send with the page: names and hosts, not the drawings.
		expect(JSON.stringify(page.linkEditor).length).toBeLessThan(12_000)
	})

	test('saves the whole list; the builder marks what visitors see; visitors get the live ones', async () => {
		const owner = await createOwner()
		const before = await builderPage(owner.token)
		const later = new Date(Date.now() + 48 * HOUR).toISOString()
		const saved = await act(
			{
				intent: 'links',
				version: before.linkEditor.version,
				links: [
					{ title: 'My work', url: 'https://github.com/jane', icon: null, active: true },
					{ title: 'Newsletter', url: 'https://jane.example/news', highlight: true },
					{ title: 'Old blog', url: 'https://blog.example', active: false },
					{ title: 'Launch', url: 'https://dribbble.com/jane', startsAt: later },
					{ title: 'Write to me', url: 'mailto:jane@example.com', icon: 'mail' },
				],
			},
			owner.token,
		)
		expect(saved, JSON.stringify(saved)).toMatchObject({ status: 200, body: { ok: true } })
		const page = await builderPage(owner.token)
		expect(page.links.map((link) => [link.title, link.icon, link.status])).toEqual([
			['My work', 'github', 'live'],
			['Newsletter', 'link', 'live'],
			['Old blog', 'link', 'hidden'],
			['Launch', 'dribbble', 'scheduled'],
			['Write to me', 'mail', 'live'],
		])
		expect(page.links[1]!.highlight).toBe(true)
		// The editor gets the icons as stored (automatic: null) and the schedule as instants.
		expect(page.linkEditor.items.map((link) => link.icon)).toEqual([null, null, null, null, null])
		expect(page.linkEditor.items[3]!.startsAt).toBe(later)
		expect(Object.keys(page.linkEditor.icons).sort()).toEqual([
			'dribbble',
			'github',
			'link',
			'mail',
			'phone',
		])
		// The version is the owner's read's ETag: what `If-Match` compares on the API.
		const read = await callApi(linksGet, `/one/sites/links/get?customer_id=${owner.id}`, {
			token: owner.token,
		})
		expect(read.headers.get('etag')).toBe(`"${page.linkEditor.version}"`)

		const visitor = (await publicPage({
			request: makeRequest(`/${owner.path}`),
			params: { pname: owner.path! },
			context: {},
		})) as Awaited<ReturnType<typeof publicPage>>
		expect(visitor.links.map((link) => link.title)).toEqual([
			'My work',
			'Newsletter',
			'Write to me',
		])
		expect(Object.keys(visitor.linkIcons).sort()).toEqual(['github', 'link', 'mail'])
		expect(visitor.linkIcons.github!.path).toMatch(/^M/)
	})

	test('a save from a stale tab is refused (412), its list unchanged', async () => {
		const owner = await createOwner()
		const stale = (await builderPage(owner.token)).linkEditor.version
		const first = await act(
			{ intent: 'links', version: stale, links: [{ title: 'One', url: 'https://one.example' }] },
			owner.token,
		)
		expect(first.status).toBe(200)
		const second = await act(
			{ intent: 'links', version: stale, links: [{ title: 'Two', url: 'https://two.example' }] },
			owner.token,
		)
		expect(second.status).toBe(412)
		expect(second.body).toMatchObject({ ok: false, conflict: true })
		expect((await listOwnLinks(owner.id)).map((link) => link.title)).toEqual(['One'])
	})

	test('refusals name the item’s field, in the builder’s language; nothing is changed', async () => {
		const owner = await createOwner()
		const version = (await builderPage(owner.token)).linkEditor.version
		const refused = await act(
			{
				intent: 'links',
				version,
				links: [
					{
						title: 'Talk',
						url: 'https://talk.example',
						startsAt: '2026-05-02T10:00:00Z',
						endsAt: '2026-05-02T09:00:00Z',
					},
					{ title: 'Bad', url: 'javascript:alert(1)', highlight: true },
					{ title: '', url: 'https://x.example', highlight: true },
				],
			},
			owner.token,
		)
		expect(refused.status).toBe(400)
		expect(refused.body.fieldErrors).toEqual({
			'links.0.endsAt': LINK_MESSAGES.endsBeforeStart,
			'links.1.url': LINK_MESSAGES.urlInvalid,
			'links.2.title': LINK_MESSAGES.titleMissing,
			'links.2.highlight': LINK_MESSAGES.twoHighlights,
		})
		const tooMany = await act(
			{
				intent: 'links',
				version,
				links: Array.from({ length: 51 }, (_, index) => ({
					title: `Link ${index}`,
					url: `https://example.com/${index}`,
				})),
			},
			owner.token,
		)
		expect(tooMany.status).toBe(400)
		expect(tooMany.body.fieldErrors).toEqual({ links: LINK_MESSAGES.tooMany })
		// The builder speaks the owner's language: so do its refusals.
		const spanish = await act(
			{ intent: 'links', version, links: [{ title: 'X', url: 'data:text/html,hi' }] },
			owner.token,
			{ Cookie: 'tagg_lang=es' },
		)
		expect(spanish.status).toBe(400)
		expect(spanish.body.fieldErrors['links.0.url']).toBeTruthy()
		expect(spanish.body.fieldErrors['links.0.url']).not.toBe(LINK_MESSAGES.urlInvalid)
		expect(await listOwnLinks(owner.id)).toEqual([])
	})
})
