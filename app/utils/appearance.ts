/**
 * An owner's appearance: accent colour, light/dark/system mode, type pairing and header style,
 * and the colours every page derives from them. Shared by the server (pages, QR code, link card)
 * and the builder's editor (its live preview), so both compute the same shades.
 *
 * Every page is readable whatever the owner picks: an accent that fails WCAG AA (4.5:1) as text
 * on the light pages or behind white button text is moved to the nearest shade that passes (same
 * hue, the closest lightness in OKLCH), and the dark pages use a lighter shade of it that passes
 * on their dark backgrounds (docs/decisions/021-appearance-themes.md).
 */
import { msg } from '~/utils/i18n-macro'

export const THEME_MODES = ['light', 'dark', 'system'] as const
export type ThemeMode = (typeof THEME_MODES)[number]

export const HEADER_STYLES = ['gradient', 'solid', 'none'] as const
export type HeaderStyle = (typeof HEADER_STYLES)[number]

/**
 * The three type pairings: self-hosted variable fonts (app/styles/fonts.css). Their labels (and
 * the presets' names below) are English strings, shown with `translate(i18n, label)`.
 */
export const FONT_PAIRINGS = {
	modern: { label: msg`Modern`.message, heading: 'Inter', body: 'Inter' },
	classic: { label: msg`Classic`.message, heading: 'Fraunces', body: 'Source Serif 4' },
	friendly: { label: msg`Friendly`.message, heading: 'Space Grotesk', body: 'DM Sans' },
} as const
export type FontPairing = keyof typeof FONT_PAIRINGS
export const FONT_IDS = Object.keys(FONT_PAIRINGS) as FontPairing[]

/** The brand pink: the default accent. */
export const BRAND_PINK = '#d6246e'

/** The eight preset accents; every one passes AA on the light pages as it is. */
export const ACCENT_PRESETS = [
	{ name: msg`Tagg pink`.message, hex: BRAND_PINK },
	{ name: msg`Tangerine`.message, hex: '#c2410c' },
	{ name: msg`Gold`.message, hex: '#a16207' },
	{ name: msg`Emerald`.message, hex: '#047857' },
	{ name: msg`Lagoon`.message, hex: '#0e7490' },
	{ name: msg`Cobalt`.message, hex: '#1d4ed8' },
	{ name: msg`Violet`.message, hex: '#6d28d9' },
	{ name: msg`Graphite`.message, hex: '#374151' },
] as const

export type Appearance = {
	/** `#rrggbb`, lower case, already adjusted to pass AA on the light pages. */
	accent: string
	mode: ThemeMode
	font: FontPairing
	header: HeaderStyle
}

export const DEFAULT_APPEARANCE: Appearance = {
	accent: BRAND_PINK,
	mode: 'light',
	font: 'modern',
	header: 'gradient',
}

/** WCAG AA for normal text. */
export const AA = 4.5

/** The neutral colours of each mode (also in app/styles/tailwind.css). */
export const NEUTRALS = {
	light: {
		canvas: '#faf9fc',
		surface: '#ffffff',
		ink: '#1c1b22',
		muted: '#5d5a6b',
		line: '#e8e6ee',
	},
	dark: {
		canvas: '#111015',
		surface: '#1b1a21',
		ink: '#f2f0f7',
		muted: '#aeaabd',
		line: '#35323f',
	},
} as const

// ---------------------------------------------------------------- colour arithmetic

type Rgb = [number, number, number]

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i

/** `#rgb` or `#rrggbb` (with or without '#', any case) as `#rrggbb`; null when not a colour. */
export function normalizeHex(value: string): string | null {
	const match = HEX.exec(value.trim())
	if (!match) return null
	let digits = match[1]!.toLowerCase()
	if (digits.length === 3) digits = [...digits].map((digit) => digit + digit).join('')
	return `#${digits}`
}

function hexToRgb(hex: string): Rgb {
	const value = normalizeHex(hex)
	if (!value) throw new Error(`Not a colour: ${hex}`)
	const n = Number.parseInt(value.slice(1), 16)
	return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

function rgbToHex([r, g, b]: Rgb) {
	const byte = (v: number) =>
		Math.round(Math.min(255, Math.max(0, v)))
			.toString(16)
			.padStart(2, '0')
	return `#${byte(r)}${byte(g)}${byte(b)}`
}

const toLinear = (channel: number) => {
	const c = channel / 255
	return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}
const fromLinear = (c: number) =>
	255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * Math.max(0, c) ** (1 / 2.4) - 0.055)

