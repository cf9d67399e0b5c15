/**
 * The owner's appearance over HTTP, against the real server: the API, the pages (the theme is in
 * the server's HTML and a change shows at once through the page cache), the QR code (it decodes
 * to the profile URL in every preset and in a pale colour) and the link card.
 */
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createOwner, createPortfolio } from '#tests/factories'
import { startAppServer, type AppServer } from '#tests/app-server'
import {
	ACCENT_PRESETS,
	accentPalettes,
	checkAccent,
	contrast,
	NEUTRALS,
	qrColor,
	QR_MIN_CONTRAST,
	type Appearance,
} from '~/utils/appearance'
import { profileQrPng } from '~/utils/qr.server'
import { updateProfile } from '~/models/profile.server'

type Answer = {
	status: number
	message?: string
	data: { appearance: Appearance }
}

const SITE = 'http://tagg.test'
let server: AppServer
let owner: Awaited<ReturnType<typeof createOwner>>
let projectId: string

beforeAll(async () => {
	owner = await createOwner({ name: 'Grace Hopper' })
	const item = await createPortfolio(owner.id, { productName: 'COBOL', active: true })
	projectId = item.portfolioId
	server = await startAppServer({ PUBLIC_SITE_URL: SITE })
}, 90_000)

afterAll(async () => {
	await server?.stop()
})

const api = (path: string, init: RequestInit = {}) =>
	fetch(`${server.url}${path}`, {
		...init,
		headers: {
			Authorization: `Bearer ${owner.token}`,
			'Content-Type': 'application/json',
			...init.headers,
		},
	})

async function update(body: unknown, headers: Record<string, string> = {}) {
	const response = await api('/one/sites/info/general/appearance/update', {
		method: 'POST',
		body: JSON.stringify(body),
		headers,
	})
	return {
		status: response.status,
		json: (await response.json()) as Answer,
		headers: response.headers,
	}
}

const read = async () => {
	const response = await fetch(
		`${server.url}/one/sites/info/general/appearance?customer_id=${owner.id}`,
	)
	return {
		status: response.status,
		json: (await response.json()) as Answer,
		etag: response.headers.get('etag'),
	}
}

function decode(png: PNG) {
	return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data
}

/** The colours of a PNG outside its centre (the logo pad), most frequent first. */
function coloursOutsideCentre(png: PNG) {
	const counts = new Map<string, number>()
	for (let y = 0; y < png.height; y++) {
		for (let x = 0; x < png.width; x++) {
			const inside =
				Math.abs(x - png.width / 2) < png.width * 0.12 &&
				Math.abs(y - png.height / 2) < png.height * 0.12
			if (inside) continue
			const i = (y * png.width + x) * 4
			const hex = `#${[0, 1, 2].map((c) => png.data[i + c]!.toString(16).padStart(2, '0')).join('')}`
			counts.set(hex, (counts.get(hex) ?? 0) + 1)
		}
	}
	return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([hex]) => hex)
}

