import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { ArrowRightIcon } from './icons'

/** SPEC 9: the portfolio carousel advances every 3000 ms. */
export const CAROUSEL_INTERVAL_MS = 3000

function usePrefersReducedMotion() {
	const [reduce, setReduce] = useState(false)
	useEffect(() => {
		const query = window.matchMedia('(prefers-reduced-motion: reduce)')
		setReduce(query.matches)
		const onChange = () => setReduce(query.matches)
		query.addEventListener('change', onChange)
		return () => query.removeEventListener('change', onChange)
	}, [])
	return reduce
}

/**
 * A scroll-snap carousel (WAI-ARIA carousel pattern): every {@link CAROUSEL_INTERVAL_MS} it moves
 * one card width and wraps to the start after the last; it pauses while hovered or focused, and
 * does not move by itself when the visitor prefers reduced motion. Previous/next buttons and
 * swiping always work.
 */
export function Carousel({ label, slides }: { label: string; slides: ReactNode[] }) {
	const trackRef = useRef<HTMLDivElement>(null)
	const id = useId()
	const reduceMotion = usePrefersReducedMotion()
	const [hovered, setHovered] = useState(false)
	const [focused, setFocused] = useState(false)
	const [overflowing, setOverflowing] = useState(false)
	const playing = !reduceMotion && !hovered && !focused && overflowing

	useEffect(() => {
		const track = trackRef.current
		if (!track) return
		const measure = () => setOverflowing(track.scrollWidth - track.clientWidth > 1)
		measure()
		const observer = new ResizeObserver(measure)
		observer.observe(track)
		return () => observer.disconnect()
	}, [slides.length])

	/** One card width plus the gap between cards. */
	const step = useCallback(() => {
		const track = trackRef.current
		const first = track?.children[0] as HTMLElement | undefined
		const second = track?.children[1] as HTMLElement | undefined
		if (!first) return 0
		return second ? second.offsetLeft - first.offsetLeft : first.offsetWidth
	}, [])

	const move = useCallback(
		(direction: 1 | -1) => {
			const track = trackRef.current
			if (!track) return
			const max = track.scrollWidth - track.clientWidth
			const width = step()
			const behavior = reduceMotion ? 'auto' : 'smooth'
			// Snapping may stop the last card short of `max`: within half a card counts as the end.
			if (direction === 1 && track.scrollLeft >= max - width / 2) {
				track.scrollTo({ left: 0, behavior })
			} else if (direction === -1 && track.scrollLeft <= width / 2) {
				track.scrollTo({ left: max, behavior })
			} else {
				track.scrollBy({ left: direction * width, behavior })
			}
		},
		[reduceMotion, step],
	)

	useEffect(() => {
		if (!playing) return
		const timer = window.setInterval(() => move(1), CAROUSEL_INTERVAL_MS)
		return () => window.clearInterval(timer)
	}, [playing, move])

	return (
		<div
			role="region"
			aria-roledescription="carousel"
			aria-label={label}
			className="relative"
			onMouseEnter={() => setHovered(true)}
			onMouseLeave={() => setHovered(false)}
			onFocus={() => setFocused(true)}
			onBlur={(event) => {
				if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
			}}
		>
			<div
				ref={trackRef}
				id={`${id}-track`}
				aria-live={playing ? 'off' : 'polite'}
				className="-mx-1 flex snap-x snap-mandatory scroll-px-1 [scrollbar-width:thin] gap-4 overflow-x-auto scroll-smooth px-1 pt-1 pb-3"
			>
				{slides.map((slide, index) => (
					<div
						key={index}
						role="group"
						aria-roledescription="slide"
						aria-label={`${index + 1} of ${slides.length}`}
						className="relative w-[85%] shrink-0 snap-start sm:w-[calc(50%-0.5rem)]"
					>
						{slide}
					</div>
				))}
			</div>
			{overflowing ? (
				<div className="mt-2 flex items-center justify-end gap-2">
					<button
						type="button"
						className="btn-secondary size-10 min-h-10 rounded-full p-0"
						aria-controls={`${id}-track`}
						aria-label="Previous slide"
						onClick={() => move(-1)}
					>
						<ArrowRightIcon className="size-4 rotate-180" />
					</button>
					<button
						type="button"
						className="btn-secondary size-10 min-h-10 rounded-full p-0"
						aria-controls={`${id}-track`}
						aria-label="Next slide"
						onClick={() => move(1)}
					>
						<ArrowRightIcon className="size-4" />
					</button>
				</div>
			) : null}
		</div>
	)
}
