import { msg } from '@lingui/core/macro'
import { type LoaderFunctionArgs, type MetaDescriptor, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { metaI18n } from '~/utils/i18n'
import { errorMeta, GeneralErrorBoundary } from '~/components/error-boundary'
import { MISSING_TITLE } from '~/components/portfolio-card'
import { coverOf, PortfolioView } from '~/components/portfolio-view'
import { PublicPage } from '~/components/public-page'
import { getCustomerIdByPath } from '~/models/customer.server'
import { getPortfolio } from '~/models/portfolio.server'
import { getProfile } from '~/models/profile.server'
import { PUBLIC_PAGE } from '~/utils/document'
import { env } from '~/utils/env.server'
import { fullName as joinName, ogImageUrl, pageMeta, publicPageHeaders } from '~/utils/seo'
import { notFoundOrMoved } from '~/services/moved.server'

/** A visitor's view of one project: unknown and inactive projects are 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const customerId = await getCustomerIdByPath(params.pname ?? '')
	if (!customerId) throw await notFoundOrMoved(request, params.pname)
	const [profile, item] = await Promise.all([
		getProfile(customerId),
		getPortfolio(customerId, params.id ?? '', 'visitor'),
	])
	if (!profile?.path || !item) throw new Response('Not found', { status: 404 })
	return {
		item,
		name: profile.name,
		designation: profile.designation,
		pictureSmallUrl: profile.pictureSmallUrl,
		path: profile.path,
		profileUrl: `${env().PUBLIC_SITE_URL}/${profile.path}`,
		ogImage: ogImageUrl(`${env().PUBLIC_SITE_URL}/${profile.path}`, profile),
		// The page's theme, in its HTML (app/root.tsx).
		appearance: profile.appearance,
	}
}

export default function PublicProject() {
	const { item, name, designation, pictureSmallUrl, path, profileUrl, appearance } =
		useLoaderData<typeof loader>()
	return (
		<PublicPage
			profile={{ name, pictureSmallUrl }}
			path={path}
			profileUrl={profileUrl}
			accent={appearance.accent}
		>
			<PortfolioView
				item={item}
				mode={{
					kind: 'public',
					owner: {
						name: joinName(name) || path,
						designation,
						pictureUrl: pictureSmallUrl,
						profileHref: `/${path}`,
					},
				}}
				backHref={`/${path}/portfolio`}
				backLabel="All projects"
			/>
		</PublicPage>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
	if (!data) {
		const i18n = metaI18n(matches)
		return errorMeta(error, i18n._(msg`Project not found | Tagg`), i18n)
	}
	const { item, profileUrl } = data
	const owner = joinName(data.name) || data.path
	const title = item.productName || MISSING_TITLE
	const url = `${profileUrl}/portfolio/${item.portfolioId}`
	const description =
		item.projectSummary[0] ||
		[`A project by ${owner}`, item.company ? ` for ${item.company}` : '', '.'].join('')
	// The cover in its gallery size: the featured image, else the first (visitors get active ones).
	const cover = coverOf(item)?.pProductImageUrl
	const keywords = [...new Set([...item.skills, ...item.categories])]
	const tags = pageMeta({
		title: `${title} – ${owner} | Tagg`,
		description,
		url,
		type: 'article',
		image: cover ?? data.ogImage,
		imageAlt: cover ? `${title}: cover image` : `${owner} on Tagg`,
		jsonLd: {
			'@context': 'https://schema.org',
			'@type': 'CreativeWork',
			name: title,
			...(item.projectSummary[0] ? { description: item.projectSummary[0] } : {}),
			url,
			image: cover ?? data.ogImage,
			author: { '@type': 'Person', name: owner, url: profileUrl },
			...(keywords.length ? { keywords: keywords.join(', ') } : {}),
		},
	})
	// pageMeta states the 1200 x 630 size of the generated card; a cover has its own size.
	const sized = (tag: MetaDescriptor) =>
		'property' in tag && (tag.property === 'og:image:width' || tag.property === 'og:image:height')
	return cover ? tags.filter((tag) => !sized(tag)) : tags
}

export const headers = publicPageHeaders

export const handle = PUBLIC_PAGE

export const ErrorBoundary = GeneralErrorBoundary