describe('the appearance API', () => {
	test('reads the default look, writes the whole object, and answers it', async () => {
		const before = await read()
		expect(before.status).toBe(200)
		expect(before.json.data).toEqual({
			appearance: { accent: '#d6246e', mode: 'light', font: 'modern', header: 'gradient' },
		})
		expect(before.etag).toMatch(/^"[\w-]+"$/)

		const saved = await update({
			accent: '#1D4ED8',
			mode: 'system',
			font: 'classic',
			header: 'solid',
		})
		expect(saved.status).toBe(200)
		const appearance = { accent: '#1d4ed8', mode: 'system', font: 'classic', header: 'solid' }
		expect(saved.json.data).toEqual({ appearance })
		expect((await read()).json.data).toEqual({ appearance })
		// The read's shape is accepted back as it is.
		expect((await update({ appearance })).status).toBe(200)
	})

	test('a colour too light for AA is saved as the nearest passing shade, and the answer says which', async () => {
		const saved = await update({
			accent: '#ffff00',
			mode: 'light',
			font: 'modern',
			header: 'gradient',
		})
		expect(saved.status).toBe(200)
		expect(saved.json.data.appearance.accent).toBe(checkAccent('#ffff00').accent)
		expect(saved.json.data.appearance.accent).not.toBe('#ffff00')
		expect(contrast(saved.json.data.appearance.accent, '#ffffff')).toBeGreaterThanOrEqual(4.5)
	})

	test('invalid values and missing fields are 400 naming the field; nothing changes', async () => {
		const valid = { accent: '#047857', mode: 'dark', font: 'friendly', header: 'none' }
		expect((await update(valid)).status).toBe(200)
		const cases: Array<[unknown, string]> = [
			[{ ...valid, accent: 'red' }, 'accent: must be a colour such as #d6246e'],
			[{ ...valid, accent: '#12345' }, 'accent: must be a colour such as #d6246e'],
			[{ ...valid, accent: 12 }, 'accent: must be a colour such as #d6246e'],
			[{ ...valid, mode: 'dim' }, 'mode: must be light, dark or system'],
			[{ ...valid, font: 'comic-sans' }, 'font: must be one of modern, classic, friendly'],
			[{ ...valid, header: 'wavy' }, 'header: must be gradient, solid or none'],
			[{ mode: 'dark', font: 'friendly', header: 'none' }, 'accent: is required'],
			[{ accent: '#047857', font: 'friendly', header: 'none' }, 'mode: is required'],
			[{ accent: '#047857', mode: 'dark', header: 'none' }, 'font: is required'],
			[{ accent: '#047857', mode: 'dark', font: 'friendly' }, 'header: is required'],
		]
		for (const [body, message] of cases) {
			const answer = await update(body)
			expect({ body, status: answer.status, message: answer.json.message }).toEqual({
				body,
				status: 400,
				message,
			})
		}
		expect((await read()).json.data.appearance).toEqual(valid)
	})

	test('If-Match with a stale ETag is 412 and changes nothing; the current one writes', async () => {
		const { etag } = await read()
		expect(
			(
				await update(
					{ accent: '#6d28d9', mode: 'light', font: 'modern', header: 'gradient' },
					{ 'If-Match': etag! },
				)
			).status,
		).toBe(200)
		const stale = await update(
			{ accent: '#c2410c', mode: 'light', font: 'modern', header: 'gradient' },
			{ 'If-Match': etag! },
		)
		expect(stale.status).toBe(412)
		expect((await read()).json.data.appearance.accent).toBe('#6d28d9')
	})

	test('another owner cannot write it; without a session it is 401', async () => {
		const response = await fetch(`${server.url}/one/sites/info/general/appearance/update`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ accent: '#047857', mode: 'dark', font: 'modern', header: 'none' }),
		})
		expect(response.status).toBe(401)
	})
})

