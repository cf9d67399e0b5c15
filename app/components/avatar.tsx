import { useState } from 'react'
import { initials } from '~/utils/text'
import { cx } from '~/utils/misc'

export const DEFAULT_AVATAR = '/images/default-avatar.svg'

/** The display picture: the owner's WebP, else the default picture; falls back on load error. */
export function Avatar({
	src,
	firstName,
	lastName,
	className = 'size-28',
	priority = false,
}: {
	src: string | null
	firstName: string
	lastName: string
	className?: string
	priority?: boolean
}) {
	const [failed, setFailed] = useState(false)
	const name = [firstName, lastName].filter(Boolean).join(' ')
	const url = src && !failed ? src : DEFAULT_AVATAR
	return (
		<img
			src={url}
			alt={name ? `${name}'s display picture` : 'Display picture'}
			width={224}
			height={224}
			loading={priority ? 'eager' : 'lazy'}
			fetchPriority={priority ? 'high' : undefined}
			decoding="async"
			onError={() => setFailed(true)}
			className={cx('bg-brand-50 rounded-full object-cover', className)}
		/>
	)
}

/** The initials badge of the top bar: first and last name's letters, T and M by default. */
export function Initials({ firstName, lastName }: { firstName: string; lastName: string }) {
	return (
		<span
			className="bg-brand inline-flex size-10 items-center justify-center rounded-full text-sm font-bold tracking-wide text-white"
			aria-hidden="true"
		>
			{initials(firstName, lastName)}
		</span>
	)
}
