/**
 * The visitors' 'Links' section in the real server's HTML: directly under the profile
 * card, only live links, each a labelled `rel="me"` link of the h-card (read by a microformats2
 * parser, as IndieWeb readers and Mastodon's verification read it) counted as `link:{linkId}`,
 * with the drawings of the icons it uses and no others; no section without links; the page
 * without a script (Save-Data) the same; the heading in the owner's language.
 */
import { mf2 } from 'microformats-parser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { startAppServer, type AppServer } from '#tests/app-server'
import { brandIcon } from '~/data/brand-icons'
import { replaceLinks } from '~/models/link.server'
import { updateProfile } from '~/models/profile.server'
import { LinkListSchema } from '~/utils/link-schemas'
import { type OwnLink } from '~/utils/links'

const SITE = 'http://tagg.test'
const DAY = 86_400_000

let server: AppServer
let maya: Awaited<ReturnType<typeof createOwner>>
let bare: Awaited<ReturnType<typeof createOwner>>
let layla: Awaited<ReturnType<typeof createOwner>>
let links: OwnLink[]

beforeAll(async () => {
	maya = await createOwner({ name: 'Maya Torres' })
	await updateProfile(maya.id, {
		firstName: 'Maya',
		lastName: 'Torres',
		tagline: 'I design calm, useful software.',
		linkedInUrl: 'https://www.linkedin.com/in/maya-torres-design',
		highOne: 'Led a redesign.',
	})
	links = await replaceLinks(
		maya.id,
		LinkListSchema.parse([
			{ title: 'My code', url: 'https://github.com/maya', highlight: true },
			{ title: 'Old site', url: 'https://old.maya.example', active: false },
			{
				title: 'Launch',
				url: 'https://dribbble.com/maya',
				startsAt: new Date(Date.now() + DAY).toISOString(),
			},
			{ title: 'Mastodon', url: 'https://mastodon.social/@maya' },
			{ title: 'Write to me', url: 'mailto:maya@example.com' },
		]),
	)
	bare = await createOwner({ name: 'Bare Owner' })
	layla = await createOwner({ name: 'ليلى حداد' })
	await updateProfile(layla.id, { firstName: 'ليلى', language: 'ar' })
	await replaceLinks(
		layla.id,
		LinkListSchema.parse([{ title: 'GitHub', url: 'https://github.com/layla' }]),
	)
	server = await startAppServer({ PUBLIC_SITE_URL: SITE })
}, 90_000)

afterAll(async () => {
	await server?.stop()
})

async function page(pathname: string, headers: Record<string, string> = {}) {
	const response = await fetch(`${server.url}${pathname}`, { headers })
	expect(response.status, pathname).toBe(200)
	const html = await response.text()
	return { html, parsed: mf2(html, { baseUrl: `${SITE}${pathname}` }) }
}

/** The section's links as the HTML has them: href, rel, class, data-track and the text. */
function sectionLinks(html: string) {
	const section = /<section aria-labelledby="links"[\s\S]*?<\/section>/.exec(html)?.[0] ?? ''
	return [...section.matchAll(/<a ([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attributes, inner]) => {
		const attribute = (name: string) =>
			new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes!)?.[1] ?? null
		return {
			href: attribute('href')?.replace(/&amp;/g, '&'),
			rel: attribute('rel'),
			className: attribute('class'),
			track: attribute('data-track'),
			text: inner!.replace(/<[^>]+>/g, '').trim(),
		}
	})
}

describe('the visitors’ Links section', () => {
	test('live links only, under the profile card, each rel="me", counted by its id', async () => {
		const { html } = await page(`/${maya.path}`)
		const shown = sectionLinks(html)
		expect(shown.map((link) => link.text)).toEqual(['My code', 'Mastodon', 'Write to me'])
		const byTitle = new Map(links.map((link) => [link.title, link.linkId]))
		for (const link of shown) {
			expect(link.rel).toBe('me noopener')
			expect(link.className).toMatch(/(^|\s)u-url(\s|$)/)
			expect(link.track).toBe(`link:${byTitle.get(link.text)}`)
		}
		expect(shown.map((link) => link.href)).toEqual([
			'https://github.com/maya',
			'https://mastodon.social/@maya',
			'mailto:maya@example.com',
		])
		// A heading names it; the card comes before it, the highlights after.
		expect(html).toMatch(/<h2 id="links"[^>]*>Links<\/h2>/)
		const card = html.indexOf('aria-label="Profile"')
		const section = html.indexOf('aria-labelledby="links"')
		const highlights = html.indexOf('aria-labelledby="highlights"')
		expect(card).toBeGreaterThan(-1)
		expect(section).toBeGreaterThan(card)
		expect(highlights).toBeGreaterThan(section)
		// Hidden and not yet started links are nowhere in the page.
		expect(html).not.toContain('old.maya.example')
		expect(html).not.toContain('dribbble.com/maya')
	})

	test('the icons drawn are those of the links shown, inline, and no others', async () => {
		const { html } = await page(`/${maya.path}`)
		expect(html).toContain(brandIcon('github')!.path)
		expect(html).toContain(brandIcon('mastodon')!.path)
		expect(html).not.toContain(brandIcon('dribbble')!.path)
		expect(html).not.toContain(brandIcon('gitlab')!.path)
	})

	test('the h-card’s URLs and the page’s rel="me" include the live links', async () => {
		const { parsed } = await page(`/${maya.path}`)
		const cards = parsed.items.filter((item) => item.type?.includes('h-card'))
		expect(cards).toHaveLength(1)
		const card = cards[0]!
		// Nothing in the section passes for a microformat of its own.
		expect(card.children ?? []).toEqual([])
		expect(card.properties.url).toEqual(
			expect.arrayContaining(['https://github.com/maya', 'https://mastodon.social/@maya']),
		)
		expect(card.properties.url).not.toContain('https://old.maya.example')
		expect(parsed.rels.me).toEqual(
			expect.arrayContaining([
				'https://github.com/maya',
				'https://mastodon.social/@maya',
				'mailto:maya@example.com',
				'https://www.linkedin.com/in/maya-torres-design',
			]),
		)
		expect(parsed['rel-urls']['https://github.com/maya']!.rels.sort()).toEqual(['me', 'noopener'])
	})

	test('the page without a script (Save-Data) has the same links', async () => {
		const { html } = await page(`/${maya.path}`, { 'save-data': 'on' })
		expect(sectionLinks(html).map((link) => link.text)).toEqual([
			'My code',
			'Mastodon',
			'Write to me',
		])
	})

	test('no links: no section', async () => {
		const { html } = await page(`/${bare.path}`)
		expect(html).not.toContain('aria-labelledby="links"')
	})

	test('the heading speaks the owner’s language', async () => {
		const { html } = await page(`/${layla.path}`)
		expect(html).toMatch(/<h2 id="links"[^>]*>الروابط<\/h2>/)
		expect(sectionLinks(html).map((link) => link.text)).toEqual(['GitHub'])
	})
})