describe('the pages carry the theme in their HTML, and change at once', () => {
	const pages = () => [
		`/${owner.path}`,
		`/${owner.path}/portfolio`,
		`/${owner.path}/portfolio/${projectId}`,
	]

	test('each page has the theme attributes, its colours and its fonts before any script', async () => {
		expect(
			(await update({ accent: '#0e7490', mode: 'dark', font: 'friendly', header: 'none' })).status,
		).toBe(200)
		const dark = accentPalettes('#0e7490').dark
		for (const page of pages()) {
			const response = await fetch(`${server.url}${page}`)
			expect(response.status, page).toBe(200)
			const html = await response.text()
			expect(html, page).toMatch(
				/<html lang="en" dir="ltr" data-theme="dark" data-font="friendly" data-header="none">/,
			)
			// The accent's dark-page colours, in a <style> of the head (no request, no script).
			const head = html.slice(0, html.indexOf('</head>'))
			expect(head, page).toContain(`<style>:root{--color-brand-50:${dark['brand-50']};`)
			expect(head, page).toContain(`--color-brand:${dark.brand};`)
			expect(head, page).toContain(`<meta name="theme-color" content="${NEUTRALS.dark.canvas}"/>`)
			// The pairing's fonts are preloaded from this server.
			const preloads = [...head.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map(
				(match) => match[1],
			)
			expect(preloads, page).toEqual([
				expect.stringMatching(/^\/assets\/space-grotesk-latin-wght-normal-[\w-]+\.woff2$/),
				expect.stringMatching(/^\/assets\/dm-sans-latin-wght-normal-[\w-]+\.woff2$/),
			])
			for (const href of preloads) {
				const font = await fetch(`${server.url}${href}`)
				expect(font.status).toBe(200)
				expect(font.headers.get('cache-control')).toContain('immutable')
				await font.arrayBuffer()
			}
			// The page's CSS (inline in its head, and any stylesheet) declares the very
			// files preloaded (a preload it never used would be a second download); the faces of
			// other scripts only when the page has their characters (app/utils/css-prune.ts: a
			// Vietnamese name keeps the typeface, below).
			const stylesheets = [...head.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)]
			const inline = [...head.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!)
			const css = [
				...(await Promise.all(
					stylesheets.map(async ([, href]) => (await fetch(`${server.url}${href}`)).text()),
				)),
				...inline,
			].join('\n')
			for (const href of preloads) expect(css).toContain(`url(${href})`)
			expect(css).not.toMatch(/space-grotesk-vietnamese/)
			// The page's inline CSS declares its own pairing's faces only; the app's
			// stylesheet has every pairing's, Inter's Cyrillic among them.
			expect(css).not.toMatch(/font-family:\s*"?Inter Variable/)
			const app = await (await fetch(`${server.url}/login`)).text()
			const appSheet = /<link rel="stylesheet" href="([^"]+)"/.exec(app)![1]!
			expect(await (await fetch(`${server.url}${appSheet}`)).text()).toMatch(
				/url\(\/assets\/inter-cyrillic-wght-normal-[\w-]+\.woff2\)[^}]*unicode-range:[^}]*U\+0?400-0?45F/i,
			)
			// No request leaves this server: every URL in the head is local.
			expect(head).not.toMatch(/(?:href|src)="https?:\/\/(?!tagg\.test)/)
			// The QR code's URL names the accent, so a new one is never a cached old code.
			if (page === `/${owner.path}`) expect(html).toContain(`/${owner.path}/qr.png?v=0e7490`)
		}
	})

	test("a page with another script's characters declares that script's faces of its pairing", async () => {
		expect(
			(await update({ accent: '#0e7490', mode: 'light', font: 'friendly', header: 'none' })).status,
		).toBe(200)
		await updateProfile(owner.id, { tagline: 'Thiết kế phần mềm cho người bận rộn' })
		try {
			const html = await (await fetch(`${server.url}/${owner.path}`)).text()
			const inline = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!
			expect(inline).toMatch(
				/url\(\/assets\/space-grotesk-vietnamese-wght-normal-[\w-]+\.woff2\)[^}]*unicode-range/,
			)
		} finally {
			await updateProfile(owner.id, { tagline: '' })
		}
	})

	test('a change of appearance gives every cached page a new body and ETag at once', async () => {
		const before = await Promise.all(
			pages().map(async (page) => {
				const response = await fetch(`${server.url}${page}`)
				await response.arrayBuffer()
				return response.headers.get('etag')!
			}),
		)
		// Cached: the same ETag again.
		const again = await fetch(`${server.url}${pages()[0]}`, {
			headers: { 'if-none-match': before[0]! },
		})
		expect(again.status).toBe(304)

		expect(
			(await update({ accent: '#a16207', mode: 'system', font: 'classic', header: 'gradient' }))
				.status,
		).toBe(200)
		for (const [index, page] of pages().entries()) {
			const response = await fetch(`${server.url}${page}`, {
				headers: { 'if-none-match': before[index]! },
			})
			expect(response.status, page).toBe(200)
			const html = await response.text()
			expect(response.headers.get('etag')).not.toBe(before[index])
			expect(html).toContain('data-theme="system" data-font="classic" data-header="gradient"')
			expect(html).toContain('--color-brand:#a16207;')
			expect(html).toContain('@media (prefers-color-scheme:dark){:root{')
		}
	})
})

