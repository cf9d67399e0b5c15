/**
 * Portfolio cards (the public list and the profile's 'My Portfolio' carousel) and the
 * 'My Portfolio' section of the profile page.
 */
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@remix-run/react'
import { lazy, memo, Suspense } from 'react'
import { type PortfolioItem } from '~/models/portfolio.server'
import { focalPosition, projectSrcSet } from '~/utils/image-sizes'
import { listCardName, profileCardName, teaser } from '~/utils/text'
import { Carousel } from './carousel'
import { ArrowRightIcon, GridIcon } from './icons'
import { usePagePath } from './page-base'

export type CardItem = Pick<
	PortfolioItem,
	| 'portfolioId'
	| 'productName'
	| 'company'
	| 'projectSummary'
	| 'coverImage'
	| 'cover'
	| 'categories'
>

/** A missing title reads as in SPEC 2 (a message: `i18n._(MISSING_TITLE)`). */
export const MISSING_TITLE = msg`Product Title Loading`

// The placeholder drawings load only when a card has no cover image.
const PlaceholderImage = lazy(() =>
	import('./placeholder-gallery').then((module) => ({ default: module.PlaceholderImage })),
)

/**
 * How wide a card shows, for its cover's `sizes`: on the portfolio page, the page's width on a
 * phone, else one of two columns of a 3xl page (about 370 CSS px); in the profile's carousel
 * (app/components/carousel.tsx), a slide is 85% of the section's width on a phone (289 px at
 * 412) and half of it from 640 px (332 px at most). A phone then fetches the 640w rendition for
 * the carousel, not the 1600w one.
 */
const LIST_SIZES = '(min-width: 640px) 370px, calc(100vw - 2rem)'
const CAROUSEL_SIZES = '(min-width: 640px) 332px, calc(85vw - 3.8rem)'

/**
 * A cover: the item's cover image, else one of the placeholder illustrations. Memoised: the
 * placeholder is a lazy module, and its server-rendered boundary stays dehydrated until that code
 * arrives; a page that re-renders meanwhile (an owner opens an editor, a visitor Share) would
 * otherwise update the boundary, which React answers with an error (#421) and a second render.
 */
export const CoverImage = memo(function CoverImage({
	item,
	index,
	priority = false,
	variant = 'list',
}: {
	item: CardItem
	index: number
	/** The page's first picture (its largest content): loaded at once, not lazily. */
	priority?: boolean
	variant?: 'list' | 'profile'
}) {
	return (
		<div className="bg-canvas aspect-video overflow-hidden">
			{item.cover ? (
				<img
					src={item.cover.cardUrl}
					srcSet={projectSrcSet(item.cover)}
					sizes={variant === 'profile' ? CAROUSEL_SIZES : LIST_SIZES}
					alt=""
					loading={priority ? 'eager' : 'lazy'}
					fetchPriority={priority ? 'high' : undefined}
					decoding="async"
					width={640}
					height={360}
					// Cropped here, at display time, around the owner's focal point: the image is kept whole.
					style={{ objectPosition: focalPosition(item.cover.focalPoint) }}
					className="size-full object-cover"
				/>
			) : (
				<Suspense fallback={null}>
					<PlaceholderImage variant={index} className="size-full" />
				</Suspense>
			)}
		</div>
	)
})

/**
 * One project card. `variant` decides the name rule: 'list' (the portfolio page: shortened when
 * longer than 32, cut at 30) or 'profile' (the carousel: shortened when longer than 30).
 */
export function PortfolioCard({
	item,
	href,
	index,
	variant,
	priority = false,
}: {
	item: CardItem
	href: string
	index: number
	priority?: boolean
	/** 'list': the portfolio page (an h2 under its h1); 'profile': the carousel (an h3). */
	variant: 'list' | 'profile'
}) {
	const { i18n } = useLingui()
	const Heading = variant === 'list' ? 'h2' : 'h3'
	const fullName = item.productName || i18n._(MISSING_TITLE)
	const name = variant === 'list' ? listCardName(fullName) : profileCardName(fullName)
	const summary = teaser(item.projectSummary)
	return (
		<article className="card flex h-[100%] flex-col overflow-hidden">
			<CoverImage item={item} index={index} priority={priority} variant={variant} />
			<div className="flex min-w-0 flex-1 flex-col gap-2 p-4 sm:p-5">
				{item.company ? (
					<p
						dir="auto"
						title={item.company}
						// One line with an ellipsis, which (unlike truncate) never widens the card's column.
						className="text-brand-700 line-clamp-1 text-xs font-semibold tracking-wide wrap-anywhere uppercase"
					>
						{item.company}
					</p>
				) : null}
				<Heading
					dir="auto"
					className="text-base leading-snug font-bold wrap-anywhere"
					title={fullName}
				>
					{name}
				</Heading>
				{summary ? (
					<p dir="auto" className="text-ink/75 text-sm leading-relaxed wrap-anywhere">
						{summary}
					</p>
				) : null}
				<Link
					to={href}
					className="btn-secondary mt-auto w-full"
					data-track={`portfolio:${item.portfolioId}`}
				>
					<Trans>
						Know More<span className="sr-only"> about {fullName}</span>
					</Trans>
					<ArrowRightIcon className="size-4 rtl:-scale-x-100" />
				</Link>
			</div>
		</article>
	)
}

/**
 * The profile's 'My Portfolio' section: up to 3 featured active items in a carousel and 'View
 * All' when the owner has more than 3 active items. Visitors see nothing when it is empty; the
 * owner sees a prompt and a link to manage the portfolio.
 */
export function MyPortfolio({
	featured,
	activeCount,
	path,
	builder,
}: {
	featured: CardItem[]
	activeCount: number
	path: string
	builder: boolean
}) {
	const { t } = useLingui()
	const pagePath = usePagePath(path)
	if (!featured.length && !builder) return null
	const itemHref = (id: string) =>
		builder ? `/builder/portfolio/${id}` : pagePath(`/portfolio/${id}`)
	return (
		<section aria-labelledby="my-portfolio" className="card p-5 sm:p-7">
			<div className="mb-4 flex flex-wrap items-center justify-between gap-3">
				<h2 id="my-portfolio" className="text-lg font-bold tracking-tight">
					<Trans>My Portfolio</Trans>
				</h2>
				<div className="flex items-center gap-1">
					{activeCount > 3 ? (
						<Link
							to={pagePath('/portfolio')}
							className="btn-ghost text-brand-700 min-h-10 py-2 whitespace-nowrap"
						>
							<Trans>View All</Trans>
							<ArrowRightIcon className="size-4 rtl:-scale-x-100" />
						</Link>
					) : null}
					{builder ? (
						<Link to="/builder/portfolio" className="btn-secondary min-h-10 py-2 whitespace-nowrap">
							<GridIcon className="size-4" />
							<Trans>Manage Portfolio</Trans>
						</Link>
					) : null}
				</div>
			</div>
			{featured.length ? (
				<Carousel
					label={t`Featured projects`}
					slides={featured.map((item, index) => (
						<PortfolioCard
							key={item.portfolioId}
							item={item}
							index={index}
							href={itemHref(item.portfolioId)}
							variant="profile"
						/>
					))}
				/>
			) : (
				<Link
					to="/builder/portfolio"
					className="border-brand-200 bg-brand-50/40 text-brand-700 hover:border-brand hover:bg-brand-50 block w-full rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm font-medium transition-colors"
				>
					<Trans>Add projects and mark up to 3 as active and featured to show them here</Trans>
				</Link>
			)}
		</section>
	)
}
