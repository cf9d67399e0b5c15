/**
 * How the resume PDF draws text (docs/decisions/028-pdf-fonts.md): the faces it embeds and which
 * one draws each character, the width a text takes, the direction of a line, emoji, and where a
 * word longer than its line may break. The document itself is in ../resume-pdf.server.tsx.
 */
import path from 'node:path'
import { Font, Text } from '@react-pdf/renderer'
import { createContext, type ReactNode, useContext } from 'react'
import { assetDir } from '~/utils/assets.server'

// ---------------------------------------------------------------- the fonts

// Font families, font files and their names below are no text a reader sees.
/* eslint-disable lingui/no-unlocalized-strings */

/** app/assets/fonts from this module (in app/services, or bundled into build/server) or the cwd. */
const fontDir = () => assetDir(path.join('app', 'assets', 'fonts'), 'Inter-Regular.ttf')

type Weight = 400 | 700
type Face = {
	family: string
	regular: string
	/** Without one, bold text in this script is drawn in the regular weight. */
	bold?: string
	/** Read from disk only for a resume with a character no earlier face has (CJK: 33 MB). */
	lazy?: boolean
	/** A right-to-left script: shaped right to left (see adaptLayout). */
	rtl?: boolean
}

/**
 * The faces in the order a character looks for one: the first that has it draws it. Inter
 * (Latin, Cyrillic, Greek) comes first, so the Latin letters, digits and punctuation the Noto
 * faces also carry are drawn in Inter; the emoji face comes before the scripts so that the
 * joiners of an emoji sequence (U+200D, U+FE0F) stay with it. Arabic is IBM Plex Sans Arabic,
 * not Noto: every Noto Arabic design draws a dotted letter as two glyphs (its body and its dots,
 * through 'ccmp'), and react-pdf 4 drops the body of such a letter when it begins a run or a
 * line ('بيروت' printed as 'يروت'); Plex draws each letter as one glyph. Chinese before Korean:
 * Noto Sans SC has every CJK ideograph and the Japanese kana, Noto Sans KR adds Hangul.
 */
const FACES: Face[] = [
	{ family: 'Inter', regular: 'Inter-Regular.ttf', bold: 'Inter-Bold.ttf' },
	{ family: 'Noto Emoji', regular: 'noto/NotoEmoji-Regular.ttf' },
	{
		family: 'IBM Plex Sans Arabic',
		regular: 'plex/IBMPlexSansArabic-Regular.ttf',
		bold: 'plex/IBMPlexSansArabic-Bold.ttf',
		rtl: true,
	},
	// The few Arabic characters Plex lacks (U+06A2, Arabic Extended-A, presentation forms).
	{
		family: 'Noto Sans Arabic',
		regular: 'noto/NotoSansArabic-Regular.ttf',
		bold: 'noto/NotoSansArabic-Bold.ttf',
		rtl: true,
	},
	{
		family: 'Noto Sans Hebrew',
		regular: 'noto/NotoSansHebrew-Regular.ttf',
		bold: 'noto/NotoSansHebrew-Bold.ttf',
		rtl: true,
	},
	{
		family: 'Noto Sans Devanagari',
		regular: 'noto/NotoSansDevanagari-Regular.ttf',
		bold: 'noto/NotoSansDevanagari-Bold.ttf',
	},
	{
		family: 'Noto Sans Thai',
		regular: 'noto/NotoSansThai-Regular.ttf',
		bold: 'noto/NotoSansThai-Bold.ttf',
	},
	{
		family: 'Noto Sans SC',
		regular: 'noto/NotoSansSC-Regular.ttf',
		bold: 'noto/NotoSansSC-Bold.ttf',
		lazy: true,
	},
	{
		family: 'Noto Sans KR',
		regular: 'noto/NotoSansKR-Regular.ttf',
		bold: 'noto/NotoSansKR-Bold.ttf',
		lazy: true,
	},
]

/**
 * react-pdf draws a character that no font of the stack has in the last font of every stack,
 * 'Helvetica', one of the PDF standard fonts, which is not embedded and knows only Latin-1 (it
 * printed '✨' as '('). That name is given to Inter here, so such a character (one no face has)
 * is drawn as Inter's empty box, embedded like every other glyph.
 */
