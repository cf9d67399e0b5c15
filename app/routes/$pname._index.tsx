import { msg } from '@lingui/core/macro'
import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Trans } from '@lingui/react/macro'
import { ContactIcon } from '~/components/icons'
import { contactFormOpen } from '~/models/contact.server'
import { pageHref, publicBase } from '~/utils/public-url.server'
import { metaI18n } from '~/utils/i18n'
import { errorMeta, GeneralErrorBoundary } from '~/components/error-boundary'
import { MyPortfolio } from '~/components/portfolio-card'
import { ProfileView } from '~/components/profile-view'
import { ogLocale, PublicPage, publicPageErrorHeaders, SCHEMA } from '~/components/public-page'
import { FindMeSheet } from '~/components/public-sheets'
import { iconDrawing } from '~/data/brand-icons'
import { getPublicProfilePage } from '~/models/public-page.server'
import { PUBLIC_PAGE } from '~/utils/document'
import { isWebLink } from '~/utils/links'
import { profileUrlFor } from '~/utils/public-url.server'
import { fullName, ogImageUrl, pageMeta } from '~/utils/seo'
import { placeName } from '~/utils/text'
import { notFoundOrMoved } from '~/services/moved.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const page = await getPublicProfilePage(params.pname ?? '')
	if (!page) throw await notFoundOrMoved(request, params.pname)
	const path = page.profile.path!
	// `https://{domain}` on the owner's own domain (app/utils/public-url.server.ts).
	const profileUrl = profileUrlFor(request, path)
	return {
		...page,
		path,
		// '' on the owner's domain, `/{pname}` else: the page's links (page-base.tsx).
		base: publicBase(request, path).prefix,
		profileUrl,
		ogImage: ogImageUrl(profileUrl, page.profile),
		// The page's theme, in its HTML (app/root.tsx).
		appearance: page.profile.appearance,
		// The page speaks its owner's language, whoever reads it (app/root.tsx).
		locale: page.profile.language,
		// The drawings of the icons the owner's live links use, and only those (the page is
		// rendered here and not hydrated: no script carries them).
		// 'Exchange contact': shown while the owner's form is open; a link to the form's
		// page, which the page's script opens as a dialog (app/utils/contact-dialog.ts).
		connectHref: (await contactFormOpen(page.profile.customerId))
			? pageHref(publicBase(request, path), '/connect')
			: null,
		linkIcons: Object.fromEntries(
			[...new Set(page.links.map((link) => link.icon))].map((slug) => [slug, iconDrawing(slug)]),
		),
	}
}

export default function PublicProfile() {
	const { profile, resume, email, path, profileUrl, portfolio, appearance, links, linkIcons } =
		useLoaderData<typeof loader>()
	const { connectHref, base } = useLoaderData<typeof loader>()
	return (
		<PublicPage
			profile={profile}
			path={path}
			profileUrl={profileUrl}
			base={base}
			accent={appearance.accent}
			sheets={
				<FindMeSheet firstName={profile.name.firstName} email={email} links={profile.socialLinks} />
			}
		>
			{(openShare) => (
				<ProfileView
					profile={profile}
					resume={resume}
					email={email}
					mode={{ kind: 'public' }}
					onShare={openShare}
					portfolio={<MyPortfolio {...portfolio} path={path} builder={false} />}
					profileUrl={profileUrl}
					links={links}
					linkIcons={linkIcons}
					cardActions={
						connectHref ? (
							// What a visitor who just met the owner reaches for first: full width, on top.
							<a href={connectHref} data-contact-dialog className="btn-primary w-full">
								<ContactIcon className="size-4" />
								<Trans>Exchange contact</Trans>
							</a>
						) : null
					}
				/>
			)}
		</PublicPage>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
	const i18n = metaI18n(matches)
	if (!data) {
		return errorMeta(error, i18n._(msg`Profile not found | Tagg`), i18n)
	}
	const { profile, path, profileUrl } = data
	const name = fullName(profile.name) || path
	const designation = profile.designation
	const description =
		profile.tagline ||
		[profile.designation, placeName(profile.city, profile.country)].filter(Boolean).join(' · ') ||
		i18n._(msg`${name} on Tagg`)
	// The owner's pages elsewhere: the social links, then the web links live now (a
	// mail address or a phone number is no page), each once.
	const sameAs = [
		...new Set([
			...Object.entries(profile.socialLinks)
				.filter(([field, value]) => field !== 'email' && field !== 'mobileNumber' && value)
				.map(([, value]) => value as string),
			...data.links.filter((link) => isWebLink(link.url)).map((link) => link.url),
		]),
	]
	const person = {
		'@type': SCHEMA.person,
		name,
		alternateName: path,
		url: profileUrl,
		...(profile.designation ? { jobTitle: profile.designation } : {}),
		...(profile.tagline ? { description: profile.tagline } : {}),
		...(profile.pictureUrl ? { image: profile.pictureUrl } : {}),
		...(profile.city || profile.country
			? {
					address: {
						'@type': SCHEMA.postalAddress,
						...(profile.city ? { addressLocality: profile.city } : {}),
						...(profile.country ? { addressCountry: profile.country } : {}),
					},
				}
			: {}),
		...(sameAs.length ? { sameAs } : {}),
	}
	const tags = pageMeta({
		title: designation ? i18n._(msg`${name} – ${designation} | Tagg`) : i18n._(msg`${name} | Tagg`),
		description,
		url: profileUrl,
		type: 'profile',
		image: data.ogImage,
		imageAlt: i18n._(msg`${name} on Tagg`),
		profile: { firstName: profile.name.firstName, lastName: profile.name.lastName, username: path },
		// Search engines' profile-page format: the page, whose main entity is the owner.
		jsonLd: {
			'@context': 'https://schema.org',
			'@type': SCHEMA.profilePage,
			url: profileUrl,
			inLanguage: data.locale,
			mainEntity: person,
		},
	})
	const resumeJson = `${profileUrl}/resume.json`
	return [
		...tags,
		ogLocale(data.locale),
		{ tagName: 'link', rel: 'alternate', type: 'application/json', href: resumeJson },
	]
}

export const headers = publicPageErrorHeaders

export const handle = PUBLIC_PAGE

export const ErrorBoundary = GeneralErrorBoundary