/** WCAG relative luminance. */
export function luminance(hex: string) {
	const [r, g, b] = hexToRgb(hex).map(toLinear) as Rgb
	return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string) {
	const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
	return (hi + 0.05) / (lo + 0.05)
}

type Oklab = [number, number, number]

function rgbToOklab(rgb: Rgb): Oklab {
	const [r, g, b] = rgb.map(toLinear) as Rgb
	const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
	const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
	const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
	return [
		0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
		1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
		0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
	]
}

/** Linear sRGB of an OKLab colour (may be out of gamut). */
function oklabToLinear([L, a, b]: Oklab): Rgb {
	const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3
	const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3
	const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3
	return [
		4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
		-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
		-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
	]
}

const inGamut = (rgb: Rgb) => rgb.every((c) => c >= -1e-6 && c <= 1 + 1e-6)

/**
 * The colour of OKLCH lightness `L`, chroma `C` and hue `h`, brought into sRGB by lowering the
 * chroma (the hue and lightness stay).
 */
function oklch(L: number, C: number, h: number) {
	let lo = 0
	let hi = C
	let linear = oklabToLinear([L, C * Math.cos(h), C * Math.sin(h)])
	if (!inGamut(linear)) {
		for (let i = 0; i < 24; i++) {
			const mid = (lo + hi) / 2
			if (inGamut(oklabToLinear([L, mid * Math.cos(h), mid * Math.sin(h)]))) lo = mid
			else hi = mid
		}
		linear = oklabToLinear([L, lo * Math.cos(h), lo * Math.sin(h)])
	}
	return rgbToHex(linear.map(fromLinear) as Rgb)
}

function toOklch(hex: string) {
	const [L, a, b] = rgbToOklab(hexToRgb(hex))
	return { L, C: Math.hypot(a, b), h: Math.atan2(b, a) }
}

/** `a` mixed with `b` in OKLab, `amount` (0..1) of `a`. */
export function mix(a: string, b: string, amount: number) {
	const x = rgbToOklab(hexToRgb(a))
	const y = rgbToOklab(hexToRgb(b))
	const lab = x.map((value, i) => value * amount + y[i]! * (1 - amount)) as Oklab
	const linear = oklabToLinear(lab).map((c) => Math.min(1, Math.max(0, c))) as Rgb
	return rgbToHex(linear.map(fromLinear) as Rgb)
}

/**
 * The shade of `hex` (same hue, chroma kept where sRGB allows) with the lightness closest to its
 * own for which `passes` holds, searching darker (`direction` -1) or lighter (+1).
 */
function nearestShade(hex: string, passes: (hex: string) => boolean, direction: 1 | -1) {
	if (passes(hex)) return hex
	const { L, C, h } = toOklch(hex)
	const end = direction < 0 ? 0 : 1
	let far = end
	let near = L
	// The far end (black or white) passes every check this module makes.
	for (let i = 0; i < 30; i++) {
		const mid = (near + far) / 2
		if (passes(oklch(mid, C, h))) far = mid
		else near = mid
	}
	const shade = oklch(far, C, h)
	return passes(shade) ? shade : direction < 0 ? '#000000' : '#ffffff'
}

// ---------------------------------------------------------------- the accent and its shades

/** The accent as text passes AA on the light pages and behind white button text. */
const passesLight = (hex: string) =>
	contrast(hex, NEUTRALS.light.canvas) >= AA && contrast(hex, '#ffffff') >= AA

/** On dark pages the accent is text on the page, on cards and on its own tinted background. */
const darkTint = (hex: string) => mix(hex, NEUTRALS.dark.surface, 0.16)
const passesDark = (hex: string) =>
	contrast(hex, NEUTRALS.dark.surface) >= AA &&
	contrast(hex, NEUTRALS.dark.canvas) >= AA &&
	contrast(hex, darkTint(hex)) >= AA

