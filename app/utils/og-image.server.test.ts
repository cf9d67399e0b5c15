import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { profileOgPng } from './og-image.server'

describe('profile link-preview card', () => {
	test('is a 1200x630 PNG without a picture', async () => {
		const png = await profileOgPng({
			firstName: 'Maya',
			lastName: 'Torres',
			designation: 'Designer',
			city: 'Lisbon',
			country: 'Portugal',
			siteUrl: 'https://tagg.example/maya',
		})
		const meta = await sharp(png).metadata()
		expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630])
	})

	test('embeds a picture and survives hostile text', async () => {
		const picture = await sharp({
			create: { width: 300, height: 400, channels: 3, background: '#3355aa' },
		})
			.jpeg()
			.toBuffer()
		const png = await profileOgPng({
			firstName: '<script>&"\'',
			lastName: ']]></text><svg onload=alert(1)>',
			designation: '& < >',
			city: null,
			siteUrl: 'http://localhost:3000/x',
			picture,
		})
		const meta = await sharp(png).metadata()
		expect([meta.width, meta.height]).toEqual([1200, 630])
		// the picture is drawn in its circle: the centre pixel is the picture's blue
		const { data } = await sharp(png)
			.extract({ left: 250, top: 330, width: 1, height: 1 })
			.raw()
			.toBuffer({ resolveWithObject: true })
		for (const [got, want] of [
			[data[0], 0x33],
			[data[1], 0x55],
			[data[2], 0xaa],
		] as const) {
			expect(Math.abs(got! - want)).toBeLessThanOrEqual(3)
		}
	})
})
