import { type ReactNode } from 'react'
import { cx } from '~/utils/misc'

/** A card of the Settings page: a heading that names the region, a line on what it does, its forms. */
export function Section({
	id,
	title,
	description,
	children,
	danger,
}: {
	id: string
	title: string
	description: ReactNode
	children: ReactNode
	danger?: boolean
}) {
	return (
		<section
			id={id}
			aria-labelledby={`${id}-title`}
			className={cx('card scroll-mt-20 p-5 sm:p-6', danger && 'border-red-200')}
		>
			<h2 id={`${id}-title`} className={cx('text-lg font-bold', danger && 'text-red-800')}>
				{title}
			</h2>
			<div className="text-muted mt-1 text-sm">{description}</div>
			<div className="mt-5">{children}</div>
		</section>
	)
}
