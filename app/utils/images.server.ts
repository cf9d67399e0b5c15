/**
 * The upload image pipeline (sharp): recognise the format by its content, refuse anything that
 * is not a JPEG, PNG, WebP or AVIF picture of a sane size, apply the EXIF orientation, drop all
 * metadata (EXIF, GPS, XMP, ICC) and produce WebP renditions: display pictures square, project
 * images whole (their own aspect ratio).
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp'
import { CARD_EDGE, fitInside, GALLERY_EDGE, LARGE_EDGE } from './image-sizes'
import { msg } from '~/utils/i18n-macro'

/** A refused or unreadable upload; `message` is written for the person who uploaded it. */
export class ImageError extends Error {
	override name = 'ImageError'
	constructor(
		public status: 400 | 413 | 415 | 422,
		message: string,
	) {
		super(message)
	}
}

/** Largest accepted upload, in bytes. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024
/** Most images accepted in one upload request. */
export const MAX_FILES = 10
/** Largest accepted image, in pixels (width × height), checked before any pixel is decoded. */
export const MAX_PIXELS = 40_000_000
/** How many pipelines may decode at the same time (see withImageSlot). */
export const IMAGE_SLOTS = 2

// English strings: the API translates them (apiError) where it answers them.
const MESSAGES = {
	empty: msg`The file is empty.`.message,
	type: msg`Only JPEG, PNG, WebP or AVIF images are allowed.`.message,
	corrupt: msg`The image could not be read. It may be damaged.`.message,
	bytes: msg`Each image must be 10 MB or smaller.`.message,
	pixels: msg`The image is too large: it can have at most 40 megapixels.`.message,
} as const

// Memory: every upload is a new image, so libvips' operation cache would only hold memory
// without ever being hit: it is off. One libvips worker thread per pipeline, and at most
// IMAGE_SLOTS pipelines at once (withImageSlot), bounds CPU to two cores and memory to roughly
// two decoded images (≤ 40 MP × 4 bytes each) however many uploads arrive together.
sharp.cache(false)
sharp.concurrency(1)

// ---------------------------------------------------------------------------------------------
// Concurrency limit

const inSlot = new AsyncLocalStorage<boolean>()
let slotsInUse = 0
const waiting: Array<() => void> = []

/**
 * Runs `fn` when one of IMAGE_SLOTS pipeline slots is free (FIFO). Re-entrant: a call made
 * inside a slot runs at once, so wrapping a function that takes a slot itself cannot deadlock.
 */
export async function withImageSlot<T>(fn: () => Promise<T>): Promise<T> {
	if (inSlot.getStore()) return fn()
	if (slotsInUse < IMAGE_SLOTS) slotsInUse++
	else await new Promise<void>((resolve) => waiting.push(resolve)) // the slot is handed over
	try {
		return await inSlot.run(true, fn)
	} finally {
		const next = waiting.shift()
		if (next) next()
		else slotsInUse--
	}
}

// ---------------------------------------------------------------------------------------------
// Recognition

type Format = 'jpeg' | 'png' | 'webp' | 'avif' | 'heif'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const AVIF_BRANDS = new Set(['avif', 'avis'])
const HEIF_BRANDS = new Set([
	'mif1',
	'msf1',
	'mif2',
	'heic',
	'heix',
	'heim',
	'heis',
	'hevc',
	'hevx',
])

/** The format named by the file's first bytes, or null. Never trusts a file name or a MIME type. */
function sniff(buf: Buffer): Format | null {
	const ascii = (start: number, end: number) => buf.toString('latin1', start, end)
	if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg'
	if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png'
	if (buf.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
	// ISO base media file: a leading 'ftyp' box with a major brand and compatible brands.
	if (buf.length >= 16 && ascii(4, 8) === 'ftyp') {
		const boxSize = Math.min(buf.readUInt32BE(0), buf.length, 256)
		const brands = [ascii(8, 12)]
		for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(at, at + 4))
		if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif'
		if (brands.some((brand) => HEIF_BRANDS.has(brand))) return 'heif'
	}
	return null
}

/** sharp options for every input: refuse huge images from their header, fail on real errors
 * (truncation, corrupt data) but tolerate the harmless warnings many camera JPEGs carry. */
const INPUT_OPTIONS = { limitInputPixels: MAX_PIXELS, failOn: 'error' } as const

function readFailure(error: unknown): ImageError {
	if (error instanceof ImageError) return error
	const message = error instanceof Error ? error.message : String(error)
	if (/pixel limit/i.test(message)) return new ImageError(413, MESSAGES.pixels)
	return new ImageError(422, MESSAGES.corrupt)
}

/**
 * Checks an upload and reads its format and displayed size (after EXIF orientation) from the
 * header only, without decoding pixels. Throws ImageError: 400 empty, 413 too many bytes or
 * pixels, 415 not an allowed format, 422 unreadable.
 */