export type AccentCheck = {
	/** What the owner asked for (`#rrggbb`). */
	requested: string
	/** The accent the light pages use: `requested`, or the nearest shade that passes AA. */
	accent: string
	adjusted: boolean
	/** The shade of the accent the dark pages use. */
	dark: string
	/** Contrast of `accent` with white (the light pages' cards and the buttons' text). */
	ratio: number
}

/**
 * Checks an accent (`#rgb`/`#rrggbb`) against WCAG AA: the colour the light pages use (the
 * nearest darker shade when it is too light to read on white) and the dark pages' shade.
 */
export function checkAccent(hex: string): AccentCheck {
	const requested = normalizeHex(hex)
	if (!requested) throw new Error(`Not a colour: ${hex}`)
	const accent = nearestShade(requested, passesLight, -1)
	return {
		requested,
		accent,
		adjusted: accent !== requested,
		dark: nearestShade(accent, passesDark, 1),
		ratio: contrast(accent, '#ffffff'),
	}
}

/** The names of the colour variables a theme sets (Tailwind's `brand` colours and `on-brand`). */
export const BRAND_SHADES = [
	'50',
	'100',
	'200',
	'300',
	'400',
	'500',
	'600',
	'700',
	'800',
	'900',
] as const

export type Palette = Record<
	`brand-${(typeof BRAND_SHADES)[number]}` | 'brand' | 'on-brand',
	string
>

/**
 * The brand colours of the light and dark pages for an accent. Light: tints towards white for
 * backgrounds and borders, the accent itself for text and buttons (white text), darker shades
 * for strong text. Dark: tints towards the dark surface for backgrounds and borders, the dark
 * shade for text and buttons (dark text), lighter shades for strong text.
 */
export function accentPalettes(hex: string): { light: Palette; dark: Palette } {
	const { accent, dark } = checkAccent(hex)
	const white = '#ffffff'
	const black = '#000000'
	const light: Palette = {
		'brand-50': mix(accent, white, 0.06),
		'brand-100': mix(accent, white, 0.12),
		'brand-200': mix(accent, white, 0.24),
		'brand-300': mix(accent, white, 0.42),
		'brand-400': mix(accent, white, 0.66),
		'brand-500': mix(accent, white, 0.86),
		'brand-600': accent,
		brand: accent,
		'brand-700': mix(accent, black, 0.84),
		'brand-800': mix(accent, black, 0.7),
		'brand-900': mix(accent, black, 0.58),
		'on-brand': white,
	}
	const surface = NEUTRALS.dark.surface
	const darkPalette: Palette = {
		'brand-50': darkTint(dark),
		'brand-100': mix(dark, surface, 0.26),
		'brand-200': mix(dark, surface, 0.36),
		'brand-300': mix(dark, surface, 0.5),
		'brand-400': mix(dark, surface, 0.68),
		'brand-500': mix(dark, surface, 0.84),
		'brand-600': dark,
		brand: dark,
		'brand-700': mix(dark, white, 0.78),
		'brand-800': mix(dark, white, 0.62),
		'brand-900': mix(dark, white, 0.5),
		'on-brand': NEUTRALS.dark.canvas,
	}
	return { light, dark: darkPalette }
}

const declarations = (palette: Palette) =>
	Object.entries(palette)
		.map(([name, value]) => `--color-${name}:${value}`)
		.join(';')

/**
 * The page's theme stylesheet: the accent's colours for the light pages, and for the dark ones
 * when the owner chose dark or 'follow the device' (pure CSS: no script decides the theme, so a
 * page never flashes the wrong one). The neutral colours of each mode are in tailwind.css.
 */
export function themeCss(appearance: Pick<Appearance, 'accent' | 'mode'>) {
	const { light, dark } = accentPalettes(appearance.accent)
	const rule = (palette: Palette) => `:root{${declarations(palette)}}`
	if (appearance.mode === 'light') return rule(light)
	if (appearance.mode === 'dark') return rule(dark)
	return `${rule(light)}@media (prefers-color-scheme:dark){${rule(dark)}}`
}

/** The custom properties of a palette, named `--{prefix}color-{name}`. */
const properties = (palette: Palette, prefix = '') =>
	Object.fromEntries(
		Object.entries(palette).map(([name, value]) => [`--${prefix}color-${name}`, value]),
	)

