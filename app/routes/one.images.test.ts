import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterEach, describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { callApi } from '#tests/route'
import { createPortfolio, getPortfolio } from '~/models/portfolio.server'
import { getProfile } from '~/models/profile.server'
import { prisma } from '~/utils/db.server'
import { env, resetEnv } from '~/utils/env.server'
import { action as deleteImage } from './one.sites.images.delete'
import { action as reorder } from './one.sites.images.reorder'
import { action as uploadPicture } from './one.sites.images.update.display-picture'
import { action as setDetails } from './one.sites.images.update.image.details'
import { action as setStatus } from './one.sites.images.update.image.status'
import { action as uploadImages } from './one.sites.images.update.portfolio-images'

const jpeg = (width = 1200, height = 800) =>
	sharp({ create: { width, height, channels: 3, background: { r: 214, g: 36, b: 110 } } })
		.jpeg()
		.withMetadata({ exif: { IFD0: { Copyright: 'secret', Artist: 'gps-owner' } } })
		.toBuffer()

function form(field: string, files: Array<{ data: Buffer | string; name: string; type?: string }>) {
	const body = new FormData()
	for (const file of files)
		body.append(
			field,
			new Blob([typeof file.data === 'string' ? file.data : new Uint8Array(file.data)], {
				type: file.type ?? 'image/jpeg',
			}),
			file.name,
		)
	return body
}

const uploadsDir = () => path.join(env().DATA_DIR, 'uploads')

/** Posts `files` as the `product_images` of the project `portfolioId`. */
const uploadTo = (portfolioId: string, token: string, files: Parameters<typeof form>[1]) =>
	callApi(uploadImages, `/one/sites/images/update/portfolio-images?productId=${portfolioId}`, {
		token,
		rawBody: form('product_images', files),
	})

/** How many image rows the project has. */
const imageCount = (portfolioId: string) =>
	prisma().portfolioImage.count({ where: { portfolioId } })

afterEach(() => {
	delete process.env.STORAGE_DRIVER
	delete process.env.S3_BUCKET
	delete process.env.S3_ENDPOINT
	resetEnv()
})

describe('display picture', () => {
	test('stores a square 512 px WebP and a small one, bumps the versioned URL', async () => {
		const owner = await createOwner()
		const { status, json } = await callApi(
			uploadPicture,
			'/one/sites/images/update/display-picture',
			{
				token: owner.token,
				rawBody: form('display_picture', [{ data: await jpeg(), name: 'me.jpg' }]),
			},
		)
		expect(status).toBe(200)
		const url = (json.data as { url: string }).url
		expect(url).toBe(`http://tagg.test/cdn/${owner.id}/display-picture.webp?v=1`)
		const large = await sharp(path.join(uploadsDir(), owner.id, 'display-picture.webp')).metadata()
		expect([large.format, large.width, large.height, large.exif]).toEqual([
			'webp',
			512,
			512,
			undefined,
		])
		const small = await sharp(
			path.join(uploadsDir(), owner.id, 'display-picture-small.webp'),
		).metadata()
		expect(small.width).toBeLessThan(512)
		expect((await getProfile(owner.id))?.pictureUrl).toBe(url)

		const again = await callApi(uploadPicture, '/one/sites/images/update/display-picture', {
			token: owner.token,
			rawBody: form('display_picture', [{ data: await jpeg(600, 600), name: 'me2.png' }]),
		})
		expect((again.json.data as { url: string }).url).toMatch(/\?v=2$/)
	})

	test('no file is 400 with the spec message; signed out is 401', async () => {
		const owner = await createOwner()
		const none = await callApi(uploadPicture, '/one/sites/images/update/display-picture', {
			token: owner.token,
			rawBody: new FormData(),
		})
		expect(none.status).toBe(400)
		expect(none.json.message).toBe('Please select a file before submitting.')
		const anonymous = await callApi(uploadPicture, '/one/sites/images/update/display-picture', {
			rawBody: form('display_picture', [{ data: await jpeg(), name: 'me.jpg' }]),
		})
		expect(anonymous.status).toBe(401)
	})
})

