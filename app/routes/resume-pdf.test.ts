/**
 * /{pname}/resume.pdf read back with poppler's pdftotext, pdfinfo and pdffonts: the text a
 * recruiter's tools see, where it is drawn, the page count and size, the embedded font.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'
import vm from 'node:vm'
import { beforeAll, describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { DEMO_OWNER, DEMO_PROFILE, DEMO_RESUME, seedDemoOwner } from '#tests/fixtures/demo-owner'
import { callRoute } from '#tests/route'
import { updateProfile } from '~/models/profile.server'
import {
	replaceAchievements,
	replaceCertificates,
	replaceEducation,
	replaceSkills,
	replaceWorkExp,
} from '~/models/resume.server'
import { getProfilePage } from '~/models/public-page.server'
import { cachedResumePdf, pdfCacheStats, renderResumePdf } from '~/services/resume-pdf.server'
import { loader } from './$pname.resume[.]pdf'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-pdf-'))

async function fetchPdf(pname: string, headers: Record<string, string> = {}) {
	return callRoute(loader, `/${pname}/resume.pdf`, { params: { pname }, headers })
}

/**
 * Writes the PDF to disk and runs a poppler tool on it; pdftotext with `options` (by default
 * `-layout`: the text as laid out on the page).
 */
async function poppler(
	pdf: Response | Buffer,
	tool: 'pdftotext' | 'pdfinfo' | 'pdffonts',
	options = ['-layout'],
) {
	const file = path.join(dir, `${crypto.randomUUID()}.pdf`)
	const bytes = pdf instanceof Response ? Buffer.from(await pdf.clone().arrayBuffer()) : pdf
	fs.writeFileSync(file, bytes)
	const args = tool === 'pdftotext' ? [...options, file, '-'] : [file]
	return execFileSync(tool, args, { encoding: 'utf8' })
}

/** How many pages the PDF has. */
async function pageCount(pdf: Response | Buffer) {
	return Number(/^Pages:\s+(\d+)/m.exec(await poppler(pdf, 'pdfinfo'))?.[1])
}

/** `text` repeated or cut to exactly `length` characters. */
const exactly = (text: string, length: number) =>
	text.repeat(Math.ceil(length / text.length)).slice(0, length)

async function giveFullResume(ownerId: string) {
	await replaceWorkExp(ownerId, [
		{
			company: 'Ørsted A/S',
			role: 'Ingeniør',
			startDate: '2019-04-01',
			endDate: 'Ongoing',
			experience: ['Vindmøller på havet'],
		},
	])
	await replaceEducation(ownerId, [
		{ eduName: 'Cand.polyt.', eduInstitution: 'DTU', eduStartYear: 2012, eduEndYear: 2017 },
	])
	await replaceSkills(ownerId, [{ skillName: 'Python', halves: 7 }])
	await replaceCertificates(ownerId, [
		{ crtName: 'PMP', crtPlat: 'PMI', crtUrl: null, crtYear: 2020 },
	])
	await replaceAchievements(ownerId, ['Årets ingeniør 2022'])
}

beforeAll(() => seedDemoOwner())

