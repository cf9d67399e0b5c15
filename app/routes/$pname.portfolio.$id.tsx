import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { MISSING_TITLE } from '~/components/portfolio-card'
import { PortfolioView } from '~/components/portfolio-view'
import { TopBar } from '~/components/profile-view'
import { ShareModal } from '~/components/share-modal'
import { getCustomerIdByPath } from '~/models/customer.server'
import { getPortfolio } from '~/models/portfolio.server'
import { getProfile } from '~/models/profile.server'
import { env } from '~/utils/env.server'
import { teaser } from '~/utils/text'

/** A visitor's view of one project: unknown and inactive projects are 404. */
export async function loader({ params }: LoaderFunctionArgs) {
	const customerId = await getCustomerIdByPath(params.pname ?? '')
	if (!customerId) throw new Response('Not found', { status: 404 })
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
	}
}

export default function PublicProject() {
	const { item, name, path, profileUrl } = useLoaderData<typeof loader>()
	const [shareOpen, setShareOpen] = useState(false)
	const fullName = [name.firstName, name.lastName].filter(Boolean).join(' ')
	return (
		<>
			<TopBar profile={{ name }} onShare={() => setShareOpen(true)} homeHref={`/${path}`} />
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
			<ShareModal
				open={shareOpen}
				onOpenChange={setShareOpen}
				profileUrl={profileUrl}
				path={path}
				name={fullName}
			/>
		</>
	)
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
	if (!data) return [{ title: 'Project not found | Tagg' }]
	const owner = [data.name.firstName, data.name.lastName].filter(Boolean).join(' ') || data.path
	const title = data.item.productName || MISSING_TITLE
	return [
		{ title: `${title} – ${owner} | Tagg` },
		{
			name: 'description',
			content: teaser(data.item.projectSummary) || `A project by ${owner} on Tagg.`,
		},
	]
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
