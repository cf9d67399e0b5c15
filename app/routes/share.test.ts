import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { DEMO_OWNER, seedDemoOwner } from '#tests/fixtures/demo-owner'
import { callRoute } from '#tests/route'
import { createPortfolio } from '~/models/portfolio.server'
import { loader as vcard } from './$pname.contact[.]vcf'
import { loader as og } from './$pname.og[.]png'
import { loader as qr } from './$pname.qr[.]png'
import { loader as robots } from './robots[.]txt'
import { loader as sitemap } from './sitemap[.]xml'
import { getProfile, updateProfile } from '~/models/profile.server'
import { ogImageUrl } from '~/utils/seo'

describe('share files of a profile', () => {
	test('qr.png is a 512 px PNG that decodes to the exact public URL; ?download=1 names it', async () => {
		await seedDemoOwner()
		const response = await callRoute(qr, '/maya-torres/qr.png', {
			params: { pname: 'Maya-Torres' },
		})
		expect(response.headers.get('Content-Type')).toBe('image/png')
		expect(response.headers.get('Content-Disposition')).toBeNull()
		const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()))
		expect([png.width, png.height]).toEqual([512, 512])
		expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(
			`http://tagg.test/${DEMO_OWNER.path}`,
		)

		const download = await callRoute(qr, '/maya-torres/qr.png?download=1', {
			params: { pname: 'maya-torres' },
		})
		expect(download.headers.get('Content-Disposition')).toBe(
			'attachment; filename="Tagg-profile.png"',
		)
	})

	test('contact.vcf is a vCard 3.0 attachment with the profile fields', async () => {
		await seedDemoOwner()
		const response = await callRoute(vcard, '/maya-torres/contact.vcf', {
			params: { pname: 'maya-torres' },
		})
		expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="contact.vcf"')
		expect(response.headers.get('Content-Type')).toMatch(/^text\/vcard/)
		const text = (await response.text()).replace(/\r\n[ \t]/g, '')
		const lines = text.split('\r\n')
		expect(lines).toContain('VERSION:3.0')
		expect(lines).toContain('N:Torres;Maya;;;')
		expect(lines).toContain('FN:Maya Torres')
		expect(lines).toContain('ORG:')
		expect(lines).toContain('TITLE:Senior Product Designer')
		expect(lines).toContain('TEL;TYPE=WORK,VOICE:+351912345678')
		expect(lines).toContain('EMAIL;TYPE=INTERNET,WORK:hello@mayatorres.design')
		expect(lines).toContain('URL:https://mayatorres.design')
		expect(lines).toContain(
			'X-SOCIALPROFILE;TYPE=linkedin:https://www.linkedin.com/in/maya-torres-design',
		)
		expect(lines.some((line) => line.startsWith('X-SOCIALPROFILE;TYPE=facebook'))).toBe(false)
	})

	test('og.png is a 1200x630 card', async () => {
		await seedDemoOwner()
		const response = await callRoute(og, '/maya-torres/og.png', {
			params: { pname: 'maya-torres' },
		})
		const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
		expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630])
	})

	test('unknown names are 404', async () => {
		for (const loader of [qr, vcard, og]) {
			const response = await callRoute(loader, '/nobody/x', { params: { pname: 'nobody-at-all' } })
			expect(response.status).toBe(404)
		}
	})
})

describe('search engines', () => {
	test('sitemap.xml lists every claimed profile, its resume and active projects, not inactive ones', async () => {
		const owner = await createOwner()
		const unclaimed = await createOwner({ path: null })
		const active = await createPortfolio(owner.id, { productName: 'Shown', active: true })
		const inactive = await createPortfolio(owner.id, { productName: 'Hidden', active: false })
		const response = await callRoute(sitemap, '/sitemap.xml')
		expect(response.headers.get('Content-Type')).toMatch(/^application\/xml/)
		const xml = await response.text()
		expect(xml.startsWith('<?xml')).toBe(true)
		expect(xml.trim().endsWith('</urlset>')).toBe(true)
		expect(xml).toContain(`<loc>http://tagg.test/${owner.path}</loc>`)
		expect(xml).toContain(`<loc>http://tagg.test/${owner.path}/portfolio</loc>`)
		expect(xml).toContain(`<loc>http://tagg.test/${owner.path}/resume</loc>`)
		expect(xml).toContain(
			`<loc>http://tagg.test/${owner.path}/portfolio/${active.portfolioId}</loc>`,
		)
		expect(xml).not.toContain(inactive.portfolioId)
		expect(xml).not.toContain(unclaimed.id)
	})

	test('robots.txt points to the sitemap and keeps the builder out', async () => {
		const text = await (await callRoute(robots, '/robots.txt')).text()
		expect(text).toContain('Sitemap: http://tagg.test/sitemap.xml')
		expect(text).toContain('Disallow: /builder')
	})
})

