import { type MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { AuthLayout } from '~/components/auth-layout'
import { noindexMeta } from '~/utils/seo'

export const headers = () => ({ 'Cache-Control': 'private, no-store' })

/** Where a deleted account ends up (outside the builder layout: there is no session any more). */
export default function GoodbyePage() {
	return (
		<AuthLayout title="Your Tagg is deleted">
			<div role="status" className="border-brand-200 bg-brand-50 rounded-xl border px-4 py-3.5">
				<p className="font-medium">
					Your profile, resume, portfolio and images are gone, and you are signed out everywhere.
				</p>
				<p className="text-muted mt-2 text-sm">
					Your address is free for anyone to claim. Thank you for using Tagg.
				</p>
			</div>
			<p className="mt-8 text-center text-sm">
				<Link to="/signup" className="text-brand font-semibold hover:underline">
					Start again with a new account
				</Link>
			</p>
		</AuthLayout>
	)
}

export const meta: MetaFunction = () => noindexMeta('Goodbye | Tagg')
