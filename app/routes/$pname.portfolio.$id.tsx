import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { type LoaderFunctionArgs, type MetaDescriptor, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { optionLabel } from '~/data/options'
import { metaI18n } from '~/utils/i18n'
import { errorMeta, GeneralErrorBoundary } from '~/components/error-boundary'
import { MISSING_TITLE } from '~/components/portfolio-card'
import { coverOf, PortfolioView } from '~/components/portfolio-view'
import { ogLocale, PublicPage, publicPageErrorHeaders, SCHEMA } from '~/components/public-page'
import { getCustomerIdByPath } from '~/models/customer.server'
import { getPortfolio } from '~/models/portfolio.server'
import { getProfile } from '~/models/profile.server'
import { PUBLIC_PAGE } from '~/utils/document'
import { pagePath } from '~/components/page-base'
import { profileUrlFor, publicBase } from '~/utils/public-url.server'
import { fullName as joinName, ogImageUrl, pageMeta } from '~/utils/seo'
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
		// '' on the owner's domain, `/{pname}` else: the page's links (page-base.tsx).
		base: publicBase(request, profile.path).prefix,
		profileUrl: profileUrlFor(request, profile.path),
		ogImage: ogImageUrl(profileUrlFor(request, profile.path), profile),
		// The page's theme, in its HTML (app/root.tsx).
		appearance: profile.appearance,
		// The page speaks its owner's language, whoever reads it (app/root.tsx).
		locale: profile.language,
	}
}

export default function PublicProject() {
	const { t } = useLingui()
	const { item, name, designation, pictureSmallUrl, path, base, profileUrl, appearance } =
		useLoaderData<typeof loader>()
	return (
		<PublicPage
			profile={{ name, pictureSmallUrl }}
			path={path}
			profileUrl={profileUrl}
			base={base}
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
						profileHref: pagePath(base),
					},
				}}
				backHref={pagePath(base, '/portfolio')}
				backLabel={t`All projects`}
			/>
		</PublicPage>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
	const i18n = metaI18n(matches)
	if (!data) {
		return errorMeta(error, i18n._(msg`Project not found | Tagg`), i18n)
	}
	const { item, profileUrl } = data
	const name = joinName(data.name) || data.path
	const company = item.company
	const title = item.productName || i18n._(MISSING_TITLE)
	const url = `${profileUrl}/portfolio/${item.portfolioId}`
	const description =
		item.projectSummary[0] ||
		(company
			? i18n._(msg`A project by ${name} for ${company}.`)
			: i18n._(msg`A project by ${name}.`))
	// The cover in its gallery size: the featured image, else the first (visitors get active ones).
	const cover = coverOf(item)?.pProductImageUrl
	const keywords = [
		...new Set([
			...item.skills.map((skill) => optionLabel(i18n, 'skill', skill)),
			...item.categories.map((category) => optionLabel(i18n, 'category', category)),
		]),
	]
	const tags = pageMeta({
		title: i18n._(msg`${title} – ${name} | Tagg`),
		description,
		url,
		type: 'article',
		image: cover ?? data.ogImage,
		imageAlt: cover ? i18n._(msg`${title}: cover image`) : i18n._(msg`${name} on Tagg`),
		jsonLd: {
			'@context': 'https://schema.org',
			'@type': SCHEMA.creativeWork,
			name: title,
			inLanguage: data.locale,
			...(item.projectSummary[0] ? { description: item.projectSummary[0] } : {}),
			url,
			image: cover ?? data.ogImage,
			author: { '@type': SCHEMA.person, name, url: profileUrl },
			...(keywords.length ? { keywords: keywords.join(', ') } : {}),
		},
	})
	tags.push(ogLocale(data.locale))
	// pageMeta states the 1200 x 630 size of the generated card; a cover has its own size.
	const sized = (tag: MetaDescriptor) =>
		'property' in tag && (tag.property === 'og:image:width' || tag.property === 'og:image:height')
	return cover ? tags.filter((tag) => !sized(tag)) : tags
}

export const headers = publicPageErrorHeaders

export const handle = PUBLIC_PAGE

export const ErrorBoundary = GeneralErrorBoundary