describe('link previews', () => {
	test('the public profile has a title, description, canonical URL, Open Graph, Twitter card and JSON-LD: a ProfilePage whose main entity is the Person', async () => {
		await seedDemoOwner()
		const { loader, meta } = await import('./$pname._index')
		const data = await loader({
			request: new Request('http://tagg.test/maya-torres'),
			params: { pname: 'maya-torres' },
			context: {},
		})
		const tags = meta({ data, params: {}, location: {} as never, matches: [] } as never) as Array<
			Record<string, unknown>
		>
		const find = (key: string, value: string) => tags.find((tag) => tag[key] === value)
		expect(tags.find((tag) => 'title' in tag)?.title).toBe(
			'Maya Torres – Senior Product Designer | Tagg',
		)
		expect(find('name', 'description')?.content).toMatch(/^I design calm, useful software/)
		expect(tags.find((tag) => tag.rel === 'canonical')?.href).toBe('http://tagg.test/maya-torres')
		expect(find('property', 'og:type')?.content).toBe('profile')
		expect(find('property', 'og:url')?.content).toBe('http://tagg.test/maya-torres')
		expect(find('property', 'og:image')?.content).toMatch(
			/^http:\/\/tagg\.test\/maya-torres\/og\.png\?v=[0-9a-z]+$/,
		)
		expect(find('name', 'twitter:card')?.content).toBe('summary_large_image')
		const jsonLd = tags.find((tag) => 'script:ld+json' in tag)?.['script:ld+json'] as Record<
			string,
			unknown
		>
		expect(jsonLd).toMatchObject({
			'@context': 'https://schema.org',
			'@type': 'ProfilePage',
			url: 'http://tagg.test/maya-torres',
			mainEntity: {
				'@type': 'Person',
				name: 'Maya Torres',
				alternateName: 'maya-torres',
				jobTitle: 'Senior Product Designer',
				url: 'http://tagg.test/maya-torres',
				address: { addressLocality: 'Lisbon', addressCountry: 'Portugal' },
			},
		})
		expect((jsonLd.mainEntity as { sameAs: string[] }).sameAs).toContain(
			'https://www.linkedin.com/in/maya-torres-design',
		)
	})

	test("the card's address changes with what it shows, and every public page names the same card", async () => {
		const owner = await createOwner({ name: 'Ada Lovelace' })
		const profileUrl = `http://tagg.test/${owner.path}`
		const card = async () => ogImageUrl(profileUrl, (await getProfile(owner.id))!)
		const first = await card()
		// What the card does not show leaves its address alone.
		await updateProfile(owner.id, { tagline: 'Notes on the engine' })
		expect(await card()).toBe(first)
		const seen = new Set([first])
		for (const change of [
			{ designation: 'Analyst' },
			{ city: 'London' },
			{ country: 'England' },
			{ firstName: 'Augusta' },
			{ pictureVersion: 7 },
			{ accent: '#5b3fd6' },
		]) {
			await updateProfile(owner.id, change as never)
			const next = await card()
			expect(seen.has(next), JSON.stringify(change)).toBe(false)
			seen.add(next)
		}
		const latest = await card()
		const routes = [
			[await import('./$pname._index'), ''],
			[await import('./$pname.portfolio._index'), '/portfolio'],
			[await import('./$pname.resume'), '/resume'],
		] as const
		for (const [route, suffix] of routes) {
			const data = await route.loader({
				request: new Request(`${profileUrl}${suffix}`),
				params: { pname: owner.path! },
				context: {},
			})
			const tags = route.meta({ data, params: {}, matches: [] } as never) as Array<
				Record<string, unknown>
			>
			const image = tags.find((tag) => tag.property === 'og:image')?.content
			expect(image, suffix || '/').toBe(latest)
		}
	})
})
