/**
 * The 1200 x 630 link-preview card of a profile (og:image): name, designation, place and the
 * display picture, drawn as SVG and rasterised by sharp.
 */
import sharp, { type OverlayOptions } from 'sharp'
import { initials } from './text'
import { BRAND_PINK, LOGO_MARK_ELEMENTS } from './qr.server'

export type OgInput = {
	firstName?: string | null
	lastName?: string | null
	designation?: string | null
	city?: string | null
	country?: string | null
	picture?: Buffer | null
	siteUrl: string
}

/**
 * Escapes text for the SVG. Characters XML 1.0 forbids (control characters, lone surrogates)
 * are dropped and line breaks become spaces: one of them in a name would otherwise make the
 * whole SVG unparsable and the card a 500.
 */
const escapeXml = (text: string) =>
	text
		.replace(/[\t\n\r]/g, ' ')
		// eslint-disable-next-line no-control-regex
		.replace(/[\u0000-\u001f\u007f\ufffe\uffff]|\p{Cs}/gu, '')
		.replace(
			/[<>&'"]/g,
			(char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!,
		)

/** Shortens to `max` characters (code points, so an emoji is never cut in half). */
const clip = (text: string, max: number) => {
	const chars = Array.from(text)
	return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text
}

/** The display picture cut to a circle, or null when it cannot be decoded. */
async function roundPicture(picture: Buffer, size: number) {
	const mask = Buffer.from(
		`<svg width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}"/></svg>`,
	)
	try {
		return await sharp(picture)
			.rotate()
			.resize(size, size, { fit: 'cover' })
			.composite([{ input: mask, blend: 'dest-in' }])
			.png()
			.toBuffer()
	} catch {
		// A damaged stored picture must not break the link preview: show the initials instead.
		return null
	}
}

/**
 * The 1200 x 630 PNG link-preview card: soft background with a pink band, the round display
 * picture (or pink initials), name, designation, "city, country", and the Tagg mark with the
 * profile URL. Every text is XML-escaped; a picture sharp cannot read falls back to initials.
 */
export async function profileOgPng(input: OgInput): Promise<Buffer> {
	const pictureSize = 248
	const round = input.picture?.length ? await roundPicture(input.picture, pictureSize) : null
	const name = clip(
		[input.firstName, input.lastName].filter(Boolean).join(' ').trim() || 'Tagg profile',
		28,
	)
	const designation = clip((input.designation ?? '').trim(), 42)
	const place = clip(
		[input.city, input.country].filter((part) => part && part.trim()).join(', '),
		48,
	)
	const site = clip(input.siteUrl.replace(/^https?:\/\//, ''), 60)
	const font = "font-family=\"'Inter', 'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif\""

	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
	<defs>
		<linearGradient id="band" x1="0" y1="0" x2="1" y2="1">
			<stop offset="0" stop-color="#fce7f0"/><stop offset="0.6" stop-color="#f8a5c8"/><stop offset="1" stop-color="#e5437f"/>
		</linearGradient>
	</defs>
	<rect width="1200" height="630" fill="#faf9fc"/>
	<rect width="1200" height="200" fill="url(#band)"/>
	<rect x="60" y="110" width="1080" height="460" rx="36" fill="#ffffff" stroke="#e8e6ee" stroke-width="2"/>
	<circle cx="250" cy="330" r="134" fill="#ffffff"/>
	<circle cx="250" cy="330" r="124" fill="#fce7f0"/>
	${round ? '' : `<text x="250" y="368" text-anchor="middle" ${font} font-size="104" font-weight="700" fill="${BRAND_PINK}">${escapeXml(initials(input.firstName, input.lastName))}</text>`}
	<text x="430" y="300" ${font} font-size="64" font-weight="700" fill="#1c1b22">${escapeXml(name)}</text>
	${designation ? `<text x="432" y="362" ${font} font-size="36" font-weight="600" fill="${BRAND_PINK}">${escapeXml(designation)}</text>` : ''}
	${place ? `<text x="432" y="416" ${font} font-size="30" fill="#5d5a6b">${escapeXml(place)}</text>` : ''}
	<svg x="432" y="470" width="44" height="44" viewBox="0 0 32 32">${LOGO_MARK_ELEMENTS}</svg>
	<text x="488" y="503" ${font} font-size="28" font-weight="600" fill="#1c1b22">${escapeXml(site)}</text>
</svg>`

	const layers: OverlayOptions[] = []
	if (round) layers.push({ input: round, top: 330 - pictureSize / 2, left: 250 - pictureSize / 2 })
	return sharp(Buffer.from(svg)).composite(layers).png({ compressionLevel: 9 }).toBuffer()
}
