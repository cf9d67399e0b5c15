import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { describe, expect, test } from 'vitest'
import sharp from 'sharp'
import { profileQrPng, profileQrSvg } from './qr.server'

function decode(png: Buffer) {
	const image = PNG.sync.read(png)
	return { image, result: jsQR(new Uint8ClampedArray(image.data), image.width, image.height) }
}

describe('profile QR code', () => {
	test.each([
		'http://localhost:3000/Jane',
		'http://localhost:3000/Jane-Doe-With-A-Long-Name-2026',
		'https://tagg.example.com/maya-torres',
	])('decodes back to exactly %s', async (url) => {
		const png = await profileQrPng(url)
		const { image, result } = decode(png)
		expect([image.width, image.height]).toEqual([512, 512])
		expect(result?.data).toBe(url)
	})

	test('still decodes at 256 px', async () => {
		const url = 'http://localhost:3000/Jane-Doe'
		expect(decode(await profileQrPng(url, 256)).result?.data).toBe(url)
	})

	test('dark modules are the brand pink', async () => {
		const { image } = decode(await profileQrPng('http://localhost:3000/Jane'))
		const colours = new Set<string>()
		for (let i = 0; i < image.data.length; i += 4) {
			colours.add(`${image.data[i]},${image.data[i + 1]},${image.data[i + 2]}`)
		}
		expect(colours.has('214,36,110')).toBe(true)
		expect(colours.has('0,0,0')).toBe(false)
	})

	test('the SVG renders to a code that decodes too', async () => {
		const url = 'http://localhost:3000/Maya-Torres'
		const svg = await profileQrSvg(url)
		expect(svg).toContain('#d6246e')
		const png = await sharp(Buffer.from(svg), { density: 144 }).resize(512, 512).png().toBuffer()
		expect(decode(png).result?.data).toBe(url)
	})
})
