import crypto from 'node:crypto'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { beforeAll, describe, expect, test } from 'vitest'
import {
	IMAGE_SLOTS,
	ImageError,
	inspectImage,
	MAX_FILE_BYTES,
	processDisplayPicture,
	processProjectImage,
	withImageSlot,
} from './images.server'

const solid = (width: number, height: number, background = '#c0306a') =>
	sharp({ create: { width, height, channels: 3, background } })

/** A noisy image (so encoders cannot shrink it to nothing and crops have something to find). */
const noisy = (width: number, height: number) =>
	sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })

/** Tag ids in IFD0 of an EXIF block as sharp returns it ("Exif\0\0" + TIFF). */
function ifd0Tags(exif: Buffer): number[] {
	const tiff = exif.subarray(6)
	const le = tiff.toString('latin1', 0, 2) === 'II'
	const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at))
	const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at))
	const ifd = u32(4)
	return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12))
}
const GPS_IFD_POINTER = 0x8825
const COPYRIGHT = 0x8298

/** A valid 1×1 PNG whose header claims width × height (IHDR patched, CRC recomputed). */
async function pngClaiming(width: number, height: number) {
	const png = Buffer.from(await solid(1, 1).png().toBuffer())
	expect(png.toString('latin1', 12, 16)).toBe('IHDR')
	png.writeUInt32BE(width, 16)
	png.writeUInt32BE(height, 20)
	png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29)
	return png
}

async function expectImageError(promise: Promise<unknown>, status: number, message: string) {
	const error = await promise.then(
		() => null,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(ImageError)
	expect(error).toMatchObject({ status, message })
}

const fixtures: Record<string, Buffer> = {}

beforeAll(async () => {
	// 400×200 stored sideways: EXIF orientation 6 shows it as 200×400 (portrait).
	fixtures.jpegExif = await noisy(400, 200)
		.jpeg()
		.withExif({
			IFD0: { Copyright: 'secret-copyright', Artist: 'Jane Doe' },
			IFD3: {
				GPSLatitudeRef: 'N',
				GPSLatitude: '51/1 30/1 0/1',
				GPSLongitudeRef: 'W',
				GPSLongitude: '0/1 7/1 0/1',
			},
		})
		.withMetadata({ orientation: 6 })
		.toBuffer()
	fixtures.png = await solid(300, 300).png().toBuffer()
	fixtures.pngAlpha = await sharp({
		create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
	})
		.png()
		.toBuffer()
	fixtures.webp = await noisy(800, 600).webp().toBuffer()
	fixtures.avif = await solid(200, 100).avif().toBuffer()
	fixtures.tiny = await solid(10, 10).png().toBuffer()
	fixtures.big = await noisy(3000, 2000).jpeg({ quality: 70 }).toBuffer()
	fixtures.gif = await solid(20, 20).gif().toBuffer()
	fixtures.tiff = await solid(20, 20).tiff().toBuffer()
})

describe('inspectImage', () => {
	test('the fixture really carries EXIF, GPS and an orientation', async () => {
		const metadata = await sharp(fixtures.jpegExif).metadata()
		expect(metadata.orientation).toBe(6)
		expect(ifd0Tags(metadata.exif!)).toEqual(expect.arrayContaining([COPYRIGHT, GPS_IFD_POINTER]))
	})

	test.each([
		['jpegExif', 'jpeg', 200, 400],
		['png', 'png', 300, 300],
		['webp', 'webp', 800, 600],
		['avif', 'avif', 200, 100],
		['tiny', 'png', 10, 10],
		['big', 'jpeg', 3000, 2000],
	])('%s is %s, %ix%i as displayed', async (name, format, width, height) => {
		expect(await inspectImage(fixtures[name]!)).toEqual({ format, width, height })
	})

	test('the format comes from the content, whatever the upload claims', async () => {
		// There is no name or type to pass at all; a PNG is a PNG.
		expect((await inspectImage(fixtures.png!)).format).toBe('png')
	})

	test('an empty file is a 400', async () => {
		await expectImageError(inspectImage(Buffer.alloc(0)), 400, 'The file is empty.')
	})

	const notAllowed = 'Only JPEG, PNG, WebP or AVIF images are allowed.'
	test.each([
		[
			'SVG',
			() =>
				Buffer.from(
					'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
				),
		],
		['SVG without a prolog', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
		[
			'HTML',
			() => Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>'),
		],
		['random bytes', () => Buffer.concat([Buffer.from([0]), crypto.randomBytes(4096)])],
		['GIF', () => fixtures.gif!],
		['TIFF', () => fixtures.tiff!],
		['a PDF', () => Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n')],
	])('%s is a 415', async (_name, input) => {
		await expectImageError(inspectImage(input()), 415, notAllowed)
		await expectImageError(processProjectImage(input()), 415, notAllowed)
	})

	test('over 10 MB is a 413, before anything is read', async () => {
		const huge = Buffer.alloc(MAX_FILE_BYTES + 1)
		fixtures.big!.copy(huge)
		await expectImageError(inspectImage(huge), 413, 'Each image must be 10 MB or smaller.')
		await expectImageError(processDisplayPicture(huge), 413, 'Each image must be 10 MB or smaller.')
	})

	test('over 40 megapixels is refused from the header, before decoding', async () => {
		// Only one pixel of data: decoding would fail (422), so a 413 proves the header decided.
		const claim = await pngClaiming(10_000, 5_000)
		const message = 'The image is too large: it can have at most 40 megapixels.'
		await expectImageError(inspectImage(claim), 413, message)
		await expectImageError(processProjectImage(claim), 413, message)
		await expectImageError(processDisplayPicture(claim), 413, message)
		// exactly at the limit, the header passes
		expect(await inspectImage(await pngClaiming(8000, 5000))).toMatchObject({ width: 8000 })
	})

	test('a header that does not match its content is a 422', async () => {
		const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), crypto.randomBytes(2000)])
		const message = 'The image could not be read. It may be damaged.'
		await expectImageError(inspectImage(fakeJpeg), 422, message)
		const riff = Buffer.concat([
			Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'),
			Buffer.alloc(8),
		])
		await expectImageError(inspectImage(riff), 422, message)
	})
})

