/**
 * The Latin files of each type pairing, preloaded by the public pages so the page's fonts load
 * with its stylesheet, not after it (the same files the packages' stylesheets in app/styles/fonts.css declare).
 */
import dmSans from '@fontsource-variable/dm-sans/files/dm-sans-latin-wght-normal.woff2?url'
import fraunces from '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url'
import inter from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import sourceSerif from '@fontsource-variable/source-serif-4/files/source-serif-4-latin-wght-normal.woff2?url'
import spaceGrotesk from '@fontsource-variable/space-grotesk/files/space-grotesk-latin-wght-normal.woff2?url'
import { type FontPairing } from './appearance'

export const FONT_PRELOADS: Record<FontPairing, string[]> = {
	modern: [inter],
	classic: [fraunces, sourceSerif],
	friendly: [spaceGrotesk, dmSans],
}
