/**
 * /{pname}/resume.pdf in every script the web page shows, read back with poppler:
 * pdftotext for the text a recruiter's tools see (right-to-left runs in reading order, headings
 * as words), pdffonts for the fonts (each one embedded and subset, never the standard Helvetica).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { DEMO_OWNER, seedDemoOwner } from '#tests/fixtures/demo-owner'
import { callRoute } from '#tests/route'
import { updateProfile } from '~/models/profile.server'
import {
	replaceAchievements,
	replaceCertificates,
	replaceEducation,
	replaceSkills,
	replaceWorkExp,
} from '~/models/resume.server'
import { loader } from './$pname.resume[.]pdf'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-pdf-scripts-'))

/** One line of text in each script, as an owner would type it. */
const SCRIPTS = {
	latin: 'Søren Ærø-Müller',
	cyrillic: 'Инженер-программист',
	greek: 'Μηχανικός λογισμικού',
	japanese: 'デザイナー',
	chinese: '设计师',
	korean: '디자이너',
	arabic: 'مصممة منتجات',
	hebrew: 'מעצבת מוצר',
	devanagari: 'उत्पाद प्रबंधक',
	thai: 'นักออกแบบผลิตภัณฑ์',
	emoji: '✨🚀👩‍💻',
}

/** The fonts that draw them: each embedded as a subset (pdffonts: `emb yes`, `sub yes`). */
const FONTS = [
	'Inter-Regular',
	'Inter-Bold',
	'NotoEmoji-Regular',
	'IBMPlexSansArabic-Regular',
	'IBMPlexSansArabic-Bold',
	'NotoSansHebrew-Regular',
	'NotoSansHebrew-Bold',
	'NotoSansDevanagari-Regular',
	'NotoSansDevanagari-Bold',
	'NotoSansThai-Regular',
	'NotoSansThai-Bold',
	'NotoSansSC-Regular',
	'NotoSansSC-Bold',
	'NotoSansJP-Regular',
	'NotoSansJP-Bold',
	'NotoSansKR-Regular',
	'NotoSansKR-Bold',
]

async function fetchPdf(pname: string) {
	const response = await callRoute(loader, `/${pname}/resume.pdf`, { params: { pname } })
	expect(response.status).toBe(200)
	return Buffer.from(await response.arrayBuffer())
}

/** Runs a poppler tool on the PDF; pdftotext with `options`, the text to stdout. */
function poppler(pdf: Buffer, tool: 'pdftotext' | 'pdfinfo' | 'pdffonts', options: string[] = []) {
	const file = path.join(dir, `${crypto.randomUUID()}.pdf`)
	fs.writeFileSync(file, pdf)
	const args = tool === 'pdftotext' ? [...options, file, '-'] : [file]
	return execFileSync(tool, args, { encoding: 'utf8' })
}

/** pdftotext's text with every run of white space made one space. */
const text = (pdf: Buffer, options: string[] = []) =>
	poppler(pdf, 'pdftotext', options).replace(/\s+/g, ' ')

/** pdffonts' table: one row per font, { name, type, encoding, emb, sub, uni }. */
function fonts(pdf: Buffer) {
	return poppler(pdf, 'pdffonts')
		.trim()
		.split('\n')
		.slice(2)
		.map((line) => {
			const [name, ...rest] = line.trim().split(/\s+/)
			const [emb, sub, uni] = rest.slice(-5, -2)
			return { name: name!, line, emb, sub, uni }
		})
}

/** Every font of the PDF is embedded, as a subset, with its characters mapped to Unicode. */
function expectEveryFontEmbedded(pdf: Buffer) {
	const rows = fonts(pdf)
	expect(rows.length).toBeGreaterThan(0)
	for (const row of rows) {
		expect(row.name, row.line).toMatch(/^[A-Z]{6}\+/)
		expect([row.emb, row.sub, row.uni], row.line).toEqual(['yes', 'yes', 'yes'])
	}
	return rows.map((row) => row.name.replace(/^[A-Z]{6}\+/, ''))
}

/** The words pdftotext finds, with their boxes (points from the page's top left). */
function words(pdf: Buffer) {
	const boxes = poppler(pdf, 'pdftotext', ['-bbox'])
	return [
		...boxes.matchAll(
			/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g,
		),
	].map(([, xMin, yMin, xMax, word]) => ({
		xMin: Number(xMin),
		yMin: Number(yMin),
		xMax: Number(xMax),
		word: word!,
	}))
}

