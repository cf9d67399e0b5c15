import { Drawing, Stroke } from './drawing'

/**
 * The Tagg mark: a rounded tag with a punched hole, and the word mark beside it. On an owner's
 * pages it takes their accent (the page's brand colour).
 */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
	return (
		<Drawing viewBox="0 0 32 32" className={className}>
			<path
				d="M4 6.5A2.5 2.5 0 0 1 6.5 4h10.1a2.5 2.5 0 0 1 1.77.73l9.4 9.4a2.5 2.5 0 0 1 0 3.54l-9.9 9.9a2.5 2.5 0 0 1-3.54 0l-9.4-9.4A2.5 2.5 0 0 1 4 16.4Z"
				fill="var(--color-brand)"
			/>
			<circle cx="10.5" cy="10.5" r="2.6" fill="var(--color-on-brand)" />
			<Stroke d="M15 21.5l6.5-6.5" color="var(--color-on-brand)" width="2.4" />
		</Drawing>
	)
}

export function Logo({ className = '' }: { className?: string }) {
	return (
		// A word mark keeps its shape in a right-to-left page.
		<span
			dir="ltr"
			className={`inline-flex items-center gap-2 font-bold tracking-tight ${className}`}
		>
			<LogoMark className="size-8" />
			{/* The brand's word mark: never translated. */}
			{/* eslint-disable-next-line lingui/no-unlocalized-strings */}
			<span className="text-ink text-xl">Tagg</span>
		</span>
	)
}
