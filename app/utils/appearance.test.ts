import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import {
	AA,
	ACCENT_PRESETS,
	accentPalettes,
	BRAND_PINK,
	checkAccent,
	contrast,
	DEFAULT_APPEARANCE,
	mix,
	NEUTRALS,
	normalizeHex,
	qrColor,
	QR_MIN_CONTRAST,
	themeCss,
	themeStyle,
	toAppearance,
	type Palette,
} from './appearance'

/** `color` at `alpha` over `background` (sRGB, as browsers blend). */
function over(color: string, alpha: number, background: string) {
	const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))
	const [a, b] = [rgb(color), rgb(background)]
	return `#${a
		.map((c, i) =>
			Math.round(c * alpha + b[i]! * (1 - alpha))
				.toString(16)
				.padStart(2, '0'),
		)
		.join('')}`
}

/**
 * Every pair of text and background the pages draw in the brand colours (see the components):
 * each must pass AA in both modes.
 */
function textPairs(palette: Palette, mode: 'light' | 'dark') {
	const n = NEUTRALS[mode]
	return {
		'links and numbers (brand on the card)': [palette.brand, n.surface],
		'links on the page (brand on the canvas)': [palette.brand, n.canvas],
		'highlight numbers (brand on brand-50/60)': [
			palette.brand,
			over(palette['brand-50'], 0.6, n.surface),
		],
		'button text (on-brand on brand)': [palette['on-brand'], palette.brand],
		'button text on hover (on-brand on brand-700)': [palette['on-brand'], palette['brand-700']],
		'designation (brand-700 on the card)': [palette['brand-700'], n.surface],
		'active menu item (brand-700 on brand-50)': [palette['brand-700'], palette['brand-50']],
		'badges (brand-800 on brand-50)': [palette['brand-800'], palette['brand-50']],
		'builder header (brand-800 on brand-50)': [palette['brand-800'], palette['brand-50']],
		'placeholders (brand-700 on brand-50/40)': [
			palette['brand-700'],
			over(palette['brand-50'], 0.4, n.surface),
		],
		'body text (ink on brand-50)': [n.ink, palette['brand-50']],
		'secondary button hover (ink on brand-50)': [n.ink, palette['brand-50']],
	} as const
}

const EDGES = ['#ffffff', '#ffff00', '#000000'] as const

describe('checkAccent', () => {
	test.each(ACCENT_PRESETS.map((preset): [string, string] => [preset.name, preset.hex]))(
		'preset %s (%s) passes AA on the light pages as it is',
		(_name, hex) => {
			const check = checkAccent(hex)
			expect(check.adjusted).toBe(false)
			expect(check.accent).toBe(hex)
			expect(contrast(hex, '#ffffff')).toBeGreaterThanOrEqual(AA)
			expect(contrast(hex, NEUTRALS.light.canvas)).toBeGreaterThanOrEqual(AA)
			// The dark pages' shade passes on their backgrounds.
			expect(contrast(check.dark, NEUTRALS.dark.surface)).toBeGreaterThanOrEqual(AA)
			expect(contrast(check.dark, NEUTRALS.dark.canvas)).toBeGreaterThanOrEqual(AA)
		},
	)

	test('brand pink is the default and stays itself', () => {
		expect(DEFAULT_APPEARANCE.accent).toBe(BRAND_PINK)
		expect(checkAccent(BRAND_PINK)).toMatchObject({ accent: '#d6246e', adjusted: false })
	})

	test('#ffffff becomes the nearest grey that passes: just past 4.5:1 on the canvas', () => {
		const check = checkAccent('#ffffff')
		expect(check.adjusted).toBe(true)
		const [r, g, b] = [1, 3, 5].map((i) => check.accent.slice(i, i + 2))
		// A grey: the hue of white is none.
		expect(
			Math.max(...[r, g, b].map((c) => Number.parseInt(c!, 16))) -
				Math.min(...[r, g, b].map((c) => Number.parseInt(c!, 16))),
		).toBeLessThanOrEqual(1)
		expect(contrast(check.accent, NEUTRALS.light.canvas)).toBeGreaterThanOrEqual(AA)
		// The nearest: a shade one step lighter would fail.
		expect(contrast(check.accent, NEUTRALS.light.canvas)).toBeLessThan(AA + 0.15)
	})

	test('#ffff00 (yellow) becomes a dark yellow of the same hue that passes', () => {
		const check = checkAccent('#ffff00')
		expect(check.adjusted).toBe(true)
		expect(check.requested).toBe('#ffff00')
		expect(contrast(check.accent, '#ffffff')).toBeGreaterThanOrEqual(AA)
		expect(contrast(check.accent, NEUTRALS.light.canvas)).toBeGreaterThanOrEqual(AA)
		expect(contrast(check.accent, NEUTRALS.light.canvas)).toBeLessThan(AA + 0.15)
		// Still yellow: red and green about equal, blue well below them.
		const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(check.accent.slice(i, i + 2), 16)) as [
			number,
			number,
			number,
		]
		expect(Math.abs(r - g)).toBeLessThan(24)
		expect(b).toBeLessThan(Math.min(r, g) / 2)
		// Its dark-page shade is a light yellow that passes on the dark backgrounds.
		expect(contrast(check.dark, NEUTRALS.dark.surface)).toBeGreaterThanOrEqual(AA)
	})

	test('#000000 passes on light pages; the dark pages use the nearest grey that reads', () => {
		const check = checkAccent('#000000')
		expect(check).toMatchObject({ accent: '#000000', adjusted: false })
		expect(check.dark).not.toBe('#000000')
		expect(contrast(check.dark, NEUTRALS.dark.surface)).toBeGreaterThanOrEqual(AA)
		expect(
			contrast(check.dark, mix(check.dark, NEUTRALS.dark.surface, 0.16)),
		).toBeGreaterThanOrEqual(AA)
	})

	test('accepts #rgb and any case; refuses what is not a colour', () => {
		expect(normalizeHex('#ABC')).toBe('#aabbcc')
		expect(normalizeHex('D6246E')).toBe('#d6246e')
		expect(normalizeHex('#12345')).toBeNull()
		expect(normalizeHex('red')).toBeNull()
		expect(() => checkAccent('javascript:alert(1)')).toThrow()
	})
})