/**
 * The accent's colours for an element's `style` attribute: the builder's live preview, which
 * cannot have a `<style>` of its own (HTML admits one only in the head). 'Follow the device'
 * carries both palettes (`--light-color-…`, `--dark-color-…`), and the app's stylesheet takes
 * the one of the device's scheme (`.theme-preview` in app/styles/tailwind.css).
 */
export function themeStyle(appearance: Pick<Appearance, 'accent' | 'mode'>) {
	const { light, dark } = accentPalettes(appearance.accent)
	if (appearance.mode === 'light') return properties(light)
	if (appearance.mode === 'dark') return properties(dark)
	return { ...properties(light, 'light-'), ...properties(dark, 'dark-') }
}

/** The colour of the `<meta name="theme-color">` of a page: its canvas, per scheme. */
export function themeColors(appearance: Appearance) {
	const { light, dark } = NEUTRALS
	if (appearance.mode === 'light') return [{ color: light.canvas }]
	if (appearance.mode === 'dark') return [{ color: dark.canvas }]
	return [
		{ color: light.canvas, media: '(prefers-color-scheme: light)' },
		{ color: dark.canvas, media: '(prefers-color-scheme: dark)' },
	]
}

/**
 * The QR code's colour: the accent, darkened (same hue) until it is dark enough on white for a
 * decoder to read it. Past `QR_MIN_CONTRAST` every accent, preset or typed, decodes with the
 * logo in the middle (app/utils/qr.server.test.ts).
 */
export const QR_MIN_CONTRAST = 4.5
export function qrColor(hex: string) {
	const value = normalizeHex(hex) ?? BRAND_PINK
	return nearestShade(value, (shade) => contrast(shade, '#ffffff') >= QR_MIN_CONTRAST, -1)
}

/** The QR code's tag in its URLs (`?v=`): a new accent is a new URL, never a cached old code. */
export const accentTag = (accent: string) => accent.replace('#', '')

/** The QR code of a profile, as the pages link it, under the page's base ('' on the owner's domain, `/{pname}` else). */
export const qrHref = (base: string, qrTag: string, download = false) =>
	`${base}/qr.png?${download ? 'download=1&' : ''}v=${qrTag}`

/** A short tag of what the link card shows of the appearance, for its URL (`?v=`). */
export function appearanceTag(appearance: Appearance) {
	return shortHash(
		`${appearance.accent}|${appearance.mode}|${appearance.font}|${appearance.header}`,
	)
}

/** A short, stable tag of a text (djb2, base 36): for `?v=` in addresses, not for security. */
export function shortHash(text: string) {
	let hash = 5381
	for (let i = 0; i < text.length; i++) hash = ((hash * 33) ^ text.charCodeAt(i)) >>> 0
	return hash.toString(36)
}

/** A value read from the database: anything unknown falls back to the default. */
export function toAppearance(row: {
	accent?: string | null
	themeMode?: string | null
	font?: string | null
	headerStyle?: string | null
}): Appearance {
	const accent = row.accent ? normalizeHex(row.accent) : null
	return {
		accent: accent ? checkAccent(accent).accent : DEFAULT_APPEARANCE.accent,
		mode: (THEME_MODES as readonly string[]).includes(row.themeMode ?? '')
			? (row.themeMode as ThemeMode)
			: DEFAULT_APPEARANCE.mode,
		font: (FONT_IDS as readonly string[]).includes(row.font ?? '')
			? (row.font as FontPairing)
			: DEFAULT_APPEARANCE.font,
		header: (HEADER_STYLES as readonly string[]).includes(row.headerStyle ?? '')
			? (row.headerStyle as HeaderStyle)
			: DEFAULT_APPEARANCE.header,
	}
}

/** The profile columns of an appearance. */
export function appearanceUpdate(value: {
	accent: string
	mode: 'light' | 'dark' | 'system'
	font: string
	header: 'gradient' | 'solid' | 'none'
}) {
	return {
		accent: value.accent,
		themeMode: value.mode,
		font: value.font as FontPairing,
		headerStyle: value.header,
	}
}
