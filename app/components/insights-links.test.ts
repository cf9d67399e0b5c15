/**
 * Clicks on an owner's own links in Insights: the beacon counts them as
 * `link:{linkId}`, and the dashboard and its CSV name each by its title ('A deleted link' once it
 * is gone), in the owner's language, an Arabic page isolating the title.
 */
import { describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { callApi, callRoute, makeRequest } from '#tests/route'
import { addCounts } from '~/models/insights.server'
import { replaceLinks } from '~/models/link.server'
import { loader as dashboard } from '~/routes/builder.insights'
import { loader as csv } from '~/routes/builder.insights[.]csv'
import { action as hit } from '~/routes/one.insights.hit'
import { i18nFor } from '~/utils/i18n'
import { serverI18n } from '~/utils/i18n.server'
import { isLinkName, linkIdOf, linkKey, utcDay } from '~/utils/insights'
import { linkName } from './insights-names'

// The server's catalogs, registered once (app/utils/i18n.server.ts).
void serverI18n

describe('the key of an own link', () => {
	test('link:{linkId} is a counted link; nothing else under link: is', () => {
		expect(isLinkName('link:clx0abc123')).toBe(true)
		expect(isLinkName(linkKey('a_B-9'))).toBe(true)
		expect(linkIdOf('link:a_B-9')).toBe('a_B-9')
		expect(linkIdOf('portfolio:a')).toBeNull()
		for (const bad of ['link:', 'link:../x', 'link:a b', `link:${'x'.repeat(65)}`, 'links:a'])
			expect(isLinkName(bad), bad).toBe(false)
	})

	test('the beacon takes it; anything else under link: is a 400', async () => {
		const owner = await createOwner()
		const ok = await callApi(hit, '/one/insights/hit', {
			body: { t: 'click', p: `/${owner.path}`, l: 'link:clx0abc123' },
		})
		expect(ok.status).toBe(200)
		const bad = await callApi(hit, '/one/insights/hit', {
			body: { t: 'click', p: `/${owner.path}`, l: 'link:<script>' },
		})
		expect(bad.status).toBe(400)
	})
})

describe('an own link by its title', () => {
	test('its title; a deleted one; the other keys as before', () => {
		const links = { abc: 'Book a call' }
		expect(linkName('link:abc', {}, i18nFor('en'), links)).toBe('Book a call')
		expect(linkName('link:gone', {}, i18nFor('en'), links)).toBe('A deleted link')
		expect(linkName('link:abc', {})).toBe('A deleted link')
		expect(linkName('linkedInUrl', {}, i18nFor('en'), links)).toBe('LinkedIn')
		expect(linkName('portfolio:p1', { p1: 'Atlas' }, i18nFor('en'), links)).toBe('Project: Atlas')
	})

	test('in the owner’s language; a title inside Arabic text is isolated', () => {
		const links = { abc: 'Book a call' }
		for (const locale of ['es', 'fr', 'de', 'pt-BR', 'ar'] as const) {
			const deleted = linkName('link:gone', {}, i18nFor(locale), links)
			expect(deleted, locale).not.toBe('A deleted link')
			expect(deleted.length, locale).toBeGreaterThan(3)
		}
		expect(linkName('link:abc', {}, i18nFor('ar'), links)).toBe('\u2068Book a call\u2069')
		expect(linkName('link:abc', {}, i18nFor('de'), links)).toBe('Book a call')
	})
})

describe('the dashboard and the CSV', () => {
	test('name the clicked links by title, and a deleted one as such', async () => {
		const owner = await createOwner()
		const [kept] = await replaceLinks(owner.id, [
			{
				title: 'Newsletter, weekly',
				url: 'https://ada.example/news',
				icon: null,
				active: true,
				highlight: false,
				startsAt: null,
				endsAt: null,
			},
		])
		const day = utcDay()
		await addCounts(
			[
				{ day, customerId: owner.id, metric: 'click', dimension: `link:${kept!.linkId}`, count: 5 },
				{ day, customerId: owner.id, metric: 'click', dimension: 'link:removedlink1', count: 2 },
				{ day, customerId: owner.id, metric: 'click', dimension: 'linkedInUrl', count: 1 },
			],
			[],
		)
		const data = await dashboard({
			request: makeRequest('/builder/insights?range=7d', { token: owner.token }),
			params: {},
			context: {},
		})
		expect(data.summary.links).toEqual([
			{ link: `link:${kept!.linkId}`, clicks: 5 },
			{ link: 'link:removedlink1', clicks: 2 },
			{ link: 'linkedInUrl', clicks: 1 },
		])
		expect(data.links).toEqual({ [kept!.linkId]: 'Newsletter, weekly' })

		const file = await callRoute(csv, '/builder/insights.csv?range=7d', {
			token: owner.token,
			headers: { 'Accept-Language': 'en' },
		})
		expect(file.status).toBe(200)
		const bytes = Buffer.from(await file.arrayBuffer())
		expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
		const text = bytes.toString('utf8')
		expect(text).toContain('"Newsletter, weekly",5')
		expect(text).toContain('A deleted link,2')
		expect(text).toContain('LinkedIn,1')
		expect(text).not.toContain(kept!.linkId)
	})
})
