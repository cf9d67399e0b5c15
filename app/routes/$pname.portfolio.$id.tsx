import {
	type HeadersFunction,
	type LoaderFunctionArgs,
	type MetaDescriptor,
	type MetaFunction,
} from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { lazy, Suspense, useState } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { MISSING_TITLE } from '~/components/portfolio-card'
import { PortfolioView } from '~/components/portfolio-view'
import { TopBar } from '~/components/profile-view'
import { ShareSheet } from '~/components/public-sheets'
import { getCustomerIdByPath } from '~/models/customer.server'
import { getPortfolio } from '~/models/portfolio.server'
import { getProfile } from '~/models/profile.server'
import { accentTag, appearanceTag } from '~/utils/appearance'
import { type PublicPageHandle } from '~/utils/document'
import { env } from '~/utils/env.server'
import { fullName as joinName, pageMeta, PUBLIC_PAGE_CACHE } from '~/utils/seo'
import { notFoundOrMoved } from '~/services/moved.server'

// The share modal (and the dialog code under it) loads when a visitor first asks for it.
const ShareModal = lazy(() =>
	import('~/components/share-modal').then((module) => ({ default: module.ShareModal })),
)

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
		path: profile.path,
		profileUrl: `${env().PUBLIC_SITE_URL}/${profile.path}`,
		// The page's theme, in its HTML (app/root.tsx).
		appearance: profile.appearance,
	}
}

export default function PublicProject() {
	const { item, name, path, profileUrl, appearance } = useLoaderData<typeof loader>()
	const [shareOpen, setShareOpen] = useState(false)
	const [shareUsed, setShareUsed] = useState(false)
	const openShare = () => {
		setShareUsed(true)
		setShareOpen(true)
	}
	const fullName = [name.firstName, name.lastName].filter(Boolean).join(' ')
	return (
		<>
			<TopBar profile={{ name }} onShare={openShare} homeHref={`/${path}`} />
			<PortfolioView
				item={item}
				mode={{ kind: 'public' }}
				backHref={`/${path}/portfolio`}
				backLabel="All projects"
			/>
			<footer className="text-muted py-10 text-center text-xs">
				Made with{' '}
				<a href="/" className="text-brand font-semibold">
					Tagg
				</a>
			</footer>
			<ShareSheet
				profileUrl={profileUrl}
				path={path}
				name={fullName}
				qrTag={accentTag(appearance.accent)}
			/>
			{shareUsed ? (
				<Suspense fallback={null}>
					<ShareModal
						open={shareOpen}
						onOpenChange={setShareOpen}
						profileUrl={profileUrl}
						path={path}
						name={fullName}
						qrTag={accentTag(appearance.accent)}
					/>
				</Suspense>
			) : null}
		</>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
	if (!data) return [{ title: 'Project not found | Tagg' }, { name: 'robots', content: 'noindex' }]
	const { item, profileUrl } = data
	const owner = joinName(data.name) || data.path
	const title = item.productName || MISSING_TITLE
	const url = `${profileUrl}/portfolio/${item.portfolioId}`
	const description =
		item.projectSummary[0] ||
		[`A project by ${owner}`, item.company ? ` for ${item.company}` : '', '.'].join('')
	// The cover in its large size: the featured image, else the first (visitors get active ones).
	const cover = (item.displayImages.find((image) => image.featured) ?? item.displayImages[0])
		?.pProductImageUrl
	const keywords = [...new Set([...item.skills, ...item.categories])]
	const tags = pageMeta({
		title: `${title} – ${owner} | Tagg`,
		description,
		url,
		type: 'article',
		image: cover ?? `${profileUrl}/og.png?v=${appearanceTag(data.appearance)}`,
		imageAlt: cover ? `${title}: cover image` : `${owner} on Tagg`,
		jsonLd: {
			'@context': 'https://schema.org',
			'@type': 'CreativeWork',
			name: title,
			...(item.projectSummary[0] ? { description: item.projectSummary[0] } : {}),
			url,
			image: cover ?? `${profileUrl}/og.png?v=${appearanceTag(data.appearance)}`,
			author: { '@type': 'Person', name: owner, url: profileUrl },
			...(keywords.length ? { keywords: keywords.join(', ') } : {}),
		},
	})
	// pageMeta states the 1200 x 630 size of the generated card; a cover has its own size.
	const sized = (tag: MetaDescriptor) =>
		'property' in tag && (tag.property === 'og:image:width' || tag.property === 'og:image:height')
	return cover ? tags.filter((tag) => !sized(tag)) : tags
}

/**
 * Public pages may be served by a CDN for a few seconds, so an owner's edit shows quickly; they
 * come without scripts for `Save-Data: on`, so caches keep the two apart.
 */
export const headers: HeadersFunction = ({ errorHeaders }) =>
	errorHeaders
		? { 'Cache-Control': 'public, max-age=0, s-maxage=10', Vary: 'Save-Data' }
		: { 'Cache-Control': PUBLIC_PAGE_CACHE, Vary: 'Save-Data' }

/** A visitor's page: its own small script, none with Save-Data (app/root.tsx). */
export const handle: PublicPageHandle = { publicPage: true }

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