describe('project images', () => {
	test('uploads several images whole (their own ratio) as WebP at three sizes and answers the item', async () => {
		const owner = await createOwner()
		const item = await createPortfolio(owner.id, { productName: 'Checkout' })
		const { status, json } = await uploadTo(item.portfolioId, owner.token, [
			{ data: await jpeg(1920, 1080), name: 'a.jpg' },
			{ data: await jpeg(1000, 1000), name: 'b.jpg' },
			{
				data: await sharp(await jpeg(800, 600))
					.png()
					.toBuffer(),
				name: 'c.png',
				type: 'image/png',
			},
		])
		expect(status).toBe(200)
		const data = json.data as {
			portfolioId: string
			displayImages: Array<{ pProductImageUrl: string }>
		}
		expect(data.portfolioId).toBe(item.portfolioId)
		expect(data.displayImages).toHaveLength(3)
		const ratios = [1920 / 1080, 1, 800 / 600]
		for (const [index, image] of data.displayImages.entries()) {
			const key = image.pProductImageUrl.replace('http://tagg.test/cdn/', '')
			for (const rendition of [
				key,
				key.replace(/\.webp$/, '-card.webp'),
				key.replace(/\.webp$/, '-large.webp'),
			]) {
				const metadata = await sharp(path.join(uploadsDir(), rendition)).metadata()
				expect(metadata.format).toBe('webp')
				expect(Math.abs(metadata.width! / metadata.height! - ratios[index]!)).toBeLessThan(0.01)
			}
			expect(image).toMatchObject({
				largeImageUrl: `http://tagg.test/cdn/${key.replace(/\.webp$/, '-large.webp')}`,
				caption: '',
				alt: '',
				focalPoint: { x: 50, y: 50 },
			})
		}
	})

	test.each([
		['an empty file', Buffer.alloc(0), 400, 'The file is empty.'],
		[
			'an SVG',
			'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
			415,
			'Only JPEG, PNG, WebP or AVIF images are allowed.',
		],
		[
			'an HTML page',
			'<!doctype html><html><body>hi</body></html>',
			415,
			'Only JPEG, PNG, WebP or AVIF images are allowed.',
		],
	])('%s is refused with a clear 4xx and nothing stored', async (_name, data, status, message) => {
		const owner = await createOwner()
		const item = await createPortfolio(owner.id)
		const result = await uploadTo(item.portfolioId, owner.token, [{ data, name: 'photo.jpg' }])
		expect(result.status).toBe(status)
		expect(result.json.message).toBe(message)
		expect(await imageCount(item.portfolioId)).toBe(0)
	})

	test('a truncated JPEG is 422; a file over 10 MB is 413; more than 10 files is 413', async () => {
		const owner = await createOwner()
		const item = await createPortfolio(owner.id)
		const good = await jpeg(1600, 900)
		const truncated = await uploadTo(item.portfolioId, owner.token, [
			{ data: good.subarray(0, Math.floor(good.length * 0.6)), name: 't.jpg' },
		])
		expect(truncated.status).toBe(422)
		const huge = await uploadTo(item.portfolioId, owner.token, [
			{ data: Buffer.alloc(10 * 1024 * 1024 + 1, 1), name: 'big.jpg' },
		])
		expect(huge.status).toBe(413)
		expect(huge.json.message).toBe('Each image must be 10 MB or smaller.')
		const small = await jpeg(32, 18)
		const many = await uploadTo(
			item.portfolioId,
			owner.token,
			Array.from({ length: 11 }, (_, i) => ({ data: small, name: `${i}.jpg` })),
		)
		expect(many.status).toBe(413)
		expect(await imageCount(item.portfolioId)).toBe(0)
	})

	test("another owner's item is 404 and gets nothing", async () => {
		const [owner, other] = await Promise.all([createOwner(), createOwner()])
		const item = await createPortfolio(owner.id)
		const result = await uploadTo(item.portfolioId, other.token, [
			{ data: await jpeg(), name: 'a.jpg' },
		])
		expect(result.status).toBe(404)
		expect(await imageCount(item.portfolioId)).toBe(0)
	})

	test('when the bucket is unreachable the owner gets a 503 and no row points at a missing object', async () => {
		const owner = await createOwner()
		const item = await createPortfolio(owner.id)
		process.env.STORAGE_DRIVER = 's3'
		process.env.S3_BUCKET = 'unreachable'
		process.env.S3_ENDPOINT = 'http://127.0.0.1:9'
		process.env.S3_FORCE_PATH_STYLE = 'true'
		process.env.AWS_ACCESS_KEY_ID = 'x'
		process.env.AWS_SECRET_ACCESS_KEY = 'y'
		resetEnv()
		const started = Date.now()
		const result = await uploadTo(item.portfolioId, owner.token, [
			{ data: await jpeg(), name: 'a.jpg' },
		])
		expect(result.status).toBe(503)
		expect(Date.now() - started).toBeLessThan(15_000)
		expect(await imageCount(item.portfolioId)).toBe(0)
	})
})

