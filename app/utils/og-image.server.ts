/**
 * The 1200 x 630 link-preview card of a profile (og:image): name, designation, place and the
 * display picture, drawn as SVG and rasterised by sharp. In a right-to-left language (the
 * owner's, Arabic) the card is mirrored: the picture at the right, the texts aligned right.
 */
import path from 'node:path'
import { type I18n } from '@lingui/core'
import sharp, { type OverlayOptions } from 'sharp'
import {
	accentPalettes,
	DEFAULT_APPEARANCE,
	NEUTRALS,
	type Appearance,
	type FontPairing,
} from './appearance'
import { assetDir } from './assets.server'
import { msg } from '~/utils/i18n-macro'
import { directionOf, isLocale } from './locales'
import { initials, placeName } from './text'
import { logoMarkElements } from './qr.server'

export type OgInput = {
	firstName?: string | null
	lastName?: string | null
	designation?: string | null
	city?: string | null
	country?: string | null
	picture?: Buffer | null
	siteUrl: string
	/** The owner's accent, mode (dark draws a dark card; 'system' a light one), type and header. */
	appearance?: Appearance
	/** The owner's language (the card's own words, its direction); English without. */
	i18n?: I18n
}

/** The name on the card of an owner who gave none. */
const NO_NAME = msg`Tagg profile`

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

/** The text column: from the picture's right to the card's right edge, less its padding. */
const TEXT_X = 432
const TEXT_WIDTH = 1100 - TEXT_X
/**
 * The card is drawn in the owner's type pairing: static TrueType cuts of the pages' fonts in
 * app/assets/fonts/card (sharp's text engine reads no WOFF2; scripts/card-fonts.py makes them),
 * Latin and Latin Extended. Other scripts fall back to the system's fonts, as on the pages.
 */
const CARD_FONT_DIR = path.join('app', 'assets', 'fonts', 'card')
const CARD_FONT_FILES = [
	'inter-400',
	'inter-600',
	'inter-700',
	'fraunces-700',
	'source-serif-4-400',
	'source-serif-4-600',
	'space-grotesk-700',
	'dm-sans-400',
	'dm-sans-600',
]
/** Heading (the name, the initials) and body (the rest) family of each pairing on the card. */
export const CARD_FAMILIES: Record<FontPairing, { heading: string; body: string }> = {
	modern: { heading: 'Tagg Card Inter,sans-serif', body: 'Tagg Card Inter,sans-serif' },
	classic: { heading: 'Tagg Card Fraunces,serif', body: 'Tagg Card Serif,serif' },
	friendly: {
		heading: 'Tagg Card Space Grotesk,sans-serif',
		body: 'Tagg Card DM Sans,sans-serif',
	},
}

/** The card's fonts from this module (in app/utils, or bundled into build/server) or the cwd. */
const cardFontDir = () => assetDir(CARD_FONT_DIR, `${CARD_FONT_FILES[0]}.ttf`)

/**
 * Arabic is drawn in IBM Plex Sans Arabic (the resume PDF's face, docs/decisions/028-pdf-fonts.md)
 * after each pairing's own family, which has no Arabic: a system without Arabic fonts would draw
 * boxes, and one with them draws them in whatever it has.
 */
const ARABIC_FAMILY = 'IBM Plex Sans Arabic'
const ARABIC_FONT_FILES = ['IBMPlexSansArabic-Regular.ttf', 'IBMPlexSansArabic-Bold.ttf']
const arabicFontDir = () =>
	assetDir(path.join('app', 'assets', 'fonts', 'plex'), ARABIC_FONT_FILES[0]!)

/** A pairing's family list ('Tagg Card Inter,sans-serif') with the Arabic face before its generic. */
const withArabic = (families: string) => {
	const parts = families.split(',')
	return [...parts.slice(0, -1), ARABIC_FAMILY, ...parts.slice(-1)].join(',')
}

let cardFonts: Promise<void> | null = null
/** Makes the card's fonts known to the text engine, once per process (they stay loaded). */
export function loadCardFonts() {
	cardFonts ??= (async () => {
		const files = [
			...CARD_FONT_FILES.map((file) => path.join(cardFontDir(), `${file}.ttf`)),
			...ARABIC_FONT_FILES.map((file) => path.join(arabicFontDir(), file)),
		]
		for (const fontfile of files) {
			// A missing file must not break the card: its text falls back to the generic family.
			await sharp({ text: { text: '.', font: 'sans 8', fontfile } })
				.png()
				.toBuffer()
				.catch(() => undefined)
		}
	})()
	return cardFonts
}

type TextLayer = { input: Buffer; width: number; height: number }