describe('the QR code in the owner accent', () => {
	const profileUrl = () => `${SITE}/${owner.path}`

	test.each([
		...ACCENT_PRESETS.map((preset): [string, string] => [preset.name, preset.hex]),
		['a pale pink', '#ffe4f0'],
	])('%s (%s): level Q with the logo, decodes to the profile URL', async (_name, hex) => {
		const saved = await update({ accent: hex, mode: 'light', font: 'modern', header: 'gradient' })
		expect(saved.status).toBe(200)
		const accent = saved.json.data.appearance.accent as string
		const response = await fetch(`${server.url}/${owner.path}/qr.png?v=${accent.slice(1)}`)
		expect(response.headers.get('content-type')).toBe('image/png')
		const png = PNG.sync.read(Buffer.from(await response.arrayBuffer()))
		expect(decode(png)).toBe(profileUrl())
		// White and the accent (darkened only if too light to scan) are its only colours.
		const [first, second] = coloursOutsideCentre(png)
		expect([first, second].sort()).toEqual(['#ffffff', qrColor(accent)].sort())
		expect(contrast(qrColor(accent), '#ffffff')).toBeGreaterThanOrEqual(QR_MIN_CONTRAST)
	})

	test('a colour too light to scan is darkened until it decodes, with the logo in its colour', async () => {
		for (const pale of ['#ffe4f0', '#fff7ae', '#e0f2fe', '#ffffff']) {
			const png = PNG.sync.read(await profileQrPng(profileUrl(), 512, pale))
			expect(decode(png), pale).toBe(profileUrl())
			const color = qrColor(pale)
			expect(color).not.toBe(pale)
			expect(coloursOutsideCentre(png).slice(0, 2).sort()).toEqual(['#ffffff', color].sort())
			// The logo in the middle is drawn in the same colour.
			const at = (x: number, y: number) => {
				const i = (Math.round(y) * png.width + Math.round(x)) * 4
				return `#${[0, 1, 2].map((c) => png.data[i + c]!.toString(16).padStart(2, '0')).join('')}`
			}
			const pad = Math.round(512 * 0.2)
			const offset = Math.round((512 - pad) / 2)
			expect(at(offset + (6 * pad) / 32, offset + (8 * pad) / 32)).toBe(color)
		}
	})
})

async function pixelsOf(response: Response) {
	const { data, info } = await sharp(Buffer.from(await response.arrayBuffer()))
		.raw()
		.toBuffer({ resolveWithObject: true })
	return {
		width: info.width,
		height: info.height,
		at: (x: number, y: number) =>
			`#${[0, 1, 2].map((c) => data[(y * info.width + x) * info.channels + c]!.toString(16).padStart(2, '0')).join('')}`,
	}
}

describe('the link card (og.png)', () => {
	test('is drawn in the owner colours: dark mode on a dark card, the header band as chosen', async () => {
		await update({ accent: '#047857', mode: 'dark', font: 'classic', header: 'solid' })
		const dark = await fetch(`${server.url}/${owner.path}/og.png`)
		const pixels = await pixelsOf(dark)
		expect([pixels.width, pixels.height]).toEqual([1200, 630])
		const palette = accentPalettes('#047857').dark
		expect(pixels.at(20, 20)).toBe(palette['brand-500']) // the solid band
		expect(pixels.at(20, 600)).toBe(NEUTRALS.dark.canvas)
		expect(pixels.at(1000, 540)).toBe(NEUTRALS.dark.surface) // the card

		await update({ accent: '#047857', mode: 'light', font: 'modern', header: 'none' })
		const light = await pixelsOf(await fetch(`${server.url}/${owner.path}/og.png`))
		// No band: the canvas shows where it was.
		const first = light.at(20, 20)
		expect(first).toBe(NEUTRALS.light.canvas)
	})
})
