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
		// ...and cut round: the corner of its square shows the white card, not the picture
		const corner = await sharp(png)
			.extract({ left: 250 - 120, top: 330 - 120, width: 1, height: 1 })
			.raw()
			.toBuffer()
		expect([...corner.subarray(0, 3)]).toEqual([255, 255, 255])
	})

	test('control characters, line breaks and emoji in the text still render', async () => {
		const png = await profileOgPng({
			firstName: 'A\u0001n\u000bn\n',
			lastName: `${'😀'.repeat(40)}\ud800`,
			designation: 'Dev\r\nLead\u0000',
			city: 'Lis\u001fbon',
			country: 'Portugal\uffff',
			siteUrl: 'http://localhost:3000/x\u0007',
		})
		const meta = await sharp(png).metadata()
		expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630])
	})

	test('a picture sharp cannot read falls back to the initials', async () => {
		const input = { firstName: 'Maya', lastName: 'Torres', siteUrl: 'https://tagg.example/maya' }
		const withBadPicture = await profileOgPng({ ...input, picture: Buffer.from('not an image') })
		const without = await profileOgPng(input)
		const raw = async (png: Buffer) => sharp(png).raw().toBuffer()
		expect((await raw(withBadPicture)).equals(await raw(without))).toBe(true)
	})
})
