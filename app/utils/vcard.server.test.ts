import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { profileVCard } from './vcard.server'

/** A small vCard reader: unfolds lines and splits each into name, parameters and raw value. */
function parseVCard(text: string) {
	expect(text.endsWith('\r\n')).toBe(true)
	const unfolded = text.replace(/\r\n[ \t]/g, '')
	const lines = unfolded.split('\r\n').filter(Boolean)
	return lines.map((line) => {
		const colon = line.indexOf(':')
		const [name, ...params] = line.slice(0, colon).split(';')
		return { name: name!, params, value: line.slice(colon + 1) }
	})
}

const unescape = (value: string) =>
	value.replace(/\\([\\,;nN])/g, (_, char: string) => (char === 'n' || char === 'N' ? '\n' : char))

const full = {
	firstName: 'Maya',
	lastName: 'Torres',
	designation: 'Senior Product Designer',
	mobileNumber: '+351912345678',
	email: 'hello@mayatorres.design',
	companySite: 'https://mayatorres.design',
	linkedInUrl: 'https://www.linkedin.com/in/maya',
	xUrl: 'https://x.com/maya',
	igUrl: 'https://instagram.com/maya',
	fbUrl: 'https://facebook.com/maya',
	ytUrl: 'https://youtube.com/@maya',
	whatAppBusUrl: 'https://wa.me/351912345678',
}

describe('profile vCard', () => {
	test('version 3.0 with every field reading back exactly', async () => {
		const card = parseVCard(await profileVCard(full))
		const get = (name: string, type?: string) =>
			card.filter((line) => line.name === name && (!type || line.params.includes(`TYPE=${type}`)))
		expect(card[0]).toMatchObject({ name: 'BEGIN', value: 'VCARD' })
		expect(card[1]).toMatchObject({ name: 'VERSION', value: '3.0' })
		expect(card.at(-1)).toMatchObject({ name: 'END', value: 'VCARD' })
		expect(get('N')[0]?.value).toBe('Torres;Maya;;;')
		expect(get('FN')[0]?.value).toBe('Maya Torres')
		expect(get('ORG')[0]?.value).toBe('')
		expect(get('TITLE')[0]?.value).toBe('Senior Product Designer')
		expect(get('TEL')[0]).toMatchObject({ params: ['TYPE=WORK,VOICE'], value: '+351912345678' })
		expect(get('EMAIL')[0]).toMatchObject({
			params: ['TYPE=INTERNET,WORK'],
			value: 'hello@mayatorres.design',
		})
		expect(get('URL')[0]?.value).toBe('https://mayatorres.design')
		expect(get('X-SOCIALPROFILE', 'linkedin')[0]?.value).toBe(full.linkedInUrl)
		expect(get('X-SOCIALPROFILE', 'x')[0]?.value).toBe(full.xUrl)
		expect(get('X-SOCIALPROFILE', 'instagram')[0]?.value).toBe(full.igUrl)
		expect(get('X-SOCIALPROFILE', 'facebook')[0]?.value).toBe(full.fbUrl)
		expect(get('X-SOCIALPROFILE', 'youtube')[0]?.value).toBe(full.ytUrl)
		expect(get('X-SOCIALPROFILE', 'whatsapp')[0]?.value).toBe(full.whatAppBusUrl)
	})

	test('empty fields are left out (organisation stays, empty)', async () => {
		const card = parseVCard(await profileVCard({ firstName: 'Solo', lastName: null, email: '  ' }))
		expect(card.map((line) => line.name)).toEqual(['BEGIN', 'VERSION', 'N', 'FN', 'ORG', 'END'])
	})

	test('commas, semicolons and line breaks cannot break or inject a line', async () => {
		const text = await profileVCard({
			firstName: 'Ann; Marie',
			lastName: 'Smith, Jr.',
			designation: 'Dev\nEMAIL:evil@example.com\r\nTEL:+1000',
		})
		const card = parseVCard(text)
		expect(card.filter((line) => line.name === 'EMAIL')).toHaveLength(0)
		expect(card.filter((line) => line.name === 'TEL')).toHaveLength(0)
		expect(unescape(card.find((line) => line.name === 'TITLE')!.value)).toBe(
			'Dev\nEMAIL:evil@example.com\nTEL:+1000',
		)
		expect(card.find((line) => line.name === 'N')!.value).toBe('Smith\\, Jr.;Ann\\; Marie;;;')
		expect(unescape(card.find((line) => line.name === 'FN')!.value)).toBe('Ann; Marie Smith, Jr.')
		for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
	})

	test('embeds the display picture as a JPEG that reads back', async () => {
		const photo = await sharp({
			create: { width: 512, height: 512, channels: 3, background: '#d6246e' },
		})
			.webp()
			.toBuffer()
		const card = parseVCard(await profileVCard({ ...full, photo }))
		const line = card.find((entry) => entry.name === 'PHOTO')!
		expect(line.params).toEqual(['ENCODING=b', 'TYPE=JPEG'])
		const meta = await sharp(Buffer.from(line.value, 'base64')).metadata()
		expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256])
		// the folded PHOTO line unfolds to the exact base64 of that JPEG, and keeps its colour
		const { data } = await sharp(Buffer.from(line.value, 'base64'))
			.extract({ left: 128, top: 128, width: 1, height: 1 })
			.raw()
			.toBuffer({ resolveWithObject: true })
		expect(
			Math.abs(data[0]! - 0xd6) + Math.abs(data[1]! - 0x24) + Math.abs(data[2]! - 0x6e),
		).toBeLessThan(12)
	})

	test('a picture sharp cannot read leaves PHOTO out instead of failing the card', async () => {
		const card = parseVCard(await profileVCard({ ...full, photo: Buffer.from('not an image') }))
		expect(card.some((line) => line.name === 'PHOTO')).toBe(false)
		expect(card.at(-1)).toMatchObject({ name: 'END', value: 'VCARD' })
	})

	test('a lone CR is a line break and other control characters are dropped', async () => {
		const text = await profileVCard({
			firstName: 'A\u0000n\u000bn',
			designation: 'Dev\rEMAIL:evil@example.com\u000cX\u007f',
		})
		// eslint-disable-next-line no-control-regex
		expect(text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/)
		expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
		const card = parseVCard(text)
		expect(card.filter((line) => line.name === 'EMAIL')).toHaveLength(0)
		expect(card.find((line) => line.name === 'FN')?.value).toBe('Ann')
		expect(unescape(card.find((line) => line.name === 'TITLE')!.value)).toBe(
			'Dev\nEMAIL:evil@example.comX',
		)
	})

	test('long multi-byte values fold at 75 octets without splitting a character', async () => {
		const designation = `Diseñadora ${'ünïcödé 😀 '.repeat(20)}`.trim()
		const text = await profileVCard({ firstName: 'Zoë', designation })
		for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
		expect(text).not.toContain('\ufffd')
		const title = parseVCard(text).find((line) => line.name === 'TITLE')!
		expect(unescape(title.value)).toBe(designation)
	})
})