describe('processing', () => {
	const damaged = 'The image could not be read. It may be damaged.'

	test('a truncated JPEG is a 422', async () => {
		const truncated = fixtures.big!.subarray(0, Math.floor(fixtures.big!.length * 0.6))
		await expectImageError(processProjectImage(truncated), 422, damaged)
		await expectImageError(processDisplayPicture(truncated), 422, damaged)
	})

	test('a truncated PNG is a 422', async () => {
		const png = await noisy(300, 300).png().toBuffer()
		await expectImageError(processProjectImage(png.subarray(0, png.length / 2)), 422, damaged)
	})

	test('display picture: square 512 and 128 WebP', async () => {
		for (const name of ['jpegExif', 'png', 'webp', 'avif', 'tiny', 'big', 'pngAlpha']) {
			const { large, small } = await processDisplayPicture(fixtures[name]!)
			expect(await sharp(large).metadata()).toMatchObject({
				format: 'webp',
				width: 512,
				height: 512,
			})
			expect(await sharp(small).metadata()).toMatchObject({
				format: 'webp',
				width: 128,
				height: 128,
			})
		}
	})

	test('project image: whole renditions of 2560, 1600 and 640 px long edges from a large source', async () => {
		const { large, gallery, card } = await processProjectImage(fixtures.big!)
		for (const [rendition, width, height] of [
			[large, 2560, 1707],
			[gallery, 1600, 1067],
			[card, 640, 427],
		] as const) {
			expect({ width: rendition.width, height: rendition.height }).toEqual({ width, height })
			expect(await sharp(rendition.data).metadata()).toMatchObject({
				format: 'webp',
				width,
				height,
			})
		}
	})

	test.each([
		['portrait 9:16 phone screenshot', 900, 1600, [900, 1600], [900, 1600], [360, 640]],
		['portrait 4:5', 1080, 1350, [1080, 1350], [1080, 1350], [512, 640]],
		['square', 1200, 1200, [1200, 1200], [1200, 1200], [640, 640]],
		['panorama', 4000, 1000, [2560, 640], [1600, 400], [640, 160]],
		['tall 9:16 camera picture', 2160, 3840, [1440, 2560], [900, 1600], [360, 640]],
	] as const)(
		'project image, %s (%ix%i), keeps its aspect ratio in every rendition and is never cut',
		async (_name, w, h, largeSize, gallerySize, cardSize) => {
			const input = await sharp({
				create: { width: w, height: h, channels: 3, background: '#3366cc' },
			})
				.png()
				.toBuffer()
			const result = await processProjectImage(input)
			for (const [rendition, [width, height]] of [
				[result.large, largeSize],
				[result.gallery, gallerySize],
				[result.card, cardSize],
			] as const) {
				const metadata = await sharp(rendition.data).metadata()
				expect({ width: metadata.width, height: metadata.height }).toEqual({ width, height })
				expect({ width: rendition.width, height: rendition.height }).toEqual({ width, height })
				expect(Math.abs(width / height - w / h)).toBeLessThan(0.01)
			}
		},
	)

	test.each([
		['webp', 800, 600],
		['png', 300, 300],
		['avif', 200, 100],
		['tiny', 10, 10],
	])('project image from %s is never enlarged (%ix%i)', async (name, w, h) => {
		const { large, gallery, card } = await processProjectImage(fixtures[name]!)
		expect({ width: large.width, height: large.height }).toEqual({ width: w, height: h })
		expect({ width: gallery.width, height: gallery.height }).toEqual({ width: w, height: h })
		expect(await sharp(large.data).metadata()).toMatchObject({
			format: 'webp',
			width: w,
			height: h,
		})
		expect(card.width).toBeLessThanOrEqual(Math.min(640, w))
	})

	test('EXIF orientation is applied and EXIF, GPS and the orientation tag are gone', async () => {
		// Stored as 400×200 with orientation 6: displayed (and kept) as 200×400.
		const project = await processProjectImage(fixtures.jpegExif!)
		expect({ width: project.gallery.width, height: project.gallery.height }).toEqual({
			width: 200,
			height: 400,
		})
		const display = await processDisplayPicture(fixtures.jpegExif!)
		for (const output of [
			project.large.data,
			project.gallery.data,
			project.card.data,
			display.large,
			display.small,
		]) {
			const metadata = await sharp(output).metadata()
			expect(metadata.exif).toBeUndefined()
			expect(metadata.xmp).toBeUndefined()
			expect(metadata.icc).toBeUndefined()
			expect(metadata.orientation).toBeUndefined()
			expect(output.includes('secret-copyright')).toBe(false)
			expect(output.includes('Jane Doe')).toBe(false)
			expect(output.includes('Exif')).toBe(false)
		}
	})

	test('transparency survives in WebP', async () => {
		const { large } = await processDisplayPicture(fixtures.pngAlpha!)
		expect((await sharp(large).metadata()).hasAlpha).toBe(true)
	})
})

