import { type I18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { metaI18n } from '~/utils/i18n'
import { errorMeta, GeneralErrorBoundary } from '~/components/error-boundary'
import { DEFAULT_AVATAR } from '~/components/avatar'
import { ArrowRightIcon } from '~/components/icons'
import { PlaceholderImage } from '~/components/placeholder-gallery'
import { MISSING_TITLE, PortfolioCard } from '~/components/portfolio-card'
import { ogLocale, PublicPage, publicPageErrorHeaders, SCHEMA } from '~/components/public-page'
import { getCustomerIdByPath } from '~/models/customer.server'
import { listPortfolioCards } from '~/models/portfolio/lists.server'
import { getProfile } from '~/models/profile.server'
import { PUBLIC_PAGE } from '~/utils/document'
import { pagePath } from '~/components/page-base'
import { profileUrlFor, publicBase } from '~/utils/public-url.server'
import { decodeCursor, PAGE_SIZE_DEFAULT } from '~/utils/pagination.server'
import { fullName as joinName, ogImageUrl, pageMeta } from '~/utils/seo'
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
		// '' on the owner's domain, `/{pname}` else: the page's links (page-base.tsx).
		base: publicBase(request, profile.path).prefix,
		items: page.items,
		next: page.next,
		isFirstPage: !after,
		profileUrl: profileUrlFor(request, profile.path),
		ogImage: ogImageUrl(profileUrlFor(request, profile.path), profile),
		// The page's theme, in its HTML (app/root.tsx).
		appearance: profile.appearance,
		// The page speaks its owner's language, whoever reads it (app/root.tsx).
		locale: profile.language,
	}
}

export default function PublicPortfolio() {
	const { t } = useLingui()
	const { pictureSmallUrl, path, base, profileUrl, items, next, isFirstPage, appearance, ...data } =
		useLoaderData<typeof loader>()
	const name = joinName(data.name)
	return (
		<PublicPage
			profile={{ name: data.name, pictureSmallUrl }}
			path={path}
			profileUrl={profileUrl}
			base={base}
			accent={appearance.accent}
		>
			<main className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:py-8">
				<Link
					to={pagePath(base)}
					className="text-muted hover:text-brand inline-flex items-center gap-1.5 self-start text-sm font-semibold"
				>
					<ArrowRightIcon className="size-4 rotate-180 rtl:-scale-x-100" />
					<Trans>Back to profile</Trans>
				</Link>
				<header className="flex items-center gap-4">
					<img
						src={pictureSmallUrl ?? DEFAULT_AVATAR}
						alt={name ? t`${name}'s display picture` : t`Display picture`}
						width={64}
						height={64}
						decoding="async"
						data-fallback={DEFAULT_AVATAR}
						className="bg-brand-50 fallback-picture size-16 shrink-0 rounded-full object-cover"
					/>
					<div className="min-w-0">
						<h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
							<Trans>Portfolio</Trans>
						</h1>
						{name ? (
							<p className="text-muted mt-1 wrap-anywhere">
								<Trans>
									Projects and case studies by <bdi>{name}</bdi>
								</Trans>
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
									href={pagePath(base, `/portfolio/${item.portfolioId}`)}
									variant="list"
									priority={index === 0}
								/>
							</li>
						))}
					</ul>
				) : (
					<section className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
						<PlaceholderImage variant={2} className="max-w-60 rounded-xl" />
						<p className="text-muted">
							<Trans>No projects to show yet.</Trans>
						</p>
					</section>
				)}
				<MorePages base={base} next={next} isFirstPage={isFirstPage} shown={items.length} />
			</main>
		</PublicPage>
	)
}

const SHOWN = msg({ message: '{shown, plural, one {# project shown} other {# projects shown}}' })

/**
 * A count's message for each plural category of the page's language, the count as `#`: the
 * public pages' script (app/entry.public.ts) picks one with `Intl.PluralRules`, no catalog.
 */
function pluralForms(i18n: I18n, message: MessageDescriptor) {
	const rules = new Intl.PluralRules(i18n.locale)
	const categories = rules.resolvedOptions().pluralCategories
	const forms: Record<string, string> = {}
	for (let count = 0; count < 200 && Object.keys(forms).length < categories.length; count++) {
		const category = rules.select(count)
		if (forms[category] !== undefined) continue
		forms[category] = i18n
			._(message.id, { shown: count }, { message: message.message })
			.replace(i18n.number(count), '#')
	}
	return forms
}

/**
 * 'Load more', a plain link to the next page: the public pages' script (app/entry.public.ts)
 * fetches it and adds its cards in place; without a script it opens the next page, which links
 * back to the first.
 */
function MorePages({
	base,
	next,
	isFirstPage,
	shown,
}: {
	base: string
	next: string | null
	isFirstPage: boolean
	shown: number
}) {
	const { t, i18n } = useLingui()
	if (!next && isFirstPage) return null
	return (
		<nav aria-label={t`More projects`} className="flex flex-col items-center gap-3">
			<p
				className="sr-only"
				aria-live="polite"
				data-more-status
				// For the page's script, which adds cards in place and says how many show now.
				data-forms={JSON.stringify(pluralForms(i18n, SHOWN))}
			>
				{i18n._(SHOWN.id, { shown }, { message: SHOWN.message })}
			</p>
			{next ? (
				<a
					href={pagePath(base, `/portfolio?cursor=${encodeURIComponent(next)}`)}
					className="btn-secondary min-w-40"
					data-load-more
					data-loading={t`Loading...`}
				>
					<Trans>Load more</Trans>
				</a>
			) : null}
			{isFirstPage ? null : (
				<Link to={pagePath(base, '/portfolio')} className="text-brand-700 text-sm font-semibold">
					<Trans>Back to the first projects</Trans>
				</Link>
			)}
		</nav>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
	const i18n = metaI18n(matches)
	if (!data) {
		return errorMeta(error, i18n._(msg`Portfolio not found | Tagg`), i18n)
	}
	const name = joinName(data.name) || data.path
	const designation = data.designation
	const url = `${data.profileUrl}/portfolio`
	const names = data.items.map((item) => item.productName).filter(Boolean)
	const comma = data.locale === 'ar' ? '، ' : ', '
	const shownNames = names.slice(0, 5).join(comma)
	return [
		...pageMeta({
			title: i18n._(msg`Portfolio – ${name} | Tagg`),
			description: [
				designation
					? i18n._(msg`Projects and case studies by ${name}, ${designation}.`)
					: i18n._(msg`Projects and case studies by ${name}.`),
				names.length > 5
					? i18n._(msg`${shownNames} and more.`)
					: names.length
						? `${shownNames}.`
						: '',
			]
				.filter(Boolean)
				.join(' '),
			url,
			type: 'website',
			image: data.ogImage,
			imageAlt: i18n._(msg`${name} on Tagg`),
			jsonLd: {
				'@context': 'https://schema.org',
				'@type': SCHEMA.collectionPage,
				name: i18n._(msg`Portfolio – ${name}`),
				inLanguage: data.locale,
				url,
				author: { '@type': SCHEMA.person, name, url: data.profileUrl },
				mainEntity: {
					'@type': SCHEMA.itemList,
					itemListElement: data.items.map((item, index) => ({
						'@type': SCHEMA.listItem,
						position: index + 1,
						url: `${url}/${item.portfolioId}`,
						name: item.productName || i18n._(MISSING_TITLE),
					})),
				},
			},
		}),
		ogLocale(data.locale),
	]
}

export const headers = publicPageErrorHeaders

export const handle = PUBLIC_PAGE

export const ErrorBoundary = GeneralErrorBoundary
