import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { initials } from '~/utils/text'
import { cx } from '~/utils/cx'

export const DEFAULT_AVATAR = '/images/default-avatar.svg'

/**
 * The display picture: the owner's WebP, else the default picture; falls back on load error:
 * here once hydrated, through `data-fallback` on visitors' pages (app/entry.public.ts), and
 * with no script at all through CSS (`fallback-picture` in tailwind.css).
 */
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
	const { t } = useLingui()
	// The URL that failed to load; a new picture (a new `?v=`) is tried again.
	const [failedSrc, setFailedSrc] = useState<string | null>(null)
	const ref = useRef<HTMLImageElement>(null)
	const name = [firstName, lastName].filter(Boolean).join(' ')
	const url = src && src !== failedSrc ? src : DEFAULT_AVATAR
	// A server-rendered picture may fail before React is listening for its error event: check
	// once hydrated (a lazy picture that has not started loading has no currentSrc yet).
	useEffect(() => {
		const img = ref.current
		if (!img || !src || url !== src) return
		if (img.complete && img.naturalWidth === 0 && img.currentSrc) setFailedSrc(src)
	}, [src, url])
	return (
		<img
			ref={ref}
			src={url}
			alt={name ? t`${name}'s display picture` : t`Display picture`}
			width={224}
			height={224}
			loading={priority ? 'eager' : 'lazy'}
			fetchPriority={priority ? 'high' : undefined}
			decoding="async"
			onError={() => {
				if (src && url === src) setFailedSrc(src)
			}}
			data-fallback={DEFAULT_AVATAR}
			className={cx('bg-brand-50 fallback-picture rounded-full object-cover', className)}
		/>
	)
}

/** The initials badge of the top bar: first and last name's letters, T and M by default. */
export function Initials({ firstName, lastName }: { firstName: string; lastName: string }) {
	return (
		<span
			className="bg-brand text-on-brand inline-flex size-10 items-center justify-center rounded-full text-sm font-bold tracking-wide"
			aria-hidden="true"
		>
			{initials(firstName, lastName)}
		</span>
	)
}