/** Whether a text's first letter is of a script written right to left (Pango's paragraph direction). */
const startsRightToLeft = (text: string | null | undefined) => {
	const first = /\p{L}/u.exec(text ?? '')?.[0]
	return Boolean(
		first &&
		/[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u.test(
			first,
		),
	)
}

type FitOptions = {
	/** The design size in px, and the smallest it may shrink to before the text is cut. */
	size: number
	minSize: number
	weight: 'Bold' | 'Semi-Bold' | 'Regular'
	color: string
	width: number
	maxLines: number
	family: string
	/**
	 * Pango's alignment of the lines: 'left' puts a right-to-left paragraph at the right (Pango
	 * swaps the sides of a paragraph written right to left), 'right' puts a left-to-right one there.
	 */
	align?: 'left' | 'right'
}

const fontAt = (options: FitOptions) =>
	`${withArabic(options.family)} ${options.weight} ${options.size}`

async function render(
	markup: string,
	font: string,
	layout: {
		dpi?: number
		width?: number
		height?: number
		wrap: 'none' | 'word-char'
		align?: 'left' | 'right'
	},
) {
	const { data, info } = await sharp({
		text: { text: markup, font, rgba: true, ...layout },
	})
		.png()
		.toBuffer({ resolveWithObject: true })
	return { input: data, width: info.width, height: info.height, dpi: info.textAutofitDpi ?? 72 }
}

const lineMetrics = new Map<string, Promise<{ first: number; next: number }>>()
/** The height of one line of `font`, and what each further line adds. */
function metricsOf(font: string) {
	let metrics = lineMetrics.get(font)
	if (!metrics) {
		metrics = Promise.all([
			render('Hgjy', font, { dpi: 72, wrap: 'none' }),
			render('Hgjy\nHgjy', font, { dpi: 72, wrap: 'none' }),
		]).then(([one, two]) => ({ first: one.height, next: two.height - one.height }))
		lineMetrics.set(font, metrics)
	}
	return metrics
}

/**
 * One text of the card, laid out by Pango (the same text engine as the browser's on Linux):
 * right-to-left scripts in their order, wrapped at `width` (between words, or inside a word too
 * long for a line) into at most `maxLines` lines. Drawn at `size` px when it fits, else shrunk
 * until it does; when even `minSize` px is too big, it is cut and ends with an ellipsis.
 */
async function fitText(text: string, options: FitOptions): Promise<TextLayer | null> {
	await loadCardFonts()
	let chars = Array.from(escapeXml(text).replace(/\s+/g, ' ').trim())
	if (!chars.length) return null
	const font = fontAt(options)
	const { first, next } = await metricsOf(font)
	const maxHeight = first + next * (options.maxLines - 1)
	let cut = false
	let last: TextLayer | null = null
	for (let attempt = 0; attempt < 8 && chars.length; attempt++) {
		// Never cut inside an XML entity (&amp;): drop a partial one with the cut.
		const shown = cut ? `${chars.join('').replace(/&[a-z]*$/, '')}…` : chars.join('')
		const markup = `<span foreground="${options.color}">${shown}</span>`
		let size: number
		const align = options.align ? { align: options.align } : {}
		if (options.maxLines === 1) {
			const natural = await render(markup, font, { dpi: 72, wrap: 'none' })
			if (natural.width <= options.width) return natural
			const dpi = Math.floor((72 * options.width) / natural.width)
			size = (options.size * dpi) / 72
			last = await render(markup, font, { dpi, wrap: 'none' })
		} else {
			const natural = await render(markup, font, {
				dpi: 72,
				width: options.width,
				wrap: 'word-char',
				...align,
			})
			if (natural.height <= maxHeight) return natural
			// Too many lines at the design size: Pango finds the largest size that fits the box.
			const fitted = await render(markup, font, {
				width: options.width,
				height: maxHeight,
				wrap: 'word-char',
				...align,
			})
			size = (options.size * fitted.dpi) / 72
			last = fitted
		}
		if (size >= options.minSize) return last
		// Still too small to read: keep the share of the text that fits at minSize, then "…".
		const keep = options.maxLines === 1 ? size / options.minSize : (size / options.minSize) ** 2
		chars = chars.slice(0, Math.max(1, Math.floor(chars.length * keep * 0.95)))
		cut = true
	}
	return last
}

/**
 * The 1200 x 630 PNG link-preview card: soft background with a pink band, the round display
 * picture (or pink initials), name, designation, "city, country", and the Tagg mark with the
 * profile URL. Every text fits the card whatever its length or script: it wraps (inside long
 * words too), shrinks, and at worst ends with an ellipsis. A picture sharp cannot read falls
 * back to initials.
 */
export async function profileOgPng(input: OgInput): Promise<Buffer> {
	const pictureSize = 248
	const round = input.picture?.length ? await roundPicture(input.picture, pictureSize) : null
	const name =
		[input.firstName, input.lastName].filter(Boolean).join(' ').trim() ||
		(input.i18n ? input.i18n._(NO_NAME) : NO_NAME.message)
	const rtl = isLocale(input.i18n?.locale) && directionOf(input.i18n.locale) === 'rtl'
	/** x of a box `width` wide that stands at `left` on the card, on the mirrored card when rtl. */
	const x = (left: number, width: number) => (rtl ? 1200 - left - width : left)
	/** How a text's lines align on the mirrored card: at the right, whatever its own direction. */
	const alignOf = (text: string | null | undefined) =>
		rtl ? (startsRightToLeft(text) ? ('left' as const) : ('right' as const)) : undefined
	const place = placeName(input.city, input.country)
	const site = input.siteUrl.replace(/^https?:\/\//, '')
	const appearance = input.appearance ?? DEFAULT_APPEARANCE
	const dark = appearance.mode === 'dark'
	const neutral = NEUTRALS[dark ? 'dark' : 'light']
	const brand = accentPalettes(appearance.accent)[dark ? 'dark' : 'light']
	const families = CARD_FAMILIES[appearance.font] ?? CARD_FAMILIES.modern
	await loadCardFonts()
	const [headingFamily, generic] = families.heading.split(',')
	const font = `font-family="'${headingFamily}', '${ARABIC_FAMILY}', ${generic}"`

	const nameOptions = {
		size: 60,
		minSize: 36,
		weight: 'Bold',
		color: neutral.ink,
		width: TEXT_WIDTH,
		maxLines: 3,
		family: families.heading,
		align: alignOf(name),
	} as const
	const designationOptions = {
		size: 32,
		minSize: 24,
		weight: 'Semi-Bold',
		color: brand.brand,
		width: TEXT_WIDTH,
		maxLines: 2,
		family: families.body,
		align: alignOf(input.designation),
	} as const
	let [nameLayer, designationLayer] = await Promise.all([
		fitText(name, nameOptions),
		fitText(input.designation ?? '', designationOptions),
	])
	const [placeLayer, siteLayer] = await Promise.all([
		fitText(place, {
			size: 28,
			minSize: 22,
			weight: 'Regular',
			color: neutral.muted,
			width: TEXT_WIDTH,
			maxLines: 1,
			family: families.body,
		}),
		fitText(site, {
			size: 26,
			minSize: 20,
			weight: 'Semi-Bold',
			color: neutral.ink,
			width: 1100 - 488,
			maxLines: 1,
			family: families.body,
		}),
	])

	// The name, designation and place stand together, centred in the space above the address.
	const GAP = 14
	const top = 128
	const bottom = 458
	const heightOf = (stack: Array<TextLayer | null>) => {
		const shown = stack.filter((layer): layer is TextLayer => layer !== null)
		return shown.reduce((sum, layer) => sum + layer.height, 0) + GAP * (shown.length - 1)
	}
	// All three at their longest do not fit together: fewer lines for the designation, then the name.
	if (heightOf([nameLayer, designationLayer, placeLayer]) > bottom - top) {
		designationLayer = await fitText(input.designation ?? '', {
			...designationOptions,
			maxLines: 1,
		})
	}
	if (heightOf([nameLayer, designationLayer, placeLayer]) > bottom - top) {
		nameLayer = await fitText(name, { ...nameOptions, maxLines: 2 })
	}
	const stack = [nameLayer, designationLayer, placeLayer].filter(
		(layer): layer is TextLayer => layer !== null,
	)
	let y = Math.max(top, Math.round(top + (bottom - top - heightOf(stack)) / 2))
	const layers: OverlayOptions[] = []
	if (round) {
		layers.push({
			input: round,
			top: 330 - pictureSize / 2,
			left: x(250 - pictureSize / 2, pictureSize),
		})
	}
	for (const layer of stack) {
		layers.push({ input: layer.input, top: y, left: x(TEXT_X, layer.width) })
		y += layer.height + GAP
	}
	if (siteLayer) {
		layers.push({
			input: siteLayer.input,
			top: Math.round(492 - siteLayer.height / 2),
			left: x(488, siteLayer.width),
		})
	}

	const band =
		appearance.header === 'none'
			? ''
			: `<rect width="1200" height="200" fill="${appearance.header === 'solid' ? brand['brand-500'] : 'url(#band)'}"/>`
	const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
	<defs>
		<linearGradient id="band" x1="0" y1="0" x2="1" y2="1">
			<stop offset="0" stop-color="${brand['brand-100']}"/><stop offset="0.6" stop-color="${brand['brand-300']}"/><stop offset="1" stop-color="${brand['brand-500']}"/>
		</linearGradient>
	</defs>
	<rect width="1200" height="630" fill="${neutral.canvas}"/>
	${band}
	<rect x="60" y="110" width="1080" height="460" rx="36" fill="${neutral.surface}" stroke="${neutral.line}" stroke-width="2"/>
	<circle cx="${x(250, 0)}" cy="330" r="134" fill="${neutral.surface}"/>
	<circle cx="${x(250, 0)}" cy="330" r="124" fill="${brand['brand-100']}"/>
	${round ? '' : `<text x="${x(250, 0)}" y="368" text-anchor="middle" ${font} font-size="104" font-weight="700" fill="${brand.brand}">${escapeXml(initials(input.firstName, input.lastName))}</text>`}
	<svg x="${x(432, 44)}" y="470" width="44" height="44" viewBox="0 0 32 32">${logoMarkElements(brand.brand)}</svg>
</svg>`

	return sharp(Buffer.from(svg)).composite(layers).png({ compressionLevel: 9 }).toBuffer()
}