/** A complete resume (so every section shows), each section holding `lines` in turn. */
async function giveResume(ownerId: string, lines: string[]) {
	await replaceWorkExp(
		ownerId,
		lines.map((line, index) => ({
			company: line,
			role: line,
			startDate: `${2001 + index}-01`,
			endDate: `${2001 + index}-12`,
			experience: [line],
		})),
	)
	await replaceEducation(
		ownerId,
		lines.map((line, index) => ({
			eduName: line,
			eduInstitution: line,
			eduStartYear: 1990 + index,
			eduEndYear: 1991 + index,
		})),
	)
	await replaceSkills(
		ownerId,
		lines.map((line) => ({ skillName: line, halves: 7 })),
	)
	await replaceCertificates(
		ownerId,
		lines.map((line, index) => ({
			crtName: line,
			crtPlat: line,
			crtUrl: null,
			crtYear: 2000 + index,
		})),
	)
	await replaceAchievements(ownerId, lines)
}

beforeAll(() => seedDemoOwner())

describe('the resume PDF in every script', () => {
	test('the issue: "Product Designer ✨" and "デザイナー 设计师" print as typed, in embedded fonts', async () => {
		const owner = await createOwner({ name: 'Aiko Chen' })
		await updateProfile(owner.id, {
			designation: 'Product Designer ✨',
			bio: ['デザイナー 设计师'],
		})
		const pdf = await fetchPdf(owner.path!)
		const printed = text(pdf)
		expect(printed).toContain('Product Designer ✨')
		expect(printed).toContain('デザイナー 设计师')
		const names = expectEveryFontEmbedded(pdf)
		expect(names).not.toContain('Helvetica')
		expect(names).toEqual(
			expect.arrayContaining(['Inter-Regular', 'NotoEmoji-Regular', 'NotoSansSC-Regular']),
		)
	})

	test('every script in every field: each line printed and read back, each font embedded and subset', async () => {
		const owner = await createOwner({ name: SCRIPTS.latin })
		const lines = Object.values(SCRIPTS)
		await updateProfile(owner.id, {
			designation: `${SCRIPTS.greek} ${SCRIPTS.emoji}`,
			city: SCRIPTS.arabic,
			country: SCRIPTS.hebrew,
			bio: lines,
		})
		await giveResume(owner.id, lines)
		const pdf = await fetchPdf(owner.path!)

		const printed = text(pdf)
		for (const [script, line] of Object.entries(SCRIPTS)) {
			// Bio, role, company, bullet, degree, school, skill, certificate, platform, achievement.
			const times = printed.split(line).length - 1
			expect(times, `${script}: ${line}`).toBeGreaterThanOrEqual(10)
		}
		const names = expectEveryFontEmbedded(pdf)
		expect(names).toEqual(expect.arrayContaining(FONTS))
		expect(names).not.toContain('Helvetica')
	})

	test('an Arabic resume with Latin inside reads back in logical order, line by line; on a Latin page each Arabic or Hebrew run does', async () => {
		const owner = await createOwner({ name: 'ليلى حداد' })
		const arabic = [
			'مصممة منتجات في Acme',
			'بيروت',
			'أعمل مع React و TypeScript منذ عام ٢٠١٩ في شركة Acme للتقنية.',
			'صممت نظام التصميم في Figma لفريق من تسعة مصممين.',
		]
		await updateProfile(owner.id, {
			designation: arabic[0],
			city: arabic[1],
			bio: arabic.slice(2),
		})
		await giveResume(owner.id, ['مهندسة برمجيات في Google'])
		const pdf = await fetchPdf(owner.path!)
		// pdftotext marks right-to-left text with embedding controls (U+202A..U+202E) and puts the
		// spaces beside a Latin word inside Arabic on the Latin side ('مع  Reactو'): the letters
		// and words are compared in order, the spaces left out.
		const lines = poppler(pdf, 'pdftotext')
			.split('\n')
			.map((line) => line.replace(/[\s\u202a-\u202e]+/g, ''))
		for (const line of [...arabic, 'ليلى حداد', 'مهندسة برمجيات في Google'])
			expect(lines, line).toContain(line.replace(/\s+/g, ''))

		// Right to left as on the web page (dir="auto"): a paragraph that begins in Arabic ends at
		// the right margin.
		const all = words(pdf)
		const typeScript = all.find((box) => box.word === 'TypeScript')!
		// The boxes of one line differ by their font's height.
		const sameLine = all.filter((box) => Math.abs(box.yMin - typeScript.yMin) < 4)
		const lineEnd = Math.max(...sameLine.map((box) => box.xMax))
		expect(lineEnd).toBeCloseTo(595.28 - 44, 0)

		// A Latin page: pdftotext orders a line's runs by the page's main direction, and reads each
		// Arabic or Hebrew run in logical order.
		const latin = await createOwner({ name: 'Layla Haddad' })
		await updateProfile(latin.id, {
			designation: 'Product Designer',
			bio: ['I write Arabic (العربية الفصحى) and Hebrew (עברית מודרנית) every day.'],
		})
		const printed = text(await fetchPdf(latin.path!))
		for (const run of [
			'Layla Haddad',
			'I write Arabic',
			'العربية الفصحى',
			'עברית מודרנית',
			'every day',
		])
			expect(printed).toContain(run)
	})

	test('Japanese is drawn in Noto Sans JP (its own glyph forms), Chinese in Noto Sans SC, each text by its own script', async () => {
		// Kana and kanji whose Japanese forms differ from the Chinese ones (直, 骨, 海).
		const japanese = '直接ユーザーと話し、骨組みから海外向けの画面までデザインしました。'
		const japaneseOwner = await createOwner({ name: 'Aiko Tanaka' })
		// A field of kanji alone (東京) in a resume with kana is Japanese too.
		await updateProfile(japaneseOwner.id, { city: '東京', bio: [japanese] })
		const japanesePdf = await fetchPdf(japaneseOwner.path!)
		const printed = text(japanesePdf)
		expect(printed).toContain(japanese)
		expect(printed).toContain('東京')
		const japaneseFonts = expectEveryFontEmbedded(japanesePdf)
		expect(japaneseFonts).toContain('NotoSansJP-Regular')
		expect(japaneseFonts.filter((name) => name.startsWith('NotoSansSC'))).toEqual([])

		// The same ideographs with no kana anywhere: Chinese, drawn in Noto Sans SC alone.
		const chineseOwner = await createOwner({ name: 'Chen Wei' })
		await updateProfile(chineseOwner.id, {
			city: '东京',
			bio: ['直接与用户沟通，从骨架到海外版界面。'],
		})
		const chineseFonts = expectEveryFontEmbedded(await fetchPdf(chineseOwner.path!))
		expect(chineseFonts).toContain('NotoSansSC-Regular')
		expect(chineseFonts.filter((name) => name.startsWith('NotoSansJP'))).toEqual([])

		// Both in one resume: the Japanese line in the Japanese face, the Chinese one (simplified
		// characters Japanese does not write) in the Chinese face; the bold title in both too.
		const mixed = await createOwner({ name: 'Aiko Chen' })
		await updateProfile(mixed.id, { designation: '产品设计师', bio: [japanese] })
		await giveResume(mixed.id, ['デザイナー'])
		const mixedPdf = await fetchPdf(mixed.path!)
		const mixedText = text(mixedPdf)
		for (const line of ['产品设计师', japanese, 'デザイナー']) expect(mixedText).toContain(line)
		expect(expectEveryFontEmbedded(mixedPdf)).toEqual(
			expect.arrayContaining(['NotoSansJP-Regular', 'NotoSansJP-Bold', 'NotoSansSC-Regular']),
		)
	})

	test('Latin, an email, a link and digits inside an Arabic line: drawn right to left on any page; read back in logical order on a page mostly in Arabic', async () => {
		// No punctuation right after the digits: pdftotext takes digits for left-to-right text and
		// reads '2019،' as '،2019' (docs/decisions/028-pdf-fonts.md).
		const line = 'مصممة منتجات في Acme منذ 2019 البريد layla@acme.com والموقع acme.com/layla'
		/** The left edges of the line's Latin words, in the order they are read. */
		const leftEdges = (pdf: Buffer) => {
			const all = words(pdf)
			const acme = all.find((box) => box.word === 'Acme')!
			const sameLine = all.filter((box) => Math.abs(box.yMin - acme.yMin) < 4)
			const edge = (word: string) => sameLine.find((box) => box.word.includes(word))!.xMin
			return {
				read: ['Acme', '2019', 'layla@acme.com', 'acme.com/layla'].map(edge),
				end: Math.max(...sameLine.map((box) => box.xMax)),
			}
		}

		// A page mostly in Arabic: pdftotext reads the line whole, in logical order.
		const arabicOwner = await createOwner({ name: 'ليلى حداد' })
		await updateProfile(arabicOwner.id, {
			designation: 'مصممة منتجات',
			city: 'بيروت',
			bio: [line, 'أصمم منتجات هادئة وواضحة للناس بلغات كثيرة منذ سنوات طويلة في بيروت ودبي'],
		})
		await giveResume(arabicOwner.id, ['مهندسة برمجيات في شركة ناشئة للتقنية المالية في بيروت'])
		const arabicPdf = await fetchPdf(arabicOwner.path!)
		const lines = poppler(arabicPdf, 'pdftotext')
			.split('\n')
			.map((printed) => printed.replace(/[\s\u202a-\u202e]+/g, ''))
		expect(lines).toContain(line.replace(/\s+/g, ''))

		// An entry whose title is in Arabic: the title at the right margin, above its company and
		// bullet, its dates at the left margin.
		const boxes = words(arabicPdf)
		const dates = boxes.find((box) => box.word === 'Jan')!
		expect(dates.xMin).toBeCloseTo(44, 0)
		const head = boxes.filter((box) => Math.abs(box.yMin - dates.yMin) < 4)
		expect(Math.max(...head.map((box) => box.xMax))).toBeCloseTo(595.28 - 44, 0)

		// On both pages the line is drawn as the web page shows it (dir="auto"): from the right
		// margin, each Latin word to the left of the one read before it.
		const latinOwner = await createOwner({ name: 'Layla Haddad' })
		await updateProfile(latinOwner.id, {
			designation: 'Product Designer',
			bio: ['I design calm, readable products for people in many languages.', line],
		})
		for (const pdf of [arabicPdf, await fetchPdf(latinOwner.path!)]) {
			const { read, end } = leftEdges(pdf)
			expect(end).toBeCloseTo(595.28 - 44, 0)
			expect([...read].sort((a, b) => b - a)).toEqual(read)
		}
	})

	test('a line in a script with no spaces (Chinese, Japanese, Thai) longer than the page wraps inside the margins, every character kept', async () => {
		const owner = await createOwner({ name: 'Wrap Test' })
		const chinese = '我们设计了一个让小商家轻松收款的支付平台并且每周与商家一起做可用性测试'.repeat(
			3,
		)
		const japanese = 'わたしたちはちいさなおみせのためのしはらいのしくみをつくりました'.repeat(3)
		// Thai read back whole where each character is one glyph in reading order: pdftotext reads
		// a split vowel (ำ) or a mark drawn below the line apart (docs/decisions/028-pdf-fonts.md).
		const thai = 'สวัสดีชาวโลก'.repeat(12)
		await updateProfile(owner.id, { bio: [chinese, japanese, thai] })
		const pdf = await fetchPdf(owner.path!)
		const printed = text(pdf).replace(/\s+/g, '')
		for (const line of [chinese, japanese, thai]) expect(printed).toContain(line)
		const all = words(pdf)
		expect(all.length).toBeGreaterThan(6)
		for (const box of all) {
			expect(box.xMin, box.word).toBeGreaterThanOrEqual(44 - 0.5)
			expect(box.xMax, box.word).toBeLessThanOrEqual(595.28 - 44 + 0.5)
		}
	})

	test('a character no font has is drawn in an embedded font, never the standard Helvetica', async () => {
		const owner = await createOwner({ name: 'ሰላም Tamil தமிழ்' })
		const pdf = await fetchPdf(owner.path!)
		expect(text(pdf)).toContain('Tamil')
		expect(expectEveryFontEmbedded(pdf)).not.toContain('Helvetica')
	})

	test('the seeded owner: headings read as words, only Inter embedded, still two A4 pages at most', async () => {
		const pdf = await fetchPdf(DEMO_OWNER.path)
		const lines = poppler(pdf, 'pdftotext', ['-layout'])
			.split('\n')
			.map((line) => line.trim())
		for (const heading of [
			'ABOUT ME',
			'WORK EXPERIENCE',
			'EDUCATION',
			'SKILLS',
			'CERTIFICATES',
			'ACHIEVEMENTS',
		])
			expect(lines).toContain(heading)
		// A Latin resume embeds Inter alone.
		expect(expectEveryFontEmbedded(pdf).sort()).toEqual(['Inter-Bold', 'Inter-Regular'])
		const pages = Number(/^Pages:\s+(\d+)/m.exec(poppler(pdf, 'pdfinfo'))?.[1])
		expect(pages).toBeGreaterThanOrEqual(1)
		expect(pages).toBeLessThanOrEqual(2)
	})
})
