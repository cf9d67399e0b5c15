/**
 * Opens a gallery's images (links to their large renditions, `a[data-viewer]`, and the cover,
 * `a[data-viewer-cover]`) in the full-screen viewer, whose code (app/components/image-viewer.ts)
 * loads on the first click. Until it arrives, and if it cannot, the link just opens the image.
 * Answers a function that stops listening.
 */
import type * as ImageViewer from './image-viewer'

let viewer: Promise<typeof ImageViewer> | undefined

export function openImagesInViewer(root: Document = document) {
	const onClick = (event: MouseEvent) => {
		if (event.defaultPrevented || event.button !== 0) return
		if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
		const link = (event.target as Element).closest?.<HTMLAnchorElement>(
			'a[data-viewer], a[data-viewer-cover]',
		)
		if (!link) return
		event.preventDefault()
		viewer ??= import('./image-viewer')
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
	root.addEventListener('click', onClick)
	return () => root.removeEventListener('click', onClick)
}
