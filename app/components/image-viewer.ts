/**
 * The full-screen image viewer of a project's gallery. Plain DOM, no React: the visitors' pages
 * (app/entry.public.ts) and the builder load this module only when someone opens an image.
 *
 * The gallery's images are links to their large renditions (`a[data-viewer]` in a
 * `[data-gallery]` list), which is all there is without a script. The viewer is a modal
 * `<dialog>`: arrow keys and swipes move between images, Escape and the close button close it,
 * the focus stays inside while it is open and goes back to the image that opened it.
 */

type Slide = { href: string; alt: string; caption: string; width: number; height: number }

/**
 * What the viewer says, in the page's language: the gallery gives it (`data-viewer-labels`, made
 * by `viewerLabels`), so no catalog is loaded. `counter` holds `{index}` and `{count}`.
 */
export type ViewerLabels = {
	viewer: string
	close: string
	previous: string
	next: string
	counter: string
}

const NO_LABELS: ViewerLabels = { viewer: '', close: '', previous: '', next: '', counter: '' }

/** The labels a gallery element gives (`data-viewer-labels`). */
export function labelsOf(gallery: Element | null): ViewerLabels {
	try {
		const given = JSON.parse((gallery as HTMLElement | null)?.dataset.viewerLabels ?? '{}')
		return { ...NO_LABELS, ...(given as Partial<ViewerLabels>) }
	} catch {
		return NO_LABELS
	}
}

const SWIPE_PX = 40

function slidesOf(links: HTMLAnchorElement[]): Slide[] {
	return links.map((link) => {
		const image = link.querySelector('img')
		return {
			href: link.href,
			alt: image?.alt ?? '',
			caption: link.dataset.caption ?? '',
			width: Number(link.dataset.width) || 0,
			height: Number(link.dataset.height) || 0,
		}
	})
}

function button({ label, icon, className }: { label: string; icon: string; className: string }) {
	const element = document.createElement('button')
	element.type = 'button'
	element.setAttribute('aria-label', label)
	element.className = className
	element.innerHTML = icon
	return element
}

const ARROW =
	'<svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M15 18l-6-6 6-6"/></svg>'
const CROSS =
	'<svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18"/></svg>'

/**
 * Opens the viewer over the page at image `start` of `links` (the gallery's links, in order);
 * `opener` gets the focus back when it closes.
 */
