/**
 * The behaviour of the portfolio carousel, on the DOM the `Carousel` component renders, with no
 * React: the builder runs it from the component, and visitors' pages (which load no React at
 * first, app/entry.public.ts) run it on the server-rendered markup. Without JavaScript the track
 * still scrolls by touch and keyboard; the previous/next buttons stay hidden.
 */

/** SPEC 9: the portfolio carousel advances every 3000 ms. */
export const CAROUSEL_INTERVAL_MS = 3000

/**
 * Every {@link CAROUSEL_INTERVAL_MS} the track moves one card width and wraps to the start after
 * the last card; it pauses while hovered or focused, while no part of it is on screen or the
 * tab is in the background (nobody sees it move, and a phone spends no battery on it), and does
 * not move by itself when the visitor prefers reduced motion. Previous/next buttons show when the cards overflow.
 * `root` holds `[data-carousel-track]`, `[data-carousel-controls]` and `[data-carousel-move]`
 * buttons (1 or -1). Answers a function that stops it all.
 */
export function controlCarousel(root: HTMLElement): () => void {
	const track = root.querySelector<HTMLElement>('[data-carousel-track]')
	const controls = root.querySelector<HTMLElement>('[data-carousel-controls]')
	if (!track) return () => {}
	const motion = window.matchMedia('(prefers-reduced-motion: reduce)')
	let hovered = false
	let focused = false
	let overflowing = false
	// Until the browser says otherwise (and where it cannot say), the carousel counts as seen.
	let onScreen = true
	let timer: number | undefined

	/** One card width plus the gap between cards. */
	const step = () => {
		const [first, second] = track.children as unknown as Array<HTMLElement | undefined>
		if (!first) return 0
		return second ? Math.abs(second.offsetLeft - first.offsetLeft) : first.offsetWidth
	}

	const move = (direction: number) => {
		const max = track.scrollWidth - track.clientWidth
		const width = step()
		const behavior = motion.matches ? 'auto' : 'smooth'
		// Right to left the cards run leftwards: scrollLeft goes from 0 down to -max (as browsers
		// report it today), and 'next' scrolls left.
		const sign = getComputedStyle(track).direction === 'rtl' ? -1 : 1
		const position = sign * track.scrollLeft
		// Snapping may stop the last card short of `max`: within half a card counts as the end.
		if (direction === 1 && position >= max - width / 2) {
			track.scrollTo({ left: 0, behavior })
		} else if (direction === -1 && position <= width / 2) {
			track.scrollTo({ left: sign * max, behavior })
		} else {
			track.scrollBy({ left: sign * direction * width, behavior })
		}
	}

	const update = () => {
		const playing =
			!motion.matches &&
			!hovered &&
			!focused &&
			overflowing &&
			onScreen &&
			document.visibilityState !== 'hidden'
		track.setAttribute('aria-live', playing ? 'off' : 'polite')
		if (controls) controls.hidden = !overflowing
		if (playing && timer === undefined) {
			timer = window.setInterval(() => move(1), CAROUSEL_INTERVAL_MS)
		} else if (!playing && timer !== undefined) {
			window.clearInterval(timer)
			timer = undefined
		}
	}

	const measure = () => {
		overflowing = track.scrollWidth - track.clientWidth > 1
		update()
	}

	const listeners: Array<[EventTarget, string, (event: Event) => void]> = [
		[root, 'mouseenter', () => ((hovered = true), update())],
		[root, 'mouseleave', () => ((hovered = false), update())],
		[root, 'focusin', () => ((focused = true), update())],
		[
			root,
			'focusout',
			(event) => {
				if (root.contains((event as FocusEvent).relatedTarget as Node | null)) return
				focused = false
				update()
			},
		],
		[motion, 'change', update],
		[document, 'visibilitychange', update],
		[
			root,
			'click',
			(event) => {
				const button = (event.target as Element).closest<HTMLElement>('[data-carousel-move]')
				if (button && root.contains(button)) move(Number(button.dataset.carouselMove))
			},
		],
	]
	for (const [target, type, listener] of listeners) target.addEventListener(type, listener)
	const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
	observer?.observe(track)
	const sight =
		typeof IntersectionObserver === 'undefined'
			? null
			: new IntersectionObserver((entries) => {
					onScreen = entries.some((entry) => entry.isIntersecting)
					update()
				})
	sight?.observe(root)
	measure()

	return () => {
		for (const [target, type, listener] of listeners) target.removeEventListener(type, listener)
		observer?.disconnect()
		sight?.disconnect()
		window.clearInterval(timer)
		timer = undefined
	}
}
