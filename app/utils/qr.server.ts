import QRCode from 'qrcode'
import sharp from 'sharp'
import { BRAND_PINK, qrColor } from './appearance'

/** The brand pink: the default colour of the QR modules and the logo. */
export { BRAND_PINK }

/** Quiet zone around the symbol, in modules (the QR standard asks for 4). */
const MARGIN = 4

/**
 * Side of the white logo pad as a share of the whole image (quiet zone included). Level Q
 * restores about 25% of the codewords; a pad of 20% of the image hides well under 10% of the
 * modules for the short URLs a profile has, which jsQR reads back reliably (see the tests).
 */
const PAD_RATIO = 0.2

/** The inner elements of the Tagg mark in `color`, drawn in a 32 x 32 box (`LogoMark`, logo.tsx). */
export const logoMarkElements = (color: string) =>
	`<path d="M4 6.5A2.5 2.5 0 0 1 6.5 4h10.1a2.5 2.5 0 0 1 1.77.73l9.4 9.4a2.5 2.5 0 0 1 0 3.54l-9.9 9.9a2.5 2.5 0 0 1-3.54 0l-9.4-9.4A2.5 2.5 0 0 1 4 16.4Z" fill="${color}"/>` +
	'<circle cx="10.5" cy="10.5" r="2.6" fill="#fff"/>' +
	'<path d="M15 21.5l6.5-6.5" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/>'

/** The Tagg mark in brand pink. */
export const LOGO_MARK_ELEMENTS = logoMarkElements(BRAND_PINK)

/**
 * The Tagg mark (pink rounded tag with a white punched hole and a white stroke) as a standalone
 * SVG document with a `0 0 32 32` view box, the same drawing as `LogoMark` in logo.tsx.
 */
export const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${LOGO_MARK_ELEMENTS}</svg>`

/**
 * The logo pad drawn in a `0 0 32 32` box: a white rounded square with the mark on it. The
 * mark's own drawing leaves a 4-unit border, which becomes the white margin around it.
 */
const padElements = (color: string) =>
	`<rect width="32" height="32" rx="6" fill="#fff"/>${logoMarkElements(color)}`

/** Error-correction level Q, as the spec asks, so the centre can carry the logo. */
function qrMatrix(url: string) {
	return QRCode.create(url, { errorCorrectionLevel: 'Q' }).modules
}

/**
 * A PNG of `size` x `size` pixels with the QR code of `url` (level Q, the owner's accent on white,
 * 4-module quiet zone) and the Tagg logo on a white rounded pad in the middle. An accent too light
 * to scan on white is darkened (same hue) until it reads (`qrColor`, app/utils/appearance.ts).
 */
export async function profileQrPng(url: string, size = 512, accent = BRAND_PINK): Promise<Buffer> {
	const color = qrColor(accent)
	const qr = await QRCode.toBuffer(url, {
		type: 'png',
		errorCorrectionLevel: 'Q',
		margin: MARGIN,
		width: size,
		color: { dark: `${color}ff`, light: '#ffffffff' },
	})
	const pad = Math.round(size * PAD_RATIO)
	const offset = Math.round((size - pad) / 2)
	const padSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${pad}" height="${pad}" viewBox="0 0 32 32">${padElements(color)}</svg>`
	return sharp(qr)
		.composite([{ input: Buffer.from(padSvg), top: offset, left: offset }])
		.removeAlpha()
		.png({ compressionLevel: 9, palette: false })
		.toBuffer()
}

/**
 * The same QR code as `profileQrPng` (level Q, brand pink, logo in the centre) as a compact SVG
 * string, 256 px wide by default, for drawing on screen.
 */
export async function profileQrSvg(url: string, size = 256, accent = BRAND_PINK): Promise<string> {
	const color = qrColor(accent)
	const modules = qrMatrix(url)
	const count = modules.size
	const total = count + MARGIN * 2
	// One rectangle per horizontal run of dark modules.
	let d = ''
	for (let row = 0; row < count; row++) {
		let col = 0
		while (col < count) {
			if (!modules.get(row, col)) {
				col++
				continue
			}
			const start = col
			while (col < count && modules.get(row, col)) col++
			d += `M${start + MARGIN} ${row + MARGIN}h${col - start}v1h-${col - start}z`
		}
	}
	const pad = total * PAD_RATIO
	const at = (total - pad) / 2
	const fmt = (n: number) => String(Math.round(n * 1000) / 1000)
	return (
		`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${total} ${total}">` +
		`<rect width="${total}" height="${total}" fill="#fff"/>` +
		`<path fill="${color}" shape-rendering="crispEdges" d="${d}"/>` +
		`<svg x="${fmt(at)}" y="${fmt(at)}" width="${fmt(pad)}" height="${fmt(pad)}" viewBox="0 0 32 32">${padElements(color)}</svg>` +
		'</svg>'
	)
}
