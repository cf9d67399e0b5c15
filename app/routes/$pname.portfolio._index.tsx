import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ArrowRightIcon } from '~/components/icons'
import { PlaceholderImage } from '~/components/placeholder-gallery'
import { PortfolioCard } from '~/components/portfolio-card'
import { TopBar } from '~/components/profile-view'
import { ShareModal } from '~/components/share-modal'
import { getCustomerIdByPath } from '~/models/customer.server'
import { listPortfolios } from '~/models/portfolio.server'
import { getProfile } from '~/models/profile.server'
import { env } from '~/utils/env.server'

export async function loader({ params }: LoaderFunctionArgs) {
	const customerId = await getCustomerIdByPath(params.pname ?? '')
	if (!customerId) throw new Response('Not found', { status: 404 })
	const [profile, items] = await Promise.all([
		getProfile(customerId),
		listPortfolios(customerId, 'active'),
	])
	if (!profile?.path) throw new Response('Not found', { status: 404 })
	return {
		name: profile.name,
		path: profile.path,
		items,
		profileUrl: `${env().PUBLIC_SITE_URL}/${profile.path}`,
	}
}

export default function PublicPortfolio() {
	const { name, path, items, profileUrl } = useLoaderData<typeof loader>()
	const [shareOpen, setShareOpen] = useState(false)
	const fullName = [name.firstName, name.lastName].filter(Boolean).join(' ')
	return (
		<>
			<TopBar profile={{ name }} onShare={() => setShareOpen(true)} homeHref={`/${path}`} />
			<main className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:py-8">
				<Link
					to={`/${path}`}
					className="text-muted hover:text-brand inline-flex items-center gap-1.5 self-start text-sm font-semibold"
				>
					<ArrowRightIcon className="size-4 rotate-180" />
					Back to profile
				</Link>
				<header>
					<h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Portfolio</h1>
					{fullName ? (
						<p className="text-muted mt-1">Projects and case studies by {fullName}</p>
					) : null}
				</header>
				{items.length ? (
					<ul className="grid gap-4 sm:grid-cols-2">
						{items.map((item, index) => (
							<li key={item.portfolioId}>
								<PortfolioCard
									item={item}
									index={index}
									href={`/${path}/portfolio/${item.portfolioId}`}
									variant="list"
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
			</main>
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
	if (!data) return [{ title: 'Portfolio not found | Tagg' }]
	const name = [data.name.firstName, data.name.lastName].filter(Boolean).join(' ') || data.path
	return [
		{ title: `Portfolio – ${name} | Tagg` },
		{ name: 'description', content: `Projects and case studies by ${name} on Tagg.` },
	]
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary />
}
