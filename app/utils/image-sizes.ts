/**
 * Sizes of a project image's renditions (app/utils/images.server.ts keeps each image whole and
 * stores three: large, gallery and card), shared by the server and the pages' `srcset`s.
 */

/** Longest edge of a project image's `large` rendition (the viewer's, and the no-JS link's). */
export const LARGE_EDGE = 2560
/** Longest edge of the `gallery` rendition (the one `pProductImageUrl` names). */
export const GALLERY_EDGE = 1600
/** Longest edge of the `card` rendition (cards, the carousel, thumbnails: cropped at display). */
export const CARD_EDGE = 640

/** `width` × `height` scaled down (never up) so its longer edge is at most `edge`. */
export function fitInside(width: number, height: number, edge: number) {
	const scale = Math.min(1, edge / Math.max(width, height))
	return {
		width: Math.max(1, Math.round(width * scale)),
		height: Math.max(1, Math.round(height * scale)),
	}
}

/**
 * The `srcset` of a project image from its card and gallery renditions. `width` × `height` is
 * the gallery rendition's size; the card's is derived from it as the pipeline derives it.
 */
export function projectSrcSet(image: {
	cardUrl: string
	url: string
	width: number
	height: number
}) {
	const card = fitInside(image.width, image.height, CARD_EDGE)
	if (card.width >= image.width) return `${image.url} ${image.width}w`
	return `${image.cardUrl} ${card.width}w, ${image.url} ${image.width}w`
}

/** CSS `object-position` of a focal point (percentages of the image). */
export function focalPosition(point: { x: number; y: number }) {
	return `${point.x}% ${point.y}%`
}
