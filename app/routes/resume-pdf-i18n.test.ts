/**
 * /{pname}/resume.pdf in its owner's language, read back with poppler: pdftotext for
 * the headings, dates and labels a reader's tools see, pdffonts for the fonts embedded. German
 * keeps the left-to-right layout with its own words and month names; Arabic is laid out right to
 * left (headings and entries at the right margin, dates on the left) in IBM Plex Sans Arabic.
 * A change of language is a new page version and a new file, never the old one from the cache.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { callRoute } from '#tests/route'
import { updateProfile } from '~/models/profile.server'
import {
	replaceAchievements,
	replaceCertificates,
	replaceEducation,
	replaceSkills,
	replaceWorkExp,
} from '~/models/resume.server'
import { type Locale } from '~/utils/locales'
import { loader } from './$pname.resume[.]pdf'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-pdf-i18n-'))

async function fetchPdf(pname: string, headers: Record<string, string> = {}) {
	return callRoute(loader, `/${pname}/resume.pdf`, { params: { pname }, headers })
}

/** Runs a poppler tool on the PDF; pdftotext with `options`, the text to stdout. */
function poppler(pdf: Buffer, tool: 'pdftotext' | 'pdffonts', options: string[] = []) {
	const file = path.join(dir, `${crypto.randomUUID()}.pdf`)
	fs.writeFileSync(file, pdf)
	const args = tool === 'pdftotext' ? [...options, file, '-'] : [file]
	return execFileSync(tool, args, { encoding: 'utf8' })
}

/**
 * pdftotext's text in reading order, every run of white space one space, without the embedding
 * marks poppler puts around each run of one direction (U+202A…U+202E).
 */
const text = (pdf: Buffer) =>
	poppler(pdf, 'pdftotext')
		.replace(/[\u202a-\u202e]/g, '')
		.replace(/\s+/g, ' ')

/** pdftotext's text as laid out, line by line (`-layout`). */
const lines = (pdf: Buffer) => poppler(pdf, 'pdftotext', ['-layout']).split('\n')

/** The x of each glyph's box for a word (pdftotext -bbox), to see which side it is drawn on. */
function wordBoxes(pdf: Buffer) {
	const html = poppler(pdf, 'pdftotext', ['-bbox'])
	return [
		...html.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>([^<]*)<\/word>/g),
	].map((match) => ({ xMin: Number(match[1]), xMax: Number(match[2]), word: match[3]! }))
}

/** An owner with every block of the resume, their pages in `language`. */
async function ownerIn(language: Locale, name: { firstName: string; lastName: string }) {
	const owner = await createOwner({ name: `${name.firstName} ${name.lastName}` })
	await updateProfile(owner.id, {
		...name,
		designation: language === 'ar' ? 'مهندسة برمجيات' : 'Softwareentwicklerin',
		city: language === 'ar' ? 'بيروت' : 'Berlin',
		bio: [language === 'ar' ? 'أصمم أنظمة موثوقة.' : 'Ich baue verlässliche Systeme.'],
		language,
	})
	await replaceWorkExp(owner.id, [
		{
			company: language === 'ar' ? 'شركة الأرز' : 'Nordlicht GmbH',
			role: language === 'ar' ? 'مهندسة أولى' : 'Leitende Entwicklerin',
			startDate: '2019-04-01',
			endDate: 'Ongoing',
			experience: [language === 'ar' ? 'قدت فريقًا من خمسة أشخاص' : 'Ein Team von fünf geleitet'],
		},
		{
			company: 'Acme',
			role: 'Engineer',
			startDate: '2015-03-01',
			endDate: '2019-03-01',
			experience: ['Built the billing system'],
		},
	])
	await replaceEducation(owner.id, [
		{ eduName: 'MSc', eduInstitution: 'TU Berlin', eduStartYear: 2012, eduEndYear: 2014 },
	])
	await replaceSkills(owner.id, [
		{ skillName: 'TypeScript', halves: 9 },
		{ skillName: 'Go', halves: 7 },
	])
	await replaceCertificates(owner.id, [
		{ crtName: 'CKA', crtPlat: 'CNCF', crtUrl: 'https://example.com/cka', crtYear: 2021 },
	])
	await replaceAchievements(owner.id, ['Speaker at JSConf 2022'])
	return owner
}

/** Keeps a copy for a person to look at (TAGG_PDF_OUT=/some/dir). */
function keep(name: string, pdf: Buffer) {
	const out = process.env.TAGG_PDF_OUT
	if (out) fs.writeFileSync(path.join(out, name), pdf)
}

