/**
 * /{pname}/resume.pdf: the resume page as an A4 PDF, drawn in this process by @react-pdf/renderer
 * (no browser). Every character is drawn in a font embedded as a subset: Inter for Latin,
 * Cyrillic and Greek, IBM Plex Sans Arabic for Arabic, Noto for emoji, Hebrew, Devanagari, Thai,
 * Chinese, Japanese (in its own glyph forms) and Korean (docs/decisions/028-pdf-fonts.md). A rendered PDF is kept in memory under its page
 * version, so it is drawn once per edit, whatever the traffic. Its headings, dates and labels
 * are in the owner's language (`Profile.language`); in a right-to-left one (Arabic) the layout is
 * mirrored: headings and entries at the right margin, dates on the left.
 */
import path from 'node:path'
import { type I18n } from '@lingui/core'
import {
	Document,
	Font,
	Link,
	Page,
	renderToBuffer,
	StyleSheet,
	Text,
	View,
} from '@react-pdf/renderer'
import { Children, createContext, type ReactNode, useContext } from 'react'
import { type ProfileData } from '~/models/profile.server'
import { type Resume } from '~/models/resume.server'
import { assetDir } from '~/utils/assets.server'
import { generatedCache } from '~/utils/generated-cache.server'
import { msg } from '~/utils/i18n-macro'
import { serverI18n } from '~/utils/i18n.server'
import { directionOf, isLocale, DEFAULT_LOCALE, type Locale } from '~/utils/locales'
import { fullName } from '~/utils/seo'
import { placeName, ratingToHalves, resumeVisibility, workPeriod } from '~/utils/text'
import { translate, withValues } from '~/utils/i18n'

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
async function fontsFor(text: string): Promise<ResumeFonts> {
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
function textWidth(text: string, size: number, weight: Weight = 400) {
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
function allText(value: unknown): string {
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
function dirAuto(text: string | null | undefined, rtl = false) {
	const first = /\p{L}/u.exec(text ?? '')?.[0]
	if (first ? isRtlLetter(first) : rtl) return { direction: 'rtl', textAlign: 'right' } as const
	return rtl ? ({ textAlign: 'right' } as const) : {}
}

/** The fonts of the resume being drawn, for the texts deep in it (textStyle). */
const FontsContext = createContext<ResumeFonts>({ families: [], japanese: null })

/** Whether the resume being drawn is laid out right to left (its language's direction). */
const RtlContext = createContext(false)

/** A text's direction (dirAuto) and, for a Japanese text, the Japanese font stack. */
function textStyle(text: string | null | undefined, fonts: ResumeFonts, rtl = false) {
	return {
		...dirAuto(text, rtl),
		...(text && fonts.japanese && japaneseText(text, fonts) ? { fontFamily: fonts.japanese } : {}),
	}
}

/** textStyle with the fonts and the direction of the resume being drawn. */
function useTextStyle() {
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
function emoji(text: string): ReactNode {
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
function breakLongWords(
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

// ---------------------------------------------------------------- the document

// A4 in points, the page's side margins and the width of the text between them.
const PAGE_WIDTH = 595.28
const MARGIN_X = 44
const COLUMN = PAGE_WIDTH - 2 * MARGIN_X

// Type sizes, in points.
const BODY = 9.5
const SMALL = 8.5
const NAME = 22
const DESIGNATION = 11.5

// Gaps and marks, in points.
const CONTACT_GAP = 10
const TITLE_GAP = 8
const BULLET_INDENT = 10
const SKILL_GAP = 18
const SKILL_NAME_GAP = 6
const DOT = 6
const DOT_GAP = 2

/** How each kind of owner text breaks a word too long for its lines (see breakLongWords). */
const breaks = {
	name: breakLongWords(COLUMN, NAME, 700),
	designation: breakLongWords(COLUMN, DESIGNATION),
	contact: breakLongWords(COLUMN - CONTACT_GAP, SMALL),
	text: breakLongWords(COLUMN, BODY),
	bullet: breakLongWords(COLUMN - BULLET_INDENT, BODY),
	// Half the column, less the gaps and the five dots.
	skill: breakLongWords(COLUMN / 2 - SKILL_GAP - 5 * (DOT + DOT_GAP) - SKILL_NAME_GAP, BODY),
	/** An entry's title, on the line its dates leave. */
	title: (dates: string) =>
		breakLongWords(() => COLUMN - TITLE_GAP - (textWidth(dates, SMALL) ?? 0), BODY, 700),
}

const BRAND = '#b3175a'
const INK = '#1c1b22'
const MUTED = '#5d5a6b'
const LINE = '#e8e6ee'

const styles = StyleSheet.create({
	page: {
		fontSize: BODY,
		color: INK,
		paddingTop: 40,
		paddingBottom: 48,
		paddingHorizontal: MARGIN_X,
	},
	// The line height resolves against this font size, as it did on the page.
	body: { fontSize: BODY, lineHeight: 1.4 },
	name: { fontSize: NAME, fontWeight: 700, lineHeight: 1.2 },
	designation: { fontSize: DESIGNATION, color: BRAND, marginTop: 2 },
	contact: { flexDirection: 'row', flexWrap: 'wrap', marginTop: 6, color: MUTED, fontSize: SMALL },
	contactItem: { marginRight: CONTACT_GAP },
	contactItemRtl: { marginLeft: CONTACT_GAP },
	link: { color: MUTED, textDecoration: 'none' },
	section: { marginTop: 16 },
	heading: {
		fontSize: 9,
		fontWeight: 700,
		color: BRAND,
		// No letter spacing: pdftotext (and the applicant-tracking systems that read PDFs the same
		// way) took each spaced letter for a word ('WO R K E X P E R I E N C E').
		textTransform: 'uppercase',
		paddingBottom: 3,
		marginBottom: 6,
		borderBottomWidth: 0.75,
		borderBottomColor: LINE,
	},
	paragraph: { marginBottom: 4 },
	entry: { marginBottom: 8 },
	entryHead: { flexDirection: 'row', justifyContent: 'space-between' },
	// The title takes the room the dates leave (react-pdf shrinks every box by default, so a long
	// title squeezing from its full width would make the dates wrap).
	entryTitle: { fontWeight: 700, flexGrow: 1, flexBasis: 0, paddingRight: TITLE_GAP },
	entryDates: { color: MUTED, fontSize: SMALL },
	entrySub: { color: MUTED },
	bullet: { flexDirection: 'row', marginTop: 1.5 },
	bulletMark: { width: BULLET_INDENT, color: BRAND },
	bulletText: { flex: 1 },
	skills: { flexDirection: 'row' },
	skill: {
		width: '50%',
		flexDirection: 'row',
		justifyContent: 'space-between',
		alignItems: 'center',
		paddingRight: SKILL_GAP,
		marginBottom: 3,
	},
	skillRtl: {
		width: '50%',
		flexDirection: 'row-reverse',
		justifyContent: 'space-between',
		alignItems: 'center',
		paddingLeft: SKILL_GAP,
		marginBottom: 3,
	},
	// As the entry title: the name takes what the dots leave, and keeps a gap from them.
	skillName: { flexGrow: 1, flexBasis: 0, paddingRight: SKILL_NAME_GAP },
	skillNameRtl: { flexGrow: 1, flexBasis: 0, paddingLeft: SKILL_NAME_GAP },
	dots: { flexDirection: 'row' },
	dot: {
		width: DOT,
		height: DOT,
		borderRadius: DOT / 2,
		marginLeft: DOT_GAP,
		backgroundColor: LINE,
		overflow: 'hidden',
	},
	footer: {
		position: 'absolute',
		bottom: 22,
		// A set height: an absolute fixed box of auto height drifts page after page in react-pdf
		// (diegomura/react-pdf#3416).
		height: 12,
		left: MARGIN_X,
		right: MARGIN_X,
		flexDirection: 'row',
		justifyContent: 'space-between',
		fontSize: 7.5,
		color: MUTED,
	},
})

export type ResumePdfData = {
	profile: ProfileData
	resume: Resume
	/** The email the public page shows, or null. */
	email: string | null
	profileUrl: string
}

type ResumeDocumentProps = ResumePdfData & {
	/** The font stacks for this resume's text (fontsFor). */
	fonts: ResumeFonts
	/** The owner's language (resumeLocale). */
	i18n: I18n
}

/** The language of the owner's resume: their public pages' (English when unknown). */
export const resumeLocale = (profile: Pick<ProfileData, 'language'>): Locale =>
	isLocale(profile.language) ? profile.language : DEFAULT_LOCALE

/**
 * The headings of the resume (drawn in capitals), as the resume page names its blocks. Their own
 * context: a heading printed in capitals may want other words than the page's label.
 */
const HEADINGS = {
	aboutMe: msg({ message: 'About Me', context: 'resume PDF' }),
	workExp: msg({ message: 'Work Experience', context: 'resume PDF' }),
	education: msg({ message: 'Education', context: 'resume PDF' }),
	skills: msg({ message: 'Skills', context: 'resume PDF' }),
	certificates: msg({ message: 'Certificates', context: 'resume PDF' }),
	achievements: msg({ message: 'Achievements', context: 'resume PDF' }),
	resume: msg({ message: 'Resume', context: 'resume PDF' }),
}
const VIEW_CERTIFICATE = msg`View certificate`
/** The PDF's title (its document properties). */
const DOCUMENT_TITLE = msg`{name} – Resume`

/**
 * A titled part of the resume. Its heading never ends a page alone: it is drawn with the first
 * item under it in one block that a page break does not split (react-pdf's minPresenceAhead
 * cannot do it: its engine ignores it on the first box of a container, and an entry is drawn
 * whole anyway, however tall). `keepWithFirst={false}` leaves the heading on its own.
 */
function Section({
	title,
	keepWithFirst = true,
	children,
}: {
	title: string
	keepWithFirst?: boolean
	children: ReactNode
}) {
	const [first, ...rest] = keepWithFirst ? Children.toArray(children) : [null, children]
	const style = useTextStyle()
	return (
		<View style={styles.section}>
			{/* An empty first box keeps the section's start on the page it begins on when the
			    heading moves on: react-pdf then splits the section instead of moving it whole, and
			    the next page begins with the heading, not with the section's top margin. */}
			<View />
			<View wrap={false}>
				<Text style={[styles.heading, style(title)]}>{title}</Text>
				{first}
			</View>
			{rest}
		</View>
	)
}

/** One way to reach the owner, in the line under the name; a link when it has an address. */
function Contact({ href, children }: { href?: string; children: string }) {
	const fonts = useContext(FontsContext)
	const rtl = useContext(RtlContext)
	// An address, a number or a link reads left to right in any resume: only a place written in
	// a right-to-left script is laid out right to left (textStyle without the resume's direction).
	return (
		<Text
			style={[rtl ? styles.contactItemRtl : styles.contactItem, textStyle(children, fonts)]}
			hyphenationCallback={breaks.contact}
		>
			{href ? (
				<Link style={styles.link} src={href}>
					{emoji(children)}
				</Link>
			) : (
				emoji(children)
			)}
		</Text>
	)
}

/** One entry of a list, never split by a page: its title and dates, then what follows them. */
function ListEntry({
	title,
	dates,
	children,
}: {
	title: string
	dates: string | number
	children: ReactNode
}) {
	const style = useTextStyle()
	const rtl = useContext(RtlContext) || 'direction' in dirAuto(title)
	return (
		<View style={styles.entry} wrap={false}>
			{/* A right-to-left title (or any title of a right-to-left resume) starts at the right
			    margin, above its company and bullets, and the dates go to the other side, as the
			    bullet's mark does. */}
			<View style={[styles.entryHead, rtl ? { flexDirection: 'row-reverse' } : {}]}>
				<Text
					style={[
						styles.entryTitle,
						rtl ? { paddingRight: 0, paddingLeft: TITLE_GAP } : {},
						style(title),
					]}
					hyphenationCallback={breaks.title(String(dates))}
				>
					{emoji(title)}
				</Text>
				<Text style={[styles.entryDates, style(String(dates))]}>{dates}</Text>
			</View>
			{children}
		</View>
	)
}

/** The line under an entry's title (its company, institution or platform). */
function EntrySub({ children, text }: { children: ReactNode; text: string | null }) {
	const style = useTextStyle()
	return (
		<Text style={[styles.entrySub, style(text)]} hyphenationCallback={breaks.text}>
			{children}
		</Text>
	)
}

function Bullet({ children }: { children: string }) {
	const style = useTextStyle()
	const rtl = useContext(RtlContext) || 'direction' in dirAuto(children)
	return (
		// The mark on the side the line begins, as the web page's list item with dir="auto".
		<View style={[styles.bullet, rtl ? { flexDirection: 'row-reverse' } : {}]}>
			<Text style={[styles.bulletMark, rtl ? { textAlign: 'right' } : {}]}>•</Text>
			<Text style={[styles.bulletText, style(children)]} hyphenationCallback={breaks.bullet}>
				{emoji(children)}
			</Text>
		</View>
	)
}

/** Skills two to a line. */
function SkillRow({ skills }: { skills: Resume['skills'] }) {
	const style = useTextStyle()
	const rtl = useContext(RtlContext)
	return (
		// Right to left: the first skill at the right, each name at the right of its dots.
		<View style={[styles.skills, rtl ? { flexDirection: 'row-reverse' } : {}]}>
			{skills.map((item) => (
				<View key={item.skillId} style={rtl ? styles.skillRtl : styles.skill} wrap={false}>
					<Text
						style={[rtl ? styles.skillNameRtl : styles.skillName, style(item.skillName)]}
						hyphenationCallback={breaks.skill}
					>
						{emoji(item.skillName)}
					</Text>
					<Dots rating={item.rating} />
				</View>
			))}
		</View>
	)
}

/** A rating as five dots filled in half steps (from the right in a right-to-left resume). */
function Dots({ rating }: { rating: number }) {
	const halves = ratingToHalves(rating) ?? 0
	const rtl = useContext(RtlContext)
	return (
		<View style={[styles.dots, rtl ? { flexDirection: 'row-reverse' } : {}]}>
			{Array.from({ length: 5 }, (_, index) => {
				const fill = Math.max(0, Math.min(2, halves - index * 2))
				return (
					<View
						key={index}
						style={[
							styles.dot,
							rtl ? { marginLeft: 0, marginRight: DOT_GAP } : {},
							fill === 2 ? { backgroundColor: BRAND } : {},
						]}
					>
						{fill === 1 ? (
							<View
								style={
									rtl
										? {
												width: DOT / 2,
												height: DOT,
												marginLeft: DOT / 2,
												backgroundColor: BRAND,
												borderTopRightRadius: DOT / 2,
												borderBottomRightRadius: DOT / 2,
											}
										: {
												width: DOT / 2,
												height: DOT,
												backgroundColor: BRAND,
												borderTopLeftRadius: DOT / 2,
												borderBottomLeftRadius: DOT / 2,
											}
								}
							/>
						) : null}
					</View>
				)
			})}
		</View>
	)
}

const years = (from: number | null, to: number | null) => [from, to].filter(Boolean).join(' – ')

/** `items` two by two (the last pair may hold one). */
const pairs = <T,>(items: T[]) =>
	Array.from({ length: Math.ceil(items.length / 2) }, (_, index) =>
		items.slice(index * 2, index * 2 + 2),
	)

export function ResumeDocument({
	profile,
	resume,
	email,
	profileUrl,
	fonts,
	i18n,
}: ResumeDocumentProps) {
	const locale = resumeLocale(profile)
	const rtl = directionOf(locale) === 'rtl'
	const style = (text: string | null | undefined) => textStyle(text, fonts, rtl)
	const name = fullName(profile.name) || profile.path || i18n._(HEADINGS.resume)
	const location = placeName(profile.city, profile.country)
	const website = profile.socialLinks.companySite
	const visible = resumeVisibility(resume)
	const displayUrl = profileUrl.replace(/^https?:\/\//, '')
	const heading = (key: keyof typeof HEADINGS) => i18n._(HEADINGS[key])
	return (
		<Document
			title={translate(i18n, withValues(DOCUMENT_TITLE, { name }))}
			author={name}
			subject={profile.designation || undefined}
			// The product's name, never translated.
			// eslint-disable-next-line lingui/no-unlocalized-strings
			creator="Tagg"
			// eslint-disable-next-line lingui/no-unlocalized-strings
			producer="Tagg"
			language={locale}
		>
			<Page size="A4" style={[styles.page, { fontFamily: fonts.families }]}>
				{/* The line height is the body's, not the page's: react-pdf draws no `render` text
				under an ancestor with a line height (diegomura/react-pdf#3566), and the footer's
				page numbers are one. */}
				<View style={styles.body}>
					<View>
						<Text style={[styles.name, style(name)]} hyphenationCallback={breaks.name}>
							{emoji(name)}
						</Text>
						{profile.designation ? (
							<Text
								style={[styles.designation, style(profile.designation)]}
								hyphenationCallback={breaks.designation}
							>
								{emoji(profile.designation)}
							</Text>
						) : null}
						<View style={[styles.contact, rtl ? { flexDirection: 'row-reverse' } : {}]}>
							{location ? <Contact>{location}</Contact> : null}
							{email ? <Contact href={`mailto:${email}`}>{email}</Contact> : null}
							{profile.socialLinks.mobileNumber ? (
								<Contact>{profile.socialLinks.mobileNumber}</Contact>
							) : null}
							{website ? (
								<Contact href={website}>
									{website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
								</Contact>
							) : null}
							<Contact href={profileUrl}>{displayUrl}</Contact>
						</View>
					</View>

					{profile.bio.length ? (
						// About Me starts right under the header, far from the page's end, and its first
						// paragraph may be longer than a page: it stays free to go on to the next page.
						<Section title={heading('aboutMe')} keepWithFirst={false}>
							{profile.bio.map((paragraph, index) => (
								<Text
									key={index}
									style={[styles.paragraph, style(paragraph)]}
									hyphenationCallback={breaks.text}
								>
									{emoji(paragraph)}
								</Text>
							))}
						</Section>
					) : null}

					{visible.showResume ? (
						<>
							<Section title={heading('workExp')}>
								{resume.workExp.map((item) => (
									<ListEntry
										key={item.workId}
										title={item.role}
										dates={workPeriod(item.startDate, item.endDate, i18n)}
									>
										{item.company ? (
											<EntrySub text={item.company}>{emoji(item.company)}</EntrySub>
										) : null}
										{item.experience.map((line, index) => (
											<Bullet key={index}>{line}</Bullet>
										))}
									</ListEntry>
								))}
							</Section>
							<Section title={heading('education')}>
								{resume.education.map((item) => (
									<ListEntry
										key={item.eduId}
										title={item.eduName}
										dates={years(item.eduStartYear, item.endDate)}
									>
										{item.eduInstitution ? (
											<EntrySub text={item.eduInstitution}>{emoji(item.eduInstitution)}</EntrySub>
										) : null}
									</ListEntry>
								))}
							</Section>
							<Section title={heading('skills')}>
								{pairs(resume.skills).map((pair) => (
									<SkillRow key={pair[0]!.skillId} skills={pair} />
								))}
							</Section>
							<Section title={heading('certificates')}>
								{resume.certificates.map((item) => (
									<ListEntry key={item.crtId} title={item.crtName} dates={item.endDate ?? ''}>
										{item.crtPlat || item.crtUrl ? (
											<EntrySub
												// Its platform and the label, in the resume's direction when it has the label.
												text={rtl && item.crtUrl ? i18n._(VIEW_CERTIFICATE) : item.crtPlat}
											>
												{item.crtPlat ? emoji(item.crtPlat) : null}
												{item.crtPlat && item.crtUrl ? ' · ' : ''}
												{item.crtUrl ? (
													<Link style={styles.link} src={item.crtUrl}>
														{i18n._(VIEW_CERTIFICATE)}
													</Link>
												) : null}
											</EntrySub>
										) : null}
									</ListEntry>
								))}
							</Section>
							<Section title={heading('achievements')}>
								{resume.achievements.map((item, index) => (
									<Bullet key={index}>{item}</Bullet>
								))}
							</Section>
						</>
					) : null}
				</View>

				<View style={[styles.footer, rtl ? { flexDirection: 'row-reverse' } : {}]} fixed>
					<Text>{displayUrl}</Text>
					<Text render={({ pageNumber, totalPages }) => `${pageNumber} / ${totalPages}`} />
				</View>
			</Page>
		</Document>
	)
}

/** Draws the PDF (some tens of milliseconds of CPU), in the owner's language. */
export async function renderResumePdf(data: ResumePdfData): Promise<Buffer> {
	const locale = resumeLocale(data.profile)
	const i18n = serverI18n(locale)
	// The headings are drawn in the resume's fonts too (Arabic ones in IBM Plex Sans Arabic).
	const labels = [...Object.values(HEADINGS), VIEW_CERTIFICATE].map((label) => i18n._(label))
	const fonts = await fontsFor(allText([data, labels]))
	return renderToBuffer(
		<FontsContext.Provider value={fonts}>
			<RtlContext.Provider value={directionOf(locale) === 'rtl'}>
				<ResumeDocument {...data} fonts={fonts} i18n={i18n} />
			</RtlContext.Provider>
		</FontsContext.Provider>,
	)
}

// ---------------------------------------------------------------- the cache

export const pdfCacheStats = { hits: 0, renders: 0 }

/**
 * The owner's resume PDF at `version` in `language` and the name to file it under: from memory
 * when drawn already (the generated-files cache, keyed like every generated file:
 * app/utils/cache-key.ts), else drawn once however many requests ask at the same moment. A new
 * version replaces the old.
 */
export async function cachedResumePdf(
	customerId: string,
	version: number,
	load: () => Promise<ResumePdfData | null>,
	host = '',
	language: Locale = DEFAULT_LOCALE,
): Promise<{ pdf: Buffer; name: string } | null> {
	let drawn = false
	const made = await generatedCache().get(
		{ resource: 'resume.pdf', owner: customerId, version, host, language },
		async () => {
			const data = await load()
			if (!data) return null
			drawn = true
			pdfCacheStats.renders++
			return {
				body: await renderResumePdf(data),
				meta: { name: fullName(data.profile.name) || data.profile.path || '' },
			}
		},
	)
	if (made && !drawn) pdfCacheStats.hits++
	return made && { pdf: made.body, name: made.meta.name }
}

const FILE_NAME = msg`{name} - Resume.pdf`

/**
 * `Content-Disposition` naming the file after the owner ('José Müller - Resume.pdf'; in the
 * owner's language with `i18n`: 'José Müller - Lebenslauf.pdf').
 */
export function pdfDisposition(name: string, i18n: I18n = serverI18n(DEFAULT_LOCALE)) {
	const clean = name
		.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
		.replace(/\s+/g, ' ')
		.trim()
	const base = translate(i18n, withValues(FILE_NAME, { name: clean || i18n._(HEADINGS.resume) }))
	const ascii = base
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/[^\x20-\x7e]/g, '_')
	const encoded = encodeURIComponent(base).replace(
		/['()*]/g,
		(char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
	)
	// eslint-disable-next-line lingui/no-unlocalized-strings -- a header, not text
	return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