const LAST_RESORT = 'Helvetica'
const LAST_RESORT_FACE: Face = { ...FACES[0]!, family: LAST_RESORT }

/**
 * Japanese writes many ideographs as Chinese does, but with its own glyph forms (直, 骨, 海…):
 * Noto Sans SC draws them the Chinese way. A Japanese text is drawn with this face before the
 * Chinese one (japaneseText); it has the kana and the ideographs of Japanese (JIS X 0213), not
 * the simplified ones of Chinese (设, 计…), which still fall to Noto Sans SC.
 */
const JAPANESE_FACE: Face = {
	family: 'Noto Sans JP',
	regular: 'noto/NotoSansJP-Regular.ttf',
	bold: 'noto/NotoSansJP-Bold.ttf',
	lazy: true,
}

let fontsReady = false
function registerFonts() {
	if (fontsReady) return
	const dir = fontDir()
	// Drops the standard fonts (Helvetica, Times, Courier): nothing here may draw in a font that is
	// not embedded.
	Font.clear()
	for (const face of [...FACES, JAPANESE_FACE, LAST_RESORT_FACE]) {
		Font.register({
			family: face.family,
			fonts: [
				{ src: path.join(dir, face.regular), fontWeight: 400 },
				...(face.bold ? [{ src: path.join(dir, face.bold), fontWeight: 700 }] : []),
			],
		})
	}
	// No hyphenation: names and titles must not break, and the default hyphenator keeps every
	// word it has seen in a cache that never shrinks (memory would grow with every new resume).
	// Owner text breaks only the words too long for their line (breakLongWords).
	Font.registerHyphenationCallback((word) => [word])
	fontsReady = true
}

/** What a loaded font (fontkit's) offers to measure text. */
type Measurable = {
	unitsPerEm: number
	hasGlyphForCodePoint(codePoint: number): boolean
	layout(text: string): { advanceWidth: number }
}

/** fontkit's layout, as react-pdf calls it: (text, features, script, language, direction). */
type Layout = (
	text: unknown,
	features?: unknown,
	script?: unknown,
	language?: unknown,
	direction?: string,
) => { glyphs: unknown[]; positions: unknown[] }

const adapted = new WeakSet<object>()

/** fontkit's getGlyph: the glyph `id`, made for `characters` (the cache ignores them). */
type GetGlyph = (id: number, characters?: number[]) => { codePoints: number[] } | null

/** `codePoints` as UTF-16 code units (a character above U+FFFF as its two surrogates). */
const codeUnits = (codePoints: number[]) => {
	const text = String.fromCodePoint(...codePoints)
	return Array.from({ length: text.length }, (_, index) => text.charCodeAt(index))
}

/**
 * Two faults of react-pdf 4 (textkit 7), mended where it calls the loaded font (fontkit's
 * `layout`), which is wrapped here once per font:
 * - It counts a run's characters in UTF-16 code units but maps glyphs to characters by code
 *   point, so after a character above U+FFFF (almost every emoji) glyphs went missing or moved:
 *   '✨🚀' printed '✨'. Each glyph's characters are handed back as UTF-16 code units (the PDF's
 *   ToUnicode map writes them the same).
 * - It shapes every run left to right, then reverses the glyphs of a right-to-left run for
 *   display, so the marks (Arabic hamza and vowels, Hebrew points) that the font placed for
 *   left-to-right text landed one letter off. In a right-to-left face (`rtl`), a run with a
 *   right-to-left letter is shaped right to left, its glyphs handed back in reading order
 *   (react-pdf then reverses them as before), with 'rtlm' off because react-pdf has already
 *   mirrored its brackets. A ligature (one glyph for 'ير' or 'لا') maps back to its letters in
 *   the order it is drawn, right to left, as text extractors expect of glyphs drawn in visual
 *   order: pdftotext reverses a right-to-left run letter by letter, and read 'في' as 'يف' before.
 * - fontkit keeps one glyph object per glyph id, with the characters of its first use: a glyph
 *   first made by a substitution (a letter split into two glyphs) kept no characters, and every
 *   later use of it printed nothing in the text layer and made react-pdf drop the glyph before it
 *   ('Layla' became 'yl' after a resume in another script). Each use gets its own characters.
 * Changed characters go on a copy of fontkit's glyph object, never on the one it keeps.
 */
