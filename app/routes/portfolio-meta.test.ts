import { describe, expect, test } from 'vitest'
import { createOwner, createPortfolio, createPortfolioImage } from '#tests/factories'
import { env } from '~/utils/env.server'
import { getProfile } from '~/models/profile.server'
import { ogImageUrl, PUBLIC_PAGE_CACHE } from '~/utils/seo'
import * as profileRoute from './$pname._index'
import * as listRoute from './$pname.portfolio._index'
import * as projectRoute from './$pname.portfolio.$id'
import * as resumeRoute from './$pname.resume'

type Tag = Record<string, unknown>

/** The meta tags Remix would render for a loader's data. */
function metaOf(route: typeof projectRoute | typeof listRoute, data: unknown): Tag[] {
	return route.meta({ data, params: {}, location: {} as never, matches: [] } as never) as Tag[]
}

function reader(tags: Tag[]) {
	return {
		title: tags.find((tag) => 'title' in tag)?.title,
		name: (name: string) => tags.find((tag) => tag.name === name)?.content,
		property: (property: string) => tags.find((tag) => tag.property === property)?.content,
		canonical: tags.find((tag) => tag.rel === 'canonical')?.href,
		jsonLd: tags.find((tag) => 'script:ld+json' in tag)?.['script:ld+json'] as
			Record<string, unknown> | undefined,
	}
}

async function loadProject(path: string, portfolioId: string) {
	return projectRoute.loader({
		request: new Request(`http://tagg.test/${path}/portfolio/${portfolioId}`),
		params: { pname: path, id: portfolioId },
		context: {},
	})
}

const cdn = (key: string) => `${env().CDN_URL}/${key}`

/** The owner's link card, the preview image of a page with no image of its own. */
const linkCard = async (ownerId: string, profileUrl: string) =>
	ogImageUrl(profileUrl, (await getProfile(ownerId))!)

describe('project page link previews', () => {
	test('title, first summary paragraph, canonical URL, article, the large cover and CreativeWork JSON-LD', async () => {
		const owner = await createOwner({ name: 'Ada Lovelace' })
		const item = await createPortfolio(owner.id, {
			productName: 'Analytical Engine notes',
			company: 'Babbage & Co',
			projectSummary: ['The first published algorithm.', 'Written as notes to a translation.'],
			skills: ['Mathematics', 'Technical Writing'],
			categories: ['Research', 'Mathematics'],
			industries: ['Education'],
			active: true,
		})
		await createPortfolioImage(owner.id, item.portfolioId, { active: true })
		// A featured image that visitors cannot see is never the cover.
		await createPortfolioImage(owner.id, item.portfolioId, { active: false, featured: true })
		const featured = await createPortfolioImage(owner.id, item.portfolioId, { featured: true })

		const data = await loadProject(owner.path!, item.portfolioId)
		const tags = metaOf(projectRoute, data)
		const meta = reader(tags)
		const profileUrl = `http://tagg.test/${owner.path}`
		const url = `${profileUrl}/portfolio/${item.portfolioId}`

		expect(meta.title).toBe('Analytical Engine notes – Ada Lovelace | Tagg')
		expect(meta.name('description')).toBe('The first published algorithm.')
		expect(meta.canonical).toBe(url)
		expect(meta.property('og:type')).toBe('article')
		expect(meta.property('og:url')).toBe(url)
		expect(meta.property('og:title')).toBe('Analytical Engine notes – Ada Lovelace | Tagg')
		expect(meta.property('og:description')).toBe('The first published algorithm.')
		expect(meta.property('og:image')).toBe(cdn(featured.key))
		// The generated card's 1200 x 630 does not describe a cover.
		expect(meta.property('og:image:width')).toBeUndefined()
		expect(meta.property('og:image:height')).toBeUndefined()
		expect(meta.name('twitter:card')).toBe('summary_large_image')
		expect(meta.name('twitter:image')).toBe(cdn(featured.key))
		expect(meta.name('twitter:title')).toBe('Analytical Engine notes – Ada Lovelace | Tagg')
		expect(meta.jsonLd).toEqual({
			'@context': 'https://schema.org',
			'@type': 'CreativeWork',
			name: 'Analytical Engine notes',
			inLanguage: 'en',
			description: 'The first published algorithm.',
			url,
			image: cdn(featured.key),
			author: { '@type': 'Person', name: 'Ada Lovelace', url: profileUrl },
			keywords: 'Mathematics, Technical Writing, Research',
		})
	})

	test('without images the profile card is the image; an untitled project reads as in the spec', async () => {
		const owner = await createOwner({ name: 'Ada Lovelace' })
		const item = await createPortfolio(owner.id, { active: true, company: 'Babbage & Co' })
		await createPortfolioImage(owner.id, item.portfolioId, { active: false })
		const meta = reader(metaOf(projectRoute, await loadProject(owner.path!, item.portfolioId)))
		const profileUrl = `http://tagg.test/${owner.path}`

		expect(meta.title).toBe('Product Title Loading – Ada Lovelace | Tagg')
		expect(meta.name('description')).toBe('A project by Ada Lovelace for Babbage & Co.')
		expect(meta.property('og:image')).toBe(await linkCard(owner.id, profileUrl))
		expect(meta.property('og:image:width')).toBe('1200')
		expect(meta.jsonLd).toMatchObject({
			'@type': 'CreativeWork',
			name: 'Product Title Loading',
			image: await linkCard(owner.id, profileUrl),
			author: { '@type': 'Person', name: 'Ada Lovelace', url: profileUrl },
		})
		expect(meta.jsonLd).not.toHaveProperty('description')
		expect(meta.jsonLd).not.toHaveProperty('keywords')
	})

	test('an inactive project is a 404 without an index', async () => {
		const owner = await createOwner()
		const draft = await createPortfolio(owner.id, { productName: 'Draft', active: false })
		const thrown = await loadProject(owner.path!, draft.portfolioId).catch((error) => error)
		expect(thrown).toBeInstanceOf(Response)
		expect((thrown as Response).status).toBe(404)
		const meta = reader(
			projectRoute.meta({
				data: undefined,
				// Remix hands meta the thrown answer as an error response.
				error: { status: 404, statusText: 'Not Found', internal: false, data: null },
				params: {},
				matches: [],
			} as never) as Tag[],
		)
		expect(meta.title).toBe('Project not found | Tagg')
		expect(meta.name('robots')).toBe('noindex')
	})

	test('a public page that failed is titled as its error page reads: missing only for a 404', () => {
		const routes = [
			[profileRoute, 'Profile'],
			[listRoute, 'Portfolio'],
			[projectRoute, 'Project'],
			[resumeRoute, 'Resume'],
		] as const
		const answered = (status: number) => ({ status, statusText: '', internal: false, data: null })
		for (const [route, noun] of routes) {
			const titleFor = (error: unknown) => {
				const tags = route.meta({ data: undefined, error, params: {}, matches: [] } as never)
				return reader(tags as Tag[])
			}
			expect(titleFor(answered(404)).title).toBe(`${noun} not found | Tagg`)
			// The database is away: the page says "We’ll be right back", and so does its tab.
			expect(titleFor(answered(503)).title).toBe('We’ll be right back | Tagg')
			expect(titleFor(new Error('boom')).title).toBe('Something went wrong | Tagg')
			expect(titleFor(answered(503)).name('robots')).toBe('noindex')
		}
	})

	test('public project and list pages may be cached briefly by a CDN', () => {
		for (const route of [projectRoute, listRoute]) {
			const headers = route.headers({ errorHeaders: undefined } as never) as Record<string, string>
			expect(headers['Cache-Control']).toBe(PUBLIC_PAGE_CACHE)
		}
	})
})