export async function inspectImage(
	buf: Buffer,
): Promise<{ format: Format; width: number; height: number }> {
	if (buf.length === 0) throw new ImageError(400, MESSAGES.empty)
	if (buf.length > MAX_FILE_BYTES) throw new ImageError(413, MESSAGES.bytes)
	const format = sniff(buf)
	if (!format) throw new ImageError(415, MESSAGES.type)
	const isHeif = format === 'avif' || format === 'heif'
	if (isHeif && !sharp.format.heif.input.buffer) throw new ImageError(415, MESSAGES.type)

	let metadata: Metadata
	try {
		metadata = await sharp(buf, INPUT_OPTIONS).metadata()
	} catch (error) {
		throw readFailure(error)
	}
	// The decoder must agree with the magic bytes (no polyglots).
	if (metadata.format !== (isHeif ? 'heif' : format)) throw new ImageError(422, MESSAGES.corrupt)
	// HEIF holding HEVC (iPhone HEIC): the prebuilt libvips has no HEVC decoder (patents), so
	// only AV1-coded HEIF (AVIF) is accepted.
	if (isHeif && metadata.compression !== 'av1') throw new ImageError(415, MESSAGES.type)

	const { width, height } = metadata.autoOrient
	if (!width || !height) throw new ImageError(422, MESSAGES.corrupt)
	if (width * height > MAX_PIXELS) throw new ImageError(413, MESSAGES.pixels)
	return { format, width, height }
}

// ---------------------------------------------------------------------------------------------
// Renditions

type Raw = { data: Buffer; info: OutputInfo }

/** Decodes once, upright, into raw pixels of the given box (cover crop). */
async function decodeCover(
	buf: Buffer,
	width: number,
	height: number,
	position: 'attention' | 'centre',
): Promise<Raw> {
	try {
		return await sharp(buf, INPUT_OPTIONS)
			.rotate() // apply the EXIF orientation (metadata is dropped on output anyway)
			.resize(width, height, { fit: 'cover', position })
			.raw()
			.toBuffer({ resolveWithObject: true })
	} catch (error) {
		throw readFailure(error)
	}
}

/** Encodes raw pixels as WebP, optionally resized first. No metadata is written (sharp's
 * default without withMetadata/keepMetadata). */
function toWebp({ data, info }: Raw, size?: { width: number; height: number }): Promise<Buffer> {
	let image: Sharp = sharp(data, {
		raw: { width: info.width, height: info.height, channels: info.channels },
	})
	if (size && (size.width !== info.width || size.height !== info.height)) {
		image = image.resize(size.width, size.height, { fit: 'cover' })
	}
	return image.webp({ quality: 82 }).toBuffer()
}

/**
 * A display picture: square WebP renditions of 512 and 128 pixels, cropped to the most
 * interesting square (sharp's attention strategy finds faces and detail better than the centre
 * does). Smaller sources are scaled up so the profile always gets both fixed sizes.
 */
export async function processDisplayPicture(
	buf: Buffer,
): Promise<{ large: Buffer; small: Buffer }> {
	await inspectImage(buf)
	return withImageSlot(async () => {
		const square = await decodeCover(buf, 512, 512, 'attention')
		return {
			large: await toWebp(square),
			small: await toWebp(square, { width: 128, height: 128 }),
		}
	})
}

export { CARD_EDGE, fitInside, GALLERY_EDGE, LARGE_EDGE }

export type ProjectRendition = { data: Buffer; width: number; height: number }

/**
 * A portfolio image, kept whole (its aspect ratio as uploaded, nothing cropped): WebP renditions
 * whose longer edge is at most 2,560 (`large`), 1,600 (`gallery`) and 640 (`card`) pixels.
 * Never enlarged: a smaller source keeps its own size. Cards and the carousel crop at display
 * time (CSS `object-fit` and the owner's focal point), never here.
 */
export async function processProjectImage(buf: Buffer): Promise<{
	large: ProjectRendition
	gallery: ProjectRendition
	card: ProjectRendition
}> {
	const source = await inspectImage(buf)
	const largeBox = fitInside(source.width, source.height, LARGE_EDGE)
	return withImageSlot(async () => {
		let raw: Raw
		try {
			raw = await sharp(buf, INPUT_OPTIONS)
				.rotate() // apply the EXIF orientation (metadata is dropped on output anyway)
				.resize(largeBox.width, largeBox.height, { fit: 'fill' })
				.raw()
				.toBuffer({ resolveWithObject: true })
		} catch (error) {
			throw readFailure(error)
		}
		const rendition = async (edge: number): Promise<ProjectRendition> => {
			const size = fitInside(raw.info.width, raw.info.height, edge)
			return { data: await toWebp(raw, size), ...size }
		}
		return {
			large: await rendition(LARGE_EDGE),
			gallery: await rendition(GALLERY_EDGE),
			card: await rendition(CARD_EDGE),
		}
	})
}