function adaptLayout(font: object | null, rtlFace = false) {
	if (!font || adapted.has(font)) return
	adapted.add(font)
	const target = font as { layout: Layout; getGlyph: GetGlyph }
	const getGlyph = target.getGlyph.bind(font)
	target.getGlyph = (id, characters = []) => {
		const glyph = getGlyph(id, characters)
		const kept = glyph?.codePoints ?? []
		return !glyph ||
			(kept.length === characters.length && kept.every((code, i) => code === characters[i]))
			? glyph
			: Object.create(glyph, { codePoints: { value: characters } })
	}
	const layout = target.layout.bind(font)
	target.layout = (text, features, script, language, direction) => {
		const rtl = rtlFace && typeof text === 'string' && Array.from(text).some(isRtlLetter)
		const given = Array.isArray(features)
			? Object.fromEntries(features.map((tag: string) => [tag, true]))
			: ((features as Record<string, boolean> | undefined) ?? {})
		const settings = { ...given, ...(rtl ? { rtlm: false } : {}) }
		const run = layout(text, settings, script, language, rtl ? 'rtl' : direction)
		if (rtl) {
			run.glyphs.reverse()
			run.positions.reverse()
		}
		run.glyphs = run.glyphs.map((glyph) => {
			const { codePoints } = glyph as { codePoints: number[] }
			const units = codeUnits(rtl ? [...codePoints].reverse() : codePoints)
			const same = units.length === codePoints.length && units.every((u, i) => u === codePoints[i])
			return same ? glyph : Object.create(glyph as object, { codePoints: { value: units } })
		})
		return run
	}
}

/** `family` at `weight` (or the weight it falls back to) if it is loaded, else null. */
const loaded = (family: string, weight: Weight) =>
	Font.getFont({ fontFamily: family, fontWeight: weight }).data as Measurable | null

/** Spaces and control characters: drawn as nothing, they do not decide which faces to load. */
const BLANK = /[\p{Cc}\p{Z}]/u

/** Hiragana and katakana (with their long vowel mark and iteration marks): only Japanese has them. */
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}\u30fc\u30fd\u30fe]/u
/** A CJK ideograph (kanji, hanzi, hanja). */
const HAN = /\p{Script=Han}/u

/** The font stacks of one resume (fontsFor). */
export type ResumeFonts = {
	/** Every text's stack. */
	families: string[]
	/** The stack of a Japanese text (Noto Sans JP before Noto Sans SC), or null: no kana anywhere. */
	japanese: string[] | null
}

/**
 * Whether `text` is Japanese, so its ideographs take their Japanese forms: it has kana; or it
 * has ideographs only, in a resume that has kana somewhere, and the Japanese face has every one
 * of them (a line in Simplified Chinese has characters Japanese does not write, and keeps the
 * Chinese forms). A text of ideographs alone in a resume without kana is taken for Chinese.
 */
function japaneseText(text: string, fonts: ResumeFonts) {
	if (!fonts.japanese) return false
	if (KANA.test(text)) return true
	const ideographs = Array.from(text).filter((char) => HAN.test(char))
	const japanese = loaded(JAPANESE_FACE.family, 400)
	return (
		ideographs.length > 0 &&
		!!japanese &&
		ideographs.every((char) => japanese.hasGlyphForCodePoint(char.codePointAt(0)!))
	)
}

/** The font stacks for a resume whose text is `text` (fontFamiliesFor). */
export async function fontsFor(text: string): Promise<ResumeFonts> {
	const families = await fontFamiliesFor(text)
	if (!KANA.test(text)) return { families, japanese: null }
	await loadFace(JAPANESE_FACE)
	// Before the Chinese face, or where it would be: after every face that is always there.
	const at = families.includes('Noto Sans SC')
		? families.indexOf('Noto Sans SC')
		: FACES.filter((face) => !face.lazy).length
	return {
		families,
		japanese: [...families.slice(0, at), JAPANESE_FACE.family, ...families.slice(at)],
	}
}

/**
 * The font stack for a resume whose text is `text`: every face that is always there, then the
 * lazy ones (CJK) that draw a character none before them has. Only this resume's faces are read,
 * at most once per process.
 */
