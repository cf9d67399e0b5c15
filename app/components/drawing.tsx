import { type ReactNode } from 'react'

/**
 * The frame of Tagg's own drawings (the logo, the illustrations): decorative, so hidden from
 * screen readers and never focused.
 */
export function Drawing({
	viewBox,
	className,
	children,
}: {
	viewBox: string
	className?: string
	children: ReactNode
}) {
	return (
		<svg viewBox={viewBox} className={className} aria-hidden="true" focusable="false">
			{children}
		</svg>
	)
}

/** A line with round ends, `width` wide (`fill="none"` for a curve, `join` for its corners). */
export function Stroke({
	d,
	color,
	width,
	fill,
	join,
}: {
	d: string
	color: string
	width: number | string
	fill?: 'none'
	join?: 'round'
}) {
	return (
		<path
			d={d}
			fill={fill}
			stroke={color}
			strokeWidth={width}
			strokeLinecap="round"
			strokeLinejoin={join}
		/>
	)
}