describe('portfolio list link previews', () => {
	test('title, canonical URL, website, the profile card and an ItemList of active projects', async () => {
		const owner = await createOwner({ name: 'Ada Lovelace' })
		const first = await createPortfolio(owner.id, { productName: 'Engine notes', active: true })
		await createPortfolio(owner.id, { productName: 'Secret draft', active: false })
		const second = await createPortfolio(owner.id, { active: true })
		const data = await listRoute.loader({
			request: new Request(`http://tagg.test/${owner.path}/portfolio`),
			params: { pname: owner.path! },
			context: {},
		})
		const meta = reader(metaOf(listRoute, data))
		const profileUrl = `http://tagg.test/${owner.path}`

		expect(meta.title).toBe('Portfolio – Ada Lovelace | Tagg')
		expect(meta.name('description')).toBe(
			'Projects and case studies by Ada Lovelace. Engine notes.',
		)
		expect(meta.canonical).toBe(`${profileUrl}/portfolio`)
		expect(meta.property('og:type')).toBe('website')
		expect(meta.property('og:image')).toBe(await linkCard(owner.id, profileUrl))
		expect(meta.name('twitter:card')).toBe('summary_large_image')
		expect(meta.jsonLd).toMatchObject({
			'@type': 'CollectionPage',
			url: `${profileUrl}/portfolio`,
			author: { '@type': 'Person', name: 'Ada Lovelace', url: profileUrl },
			mainEntity: {
				'@type': 'ItemList',
				itemListElement: [
					{
						'@type': 'ListItem',
						position: 1,
						url: `${profileUrl}/portfolio/${first.portfolioId}`,
						name: 'Engine notes',
					},
					{
						'@type': 'ListItem',
						position: 2,
						url: `${profileUrl}/portfolio/${second.portfolioId}`,
						name: 'Product Title Loading',
					},
				],
			},
		})
		expect(JSON.stringify(meta.jsonLd)).not.toContain('Secret draft')
	})
})