async function fontFamiliesFor(text: string) {
	registerFonts()
	const always = FACES.filter((face) => !face.lazy)
	await Promise.all([...always, LAST_RESORT_FACE].map(loadFace))
	const families = always.map((face) => face.family)
	let missing = [...new Set(Array.from(text, (char) => char.codePointAt(0)!))].filter(
		(codePoint) =>
			!BLANK.test(String.fromCodePoint(codePoint)) &&
			!always.some((face) => loaded(face.family, 400)?.hasGlyphForCodePoint(codePoint)),
	)
	for (const face of FACES.filter((face) => face.lazy)) {
		if (missing.length === 0) break
		await loadFace(face)
		const font = loaded(face.family, 400)
		if (!font || !missing.some((codePoint) => font.hasGlyphForCodePoint(codePoint))) continue
		families.push(face.family)
		missing = missing.filter((codePoint) => !font.hasGlyphForCodePoint(codePoint))
	}
	return families
}

/** Reads both weights of `face` (once per process) and mends its layout (adaptLayout). */
async function loadFace(face: Face) {
	for (const fontWeight of [400, 700] as const) {
		await Font.load({ fontFamily: face.family, fontWeight })
		adaptLayout(loaded(face.family, fontWeight), face.rtl)
	}
}

/**
 * The loaded font that draws `codePoint`, as react-pdf picks it: the first face of the stack
 * that has it. A face this resume does not use is not loaded, or has none of its characters.
 */
function fontFor(codePoint: number, fonts: Array<Measurable | null>) {
	for (const font of fonts) if (font?.hasGlyphForCodePoint(codePoint)) return font
	return fonts.at(-1) ?? null
}

/**
 * The width in points of `text` at `size`, each character in the font that draws it, or null
 * before the fonts are loaded.
 */
export function textWidth(text: string, size: number, weight: Weight = 400) {
	const inter = loaded('Inter', weight)
	if (!inter) return null
	// Most words are all Inter's: measured in one go.
	if (/^[\u0020-\u024f]*$/.test(text))
		return (inter.layout(text).advanceWidth / inter.unitsPerEm) * size
	const fonts = [...FACES.map((face) => loaded(face.family, weight)), loaded(LAST_RESORT, weight)]
	let width = 0
	let run = ''
	let runFont: Measurable | null = null
	const measure = () => {
		if (runFont && run) width += (runFont.layout(run).advanceWidth / runFont.unitsPerEm) * size
	}
	for (const char of text) {
		const font = fontFor(char.codePointAt(0)!, fonts)
		if (!font) return null
		if (font !== runFont) {
			measure()
			run = ''
			runFont = font
		}
		run += char
	}
	measure()
	return width
}

/** Every string in `value` (the resume's data), one per line. */
export function allText(value: unknown): string {
	if (typeof value === 'string') return value
	if (Array.isArray(value)) return value.map(allText).join('\n')
	if (value && typeof value === 'object') return Object.values(value).map(allText).join('\n')
	return ''
}

// ---------------------------------------------------------------- direction

/** Characters of the scripts written from right to left. */
const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u
/** A letter of those scripts (their digits, Arabic-Indic ones included, read left to right). */
const isRtlLetter = (char: string) => /\p{L}/u.test(char) && RTL.test(char)

/**
 * The web page's `dir="auto"`: a text whose first letter is Arabic or Hebrew (say) is laid out
 * right to left and aligned right; a Latin word inside it keeps its place in the reading order.
 * In a right-to-left resume (`rtl`) every text is aligned right, and one with no letter at all
 * (a date range, a number) is laid out right to left too.
 */
export function dirAuto(text: string | null | undefined, rtl = false) {
	const first = /\p{L}/u.exec(text ?? '')?.[0]
	if (first ? isRtlLetter(first) : rtl) return { direction: 'rtl', textAlign: 'right' } as const
	return rtl ? ({ textAlign: 'right' } as const) : {}
}

/** The fonts of the resume being drawn, for the texts deep in it (textStyle). */
export const FontsContext = createContext<ResumeFonts>({ families: [], japanese: null })

/** Whether the resume being drawn is laid out right to left (its language's direction). */
export const RtlContext = createContext(false)

