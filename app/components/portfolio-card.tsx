/**
 * Portfolio cards (the public list and the profile's 'My Portfolio' carousel) and the
 * 'My Portfolio' section of the profile page.
 */
import { Link } from '@remix-run/react'
import { type PortfolioItem } from '~/models/portfolio.server'
import { listCardName, profileCardName, teaser } from '~/utils/text'
import { Carousel } from './carousel'
import { ArrowRightIcon, GridIcon } from './icons'
import { PlaceholderImage } from './placeholder-gallery'

export type CardItem = Pick<
	PortfolioItem,
	'portfolioId' | 'productName' | 'company' | 'projectSummary' | 'coverImage' | 'categories'
>

/** A missing title reads as in SPEC 2. */
export const MISSING_TITLE = 'Product Title Loading'

/** A cover: the item's cover image, else one of the placeholder illustrations. */
export function CoverImage({ item, index }: { item: CardItem; index: number }) {
	return (
		<div className="bg-canvas aspect-video overflow-hidden">
			{item.coverImage ? (
				<img
					src={item.coverImage}
					alt=""
					loading="lazy"
					decoding="async"
					width={640}
					height={360}
					className="size-full object-cover"
				/>
			) : (
				<PlaceholderImage variant={index} className="size-full" />
			)}
		</div>
	)
}

/**
 * One project card. `variant` decides the name rule: 'list' (the portfolio page: shortened when
 * longer than 32, cut at 30) or 'profile' (the carousel: shortened when longer than 30).
 */
export function PortfolioCard({
	item,
	href,
	index,
	variant,
}: {
	item: CardItem
	href: string
	index: number
	/** 'list': the portfolio page (an h2 under its h1); 'profile': the carousel (an h3). */
	variant: 'list' | 'profile'
}) {
	const Heading = variant === 'list' ? 'h2' : 'h3'
	const fullName = item.productName || MISSING_TITLE
	const name = variant === 'list' ? listCardName(fullName) : profileCardName(fullName)
	const summary = teaser(item.projectSummary)
	return (
		<article className="card flex h-full flex-col overflow-hidden">
			<CoverImage item={item} index={index} />
			<div className="flex flex-1 flex-col gap-2 p-4 sm:p-5">
				{item.company ? (
					<p className="text-brand-700 text-xs font-semibold tracking-wide uppercase">
						{item.company}
					</p>
				) : null}
				<Heading className="text-base leading-snug font-bold" title={fullName}>
					{name}
				</Heading>
				{summary ? <p className="text-ink/75 text-sm leading-relaxed">{summary}</p> : null}
				<Link to={href} className="btn-secondary mt-auto w-full">
					Know More<span className="sr-only"> about {fullName}</span>
					<ArrowRightIcon />
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
	if (!featured.length && !builder) return null
	const itemHref = (id: string) =>
		builder ? `/builder/portfolio/${id}` : `/${path}/portfolio/${id}`
	return (
		<section aria-labelledby="my-portfolio" className="card p-5 sm:p-7">
			<div className="mb-4 flex flex-wrap items-center justify-between gap-3">
				<h2 id="my-portfolio" className="text-lg font-bold tracking-tight">
					My Portfolio
				</h2>
				<div className="flex items-center gap-1">
					{activeCount > 3 ? (
						<Link
							to={`/${path}/portfolio`}
							className="btn-ghost text-brand-700 min-h-10 py-2 whitespace-nowrap"
						>
							View All
							<ArrowRightIcon />
						</Link>
					) : null}
					{builder ? (
						<Link to="/builder/portfolio" className="btn-secondary min-h-10 py-2 whitespace-nowrap">
							<GridIcon className="size-4" />
							Manage Portfolio
						</Link>
					) : null}
				</div>
			</div>
			{featured.length ? (
				<Carousel
					label="Featured projects"
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
					Add projects and mark up to 3 as active and featured to show them here
				</Link>
			)}
		</section>
	)
}
