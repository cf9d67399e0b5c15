/**
 * The inline CSS of visitors' pages (docs/decisions/036-first-screen.md): one stylesheet per
 * page, built from the files it renders (app/styles/public/*.css), and trimmed to the type
 * pairing the page shows: the `@font-face` rules of the other pairings' fonts are dropped (a
 * page uses one pairing: html[data-font]), so fewer bytes travel in the first round trip.
 */
import { type FontPairing } from './appearance'

/** The font families of each pairing, as app/styles/fonts.css declares them. */
const FAMILIES: Record<FontPairing, string[]> = {
	modern: ['Inter'],
	classic: ['Fraunces', 'Source Serif 4'],
	friendly: ['Space Grotesk', 'DM Sans'],
}

const trimmed = new Map<string, Map<FontPairing, string>>()

/** `css` without the `@font-face` rules of fonts that `pairing` does not use (memoised). */
export function cssForPairing(css: string, pairing: FontPairing) {
	let byPairing = trimmed.get(css)
	if (!byPairing) {
		byPairing = new Map()
		if (trimmed.size > 20) trimmed.clear()
		trimmed.set(css, byPairing)
	}
	let result = byPairing.get(pairing)
	if (result === undefined) {
		const families = FAMILIES[pairing] ?? FAMILIES.modern
		result = css.replace(/@font-face\s*\{[^}]*\}/g, (rule) => {
			const family = /font-family:\s*["']?([^;"'}]+)/.exec(rule)?.[1]?.trim() ?? ''
			const known = Object.values(FAMILIES).flat()
			const own = (name: string) => family === `${name} Variable` || family === `${name} Fallback`
			// A face of no pairing (none today) is kept.
			return families.some(own) || !known.some(own) ? rule : ''
		})
		byPairing.set(pairing, result)
	}
	return result
}
