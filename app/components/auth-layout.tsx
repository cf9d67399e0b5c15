import { Link } from '@remix-run/react'
import { type ReactNode } from 'react'
import { IllustrationWelcome } from './illustrations'
import { Logo } from './logo'

/** The frame of the signed-out screens: brand panel on desktop, a single column on a phone. */
export function AuthLayout({
	title,
	subtitle,
	children,
	illustration = <IllustrationWelcome className="w-full max-w-sm" />,
}: {
	title: ReactNode
	subtitle?: ReactNode
	children: ReactNode
	illustration?: ReactNode
}) {
	return (
		<div className="grid min-h-dvh lg:grid-cols-2">
			<aside className="bg-brand-50 hidden flex-col justify-between p-12 lg:flex">
				<Link to="/" aria-label="Tagg home" className="self-start">
					<Logo />
				</Link>
				<div className="flex flex-col items-center gap-8 text-center">
					{illustration}
					<p className="text-ink max-w-sm text-lg font-medium">
						Your profile, resume and portfolio at one address you can share anywhere.
					</p>
				</div>
				<p className="text-muted text-sm">Self-hosted with care.</p>
			</aside>
			<main className="flex flex-col px-6 py-8 sm:px-10 lg:justify-center">
				<Link to="/" aria-label="Tagg home" className="mb-10 self-start lg:hidden">
					<Logo />
				</Link>
				<div className="mx-auto w-full max-w-sm">
					<h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
					{subtitle ? <p className="text-muted mt-2">{subtitle}</p> : null}
					<div className="mt-8">{children}</div>
				</div>
			</main>
		</div>
	)
}
