import { msg } from '@lingui/core/macro'
import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { metaI18n } from '~/utils/i18n'
import { errorMeta, GeneralErrorBoundary } from '~/components/error-boundary'
import { DEFAULT_AVATAR } from '~/components/avatar'
import { ArrowRightIcon } from '~/components/icons'
import { PlaceholderImage } from '~/components/placeholder-gallery'
import { MISSING_TITLE, PortfolioCard } from '~/components/portfolio-card'
import { PublicPage } from '~/components/public-page'
import { getCustomerIdByPath } from '~/models/customer.server'
import { listPortfolioCards } from '~/models/portfolio.server'
import { getProfile } from '~/models/profile.server'
import { PUBLIC_PAGE } from '~/utils/document'
import { env } from '~/utils/env.server'
import { decodeCursor, PAGE_SIZE_DEFAULT } from '~/utils/pagination.server'
import { fullName as joinName, ogImageUrl, pageMeta, publicPageHeaders } from '~/utils/seo'
import { notFoundOrMoved } from '~/services/moved.server'

/** A page of cards at a time; `?cursor=` (the 'Load more' link) gives the next one. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const customerId = await getCustomerIdByPath(params.pname ?? '')
	if (!customerId) throw await notFoundOrMoved(request, params.pname)
	const cursor = new URL(request.url).searchParams.get('cursor')
	const after = cursor ? decodeCursor(cursor) : null
	if (cursor && !after) throw new Response('Not found', { status: 404 })
	const [profile, page] = await Promise.all([
		getProfile(customerId),
		listPortfolioCards(customerId, { limit: PAGE_SIZE_DEFAULT, after }),
	])
	if (!profile?.path) throw new Response('Not found', { status: 404 })
	return {
		name: profile.name,
		designation: profile.designation,
		pictureSmallUrl: profile.pictureSmallUrl,
		path: profile.path,
		items: page.items,
		next: page.next,
		isFirstPage: !after,
		profileUrl: `${env().PUBLIC_SITE_URL}/${profile.path}`,
		ogImage: ogImageUrl(`${env().PUBLIC_SITE_URL}/${profile.path}`, profile),
		// The page's theme, in its HTML (app/root.tsx).
		appearance: profile.appearance,
	}
}

export default function PublicPortfolio() {
	const { name, pictureSmallUrl, path, profileUrl, items, next, isFirstPage, appearance } =
		useLoaderData<typeof loader>()
	const fullName = [name.firstName, name.lastName].filter(Boolean).join(' ')
	return (
		<PublicPage
			profile={{ name, pictureSmallUrl }}
			path={path}
			profileUrl={profileUrl}
			accent={appearance.accent}
		>
			<main className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:py-8">
				<Link
					to={`/${path}`}
					className="text-muted hover:text-brand inline-flex items-center gap-1.5 self-start text-sm font-semibold"
				>
					<ArrowRightIcon className="size-4 rotate-180" />
					Back to profile
				</Link>
				<header className="flex items-center gap-4">
					<img
						src={pictureSmallUrl ?? DEFAULT_AVATAR}
						alt={fullName ? `${fullName}'s display picture` : 'Display picture'}
						width={64}
						height={64}
						decoding="async"
						data-fallback={DEFAULT_AVATAR}
						className="bg-brand-50 fallback-picture size-16 shrink-0 rounded-full object-cover"
					/>
					<div className="min-w-0">
						<h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Portfolio</h1>
						{fullName ? (
							<p className="text-muted mt-1 wrap-anywhere">
								Projects and case studies by <span dir="auto">{fullName}</span>
							</p>
						) : null}
					</div>
				</header>
				{items.length ? (
					<ul className="grid gap-4 sm:grid-cols-2" data-cards>
						{items.map((item, index) => (
							<li key={item.portfolioId}>
								<PortfolioCard
									item={item}
									index={index}
									href={`/${path}/portfolio/${item.portfolioId}`}
									variant="list"
									priority={index === 0}
								/>
							</li>
						))}
					</ul>
				) : (
					<section className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
						<PlaceholderImage variant={2} className="max-w-60 rounded-xl" />
						<p className="text-muted">No projects to show yet.</p>
					</section>
				)}
				<MorePages path={path} next={next} isFirstPage={isFirstPage} shown={items.length} />
			</main>
		</PublicPage>
	)
}

/**
 * 'Load more', a plain link to the next page: the public pages' script (app/entry.public.ts)
 * fetches it and adds its cards in place; without a script it opens the next page, which links
 * back to the first.
 */
function MorePages({
	path,
	next,
	isFirstPage,
	shown,
}: {
	path: string
	next: string | null
	isFirstPage: boolean
	shown: number
}) {
	if (!next && isFirstPage) return null
	return (
		<nav aria-label="More projects" className="flex flex-col items-center gap-3">
			<p className="sr-only" aria-live="polite" data-more-status>
				{shown} projects shown
			</p>
			{next ? (
				<a
					href={`/${path}/portfolio?cursor=${encodeURIComponent(next)}`}
					className="btn-secondary min-w-40"
					data-load-more
				>
					Load more
				</a>
			) : null}
			{isFirstPage ? null : (
				<Link to={`/${path}/portfolio`} className="text-brand-700 text-sm font-semibold">
					Back to the first projects
				</Link>
			)}
		</nav>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
	if (!data) {
		const i18n = metaI18n(matches)
		return errorMeta(error, i18n._(msg`Portfolio not found | Tagg`), i18n)
	}
	const name = joinName(data.name) || data.path
	const url = `${data.profileUrl}/portfolio`
	const names = data.items.map((item) => item.productName).filter(Boolean)
	return pageMeta({
		title: `Portfolio – ${name} | Tagg`,
		description: [
			`Projects and case studies by ${name}${data.designation ? `, ${data.designation}` : ''}.`,
			names.length ? `${names.slice(0, 5).join(', ')}${names.length > 5 ? ' and more' : ''}.` : '',
		]
			.filter(Boolean)
			.join(' '),
		url,
		type: 'website',
		image: data.ogImage,
		imageAlt: `${name} on Tagg`,
		jsonLd: {
			'@context': 'https://schema.org',
			'@type': 'CollectionPage',
			name: `Portfolio – ${name}`,
			url,
			author: { '@type': 'Person', name, url: data.profileUrl },
			mainEntity: {
				'@type': 'ItemList',
				itemListElement: data.items.map((item, index) => ({
					'@type': 'ListItem',
					position: index + 1,
					url: `${url}/${item.portfolioId}`,
					name: item.productName || MISSING_TITLE,
				})),
			},
		},
	})
}

export const headers = publicPageHeaders

export const handle = PUBLIC_PAGE

export const ErrorBoundary = GeneralErrorBoundary
