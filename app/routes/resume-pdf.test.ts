/**
 * /{pname}/resume.pdf read back with poppler's pdftotext, pdfinfo and pdffonts: the text a
 * recruiter's tools see, the page count and size, the embedded font.
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
import { cachedResumePdf, pdfCacheStats } from '~/services/resume-pdf.server'
import { loader } from './$pname.resume[.]pdf'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-pdf-'))

async function fetchPdf(pname: string, headers: Record<string, string> = {}) {
	return callRoute(loader, `/${pname}/resume.pdf`, { params: { pname }, headers })
}

/** Writes the PDF to disk and runs a poppler tool on it. */
async function poppler(response: Response, tool: 'pdftotext' | 'pdfinfo' | 'pdffonts') {
	const file = path.join(dir, `${crypto.randomUUID()}.pdf`)
	fs.writeFileSync(file, Buffer.from(await response.clone().arrayBuffer()))
	const args = tool === 'pdftotext' ? ['-layout', file, '-'] : [file]
	return execFileSync(tool, args, { encoding: 'utf8' })
}

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
		expect(Number(/^Pages:\s+(\d+)/m.exec(info)?.[1])).toBeLessThanOrEqual(2)
		expect(info).toMatch(/^Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/m)
		expect(info).toMatch(/^Title:\s+Maya Torres – Resume$/m)
		// Inter, embedded as a subset: the PDF prints the same everywhere.
		expect(await poppler(response, 'pdffonts')).toMatch(
			/\+Inter-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/,
		)
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
