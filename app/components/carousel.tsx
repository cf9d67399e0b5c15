import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { controlCarousel } from '~/utils/carousel'
import { ArrowRightIcon } from './icons'

/** A slide's name: its place among the slides. */
const SLIDE = msg({ message: '{position} of {count}' })

/**
 * A scroll-snap carousel (WAI-ARIA carousel pattern): every 3 seconds (`CAROUSEL_INTERVAL_MS`) it moves
 * one card width and wraps to the start after the last; it pauses while hovered or focused, off
 * screen or in a background tab, and does not move by itself when the visitor prefers reduced
 * motion. Previous/next buttons and
 * swiping always work. The behaviour lives in `controlCarousel` (app/utils/carousel.ts), which
 * visitors' pages run without React; with no JavaScript at all the cards still scroll by touch
 * and keyboard (the buttons stay hidden).
 */
export function Carousel({ label, slides }: { label: string; slides: ReactNode[] }) {
	const { t, i18n } = useLingui()
	const rootRef = useRef<HTMLDivElement>(null)
	const id = useId()
	useEffect(() => {
		if (rootRef.current) return controlCarousel(rootRef.current)
	}, [slides.length])

	return (
		<div
			ref={rootRef}
			role="region"
			aria-roledescription={t`carousel`}
			aria-label={label}
			className="relative"
			data-carousel=""
		>
			<div
				id={`${id}-track`}
				data-carousel-track=""
				aria-live="polite"
				className="-mx-1 flex snap-x snap-mandatory scroll-px-1 [scrollbar-width:thin] gap-4 overflow-x-auto scroll-smooth px-1 pt-1 pb-3"
			>
				{slides.map((slide, index) => (
					<div
						key={index}
						role="group"
						aria-roledescription={t`slide`}
						aria-label={i18n._(
							SLIDE.id,
							{ position: index + 1, count: slides.length },
							{ message: SLIDE.message },
						)}
						className="relative w-[85%] shrink-0 snap-start sm:w-[calc(50%-0.5rem)]"
					>
						{slide}
					</div>
				))}
			</div>
			{/* Shown by controlCarousel when the cards overflow the track. */}
			<div data-carousel-controls="" hidden className="mt-2 flex items-center justify-end gap-2">
				<MoveButton track={`${id}-track`} move={-1} label={t`Previous slide`} />
				<MoveButton track={`${id}-track`} move={1} label={t`Next slide`} />
			</div>
		</div>
	)
}

/**
 * A button that scrolls the track a slide back (-1) or on (1). Its arrow points the way the
 * cards come from: right to left, 'next' points left.
 */
function MoveButton({ track, move, label }: { track: string; move: -1 | 1; label: string }) {
	return (
		<button
			type="button"
			className="btn-secondary size-10 min-h-10 rounded-full p-0"
			aria-controls={track}
			aria-label={label}
			data-carousel-move={move}
		>
			<ArrowRightIcon
				className={move < 0 ? 'size-4 rotate-180 rtl:-scale-x-100' : 'size-4 rtl:-scale-x-100'}
			/>
		</button>
	)
}
