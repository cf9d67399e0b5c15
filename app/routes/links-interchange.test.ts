/**
 * An owner's own links outside the page: `resume.json` lists the social links and the
 * live web links in `basics.profiles` (`network`, `url`, `username` where the address names one),
 * valid against the JSON Resume schema; the vCard carries the live links as social profiles,
 * URLs, emails and phone numbers. Neither ever holds a hidden, not yet started or ended link, and
 * both change when a start or an end passes, with no write.
 */
import { createRequire } from 'node:module'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createOwner } from '#tests/factories'
import { callRoute } from '#tests/route'
import { replaceLinks } from '~/models/link.server'
import { updateProfile } from '~/models/profile.server'
import { type LinkInput } from '~/utils/link-schemas'
import { profileVCard } from '~/utils/vcard.server'
import { loader as vcard } from './$pname.contact[.]vcf'
import { loader as resumeJson } from './$pname.resume[.]json'

const require = createRequire(import.meta.url)
const ajv = new Ajv({ allErrors: true, strict: false })
addFormats(ajv)
const validateResume = ajv.compile(require('@jsonresume/schema/schema.json') as object)

const input = (title: string, url: string, extra: Partial<LinkInput> = {}): LinkInput => ({
	title,
	url,
	icon: null,
	active: true,
	highlight: false,
	startsAt: null,
	endsAt: null,
	...extra,
})

const T = Date.parse('2026-08-01T12:00:00Z')
const hour = 60 * 60 * 1000
const iso = (ms: number) => new Date(ms).toISOString()

/** An owner with a social link and own links: live, hidden, scheduled, mail and phone. */
async function ownerWithLinks() {
	const owner = await createOwner({ name: 'Ada Lovelace' })
	await updateProfile(owner.id, { linkedInUrl: 'https://www.linkedin.com/in/ada' })
	await replaceLinks(owner.id, [
		input('My code', 'https://github.com/ada'),
		input('Toots', 'https://mastodon.social/@ada'),
		input('Newsletter', 'https://ada.substack.com'),
		input('Shop', 'https://shop.example.com/ada', { icon: 'shopify' }),
		input('Talks', 'https://www.ada.example/talks'),
		input('Write to me', 'mailto:hello@ada.example'),
		input('Call me', 'tel:+442079460000'),
		input('Secret', 'https://secret.example', { active: false }),
		input('Launch', 'https://launch.example', { startsAt: iso(T), endsAt: iso(T + hour) }),
		// The same address as the social LinkedIn link: listed once.
		input('LinkedIn again', 'https://www.linkedin.com/in/ada'),
	])
	return owner
}

afterEach(() => {
	vi.useRealTimers()
})

/** Runs `check` with the clock at `ms` (only Date is faked). */
async function atMoment<R>(ms: number, check: () => Promise<R>) {
	vi.useFakeTimers({ toFake: ['Date'] })
	vi.setSystemTime(ms)
	try {
		return await check()
	} finally {
		vi.useRealTimers()
	}
}

async function readResume(path: string, headers: Record<string, string> = {}) {
	const response = await callRoute(resumeJson, `/${path}/resume.json`, {
		params: { pname: path },
		headers,
	})
	if (response.status === 304) return { status: 304, etag: response.headers.get('etag') }
	expect(response.status).toBe(200)
	const document = (await response.json()) as {
		basics: { profiles?: Array<Record<string, string>> }
	}
	expect(validateResume(document), JSON.stringify(validateResume.errors)).toBe(true)
	return { status: 200, etag: response.headers.get('etag'), document }
}

async function readCard(path: string) {
	const response = await callRoute(vcard, `/${path}/contact.vcf`, { params: { pname: path } })
	expect(response.status).toBe(200)
	return (await response.text()).replace(/\r\n[ \t]/g, '').split('\r\n')
}