/** A text's direction (dirAuto) and, for a Japanese text, the Japanese font stack. */
export function textStyle(text: string | null | undefined, fonts: ResumeFonts, rtl = false) {
	return {
		...dirAuto(text, rtl),
		...(text && fonts.japanese && japaneseText(text, fonts) ? { fontFamily: fonts.japanese } : {}),
	}
}

/** textStyle with the fonts and the direction of the resume being drawn. */
export function useTextStyle() {
	const fonts = useContext(FontsContext)
	const rtl = useContext(RtlContext)
	return (text: string | null | undefined) => textStyle(text, fonts, rtl)
}

// ---------------------------------------------------------------- emoji

/** A run of emoji: pictographs with their joiners, variation selectors, skin tones, flags, keycaps. */
const EMOJI =
	/[\p{Extended_Pictographic}\p{Regional_Indicator}](?:[\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}]|\u200d|\ufe0f|\u20e3)*/gu

/** The emoji font first: for the runs of emoji() only. */
const EMOJI_FIRST = ['Noto Emoji', 'Inter']

/**
 * `text` with each run of emoji in a text of its own, set in the emoji font first. react-pdf
 * cuts a text into pieces after each emoji, and gives a piece that begins inside a run of one
 * font the piece's own first font instead of that run's: with Inter first, the second of two
 * emoji in a row ('✨🚀') was drawn as Inter's empty box. With the emoji font first in their
 * own pieces, emoji keep their font wherever react-pdf cuts.
 */
export function emoji(text: string): ReactNode {
	const parts: ReactNode[] = []
	let last = 0
	const inter = loaded('Inter', 400)
	for (const match of text.matchAll(EMOJI)) {
		// ©, ®, ™ and arrows are pictographs too, but Inter draws them as text.
		if (Array.from(match[0]).every((char) => inter?.hasGlyphForCodePoint(char.codePointAt(0)!)))
			continue
		if (match.index > last) parts.push(text.slice(last, match.index))
		parts.push(
			<Text key={match.index} style={{ fontFamily: EMOJI_FIRST }}>
				{match[0]}
			</Text>,
		)
		last = match.index + match[0].length
	}
	if (parts.length === 0) return text
	if (last < text.length) parts.push(text.slice(last))
	return parts
}

/* eslint-enable lingui/no-unlocalized-strings */

// ---------------------------------------------------------------- long words

type WordBreaker = Parameters<typeof Font.registerHyphenationCallback>[0]

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' })
/** Words where a script writes none between them (Thai, Chinese, Japanese). */
const words = new Intl.Segmenter('en', { granularity: 'word' })
/** After a run of the punctuation that joins the parts of a link or an address. */
const LINK_JOINT = /(?<=[/?&=#_.,;:@+~-])(?![/?&=#_.,;:@+~-])/

/**
 * react-pdf ends lines at spaces only, so a word wider than its line (a link, a name with no
 * space, a sentence in a script that writes no spaces) ran past the right edge and off the page.
 * Given to a text with the width of its lines and its type, this cuts such a word into pieces
 * that fit: after a link's punctuation ('/', '?', '&', '-'…) where it can, else between the
 * words of Thai or CJK text, else between two characters, as the web page's
 * `overflow-wrap: anywhere` does. A word that fits stays whole, so names and ordinary words
 * never break. The pieces go back with an empty string between each two: react-pdf takes it for
 * a space of no width, where a line may end with no hyphen (between two parts it takes for
 * syllables, it would add one). Nothing is remembered from one word to the next.
 */
export function breakLongWords(
	lineWidth: number | (() => number),
	size: number,
	weight: Weight = 400,
): WordBreaker {
	return (word) => {
		const line = typeof lineWidth === 'number' ? lineWidth : lineWidth()
		// Fonts are loaded before any text is laid out; unmeasured, a word is left whole.
		const fits = (text: string) => (textWidth(text, size, weight) ?? 0) <= line
		if (fits(word)) return [word]
		const split = (pieces: string[], segmenter: Intl.Segmenter) =>
			pieces.flatMap((piece) =>
				fits(piece) ? [piece] : Array.from(segmenter.segment(piece), ({ segment }) => segment),
			)
		return split(split(word.split(LINK_JOINT), words), graphemes).flatMap((piece, index) =>
			index === 0 ? [piece] : ['', piece],
		)
	}
}
