import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ProfileView, TopBar } from '~/components/profile-view'
import { ShareModal } from '~/components/share-modal'
import { getPublicProfilePage } from '~/models/public-page.server'
import { env } from '~/utils/env.server'

export async function loader({ params }: LoaderFunctionArgs) {
	const page = await getPublicProfilePage(params.pname ?? '')
	if (!page) throw new Response('Not found', { status: 404 })
	const path = page.profile.path!
	return { ...page, path, profileUrl: `${env().PUBLIC_SITE_URL}/${path}` }
}

export default function PublicProfile() {
	const { profile, resume, email, path, profileUrl } = useLoaderData<typeof loader>()
	const [shareOpen, setShareOpen] = useState(false)
	const name = [profile.name.firstName, profile.name.lastName].filter(Boolean).join(' ')
	return (
		<>
			<TopBar profile={profile} onShare={() => setShareOpen(true)} homeHref={`/${path}`} />
			<ProfileView
				profile={profile}
				resume={resume}
				email={email}
				mode={{ kind: 'public' }}
				onShare={() => setShareOpen(true)}
			/>
			<footer className="text-muted py-10 text-center text-xs">
				Made with{' '}
				<a href="/" className="text-brand font-semibold">
					Tagg
				</a>
			</footer>
			<ShareModal
				open={shareOpen}
				onOpenChange={setShareOpen}
				profileUrl={profileUrl}
				path={path}
				name={name}
			/>
		</>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
	if (!data) return [{ title: 'Profile not found | Tagg' }]
	const name =
		[data.profile.name.firstName, data.profile.name.lastName].filter(Boolean).join(' ') || data.path
	const description =
		data.profile.tagline ||
		[data.profile.designation, data.profile.city].filter(Boolean).join(' · ') ||
		`${name} on Tagg`
	return [
		{ title: `${name}${data.profile.designation ? ` – ${data.profile.designation}` : ''} | Tagg` },
		{ name: 'description', content: description },
	]
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
