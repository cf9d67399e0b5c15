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

/** A line with round ends, `width` wide (`fill="none"` for a curve). */
export function Stroke({
	d,
	color,
	width,
	fill,
}: {
	d: string
	color: string
	width: number | string
	fill?: 'none'
}) {
	return <path d={d} stroke={color} strokeWidth={width} fill={fill} strokeLinecap="round" />
}