describe('GET /{pname}/resume.pdf', () => {
	test('the seeded owner: name, designation and every job title, on at most two A4 pages', async () => {
		const response = await fetchPdf(DEMO_OWNER.path)
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toBe('application/pdf')
		expect(response.headers.get('Content-Disposition')).toBe(
			`attachment; filename="Maya Torres - Resume.pdf"; filename*=UTF-8''Maya%20Torres%20-%20Resume.pdf`,
		)
		const text = await poppler(response, 'pdftotext')
		expect(text).toContain('Maya Torres')
		expect(text).toContain(DEMO_PROFILE.designation)
		for (const job of DEMO_RESUME.workExp) {
			expect(text).toContain(job.role)
			expect(text).toContain(job.company)
		}
		for (const skill of DEMO_RESUME.skills) expect(text).toContain(skill.skillName)
		for (const achievement of DEMO_RESUME.achievements) expect(text).toContain(achievement)
		expect(text).toContain('Mar 2021 – Present')
		const info = await poppler(response, 'pdfinfo')
		expect(await pageCount(response)).toBeLessThanOrEqual(2)
		expect(info).toMatch(/^Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/m)
		expect(info).toMatch(/^Title:\s+Maya Torres – Resume$/m)
		// Inter, embedded as a subset: the PDF prints the same everywhere.
		expect(await poppler(response, 'pdffonts')).toMatch(
			/\+Inter-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/,
		)
	})

	test('every page ends with the profile address and its number of the whole', async () => {
		const response = await fetchPdf(DEMO_OWNER.path)
		const pages = await pageCount(response)
		expect(pages).toBeGreaterThanOrEqual(2)
		for (let page = 1; page <= pages; page++) {
			const text = await poppler(response, 'pdftotext', [
				'-layout',
				'-f',
				`${page}`,
				'-l',
				`${page}`,
			])
			const lastLine = text.trimEnd().split('\n').at(-1)!
			expect(lastLine, `page ${page}`).toMatch(
				new RegExp(`${DEMO_OWNER.path}\\s+${page}\\s*/\\s*${pages}$`),
			)
		}
	})

	test('names beyond ASCII print right and name the file', async () => {
		const owner = await createOwner({ name: 'Zoë Ørsted' })
		await updateProfile(owner.id, { designation: 'Ingeniør · Vindkraft', city: 'København' })
		await giveFullResume(owner.id)
		const response = await fetchPdf(owner.path!)
		const text = await poppler(response, 'pdftotext')
		expect(text).toContain('Zoë Ørsted')
		expect(text).toContain('Ingeniør · Vindkraft')
		expect(text).toContain('København')
		expect(text).toContain('Årets ingeniør 2022')
		expect(response.headers.get('Content-Disposition')).toBe(
			`attachment; filename="Zoe _rsted - Resume.pdf"; filename*=UTF-8''Zo%C3%AB%20%C3%98rsted%20-%20Resume.pdf`,
		)

		const other = await createOwner({ name: 'José Müller' })
		const text2 = await poppler(await fetchPdf(other.path!), 'pdftotext')
		expect(text2).toContain('José Müller')
	})

	test('an incomplete resume is left out, as on the page', async () => {
		const owner = await createOwner({ name: 'Ana Lima' })
		await replaceWorkExp(owner.id, [
			{
				company: 'Hidden Co',
				role: 'Hidden Role',
				startDate: '',
				endDate: 'Ongoing',
				experience: [],
			},
		])
		const text = await poppler(await fetchPdf(owner.path!), 'pdftotext')
		expect(text).toContain('Ana Lima')
		expect(text).not.toContain('Hidden Role')
		expect((await fetchPdf('nobody-at-all')).status).toBe(404)
	})

	test('drawn once per page version: cached, then 304 to its ETag, drawn again after an edit', async () => {
		const owner = await createOwner({ name: 'Cache Test' })
		const renders = pdfCacheStats.renders
		const first = await fetchPdf(owner.path!)
		const etag = first.headers.get('ETag')!
		expect(etag).toMatch(/^W\/"pdf-/)
		expect(first.headers.get('Cache-Control')).toMatch(/^public/)
		const second = await fetchPdf(owner.path!)
		expect(Buffer.from(await second.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()))
		expect(pdfCacheStats.renders).toBe(renders + 1)
		expect((await fetchPdf(owner.path!, { 'If-None-Match': etag })).status).toBe(304)

		await updateProfile(owner.id, { designation: 'Now Edited' })
		const edited = await fetchPdf(owner.path!, { 'If-None-Match': etag })
		expect(edited.status).toBe(200)
		expect(await poppler(edited, 'pdftotext')).toContain('Now Edited')
		expect(pdfCacheStats.renders).toBe(renders + 2)
	})

	test('a word longer than its line goes on to the next lines: every character is printed, none outside the text', async () => {
		// The audit's link, and words with no space at the longest each field allows.
		const url =
			'https://mayatorres.design/case-studies/payments/checkout-redesign-2022-long-url-without-breaks?utm_source=tagg&utm_medium=profile'
		const owner = await createOwner()
		const fields = {
			firstName: exactly('Wolfeschlegelsteinhausen', 60),
			designation: exactly('Principal-Engineer-', 100),
			city: exactly('Llanfairpwllgwyngyll', 80),
			email: `${exactly('mail', 60)}@${exactly('domain', 60)}.example`,
			companySite: `https://${exactly('portfolio', 120)}.example/work`,
			bio: [`Case study: ${url} (2022).`, exactly('Donaudampfschifffahrt', 300)],
		}
		await updateProfile(owner.id, { ...fields, lastName: '' })
		const resume = {
			role: exactly('Staffengineer', 120),
			company: exactly('Vindmøllefabrik', 120),
			experience: [url, exactly('Havvindmøller', 500)],
			eduName: exactly('Masterofscience', 150),
			eduInstitution: exactly('Polytechnic', 150),
			skillName: exactly('Infrastructureascode', 80),
			crtName: exactly('Certifiedarchitect', 150),
			crtPlat: exactly('Cloudacademy', 120),
			achievement: exactly('Engineeroftheyear', 300),
		}
		await replaceWorkExp(owner.id, [
			{
				company: resume.company,
				role: resume.role,
				startDate: '2019-04-01',
				endDate: 'Ongoing',
				experience: resume.experience,
			},
		])
		await replaceEducation(owner.id, [
			{
				eduName: resume.eduName,
				eduInstitution: resume.eduInstitution,
				eduStartYear: 2012,
				eduEndYear: 2017,
			},
		])
		await replaceSkills(owner.id, [{ skillName: resume.skillName, halves: 7 }])
		await replaceCertificates(owner.id, [
			{ crtName: resume.crtName, crtPlat: resume.crtPlat, crtUrl: url, crtYear: 2020 },
		])
		await replaceAchievements(owner.id, [resume.achievement])
		const response = await fetchPdf(owner.path!)

		// Every character, in order, the lines joined (the dates printed beside the titles taken
		// out first): pdftotext leaves out what is drawn off the page.
		const text = (await poppler(response, 'pdftotext'))
			.replace(/Apr 2019 – Present|2012 – 2017|\b2020\b/g, '')
			.replace(/\s+/g, '')
		const expected = [
			fields.firstName,
			fields.designation,
			fields.city,
			fields.email,
			fields.companySite.replace('https://', ''),
			...fields.bio,
			...Object.values(resume).flat(),
		]
		// Nothing added either: a hyphen at a break would split the value.
		for (const value of expected) expect(text).toContain(value.replace(/\s+/g, ''))

		// Every word drawn inside the page's margins (44 points each side of an A4 page).
		const boxes = await poppler(response, 'pdftotext', ['-bbox'])
		const pageWidth = Number(/<page width="([\d.]+)"/.exec(boxes)?.[1])
		expect(pageWidth).toBeCloseTo(595.28, 1)
		const words = [...boxes.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"/g)]
		expect(words.length).toBeGreaterThan(20)
		for (const [word, xMin, xMax] of words) {
			expect(Number(xMin), word).toBeGreaterThanOrEqual(44 - 0.5)
			expect(Number(xMax), word).toBeLessThanOrEqual(pageWidth - 44 + 0.5)
		}
	})

	test('a section heading never ends a page alone: it goes on to the next page with its first item', async () => {
		const owner = await createOwner({ name: 'Page Break' })
		const job = (index: number) => ({
			company: `Company ${index}`,
			role: `Role ${index}`,
			startDate: `${2010 + index}-01`,
			endDate: `${2010 + index}-12`,
			experience: ['Built things that mattered.', 'Shipped them on time.'],
		})
		await replaceWorkExp(owner.id, [1, 2, 3].map(job))
		await replaceEducation(owner.id, [
			{
				eduName: 'First Degree',
				eduInstitution: 'University',
				eduStartYear: 2004,
				eduEndYear: 2008,
			},
			{
				eduName: 'Second Degree',
				eduInstitution: 'University',
				eduStartYear: 2008,
				eduEndYear: 2010,
			},
		])
		await replaceSkills(
			owner.id,
			['First Skill', 'Go', 'Rust', 'SQL', 'Kubernetes'].map((skillName) => ({
				skillName,
				halves: 8,
			})),
		)
		await replaceCertificates(owner.id, [
			{ crtName: 'First Certificate', crtPlat: 'Academy', crtUrl: null, crtYear: 2020 },
			{ crtName: 'Second Certificate', crtPlat: 'Academy', crtUrl: null, crtYear: 2021 },
		])
		await replaceAchievements(owner.id, ['First Achievement', 'Second Achievement'])
		const page = (await getProfilePage(owner.id))!
		const firstItems = {
			'Work Experience': 'Role 1',
			Education: 'First Degree',
			Skills: 'First Skill',
			Certificates: 'First Certificate',
			Achievements: 'First Achievement',
		}
		// pdftotext spreads the letters of a spaced-out heading ('AC H I E V E M E N T S').
		const heading = (title: string) =>
			new RegExp(`^\\s*${[...title.toUpperCase().replace(/ /g, '')].join('\\s*')}\\s*$`, 'm')

		// One more line of bio at a time moves every heading down the page: each in turn comes to
		// the page's end.
		let headingsThatMoved = 0
		for (let lines = 0; lines < 16; lines++) {
			const bio = Array.from({ length: 12 + lines }, (_, index) => `Line ${index} of the bio.`)
			const pdf = await renderResumePdf({
				...page,
				profile: { ...page.profile, bio },
				profileUrl: `http://tagg.test/${owner.path}`,
			})
			const pages = await pageCount(pdf)
			expect(pages).toBeGreaterThan(1)
			for (let n = 1; n <= pages; n++) {
				const text = await poppler(pdf, 'pdftotext', ['-layout', '-f', `${n}`, '-l', `${n}`])
				for (const [title, first] of Object.entries(firstItems)) {
					if (!heading(title).test(text)) continue
					expect(text, `${title} on page ${n} with ${lines} more lines`).toContain(first)
					if (n > 1 && text.trimStart().match(heading(title))?.index === 0) headingsThatMoved++
				}
			}
		}
		// The case that matters did come up: a heading that began a page.
		expect(headingsThatMoved).toBeGreaterThan(0)
	})

	test('50 PDFs in a row, each freshly drawn, do not grow memory', async () => {
		v8.setFlagsFromString('--expose-gc')
		const gc = vm.runInNewContext('gc') as () => void
		const owner = await createOwner({ name: 'Memory Test' })
		const page = (await getProfilePage(owner.id))!
		// The route's own drawing path (cache included), fed from memory so that what is measured
		// is the PDF side alone: each call is a new page version, so each one is drawn.
		let version = 0
		let word = 0
		const heapAfter = async (requests: number) => {
			for (let i = 0; i < requests; i++) {
				// New long words every time: a cache keyed by text (such as the hyphenator's, which
				// react-pdf never empties) would grow by megabytes over these requests.
				const words = Array.from(
					{ length: 100 },
					() => `extraordinary${(word++).toString(36)}words`,
				)
				const file = await cachedResumePdf(owner.id, ++version, async () => ({
					...page,
					profile: { ...page.profile, bio: [words.join(' ')] },
					profileUrl: `http://tagg.test/${owner.path}`,
				}))
				expect(file?.pdf.subarray(0, 5).toString()).toBe('%PDF-')
			}
			gc()
			gc()
			return process.memoryUsage().heapUsed
		}
		const renders = pdfCacheStats.renders
		const warm = await heapAfter(10)
		const after = await heapAfter(40)
		expect(pdfCacheStats.renders).toBe(renders + 50)
		expect(after - warm, `heap grew by ${((after - warm) / 1e6).toFixed(2)} MB`).toBeLessThan(
			2_000_000,
		)
		// 50 drawings: seconds on a quiet machine, several times that on a busy CI one.
	}, 90_000)
})