describe('withImageSlot', () => {
	test(`runs at most ${IMAGE_SLOTS} pipelines at once, in order, and frees slots on errors`, async () => {
		let running = 0
		let peak = 0
		const order: number[] = []
		const task = (i: number) =>
			withImageSlot(async () => {
				running++
				peak = Math.max(peak, running)
				order.push(i)
				await new Promise((resolve) => setTimeout(resolve, 20))
				running--
				if (i % 3 === 0) throw new Error(`task ${i}`)
				return i
			})
		const results = await Promise.allSettled(Array.from({ length: 7 }, (_, i) => task(i)))
		expect(peak).toBe(IMAGE_SLOTS)
		expect(order).toEqual([0, 1, 2, 3, 4, 5, 6])
		expect(results.filter((r) => r.status === 'rejected')).toHaveLength(3)
		// every slot was released: a new task runs at once
		await expect(withImageSlot(async () => 'free')).resolves.toBe('free')
	})

	test('is re-entrant: nesting inside a slot cannot deadlock', async () => {
		const nested = () =>
			withImageSlot(() => withImageSlot(() => processDisplayPicture(fixtures.tiny!)))
		const results = await Promise.all([nested(), nested(), nested()])
		expect(results).toHaveLength(3)
	})

	test('many large uploads at once all finish', async () => {
		const results = await Promise.all(
			Array.from({ length: 4 }, () => processProjectImage(fixtures.big!)),
		)
		for (const result of results) expect(result.gallery.width).toBe(1600)
	})
})
