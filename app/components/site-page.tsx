import { useLingui } from '@lingui/react/macro'
import { Link } from '@remix-run/react'
import { type ReactNode } from 'react'
import { cx } from '~/utils/misc'
import { Logo } from './logo'

/** A page of Tagg's own site (privacy, contact): the logo home, the page's title, its text. */
export function SitePage({
	title,
	className,
	children,
}: {
	title: string
	/** The gap between the page's parts. */
	className: string
	children?: ReactNode
}) {
	const { t } = useLingui()
	return (
		<main className={cx('mx-auto flex min-h-dvh max-w-2xl flex-col px-6 py-10', className)}>
			<Link to="/" aria-label={t`Tagg home`} className="self-start">
				<Logo />
			</Link>
			<h1 className="text-3xl font-bold tracking-tight">{title}</h1>
			{children}
		</main>
	)
}