describe('resume.json basics.profiles', () => {
	test('the social links, then the live web links with their network and user name', async () => {
		const owner = await ownerWithLinks()
		const before = await atMoment(T - 1, () => readResume(owner.path!))
		expect(before.document!.basics.profiles).toEqual([
			{ network: 'LinkedIn', url: 'https://www.linkedin.com/in/ada' },
			// The brand's name, from the host (or the icon the owner chose), else the host.
			{ network: 'GitHub', url: 'https://github.com/ada', username: 'ada' },
			{ network: 'Mastodon', url: 'https://mastodon.social/@ada', username: 'ada' },
			{ network: 'Substack', url: 'https://ada.substack.com/', username: 'ada' },
			{ network: 'Shopify', url: 'https://shop.example.com/ada' },
			{ network: 'ada.example', url: 'https://www.ada.example/talks' },
		])
		const text = JSON.stringify(before.document)
		for (const hidden of ['secret.example', 'launch.example', 'mailto:', 'tel:'])
			expect(text).not.toContain(hidden)

		const inside = await atMoment(T, () =>
			readResume(owner.path!, { 'If-None-Match': before.etag! }),
		)
		// The start passed with no write: a new document, a new ETag.
		expect(inside.status).toBe(200)
		expect(inside.etag).not.toBe(before.etag)
		expect(inside.document!.basics.profiles!.map((entry) => entry.url)).toContain(
			'https://launch.example/',
		)
		const after = await atMoment(T + hour, () => readResume(owner.path!))
		expect(JSON.stringify(after.document)).not.toContain('launch.example')
		// Inside one window, the ETag stands.
		const same = await atMoment(T + 30 * 60 * 1000, () =>
			readResume(owner.path!, { 'If-None-Match': inside.etag! }),
		)
		expect(same.status).toBe(304)
	})
})

describe('the vCard', () => {
	test('live links as social profiles, URLs, emails and phone numbers', async () => {
		const lines = await profileVCard({
			firstName: 'Ada',
			lastName: 'Lovelace',
			linkedInUrl: 'https://www.linkedin.com/in/ada',
			email: 'ada@example.com',
			links: [
				{
					linkId: 'a',
					title: 'GitHub',
					url: 'https://github.com/ada',
					icon: 'github',
					highlight: false,
				},
				{
					linkId: 'b',
					title: 'Book a call, now',
					url: 'https://ada.example/book',
					icon: 'link',
					highlight: true,
				},
				{ linkId: 'c', title: 'Shop', url: 'https://shop.example', icon: 'link', highlight: false },
				{
					linkId: 'd',
					title: 'Mail',
					url: 'mailto:hello@ada.example?subject=Hi',
					icon: 'mail',
					highlight: false,
				},
				{
					linkId: 'e',
					title: 'Same mail',
					url: 'mailto:ada@example.com',
					icon: 'mail',
					highlight: false,
				},
				{ linkId: 'f', title: 'Phone', url: 'tel:+442079460000', icon: 'phone', highlight: false },
				{
					linkId: 'g',
					title: 'LinkedIn',
					url: 'https://www.linkedin.com/in/ada',
					icon: 'linkedin',
					highlight: false,
				},
				{
					linkId: 'h',
					title: 'Odd "title";',
					url: 'https://odd.example/a;b,c',
					icon: 'link',
					highlight: false,
				},
			],
		})
		const card = lines.replace(/\r\n[ \t]/g, '').split('\r\n')
		expect(card).toContain('X-SOCIALPROFILE;TYPE=github:https://github.com/ada')
		expect(card).toContain('URL;TYPE="Book a call, now":https://ada.example/book')
		expect(card).toContain('URL;TYPE=Shop:https://shop.example')
		expect(card).toContain('EMAIL;TYPE=INTERNET:hello@ada.example')
		expect(card).toContain('TEL;TYPE=VOICE:+442079460000')
		expect(card).toContain('URL;TYPE="Odd title;":https://odd.example/a\\;b\\,c')
		// What the card holds already is not repeated.
		expect(card.filter((line) => line.includes('linkedin.com/in/ada'))).toHaveLength(1)
		expect(card.filter((line) => line.includes('ada@example.com'))).toHaveLength(1)
	})

	test('the card of /{pname}/contact.vcf: the live links only, a new card when a start passes', async () => {
		const owner = await ownerWithLinks()
		const before = await atMoment(T - 1, () => readCard(owner.path!))
		expect(before).toContain('EMAIL;TYPE=INTERNET:hello@ada.example')
		expect(before).toContain('TEL;TYPE=VOICE:+442079460000')
		expect(before).toContain('X-SOCIALPROFILE;TYPE=shopify:https://shop.example.com/ada')
		expect(before).toContain('X-SOCIALPROFILE;TYPE=github:https://github.com/ada')
		expect(before).toContain('X-SOCIALPROFILE;TYPE=mastodon:https://mastodon.social/@ada')
		expect(before).toContain('URL;TYPE=Talks:https://www.ada.example/talks')
		expect(before.join('\n')).not.toMatch(/secret\.example|launch\.example/)
		const inside = await atMoment(T, () => readCard(owner.path!))
		expect(inside).toContain('URL;TYPE=Launch:https://launch.example')
		const after = await atMoment(T + hour, () => readCard(owner.path!))
		expect(after.join('\n')).not.toContain('launch.example')
	})
})
