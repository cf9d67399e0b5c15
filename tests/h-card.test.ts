/**
 * The profile is a microformats2 h-card and its social links carry `rel="me"`, read
 * as IndieWeb readers and Mastodon's link verification read them: the real server's HTML through
 * a microformats2 parser (`microformats-parser`). The h-card's classes add no style.
 */
import { mf2 } from 'microformats-parser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { startAppServer, type AppServer } from '#tests/app-server'
import { bumpPictureVersion, updateProfile } from '~/models/profile.server'

const SITE = 'http://tagg.test'

const LINKS = {
	linkedInUrl: 'https://www.linkedin.com/in/maya-torres-design',
	xUrl: 'https://x.com/mayatorres',
	ytUrl: 'https://www.youtube.com/@mayatorres',
	whatAppBusUrl: 'https://wa.me/351912345678',
	companySite: 'https://mayatorres.example/',
}

let server: AppServer
let maya: Awaited<ReturnType<typeof createOwner>>
let layla: Awaited<ReturnType<typeof createOwner>>

beforeAll(async () => {
	maya = await createOwner({ name: 'Maya Torres' })
	await updateProfile(maya.id, {
		firstName: 'Maya',
		lastName: 'Torres',
		designation: 'Senior Product Designer',
		city: 'Lisbon',
		country: 'Portugal',
		tagline: 'I design calm, useful software for busy people.',
		bio: ['Twelve years of product design.', 'Based in Lisbon.'],
		...LINKS,
		mobileNumber: '+351912345678',
		email: 'hello@mayatorres.example',
	})
	await bumpPictureVersion(maya.id)
	// An Arabic page, no tagline (the bio is the note), no picture, no links.
	layla = await createOwner({ name: 'ليلى حداد' })
	await updateProfile(layla.id, {
		firstName: 'ليلى',
		lastName: 'حداد',
		designation: 'مصممة منتجات',
		city: 'عمّان',
		country: 'الأردن',
		bio: ['أصمم برامج هادئة ومفيدة.'],
		language: 'ar',
	})
	server = await startAppServer({ PUBLIC_SITE_URL: SITE })
}, 90_000)

afterAll(async () => {
	await server?.stop()
})

async function parsedPage(pathname: string, headers: Record<string, string> = {}) {
	const response = await fetch(`${server.url}${pathname}`, { headers })
	expect(response.status, pathname).toBe(200)
	const html = await response.text()
	return { html, parsed: mf2(html, { baseUrl: `${SITE}${pathname}` }) }
}

const hCards = (parsed: ReturnType<typeof mf2>) =>
	parsed.items.filter((item) => item.type?.includes('h-card'))

describe('the profile’s h-card', () => {
	test('names the owner, their photo, note, URLs, designation and place', async () => {
		const profileUrl = `${SITE}/${maya.path}`
		const { parsed } = await parsedPage(`/${maya.path}`)
		const cards = hCards(parsed)
		expect(cards).toHaveLength(1)
		const card = cards[0]!
		// Nothing else on the page passes for a microformat inside it (a Tailwind class `h-px`…).
		expect(card.children ?? []).toEqual([])
		const properties = card.properties
		expect(properties.name).toEqual(['Maya Torres'])
		expect(properties['given-name']).toEqual(['Maya'])
		expect(properties['family-name']).toEqual(['Torres'])
		expect(properties['job-title']).toEqual(['Senior Product Designer'])
		expect(properties.locality).toEqual(['Lisbon'])
		expect(properties['country-name']).toEqual(['Portugal'])
		expect(properties.note).toEqual(['I design calm, useful software for busy people.'])
		expect(properties.photo).toHaveLength(1)
		const photo = properties.photo![0] as { value: string; alt: string }
		expect(photo.value).toMatch(new RegExp(`/${maya.id}/display-picture\\.webp\\?v=1$`))
		expect(photo.alt).toBe("Maya Torres's display picture")
		// The canonical URL first (and as the uid: the page's representative h-card), then the
		// owner's profiles elsewhere.
		expect(properties.url).toEqual([profileUrl, ...Object.values(LINKS)])
		expect(properties.uid).toEqual([profileUrl])
		expect(properties.email).toEqual(['mailto:hello@mayatorres.example'])
		expect(properties.tel).toEqual(['+351912345678'])
	})

	test('every social link is rel="me", as Mastodon and IndieWeb verification read it', async () => {
		const { parsed } = await parsedPage(`/${maya.path}`)
		expect([...parsed.rels.me!].sort()).toEqual(
			[...Object.values(LINKS), 'tel:+351912345678', 'mailto:hello@mayatorres.example'].sort(),
		)
		for (const url of Object.values(LINKS)) {
			expect(parsed['rel-urls'][url]!.rels.sort(), url).toEqual(['me', 'noopener', 'noreferrer'])
		}
		// The h-card's URLs are the rel="me" ones (and the page's own).
		const card = hCards(parsed)[0]!
		for (const url of parsed.rels.me!.filter((url) => /^https?:/.test(url)))
			expect(card.properties.url, url).toContain(url)
	})

	test('the script-less page (Save-Data) is the same h-card', async () => {
		const { parsed } = await parsedPage(`/${maya.path}`, { 'save-data': 'on' })
		expect(hCards(parsed)).toHaveLength(1)
		expect(hCards(parsed)[0]!.properties.name).toEqual(['Maya Torres'])
		expect(parsed.rels.me).toContain(LINKS.linkedInUrl)
	})

	test('in Arabic, with no tagline the bio is the note; no picture, no photo', async () => {
		const { html, parsed } = await parsedPage(`/${layla.path}`)
		expect(html).toMatch(/<html[^>]* dir="rtl"/)
		const cards = hCards(parsed)
		expect(cards).toHaveLength(1)
		const properties = cards[0]!.properties
		expect(properties.name).toEqual(['ليلى حداد'])
		expect(properties['given-name']).toEqual(['ليلى'])
		expect(properties['family-name']).toEqual(['حداد'])
		expect(properties['job-title']).toEqual(['مصممة منتجات'])
		expect(properties.locality).toEqual(['عمّان'])
		expect(properties['country-name']).toEqual(['الأردن'])
		expect(properties.note).toEqual(['أصمم برامج هادئة ومفيدة.'])
		expect(properties.photo).toBeUndefined()
		expect(properties.url).toEqual([`${SITE}/${layla.path}`])
	})

	test('the builder is no h-card', async () => {
		const { parsed } = await parsedPage('/builder', { authorization: `Bearer ${maya.token}` })
		expect(hCards(parsed)).toEqual([])
	})

	test('its classes add no style: the stylesheet has no rule for them', async () => {
		const { html } = await parsedPage(`/${maya.path}`)
		const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!)
		// The page's CSS is inline: its <style> elements count as sheets too.
		const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!)
		const texts: Array<[string, string]> = [
			...(await Promise.all(
				sheets.map(
					async (sheet) =>
						[sheet, await (await fetch(new URL(sheet, server.url))).text()] as [string, string],
				),
			)),
			...inline.map((css, index) => [`<style> ${index + 1}`, css] as [string, string]),
		]
		expect(texts.length).toBeGreaterThan(0)
		for (const [sheet, css] of texts) {
			for (const name of [
				'h-card',
				'p-name',
				'p-given-name',
				'p-family-name',
				'u-photo',
				'p-note',
				'u-url',
				'u-uid',
				'u-email',
				'p-tel',
				'p-job-title',
				'p-locality',
				'p-country-name',
			]) {
				expect(css.includes(`.${name}`), `${sheet}: .${name}`).toBe(false)
			}
		}
	})
})