describe('the resume PDF in its owner’s language', () => {
	let german: Awaited<ReturnType<typeof ownerIn>>
	let arabic: Awaited<ReturnType<typeof ownerIn>>
	beforeAll(async () => {
		german = await ownerIn('de', { firstName: 'Lena', lastName: 'Vogel' })
		arabic = await ownerIn('ar', { firstName: 'ليلى', lastName: 'حداد' })
	})

	test('German: German headings, month names and labels, left to right', async () => {
		const response = await fetchPdf(german.path!)
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Disposition')).toBe(
			`attachment; filename="Lena Vogel - Lebenslauf.pdf"; filename*=UTF-8''Lena%20Vogel%20-%20Lebenslauf.pdf`,
		)
		const pdf = Buffer.from(await response.arrayBuffer())
		keep('resume-de.pdf', pdf)
		const read = text(pdf)
		for (const heading of [
			'ÜBER MICH',
			'BERUFSERFAHRUNG',
			'AUSBILDUNG',
			'FÄHIGKEITEN',
			'ZERTIFIKATE',
			'ERFOLGE',
		])
			expect(read).toContain(heading)
		for (const english of [
			'ABOUT ME',
			'WORK EXPERIENCE',
			'EDUCATION',
			'SKILLS',
			'View certificate',
		])
			expect(read).not.toContain(english)
		// Month names through Intl, 'Ongoing' shown as the language's 'Present'.
		expect(read).toContain('Apr. 2019 – Heute')
		expect(read).toContain('März 2015 – März 2019')
		expect(read).toContain('Zertifikat ansehen')
		// Left to right: the role starts at the left margin, its dates end at the right one.
		const boxes = wordBoxes(pdf)
		const role = boxes.find((box) => box.word === 'Leitende')!
		const today = boxes.find((box) => box.word === 'Heute')!
		expect(role.xMin).toBeLessThan(60)
		expect(today.xMax).toBeGreaterThan(530)
		expect(poppler(pdf, 'pdffonts')).toMatch(
			/\+Inter-Bold\s+CID TrueType\s+Identity-H\s+yes yes yes/,
		)
	})

	test('Arabic: Arabic headings in reading order, laid out right to left, in the Arabic font', async () => {
		const response = await fetchPdf(arabic.path!)
		expect(response.status).toBe(200)
		const pdf = Buffer.from(await response.arrayBuffer())
		keep('resume-ar.pdf', pdf)
		const read = text(pdf)
		for (const heading of [
			'نبذة عني',
			'الخبرة العملية',
			'التعليم',
			'المهارات',
			'الشهادات',
			'الإنجازات',
			'عرض الشهادة',
		])
			expect(read, heading).toContain(heading)
		for (const english of [
			'About Me',
			'ABOUT ME',
			'WORK EXPERIENCE',
			'View certificate',
			'Present',
		])
			expect(read).not.toContain(english)
		// The month names in Arabic (poppler reads a date range's digits in their own order).
		expect(read).toContain('حتى الآن')
		expect(read).toMatch(/أبريل ?– ?2019/)
		// Right to left: each heading ends at the right margin, an entry's dates sit at the left.
		// (pdftotext -bbox gives a right-to-left word's letters in the order they are drawn.)
		const boxes = wordBoxes(pdf)
		const box = (word: string) =>
			boxes.find((found) => [word, [...word].reverse().join('')].includes(found.word))!
		const right = (word: string) => box(word).xMax
		const left = (word: string) => box(word).xMin
		expect(right('الخبرة')).toBeGreaterThan(540)
		expect(right('المهارات')).toBeGreaterThan(540)
		// The Latin role of the second entry is drawn at the right margin too, its years at the left.
		expect(right('Engineer')).toBeGreaterThan(540)
		expect(left('الآن')).toBeLessThan(120)
		// A certificate's line reads from its platform (at the right) to the label, right to left.
		expect(right('CNCF')).toBeGreaterThan(540)
		expect(right('الشهادة')).toBeLessThan(left('CNCF'))
		// The layout lines: a heading line holds nothing at the left half of the page.
		const headingLine = lines(pdf).find((line) => line.includes('المهارات'))!
		expect(headingLine.trimStart().length).toBeLessThan(headingLine.length / 2)
		const fonts = poppler(pdf, 'pdffonts')
		expect(fonts).toMatch(/\+IBMPlexSansArabic-Bold\s+CID TrueType\s+Identity-H\s+yes yes yes/)
		expect(fonts).toMatch(/\+IBMPlexSansArabic-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/)
		expect(fonts).not.toMatch(/Helvetica/)
	})

	test('a change of language is a new file: never the old one from the cache', async () => {
		const owner = await ownerIn('de', { firstName: 'Zoé', lastName: 'Martin' })
		const before = await fetchPdf(owner.path!)
		const etag = before.headers.get('ETag')!
		expect(text(Buffer.from(await before.arrayBuffer()))).toContain('BERUFSERFAHRUNG')
		await new Promise((resolve) => setTimeout(resolve, 5))
		await updateProfile(owner.id, { language: 'es' })
		// The browser's copy is stale, and the file is drawn again in Spanish.
		const after = await fetchPdf(owner.path!, { 'If-None-Match': etag })
		expect(after.status).toBe(200)
		expect(after.headers.get('ETag')).not.toBe(etag)
		expect(after.headers.get('ETag')).toContain('-es-')
		const read = text(Buffer.from(await after.arrayBuffer()))
		expect(read).toContain('EXPERIENCIA LABORAL')
		expect(read).toContain('abr 2019 – Actualidad')
		expect(read).not.toContain('BERUFSERFAHRUNG')
	})
})