export function openViewer(
	links: HTMLAnchorElement[],
	start: number,
	opener: HTMLElement,
	labels: ViewerLabels = labelsOf(document.querySelector('[data-gallery]')),
) {
	const slides = slidesOf(links)
	if (!slides.length) return
	let index = Math.min(Math.max(start, 0), slides.length - 1)
	const rtl = getComputedStyle(document.documentElement).direction === 'rtl'

	const dialog = document.createElement('dialog')
	dialog.className =
		'm-0 h-dvh max-h-none w-dvw max-w-none bg-black/95 p-0 text-white backdrop:bg-black/80'
	dialog.setAttribute('aria-label', labels.viewer)
	dialog.dataset.imageViewer = ''

	const figure = document.createElement('figure')
	figure.className = 'flex h-full w-full flex-col items-center justify-center gap-3 px-2 pt-14 pb-4'
	// Horizontal swipes are the viewer's; vertical ones and pinch-zoom stay the browser's.
	figure.setAttribute('style', 'touch-action: pan-y pinch-zoom')
	const image = document.createElement('img')
	image.className = 'block max-h-[calc(100dvh-9rem)] max-w-full object-contain select-none'
	image.draggable = false
	const caption = document.createElement('figcaption')
	caption.className = 'max-w-prose px-4 text-center text-sm leading-relaxed'
	caption.setAttribute('dir', 'auto')
	const counter = document.createElement('p')
	counter.className = 'text-xs text-white/75'
	counter.setAttribute('aria-live', 'polite')
	figure.append(image, caption, counter)

	const close = button({
		label: labels.close,
		icon: CROSS,
		className:
			'absolute top-3 end-3 inline-flex size-11 items-center justify-center rounded-full bg-white/15 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white',
	})
	// The arrows point the way they move: right to left, 'previous' is on the right, pointing right.
	const previous = button({
		label: labels.previous,
		icon: ARROW,
		className:
			'absolute start-2 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white rtl:rotate-180',
	})
	const next = button({
		label: labels.next,
		icon: ARROW,
		className:
			'absolute end-2 top-1/2 inline-flex size-11 -translate-y-1/2 rotate-180 items-center justify-center rounded-full bg-white/15 hover:bg-white/25 focus-visible:outline-2 focus-visible:outline-white rtl:rotate-0',
	})
	if (slides.length < 2) {
		previous.hidden = true
		next.hidden = true
	}
	dialog.append(figure, previous, next, close)

	function show(at: number) {
		index = (at + slides.length) % slides.length
		const slide = slides[index]!
		image.src = slide.href
		image.alt = slide.alt
		if (slide.width && slide.height) {
			image.width = slide.width
			image.height = slide.height
		}
		caption.textContent = slide.caption
		caption.hidden = !slide.caption
		counter.textContent = labels.counter
			.replace('{index}', String(index + 1))
			.replace('{count}', String(slides.length))
		// The next image is likely wanted next: fetch it now.
		const following = slides[(index + 1) % slides.length]
		if (following && slides.length > 1) new Image().src = following.href
	}

	const forward = () => show(index + 1)
	const back = () => show(index - 1)
	previous.addEventListener('click', back)
	next.addEventListener('click', forward)
	close.addEventListener('click', () => dialog.close())
	// A tap on the dark backdrop (not the image or a button) closes it too.
	figure.addEventListener('click', (event) => {
		if (event.target === figure) dialog.close()
	})
	dialog.addEventListener('keydown', (event) => {
		if (event.key === 'Tab') {
			// The focus goes round the viewer's buttons, never out to the page or the browser.
			const buttons = [...dialog.querySelectorAll<HTMLButtonElement>('button')].filter(
				(element) => !element.hidden,
			)
			const at = buttons.indexOf(document.activeElement as HTMLButtonElement)
			const to = event.shiftKey
				? at <= 0
					? buttons.length - 1
					: at - 1
				: at === buttons.length - 1
					? 0
					: at + 1
			event.preventDefault()
			buttons[to]?.focus()
		} else if (event.key === 'ArrowRight') {
			event.preventDefault()
			if (rtl) back()
			else forward()
		} else if (event.key === 'ArrowLeft') {
			event.preventDefault()
			if (rtl) forward()
			else back()
		} else if (event.key === 'Home') {
			event.preventDefault()
			show(0)
		} else if (event.key === 'End') {
			event.preventDefault()
			show(slides.length - 1)
		}
	})

	let startX: number | null = null
	let startY = 0
	figure.addEventListener('pointerdown', (event) => {
		startX = event.clientX
		startY = event.clientY
	})
	figure.addEventListener('pointerup', (event) => {
		if (startX === null) return
		const dx = event.clientX - startX
		const dy = event.clientY - startY
		startX = null
		if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return
		// A swipe to the left shows what lies to the right: the next image (mirrored in RTL).
		if (dx < 0 !== rtl) forward()
		else back()
	})
	figure.addEventListener('pointercancel', () => (startX = null))

	// Escape closes a modal <dialog> by itself (its 'close' event follows).
	dialog.addEventListener('close', () => {
		dialog.remove()
		document.documentElement.style.overflow = ''
		opener.focus()
	})

	show(index)
	document.body.append(dialog)
	document.documentElement.style.overflow = 'hidden'
	dialog.showModal()
	close.focus()
}

/** The gallery's viewer links around `link`, and its place among them. */
export function galleryOf(link: HTMLAnchorElement): { links: HTMLAnchorElement[]; index: number } {
	const gallery = document.querySelector('[data-gallery]')
	const links = [...(gallery?.querySelectorAll<HTMLAnchorElement>('a[data-viewer]') ?? [])]
	const cover = link.dataset.viewerCover
	const index = cover === undefined ? links.indexOf(link) : Number(cover)
	return { links, index: Math.max(0, index) }
}
