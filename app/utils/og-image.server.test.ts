import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { DEFAULT_APPEARANCE, FONT_IDS } from './appearance'
import { CARD_FAMILIES, loadCardFonts, profileOgPng } from './og-image.server'

describe('profile link-preview card', () => {
	test.each([
		{
			name: 'is a 1200x630 PNG without a picture',
			card: {
				firstName: 'Maya',
				lastName: 'Torres',
				designation: 'Designer',
				city: 'Lisbon',
				country: 'Portugal',
				siteUrl: 'https://tagg.example/maya',
			},
		},
		{
			name: 'control characters, line breaks and emoji in the text still render',
			card: {
				firstName: 'A\u0001n\u000bn\n',
				lastName: `${'😀'.repeat(40)}\ud800`,
				designation: 'Dev\r\nLead\u0000',
				city: 'Lis\u001fbon',
				country: 'Portugal\uffff',
				siteUrl: 'http://localhost:3000/x\u0007',
			},
		},
	])('$name', async ({ card }) => {
		const png = await profileOgPng(card)
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

	test('a picture sharp cannot read falls back to the initials', async () => {
		const input = { firstName: 'Maya', lastName: 'Torres', siteUrl: 'https://tagg.example/maya' }
		const withBadPicture = await profileOgPng({ ...input, picture: Buffer.from('not an image') })
		const without = await profileOgPng(input)
		const raw = async (png: Buffer) => sharp(png).raw().toBuffer()
		expect((await raw(withBadPicture)).equals(await raw(without))).toBe(true)
	})
})

describe('every name fits the card', () => {
	/** Non-white pixels in a rectangle of the card (text drawn there). */
	async function inkIn(
		png: Buffer,
		area: { left: number; top: number; width: number; height: number },
	) {
		const { data } = await sharp(png)
			.extract(area)
			.removeAlpha()
			.raw()
			.toBuffer({ resolveWithObject: true })
		let ink = 0
		for (let i = 0; i < data.length; i += 3) {
			if (data[i]! < 235 || data[i + 1]! < 235 || data[i + 2]! < 235) ink++
		}
		return ink
	}

	test.each([
		[
			'one unbreakable word at every limit',
			'W'.repeat(60),
			'W'.repeat(60),
			'W'.repeat(100),
			'W'.repeat(80),
			'W'.repeat(80),
		],
		[
			'long real words',
			'Hubert Blaine',
			'Wolfeschlegelsteinhausenbergerdorff',
			'Principal Staff Software Engineer and Architect of Distributed Systems at Planet Scale',
			'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
			'United Kingdom of Great Britain and Northern Ireland',
		],
		['right-to-left scripts', 'محمد عبد الرحمن', 'בן־דוד', 'مهندس برمجيات', 'תל אביב', 'الإمارات'],
	])('%s', async (_title, firstName, lastName, designation, city, country) => {
		const png = await profileOgPng({
			firstName,
			lastName,
			designation,
			city,
			country,
			siteUrl: `https://tagg.example/${'a'.repeat(100)}`,
		})
		// Text is drawn in its column...
		expect(await inkIn(png, { left: 432, top: 130, width: 660, height: 320 })).toBeGreaterThan(
			2_000,
		)
		// ...and nothing runs past it: the card's right margin and its bottom stay blank.
		expect(await inkIn(png, { left: 1102, top: 150, width: 30, height: 380 })).toBe(0)
		expect(await inkIn(png, { left: 420, top: 522, width: 680, height: 36 })).toBe(0)
		// The name block never runs into the address row (the logo sits at 470–514).
		expect(await inkIn(png, { left: 500, top: 460, width: 600, height: 6 })).toBe(0)
	})

	test("the card is drawn in the owner's type pairing, not a system font", async () => {
		await loadCardFonts()
		const widthIn = async (font: string) =>
			(
				await sharp({ text: { text: 'Hamburgefonstiv', font, dpi: 72 } })
					.png()
					.toBuffer({
						resolveWithObject: true,
					})
			).info.width
		for (const pairing of FONT_IDS) {
			for (const role of ['heading', 'body'] as const) {
				const [family, generic] = CARD_FAMILIES[pairing][role].split(',')
				// The pairing's own font is found (a missing family would fall back to the generic).
				expect(await widthIn(`${family} Bold 40`), `${pairing} ${role}`).not.toBe(
					await widthIn(`${generic} Bold 40`),
				)
			}
		}
		// And the three cards differ in their lettering.
		const cards = await Promise.all(
			FONT_IDS.map(async (font) =>
				(
					await sharp(
						await profileOgPng({
							firstName: 'Maya',
							lastName: 'Torres',
							designation: 'Designer',
							siteUrl: 'https://tagg.example/maya',
							appearance: { ...DEFAULT_APPEARANCE, font },
						}),
					)
						.raw()
						.toBuffer()
				).toString('base64'),
			),
		)
		expect(new Set(cards).size).toBe(3)
	})
})
