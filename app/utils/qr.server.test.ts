import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { BRAND_PINK, LOGO_SVG, profileQrPng, profileQrSvg } from '~/utils/qr.server'

const SHORT = 'http://tagg.test/jo'
const LONG = 'http://localhost:3000/Jane-Doe-With-A-Long-Name-2026'
const VERY_LONG = `https://tagg.example.com/${'Abc-'.repeat(25)}Z`

function decode(png: PNG) {
	return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data
}

const pink = [0xd6, 0x24, 0x6e]

describe('profileQrPng', () => {
	test.each([SHORT, LONG, VERY_LONG])(
		'decodes back to exactly %s at 512 and 256 px',
		async (url) => {
			for (const size of [512, 256]) {
				const buffer = await profileQrPng(url, size)
				expect(buffer.subarray(1, 4).toString('latin1')).toBe('PNG')
				const png = PNG.sync.read(buffer)
				expect([png.width, png.height]).toEqual([size, size])
				expect(decode(png)).toBe(url)
			}
		},
	)

	test('is 512 x 512 by default', async () => {
		const meta = await sharp(await profileQrPng(LONG)).metadata()
		expect(meta.format).toBe('png')
		expect([meta.width, meta.height]).toEqual([512, 512])
	})

	test('dark modules are the brand pink on white, with the logo in the middle', async () => {
		const png = PNG.sync.read(await profileQrPng(LONG))
		const at = (x: number, y: number) => {
			const i = (y * png.width + x) * 4
			return [png.data[i], png.data[i + 1], png.data[i + 2]]
		}
		expect(BRAND_PINK).toBe('#d6246e')
		// Outside the logo pad every pixel is either white or exactly the brand pink.
		const padFrom = Math.floor(512 * 0.39)
		const padTo = Math.ceil(512 * 0.61)
		let dark = 0
		const others = new Set<string>()
		for (let y = 0; y < png.height; y++) {
			for (let x = 0; x < png.width; x++) {
				if (x > padFrom && x < padTo && y > padFrom && y < padTo) continue
				const rgb = at(x, y)
				if (rgb.every((c) => c === 255)) continue
				if (rgb.join() === pink.join()) dark++
				else others.add(rgb.join())
			}
		}
		expect([...others]).toEqual([])
		expect(dark).toBeGreaterThan(512 * 512 * 0.2)
		// The quiet zone is white; the finder pattern's corner is pink.
		expect(at(5, 5)).toEqual([255, 255, 255])
		const module = 512 / (37 + 8) // version 5 for this URL: 37 modules plus the quiet zone
		expect(at(Math.ceil(4 * module) + 1, Math.ceil(4 * module) + 1)).toEqual(pink)
		// The middle carries the logo pad, drawn in a 32-unit box: white margin, pink tag, white hole.
		const pad = Math.round(512 * 0.2)
		const offset = Math.round((512 - pad) / 2)
		const logo = (u: number, v: number) =>
			at(Math.round(offset + (u * pad) / 32), Math.round(offset + (v * pad) / 32))
		expect(logo(1, 16)).toEqual([255, 255, 255])
		expect(logo(6, 8)).toEqual(pink)
		expect(logo(12, 18)).toEqual(pink)
		expect(logo(10.5, 10.5)).toEqual([255, 255, 255])
	})
})

describe('profileQrSvg', () => {
	test('is a small 256 px SVG in brand pink with the logo, and decodes back', async () => {
		for (const url of [SHORT, LONG]) {
			const svg = await profileQrSvg(url)
			expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="256" height="256"/)
			expect(svg).toContain(`fill="${BRAND_PINK}"`)
			expect(svg).toContain('<circle cx="10.5" cy="10.5" r="2.6" fill="#fff"/>')
			expect(svg.length).toBeLessThan(12_000)
			const png = PNG.sync.read(await sharp(Buffer.from(svg)).png().toBuffer())
			expect([png.width, png.height]).toEqual([256, 256])
			expect(decode(png)).toBe(url)
		}
	})
})

describe('LOGO_SVG', () => {
	test('is a standalone SVG that renders', async () => {
		expect(LOGO_SVG).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 32 32">/)
		const meta = await sharp(Buffer.from(LOGO_SVG)).metadata()
		expect(meta.format).toBe('svg')
	})
})