describe('image status, order and deletion', () => {
	async function itemWithImages(count = 3) {
		const owner = await createOwner()
		const item = await createPortfolio(owner.id, { productName: 'Gallery' })
		await callApi(
			uploadImages,
			`/one/sites/images/update/portfolio-images?productId=${item.portfolioId}`,
			{
				token: owner.token,
				rawBody: form(
					'product_images',
					await Promise.all(
						Array.from({ length: count }, async (_, i) => ({
							data: await jpeg(640, 360),
							name: `${i}.jpg`,
						})),
					),
				),
			},
		)
		const full = await getPortfolio(owner.id, item.portfolioId, 'owner')
		return { owner, item: full! }
	}

	test('Is Active hides an image from visitors; Is Featured is exclusive', async () => {
		const { owner, item } = await itemWithImages()
		const [first, second] = item.displayImages
		const base = `/one/sites/images/update/image/status?productId=${item.portfolioId}`
		const off = await callApi(setStatus, `${base}&key=Active&imageId=${first!.pProductImageId}`, {
			token: owner.token,
			body: { active: false },
		})
		expect(off.json).toMatchObject({ status: 200, data: { active: false } })
		await prisma().portfolio.update({ where: { id: item.portfolioId }, data: { active: true } })
		const visitorView = await getPortfolio(owner.id, item.portfolioId, 'visitor')
		expect(visitorView?.displayImages.map((image) => image.pProductImageId)).not.toContain(
			first!.pProductImageId,
		)

		for (const image of [first!, second!]) {
			await callApi(setStatus, `${base}&key=Featured&imageId=${image.pProductImageId}`, {
				token: owner.token,
				body: { featured: true },
			})
		}
		const featured = await prisma().portfolioImage.findMany({
			where: { portfolioId: item.portfolioId, featured: true },
		})
		expect(featured.map((image) => image.id)).toEqual([second!.pProductImageId])
	})

	test('bad keys and bodies are 400; another owner is 404', async () => {
		const { owner, item } = await itemWithImages(1)
		const other = await createOwner()
		const imageId = item.displayImages[0]!.pProductImageId
		const base = `/one/sites/images/update/image/status?productId=${item.portfolioId}&imageId=${imageId}`
		const statusOf = async (key: string, token: string, body: unknown) =>
			(await callApi(setStatus, `${base}&key=${key}`, { token, body })).status
		expect(await statusOf('Bogus', owner.token, { active: true })).toBe(400)
		expect(await statusOf('Active', owner.token, { active: 'yes' })).toBe(400)
		expect(await statusOf('Active', other.token, { active: false })).toBe(404)
		expect((await prisma().portfolioImage.findUnique({ where: { id: imageId } }))?.active).toBe(
			true,
		)
	})

	test('reorders and deletes (row and objects)', async () => {
		const { owner, item } = await itemWithImages(3)
		const ids = item.displayImages.map((image) => image.pProductImageId)
		const reversed = [...ids].reverse()
		const moved = await callApi(
			reorder,
			`/one/sites/images/reorder?productId=${item.portfolioId}`,
			{
				token: owner.token,
				body: { imageIds: reversed },
			},
		)
		expect(moved.status).toBe(200)
		expect(
			(await getPortfolio(owner.id, item.portfolioId, 'owner'))?.displayImages.map(
				(image) => image.pProductImageId,
			),
		).toEqual(reversed)
		expect(
			(
				await callApi(reorder, `/one/sites/images/reorder?productId=${item.portfolioId}`, {
					token: owner.token,
					body: { imageIds: ids.slice(1) },
				})
			).status,
		).toBe(404)

		const victim = await prisma().portfolioImage.findUniqueOrThrow({ where: { id: ids[0]! } })
		const other = await createOwner()
		expect(
			(
				await callApi(
					deleteImage,
					`/one/sites/images/delete?productId=${item.portfolioId}&imageId=${victim.id}`,
					{ token: other.token, method: 'POST' },
				)
			).status,
		).toBe(404)
		const removed = await callApi(
			deleteImage,
			`/one/sites/images/delete?productId=${item.portfolioId}&imageId=${victim.id}`,
			{
				token: owner.token,
				method: 'POST',
			},
		)
		expect(removed.status).toBe(200)
		expect(await prisma().portfolioImage.findUnique({ where: { id: victim.id } })).toBeNull()
		expect(fs.existsSync(path.join(uploadsDir(), victim.key))).toBe(false)
		expect(
			fs.existsSync(path.join(uploadsDir(), victim.key.replace(/\.webp$/, '-card.webp'))),
		).toBe(false)
	})
})

