/**
 * /{pname}/resume.pdf in every script the web page shows (issue 32), read back with poppler:
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

	test('Latin inside Arabic and Hebrew, and Arabic inside Latin, come out in reading order', async () => {
		const owner = await createOwner({ name: 'Layla Haddad' })
		const bio = [
			'أعمل مع React و TypeScript منذ عام 2019 في شركة Acme.',
			'אני עובדת עם Figma ו-React כבר 5 שנים.',
			'I write Arabic (العربية الفصحى) and Hebrew (עברית) every day.',
		]
		await updateProfile(owner.id, { designation: 'مصممة منتجات في Acme', bio })
		await giveResume(owner.id, ['مهندسة برمجيات في Google'])
		const pdf = await fetchPdf(owner.path!)
		const printed = text(pdf)
		for (const line of [...bio, 'مصممة منتجات في Acme', 'مهندسة برمجيات في Google'])
			expect(printed).toContain(line)

		// Right to left as on the web page (dir="auto"): a paragraph that begins in Arabic or
		// Hebrew ends at the right margin; one that begins in Latin starts at the left one.
		const all = words(pdf)
		const lineOf = (word: string) => all.find((box) => box.word === word)!
		for (const word of ['TypeScript', 'Figma'])
			expect(
				Math.max(...all.filter((box) => box.yMin === lineOf(word).yMin).map((box) => box.xMax)),
			).toBeCloseTo(595.28 - 44, 0)
		expect(lineOf('write').xMin).toBeGreaterThan(44)
		expect(all.find((box) => box.yMin === lineOf('write').yMin)!.xMin).toBeCloseTo(44, 0)
	})

	test('a line in a script with no spaces (Chinese, Japanese, Thai) longer than the page wraps inside the margins, every character kept', async () => {
		const owner = await createOwner({ name: 'Wrap Test' })
		const chinese = '我们设计了一个让小商家轻松收款的支付平台并且每周与商家一起做可用性测试'.repeat(
			3,
		)
		const japanese = 'わたしたちはちいさなおみせのためのしはらいのしくみをつくりました'.repeat(3)
		const thai = 'เราออกแบบแพลตฟอร์มการชำระเงินสำหรับร้านค้าขนาดเล็กและทดสอบกับผู้ใช้ทุกสัปดาห์'.repeat(3)
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
