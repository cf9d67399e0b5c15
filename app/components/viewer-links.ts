/**
 * Opens a gallery's images (links to their large renditions, `a[data-viewer]`, and the cover,
 * `a[data-viewer-cover]`) in the full-screen viewer, whose code (app/components/image-viewer.ts)
 * loads on the first click (or Space on a focused image). Until it arrives, and if it cannot, the link just opens the image.
 * Answers a function that stops listening.
 */
import type * as ImageViewer from './image-viewer'
import { withPageStyles } from '~/utils/page-styles'

let viewer: Promise<typeof ImageViewer> | undefined

const LINKS = 'a[data-viewer], a[data-viewer-cover]'

function open(link: HTMLAnchorElement) {
	viewer ??= withPageStyles(import('./image-viewer'))
	viewer.then(
		(module) => {
			const { links, index } = module.galleryOf(link)
			module.openViewer(links, index, link)
		},
		() => {
			viewer = undefined
			window.location.href = link.href
		},
	)
}

export function openImagesInViewer(root: Document = document) {
	const onClick = (event: MouseEvent) => {
		if (event.defaultPrevented || event.button !== 0) return
		if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
		const link = (event.target as Element).closest?.<HTMLAnchorElement>(LINKS)
		if (!link) return
		event.preventDefault()
		open(link)
	}
	// Enter on a focused image is a click; Space opens it too (as on a button), not a scroll.
	const onKeyDown = (event: KeyboardEvent) => {
		if (event.defaultPrevented || event.key !== ' ') return
		if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
		const link = event.target instanceof HTMLAnchorElement ? event.target : null
		if (!link?.matches(LINKS)) return
		event.preventDefault()
		open(link)
	}
	root.addEventListener('click', onClick)
	root.addEventListener('keydown', onKeyDown)
	return () => {
		root.removeEventListener('click', onClick)
		root.removeEventListener('keydown', onKeyDown)
	}
}
