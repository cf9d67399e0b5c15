/**
 * Link previews and search: title, description, canonical URL, Open Graph, Twitter card and
 * JSON-LD for every public page, built from loader data.
 */
import { type HeadersFunction, type MetaDescriptor } from '@remix-run/node'
import { appearanceTag, shortHash, type Appearance } from './appearance'
import { graphemes } from './text'

type PageMeta = {
	title: string
	description: string
	url: string
	image?: string | null
	imageAlt?: string
	type: 'profile' | 'article' | 'website'
	jsonLd?: Record<string, unknown>
	profile?: { firstName?: string; lastName?: string; username?: string }
}

/**
 * Cache-Control of public pages: browsers revalidate every time (ETag), a CDN may serve a page
 * for 10 seconds and a stale copy for a minute while it fetches the new one.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60'

/**
 * The headers of a visitor's page: a CDN may serve it for a few seconds (PUBLIC_PAGE_CACHE), so
 * an owner's edit shows quickly; it comes without scripts for `Save-Data: on`, so caches keep the
 * two apart. An error page is kept 10 seconds at most.
 */
export const publicPageHeaders: HeadersFunction = ({ errorHeaders }) =>
	errorHeaders
		? { 'Cache-Control': 'public, max-age=0, s-maxage=10', Vary: 'Save-Data' }
		: { 'Cache-Control': PUBLIC_PAGE_CACHE, Vary: 'Save-Data' }

/** The meta of a page search engines should not list: the builder, the account pages, a 404. */
export const noindexMeta = (title: string): MetaDescriptor[] => [
	{ title },
	{ name: 'robots', content: 'noindex' },
]

// Cut on a character boundary (an emoji is never split in two).
function clip(text: string, max = 200) {
	if (text.length <= max) return text
	const parts = graphemes(text)
	return parts.length > max
		? `${parts
				.slice(0, max - 1)
				.join('')
				.trimEnd()}…`
		: text
}

/**
 * An address as canonical links name it: an origin alone (a profile on its owner's own domain,
 * `https://jane.dev`) gets its path `/`.
 */
export const canonicalUrl = (url: string) => (/^https?:\/\/[^/?#]+$/i.test(url) ? `${url}/` : url)

export function pageMeta(page: PageMeta): MetaDescriptor[] {
	page = { ...page, url: canonicalUrl(page.url) }
	const description = clip(page.description.replace(/\s+/g, ' ').trim())
	const tags: MetaDescriptor[] = [
		{ title: page.title },
		{ name: 'description', content: description },
		{ tagName: 'link', rel: 'canonical', href: page.url },
		{ property: 'og:site_name', content: 'Tagg' },
		{ property: 'og:type', content: page.type },
		{ property: 'og:title', content: page.title },
		{ property: 'og:description', content: description },
		{ property: 'og:url', content: page.url },
		{ name: 'twitter:card', content: page.image ? 'summary_large_image' : 'summary' },
		{ name: 'twitter:title', content: page.title },
		{ name: 'twitter:description', content: description },
	]
	if (page.image) {
		tags.push(
			{ property: 'og:image', content: page.image },
			{ property: 'og:image:width', content: '1200' },
			{ property: 'og:image:height', content: '630' },
			{ property: 'og:image:alt', content: page.imageAlt ?? page.title },
			{ name: 'twitter:image', content: page.image },
		)
	}
	if (page.profile) {
		if (page.profile.firstName)
			tags.push({ property: 'profile:first_name', content: page.profile.firstName })
		if (page.profile.lastName)
			tags.push({ property: 'profile:last_name', content: page.profile.lastName })
		if (page.profile.username)
			tags.push({ property: 'profile:username', content: page.profile.username })
	}
	if (page.jsonLd) tags.push({ 'script:ld+json': page.jsonLd })
	return tags
}

export function fullName(name: { firstName: string; lastName: string }) {
	return [name.firstName, name.lastName].filter(Boolean).join(' ')
}

/**
 * The link-preview card of a profile (/{pname}/og.png). Its `v` changes with everything the
 * card shows (name, designation, place, picture, address, theme), so a CDN or a preview service
 * that keeps images by address fetches the new card after an edit.
 */
export function ogImageUrl(
	profileUrl: string,
	card: {
		name: { firstName: string; lastName: string }
		designation: string
		city: string
		country: string
		pictureUrl: string | null
		appearance: Appearance
	},
) {
	const shown = [
		card.name.firstName,
		card.name.lastName,
		card.designation,
		card.city,
		card.country,
		card.pictureUrl ?? '',
		profileUrl,
		appearanceTag(card.appearance),
	]
	return `${profileUrl}/og.png?v=${shortHash(shown.join('\n'))}`
}
