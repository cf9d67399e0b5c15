import { type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { lazy, Suspense, useState } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { MyPortfolio } from '~/components/portfolio-card'
import { ProfileView, TopBar } from '~/components/profile-view'
import { FindMeSheet, ShareSheet } from '~/components/public-sheets'
import { getPublicProfilePage } from '~/models/public-page.server'
import { accentTag, appearanceTag } from '~/utils/appearance'
import { type PublicPageHandle } from '~/utils/document'
import { env } from '~/utils/env.server'
import { fullName, pageMeta, PUBLIC_PAGE_CACHE } from '~/utils/seo'
import { notFoundOrMoved } from '~/services/moved.server'

// The share modal (and the dialog code under it) loads when a visitor first asks for it.
const loadShareModal = () => import('~/components/share-modal')
const ShareModal = lazy(() => loadShareModal().then((module) => ({ default: module.ShareModal })))

export async function loader({ request, params }: LoaderFunctionArgs) {
	const page = await getPublicProfilePage(params.pname ?? '')
	if (!page) throw await notFoundOrMoved(request, params.pname)
	const path = page.profile.path!
	return {
		...page,
		path,
		profileUrl: `${env().PUBLIC_SITE_URL}/${path}`,
		// The page's theme, in its HTML (app/root.tsx).
		appearance: page.profile.appearance,
	}
}

export default function PublicProfile() {
	const { profile, resume, email, path, profileUrl, portfolio, appearance } =
		useLoaderData<typeof loader>()
	const qrTag = accentTag(appearance.accent)
	const [shareOpen, setShareOpen] = useState(false)
	const [shareUsed, setShareUsed] = useState(false)
	const openShare = () => {
		setShareUsed(true)
		setShareOpen(true)
	}
	const name = [profile.name.firstName, profile.name.lastName].filter(Boolean).join(' ')
	return (
		<>
			<TopBar profile={profile} onShare={openShare} homeHref={`/${path}`} />
			<ProfileView
				profile={profile}
				resume={resume}
				email={email}
				mode={{ kind: 'public' }}
				onShare={openShare}
				portfolio={<MyPortfolio {...portfolio} path={path} builder={false} />}
			/>
			<footer className="text-muted py-10 text-center text-xs">
				Made with{' '}
				<a href="/" className="text-brand font-semibold">
					Tagg
				</a>
			</footer>
			<ShareSheet profileUrl={profileUrl} path={path} name={name} qrTag={qrTag} />
			<FindMeSheet firstName={profile.name.firstName} email={email} links={profile.socialLinks} />
			{shareUsed ? (
				<Suspense fallback={null}>
					<ShareModal
						open={shareOpen}
						onOpenChange={setShareOpen}
						profileUrl={profileUrl}
						path={path}
						name={name}
						qrTag={qrTag}
					/>
				</Suspense>
			) : null}
		</>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
	if (!data) return [{ title: 'Profile not found | Tagg' }, { name: 'robots', content: 'noindex' }]
	const { profile, path, profileUrl } = data
	const name = fullName(profile.name) || path
	const description =
		profile.tagline ||
		[profile.designation, [profile.city, profile.country].filter(Boolean).join(', ')]
			.filter(Boolean)
			.join(' · ') ||
		`${name} on Tagg`
	const sameAs = Object.entries(profile.socialLinks)
		.filter(([field, value]) => field !== 'email' && field !== 'mobileNumber' && value)
		.map(([, value]) => value)
	const tags = pageMeta({
		title: `${name}${profile.designation ? ` – ${profile.designation}` : ''} | Tagg`,
		description,
		url: profileUrl,
		type: 'profile',
		image: `${profileUrl}/og.png?v=${appearanceTag(data.appearance)}`,
		imageAlt: `${name} on Tagg`,
		profile: { firstName: profile.name.firstName, lastName: profile.name.lastName, username: path },
		jsonLd: {
			'@context': 'https://schema.org',
			'@type': 'Person',
			name,
			url: profileUrl,
			...(profile.designation ? { jobTitle: profile.designation } : {}),
			...(profile.tagline ? { description: profile.tagline } : {}),
			...(profile.pictureUrl ? { image: profile.pictureUrl } : {}),
			...(profile.city || profile.country
				? {
						address: {
							'@type': 'PostalAddress',
							...(profile.city ? { addressLocality: profile.city } : {}),
							...(profile.country ? { addressCountry: profile.country } : {}),
						},
					}
				: {}),
			...(sameAs.length ? { sameAs } : {}),
		},
	})
	const resumeJson = `${profileUrl}/resume.json`
	return [
		...tags,
		{ tagName: 'link', rel: 'alternate', type: 'application/json', href: resumeJson },
	]
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