describe('image details (caption, alt text, focal point)', () => {
	test('the owner writes them; they come back in the gallery; bad values and other owners are refused', async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const item = await createPortfolio(owner.id, { productName: 'Details', active: true })
		const upload = await uploadTo(item.portfolioId, owner.token, [
			{ data: await jpeg(900, 1600), name: 'tall.jpg' },
		])
		const image = (upload.json.data as { displayImages: Array<{ pProductImageId: string }> })
			.displayImages[0]!
		const call = (body: unknown, token = owner.token) =>
			callApi(
				setDetails,
				`/one/sites/images/update/image/details?productId=${item.portfolioId}&imageId=${image.pProductImageId}`,
				{ token, body },
			)
		const saved = await call({
			caption: '  The  first screen ',
			alt: 'A phone showing the first screen',
			focalPoint: { x: 50, y: 10 },
		})
		expect(saved.status).toBe(200)
		expect(saved.json.data).toMatchObject({
			caption: 'The first screen',
			alt: 'A phone showing the first screen',
			focalPoint: { x: 50, y: 10 },
			width: 900,
			height: 1600,
		})
		// One field at a time leaves the others.
		expect((await call({ caption: null })).json.data).toMatchObject({
			caption: '',
			alt: 'A phone showing the first screen',
		})
		expect((await call({ focalPoint: { x: 150, y: 10 } })).status).toBe(400)
		expect((await call({ alt: 'x'.repeat(301) })).status).toBe(400)
		expect((await call({})).status).toBe(400)
		expect((await call({ caption: 'Not mine' }, other.token)).status).toBe(404)
		const stored = await getPortfolio(owner.id, item.portfolioId, 'visitor')
		expect(stored!.displayImages[0]).toMatchObject({
			caption: '',
			alt: 'A phone showing the first screen',
			focalPoint: { x: 50, y: 10 },
		})
		expect(stored!.cover).toMatchObject({ focalPoint: { x: 50, y: 10 }, width: 900, height: 1600 })
	})
})