describe('accentPalettes', () => {
	const colours = [...ACCENT_PRESETS.map((preset) => preset.hex), ...EDGES, '#7dd3fc', '#fde047']
	test.each(colours)(
		'every text colour of %s passes AA on its background, light and dark',
		(hex) => {
			const palettes = accentPalettes(hex)
			for (const mode of ['light', 'dark'] as const) {
				const failures = Object.entries(textPairs(palettes[mode], mode))
					.map(([what, [text, background]]) => ({ what, ratio: contrast(text, background) }))
					.filter(({ ratio }) => ratio < AA)
				expect({ mode, failures }).toEqual({ mode, failures: [] })
			}
		},
	)

	test('the neutral text colours pass on every background of both modes', () => {
		for (const mode of ['light', 'dark'] as const) {
			const n = NEUTRALS[mode]
			for (const background of [n.canvas, n.surface]) {
				expect(contrast(n.ink, background)).toBeGreaterThanOrEqual(7)
				expect(contrast(n.muted, background)).toBeGreaterThanOrEqual(AA)
			}
		}
	})
})

describe('themeCss', () => {
	test('light and dark carry one palette; system adds the dark one for dark devices', () => {
		const light = themeCss({ accent: '#047857', mode: 'light' })
		expect(light).toMatch(/^:root\{--color-brand-50:#[0-9a-f]{6};.*--color-brand:#047857;/)
		expect(light).not.toContain('@media')
		const dark = themeCss({ accent: '#047857', mode: 'dark' })
		expect(dark).not.toContain('--color-brand:#047857;')
		const system = themeCss({ accent: '#047857', mode: 'system' })
		expect(system).toBe(`${light}@media (prefers-color-scheme:dark){${dark}}`)
	})

	test('is the same text for the same appearance (cached pages are hashed)', () => {
		expect(themeCss({ accent: '#6d28d9', mode: 'system' })).toBe(
			themeCss({ accent: '#6d28d9', mode: 'system' }),
		)
	})
})

describe('themeStyle', () => {
	test('the palette of a light or dark preview; both for one that follows the device', () => {
		const { light, dark } = accentPalettes('#047857')
		expect(themeStyle({ accent: '#047857', mode: 'light' })).toMatchObject({
			'--color-brand': light.brand,
			'--color-on-brand': light['on-brand'],
		})
		expect(themeStyle({ accent: '#047857', mode: 'dark' })).toMatchObject({
			'--color-brand': dark.brand,
		})
		const system = themeStyle({ accent: '#047857', mode: 'system' })
		expect(system).toMatchObject({
			'--light-color-brand': light.brand,
			'--dark-color-brand': dark.brand,
		})
		expect(Object.keys(system).some((name) => name.startsWith('--color-'))).toBe(false)
	})

	test('the stylesheet maps every colour of a palette for a preview that follows the device', () => {
		const css = fs.readFileSync(path.join(import.meta.dirname, '../styles/tailwind.css'), 'utf8')
		for (const name of Object.keys(accentPalettes('#047857').light)) {
			expect(css).toContain(`--color-${name}: var(--light-color-${name});`)
			expect(css).toContain(`--color-${name}: var(--dark-color-${name});`)
		}
	})
})

describe('qrColor', () => {
	test('keeps every preset and darkens a pale colour until it is dark enough to scan', () => {
		for (const { hex } of ACCENT_PRESETS) expect(qrColor(hex)).toBe(hex)
		for (const pale of ['#ffe4f0', '#ffffff', '#ffff00', '#a5f3fc']) {
			const color = qrColor(pale)
			expect(contrast(color, '#ffffff')).toBeGreaterThanOrEqual(QR_MIN_CONTRAST)
		}
	})
})

describe('toAppearance', () => {
	test('reads stored columns; anything unknown is the default', () => {
		expect(
			toAppearance({ accent: '#1d4ed8', themeMode: 'dark', font: 'classic', headerStyle: 'none' }),
		).toEqual({ accent: '#1d4ed8', mode: 'dark', font: 'classic', header: 'none' })
		expect(
			toAppearance({ accent: 'x', themeMode: 'dim', font: 'comic', headerStyle: 'wavy' }),
		).toEqual(DEFAULT_APPEARANCE)
	})
})
