/**
 * The resume interchange end to end against the real database: /{pname}/resume.json (checked
 * with ajv against the official JSON Resume schema), and the /one import of a JSON Resume file
 * and of a LinkedIn data export (a ZIP built here with LinkedIn's column names).
 */
import { createRequire } from 'node:module'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import { strToU8, zipSync } from 'fflate'
import { beforeAll, describe, expect, test } from 'vitest'
import { createOwner, createPortfolio, snapshotAccount } from '#tests/factories'
import { DEMO_OWNER, DEMO_PORTFOLIO, DEMO_RESUME, seedDemoOwner } from '#tests/fixtures/demo-owner'
import { callApi, callRoute } from '#tests/route'
import { updateProfile } from '~/models/profile.server'
import { getResume, replaceSkills, replaceWorkExp } from '~/models/resume.server'
import { loader as resumeJson } from './$pname.resume[.]json'
import { action as apply } from './one.sites.resume.import.apply'
import { action as preview } from './one.sites.resume.import.preview'

/** A skill name longer than the 60 characters a skill may have. */
const LONG_SKILL = 'Weaving baskets from reclaimed fishing nets on the west coast of Jutland'

const require = createRequire(import.meta.url)
const ajv = new Ajv({ allErrors: true, strict: false })
addFormats(ajv)
const validateResume = ajv.compile(require('@jsonresume/schema/schema.json') as object)

function expectValidJsonResume(document: unknown) {
	const valid = validateResume(document)
	expect(validateResume.errors ?? [], JSON.stringify(validateResume.errors)).toEqual([])
	expect(valid).toBe(true)
}

async function exportResume(path: string) {
	const response = await callRoute(resumeJson, `/${path}/resume.json`, { params: { pname: path } })
	expect(response.status).toBe(200)
	expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
	return (await response.json()) as Record<string, unknown> & {
		basics: Record<string, unknown>
		work?: Array<Record<string, unknown>>
	}
}

function upload(
	file: { name: string; data: Uint8Array | string },
	fields: Record<string, string> = {},
) {
	const body = new FormData()
	const bytes = typeof file.data === 'string' ? strToU8(file.data) : file.data
	body.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), file.name)
	for (const [name, value] of Object.entries(fields)) body.append(name, value)
	return body
}

// LinkedIn's "Get a copy of your data" ZIP, with the column names of its real files.
function linkedInZip(overrides: Record<string, string> = {}) {
	const files: Record<string, string> = {
		'Profile.csv':
			'First Name,Last Name,Maiden Name,Address,Birth Date,Headline,Summary,Industry,Zip Code,Geo Location,Twitter Handles,Websites,Instant Messengers\r\n' +
			'Zoë,Ørsted,,,,"Staff Engineer, Platform","I build reliable systems.\r\n\r\nAnd I mentor.",Software Development,,"Copenhagen, Capital Region of Denmark, Denmark",[zoe],,\r\n',
		'Positions.csv':
			'Company Name,Title,Description,Location,Started On,Finished On\r\n' +
			'Nordlys,Staff Engineer,"• Led the platform team\r\n• Cut deploy time by 80%","Copenhagen, Denmark",Mar 2021,\r\n' +
			'Fjord Labs,Senior Engineer,Built the payments API,Aarhus,Jan 2017,Feb 2021\r\n',
		'Education.csv':
			'School Name,Start Date,End Date,Notes,Degree Name,Activities\r\n' +
			'Technical University of Denmark,2010,2015,,MSc Computer Science,Robotics club\r\n',
		'Skills.csv': `Name\r\nPython\r\nkubernetes\r\nBasket Weaving\r\n${LONG_SKILL}\r\n`,
		'Certifications.csv':
			'Name,Url,Authority,Started On,Finished On,License Number\r\n' +
			'AWS Solutions Architect,https://aws.amazon.com/certification/,Amazon Web Services,Jun 2022,Jun 2025,ABC-123\r\n',
		'Honors.csv':
			'Title,Description,Issued On\r\nEngineer of the Year,For the platform rewrite,Dec 2023\r\n',
		'Connections.csv': 'Notes:\r\n"Connections are private"\r\n\r\nFirst Name,Last Name\r\nA,B\r\n',
		...overrides,
	}
	return zipSync(
		Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])),
	)
}

// The demo owner (profile, resume, six case studies with images) is made once for the file.
beforeAll(() => seedDemoOwner())

describe('GET /{pname}/resume.json', () => {
	test('the seeded owner: a valid JSON Resume holding what a visitor sees', async () => {
		const document = await exportResume(DEMO_OWNER.path)
		expectValidJsonResume(document)
		expect(document.$schema).toMatch(/jsonresume\/resume-schema\/v1\.0\.0\/schema\.json$/)
		expect(document.basics).toMatchObject({
			name: 'Maya Torres',
			label: 'Senior Product Designer',
			email: 'hello@mayatorres.design',
			phone: '+351912345678',
			url: 'http://tagg.test/maya-torres',
			location: { city: 'Lisbon', countryCode: 'PT' },
		})
		expect(document.basics.image).toMatch(/display-picture\.webp\?v=\d+$/)
		expect(String(document.basics.summary).split('\n\n')).toHaveLength(3)
		expect(document.basics.profiles).toContainEqual({
			network: 'LinkedIn',
			url: 'https://www.linkedin.com/in/maya-torres-design',
		})
		expect(document.basics.profiles).toContainEqual({
			network: 'Website',
			url: 'https://mayatorres.design',
		})
		expect(document.work?.[0]).toEqual({
			name: 'Pagaleve Payments',
			position: 'Senior Product Designer',
			startDate: '2021-03',
			highlights: DEMO_RESUME.workExp[0]!.experience,
		})
		expect(document.work?.[1]).toMatchObject({ startDate: '2018-01', endDate: '2021-02' })
		expect(document.education).toContainEqual({
			institution: 'Universidade de Lisboa',
			studyType: 'MA Interaction Design',
			startDate: '2013',
			endDate: '2015',
		})
		expect(document.skills).toContainEqual({ name: 'User Research', level: '4.5/5' })
		expect(document.certificates).toHaveLength(2)
		expect(document.awards).toEqual(DEMO_RESUME.achievements.map((title) => ({ title })))
		// Projects: the active portfolio items only, each linking its public page.
		const projects = document.projects as Array<Record<string, unknown>>
		const active = DEMO_PORTFOLIO.filter((item) => item.active)
		expect(projects.map((project) => project.name)).toEqual(active.map((item) => item.productName))
		expect(projects[0]).toMatchObject({
			entity: 'Pagaleve Payments',
			roles: ['Lead Product Designer'],
			highlights: active[0]!.results,
			keywords: active[0]!.skills,
		})
		expect(projects[0]!.url).toMatch(/^http:\/\/tagg\.test\/maya-torres\/portfolio\/\w+$/)
	})

	test('an owner with an empty resume: still valid, with no resume sections', async () => {
		const owner = await createOwner({ name: 'José Müller' })
		const document = await exportResume(owner.path!)
		expectValidJsonResume(document)
		expect(document.basics.name).toBe('José Müller')
		// The page shows the account email when the profile has none: so does the export.
		expect(document.basics.email).toBe(owner.email)
		for (const section of ['work', 'education', 'skills', 'certificates', 'awards', 'projects']) {
			expect(document).not.toHaveProperty(section)
		}
	})

	test('an incomplete resume is hidden from visitors, and from the export', async () => {
		const owner = await createOwner()
		await replaceWorkExp(owner.id, [
			{ company: 'Acme', role: 'Designer', startDate: '', endDate: 'Ongoing', experience: [] },
		])
		await createPortfolio(owner.id, { productName: 'Draft', active: false })
		const document = await exportResume(owner.path!)
		expectValidJsonResume(document)
		expect(document).not.toHaveProperty('work')
		expect(document).not.toHaveProperty('projects')
	})

	test('answers 304 to its ETag until the owner edits, and 404 for an unknown name', async () => {
		const owner = await createOwner()
		const path = owner.path!
		const first = await callRoute(resumeJson, `/${path}/resume.json`, { params: { pname: path } })
		const etag = first.headers.get('ETag')!
		expect(etag).toMatch(/^W\/"json-/)
		const again = await callRoute(resumeJson, `/${path}/resume.json`, {
			params: { pname: path },
			headers: { 'If-None-Match': etag },
		})
		expect(again.status).toBe(304)
		await updateProfile(owner.id, { designation: 'Changed' })
		const changed = await callRoute(resumeJson, `/${path}/resume.json`, {
			params: { pname: path },
			headers: { 'If-None-Match': etag },
		})
		expect(changed.status).toBe(200)
		expect((await changed.json()).basics.label).toBe('Changed')
		const missing = await callRoute(resumeJson, '/nobody-here/resume.json', {
			params: { pname: 'nobody-here' },
		})
		expect(missing.status).toBe(404)
	})
})

describe('JSON Resume round trip', () => {
	test('export, import into a new owner, export again: the same document', async () => {
		const original = await exportResume(DEMO_OWNER.path)
		const owner = await createOwner({ name: 'Someone Else' })
		const file = { name: 'resume.json', data: JSON.stringify(original) }

		const previewed = await callApi(preview, '/one/sites/resume/import/preview', {
			token: owner.token,
			rawBody: upload(file),
		})
		expect(previewed.status).toBe(200)
		const data = previewed.json.data as {
			source: string
			sections: Record<string, { items?: unknown[]; current?: number }>
			skipped: Array<{ section: string; value: string }>
		}
		expect(data.source).toBe('json-resume')
		expect(Object.keys(data.sections).sort()).toEqual(
			['achievements', 'certificates', 'education', 'profile', 'skills', 'workExp'].sort(),
		)
		expect(data.sections.workExp).toMatchObject({ current: 0, appendAdds: 3 })
		// Projects and the picture are not imported, and say so.
		expect(data.skipped.map((item) => item.section)).toEqual(
			expect.arrayContaining(['projects', 'profile']),
		)

		const applied = await callApi(apply, '/one/sites/resume/import/apply', {
			token: owner.token,
			rawBody: upload(file, {
				sections: 'profile,workExp,education,skills,certificates,achievements',
				mode: 'replace',
			}),
		})
		expect(applied.status).toBe(200)
		expect(applied.json.data).toEqual(await getResume(owner.id))

		const again = await exportResume(owner.path!)
		expectValidJsonResume(again)
		// What differs by nature: the address, the picture (uploaded, never fetched), the
		// portfolio (case studies are not imported).
		const comparable = (document: typeof original, path: string) => {
			const copy = JSON.parse(
				JSON.stringify(document).replaceAll(`tagg.test/${path}`, 'tagg.test/PATH'),
			)
			delete copy.basics.image
			delete copy.projects
			return copy
		}
		expect(comparable(again, owner.path!)).toEqual(comparable(original, DEMO_OWNER.path))
	})
})

describe('POST /one/sites/resume/import/*', () => {
	test('a LinkedIn export: previewed, then applied section by section', async () => {
		const owner = await createOwner({ name: 'Jane Doe' })
		await replaceSkills(owner.id, [{ skillName: 'Python', halves: 9 }])
		const zip = linkedInZip()
		const previewed = await callApi(preview, '/one/sites/resume/import/preview', {
			token: owner.token,
			rawBody: upload({ name: 'Basic_LinkedInDataExport.zip', data: zip }),
		})
		expect(previewed.status).toBe(200)
		const data = previewed.json.data as Record<string, never>
		expect(data).toMatchObject({
			source: 'linkedin',
			sections: {
				profile: {
					fields: {
						firstName: 'Zoë',
						lastName: 'Ørsted',
						designation: 'Staff Engineer, Platform',
						city: 'Copenhagen',
						country: 'Denmark',
						bio: ['I build reliable systems.', 'And I mentor.'],
					},
					current: { firstName: 'Jane', lastName: 'Doe' },
				},
				workExp: {
					items: [
						{
							company: 'Nordlys',
							role: 'Staff Engineer',
							startDate: '2021-03-01',
							endDate: 'Ongoing',
							experience: ['Led the platform team', 'Cut deploy time by 80%'],
						},
						{
							company: 'Fjord Labs',
							role: 'Senior Engineer',
							startDate: '2017-01-01',
							endDate: '2021-02-01',
							experience: ['Built the payments API'],
						},
					],
					current: 0,
				},
				education: {
					items: [
						{
							eduName: 'MSc Computer Science',
							eduInstitution: 'Technical University of Denmark',
							eduStartYear: 2010,
							endDate: 2015,
						},
					],
				},
				// Matched case-insensitively to the fixed list, rated 3; Python is there already.
				skills: {
					items: [
						{ skillName: 'Python', rating: 3 },
						{ skillName: 'Kubernetes', rating: 3 },
						{ skillName: 'Basket Weaving', rating: 3 },
					],
					current: 1,
					appendAdds: 2,
				},
				certificates: {
					items: [
						{
							crtName: 'AWS Solutions Architect',
							crtPlat: 'Amazon Web Services',
							crtUrl: 'https://aws.amazon.com/certification/',
							endDate: 2022,
						},
					],
				},
				achievements: { items: ['Engineer of the Year, 2023'] },
			},
		})
		expect(data.skipped).toContainEqual({
			section: 'skills',
			field: 'Skills.csv[3].name',
			value: LONG_SKILL,
			reason: 'longer than 60 characters, the most a skill may have',
		})
		// The preview changed nothing.
		expect((await getResume(owner.id)).workExp).toEqual([])

		const applied = await callApi(apply, '/one/sites/resume/import/apply', {
			token: owner.token,
			rawBody: upload(
				{ name: 'export.zip', data: zip },
				{ sections: 'workExp,skills', mode: 'append' },
			),
		})
		expect(applied.status).toBe(200)
		const resume = applied.json.data as Awaited<ReturnType<typeof getResume>>
		expect(resume.workExp.map((item) => item.role)).toEqual(['Staff Engineer', 'Senior Engineer'])
		expect(resume.workExp[0]!.endDate).toBe('Ongoing')
		// Appended after the owner's own skill, which keeps its rating.
		expect(resume.skills.map((item) => [item.skillName, item.rating])).toEqual([
			['Python', 4.5],
			['Kubernetes', 3],
			['Basket Weaving', 3],
		])
		expect(resume.education).toEqual([])
		const snapshot = await snapshotAccount(owner.id)
		expect(snapshot.profile?.name).toEqual({ firstName: 'Jane', lastName: 'Doe' })

		// Appending the same file again adds nothing; replacing swaps the list.
		const twice = await callApi(apply, '/one/sites/resume/import/apply', {
			token: owner.token,
			rawBody: upload({ name: 'export.zip', data: zip }, { sections: 'workExp', mode: 'append' }),
		})
		expect((twice.json.data as typeof resume).workExp).toHaveLength(2)
		const replaced = await callApi(apply, '/one/sites/resume/import/apply', {
			token: owner.token,
			rawBody: upload(
				{ name: 'export.zip', data: zip },
				{ sections: 'profile,skills', mode: 'replace' },
			),
		})
		expect((replaced.json.data as typeof resume).skills.map((item) => item.rating)).toEqual([
			3, 3, 3,
		])
		expect((await snapshotAccount(owner.id)).profile).toMatchObject({
			name: { firstName: 'Zoë', lastName: 'Ørsted' },
			designation: 'Staff Engineer, Platform',
			city: 'Copenhagen',
			country: 'Denmark',
		})
	})

	test('bad files get a clear message and change nothing', async () => {
		const owner = await createOwner()
		await replaceSkills(owner.id, [{ skillName: 'Figma', halves: 8 }])
		const before = await snapshotAccount(owner.id)
		const bomb = zipSync({ 'Profile.csv': new Uint8Array(30 * 1024 * 1024) }, { level: 9 })
		const crowded = zipSync(
			Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`f${i}.txt`, strToU8('x')])),
		)
		const cases: Array<[string, string | Uint8Array, number, RegExp]> = [
			['notes.txt', 'just some text', 400, /neither a JSON Resume file/],
			['picture.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), 400, /neither/],
			['broken.json', '{"basics": ', 400, /not valid JSON/],
			['other.json', '{"name": "not a resume"}', 400, /not a JSON Resume/],
			[
				'wrong.json',
				JSON.stringify({ work: [{ name: 'Acme', startDate: 'last spring' }] }),
				400,
				/work\.0\.startDate must be a date/,
			],
			[
				'email.json',
				JSON.stringify({ basics: { name: 'A', email: 'not-an-email' } }),
				400,
				/basics\.email must be an email address/,
			],
			['bomb.zip', bomb, 400, /unpacks to more than 2 MB/],
			['crowded.zip', crowded, 400, /more than 1000 files/],
			['other.zip', zipSync({ 'readme.txt': strToU8('hi') }), 400, /not a LinkedIn data export/],
			['broken.zip', new Uint8Array([0x50, 0x4b, 3, 4, 9, 9, 9]), 400, /could not be read/],
			[
				'large.json',
				`{"basics":{"summary":"${'a'.repeat(5 * 1024 * 1024)}"}}`,
				413,
				/larger than 5 MB/,
			],
		]
		for (const [name, data, status, message] of cases) {
			for (const handler of [preview, apply]) {
				const response = await callApi(handler, '/one/sites/resume/import/x', {
					token: owner.token,
					rawBody: upload({ name, data }, { sections: 'skills,profile', mode: 'replace' }),
				})
				expect([name, response.status]).toEqual([name, status])
				expect(response.json.message).toMatch(message)
			}
		}
		expect(await snapshotAccount(owner.id)).toEqual(before)
	})

	test('a ZIP entry that lies about its size is cut at the size it declares', async () => {
		const owner = await createOwner()
		const zip = zipSync({
			'Skills.csv': strToU8(`Name\r\nPython\r\n${'Rust\r\n'.repeat(400_000)}`),
		})
		// Declare 16 bytes unpacked in both headers: only 'Name\r\nPython\r\nRu' may come out.
		const view = new DataView(zip.buffer, zip.byteOffset)
		view.setUint32(22, 16, true)
		for (let i = zip.length - 22; i >= 0; i--) {
			if (view.getUint32(i, true) === 0x02014b50) {
				view.setUint32(i + 24, 16, true)
				break
			}
		}
		const response = await callApi(preview, '/one/sites/resume/import/preview', {
			token: owner.token,
			rawBody: upload({ name: 'lying.zip', data: zip }),
		})
		expect(response.status).toBe(200)
		const sections = (response.json.data as { sections: { skills: { items: unknown[] } } }).sections
		// 'Ru' is what is left of the cut line: a word of the owner's own, kept as read.
		expect(sections.skills.items).toEqual([
			{ skillName: 'Python', rating: 3 },
			{ skillName: 'Ru', rating: 3 },
		])
	})

	test('apply needs a known section the file has and a known mode; the API needs a session', async () => {
		const owner = await createOwner()
		const zip = linkedInZip()
		const call = (fields: Record<string, string>, token = owner.token) =>
			callApi(apply, '/one/sites/resume/import/apply', {
				token,
				rawBody: upload({ name: 'export.zip', data: zip }, fields),
			})
		expect((await call({ sections: '', mode: 'replace' })).json.message).toBe(
			'Choose at least one section to import.',
		)
		const noProjects = await callApi(apply, '/one/sites/resume/import/apply', {
			token: owner.token,
			rawBody: upload(
				{ name: 'r.json', data: JSON.stringify({ skills: [{ name: 'Python' }] }) },
				{ sections: 'workExp,education' },
			),
		})
		expect(noProjects.json.message).toBe('The file has nothing for Work Experience, Education.')
		expect((await call({ sections: 'hobbies', mode: 'replace' })).json.message).toMatch(
			/unknown section “hobbies”/,
		)
		expect((await call({ sections: 'skills', mode: 'merge' })).json.message).toBe(
			'mode: use replace or append',
		)
		expect((await call({ sections: 'skills' }, '')).status).toBe(401)
		const noFile = new FormData()
		noFile.append('sections', 'skills')
		const missing = await callApi(apply, '/one/sites/resume/import/apply', {
			token: owner.token,
			rawBody: noFile,
		})
		expect(missing.status).toBe(400)
		const twoFiles = upload({ name: 'export.zip', data: zip }, { sections: 'skills' })
		twoFiles.append('file', new Blob([strToU8('{}')]), 'other.json')
		const two = await callApi(apply, '/one/sites/resume/import/apply', {
			token: owner.token,
			rawBody: twoFiles,
		})
		expect(two).toMatchObject({ status: 413, json: { message: 'Send one file at a time.' } })
		const json = await callApi(preview, '/one/sites/resume/import/preview', {
			token: owner.token,
			body: { file: 'x' },
		})
		expect(json.status).toBe(415)
		expect((await getResume(owner.id)).skills).toEqual([])
	})

	test('values over Tagg’s limits are cut, with a note', async () => {
		const owner = await createOwner()
		const file = JSON.stringify({
			basics: { name: 'A B', label: 'x'.repeat(150) },
			work: [
				{ name: 'C'.repeat(200), position: 'Lead', startDate: '2020', highlights: ['ok'] },
				...Array.from({ length: 55 }, (_, i) => ({ name: `Company ${i}` })),
			],
			skills: [{ name: 'Web', level: 'Expert', keywords: ['HTML', 'CSS', 'Knitting'] }],
		})
		const response = await callApi(preview, '/one/sites/resume/import/preview', {
			token: owner.token,
			rawBody: upload({ name: 'long.json', data: file }),
		})
		const data = response.json.data as {
			sections: {
				profile: { fields: { designation: string }; notes: string[] }
				workExp: { items: Array<{ company: string; startDate: string }>; notes: string[] }
				skills: { items: unknown[] }
			}
			skipped: Array<{ value: string }>
		}
		expect(data.sections.profile.fields.designation).toHaveLength(100)
		expect(data.sections.profile.notes).toEqual(['The designation was cut to 100 characters.'])
		expect(data.sections.workExp.items).toHaveLength(50)
		expect(data.sections.workExp.items[0]).toMatchObject({
			company: 'C'.repeat(120),
			startDate: '2020-01-01',
		})
		expect(data.sections.workExp.notes).toEqual([
			'Only the first 50 of 56 work entries are kept.',
			'The company of Work entry “Lead” was cut to 120 characters.',
		])
		// A skill group: its keywords are skills (rated from the group's level), those on Tagg's
		// list in its spelling, the others as written.
		expect(data.sections.skills.items).toEqual([
			{ skillName: 'HTML', rating: 5 },
			{ skillName: 'CSS', rating: 5 },
			{ skillName: 'Knitting', rating: 5 },
		])
		// The group's own name is no skill: it is listed.
		expect(data.skipped.map((item) => item.value)).toEqual(['Web'])
	})
})

describe('the import preview lists everything it will not bring over, by field', () => {
	type Skipped = Array<{ section: string; field: string; value: string; reason: string }>
	const previewOf = async (file: { name: string; data: Uint8Array | string }) => {
		const owner = await createOwner()
		const response = await callApi(preview, '/one/sites/resume/import/preview', {
			token: owner.token,
			rawBody: upload(file),
		})
		expect(response.status).toBe(200)
		return response.json.data as {
			sections: Record<
				string,
				{ items?: unknown[]; fields?: Record<string, unknown>; notes: string[] }
			>
			skipped: Skipped
		}
	}
	const byField = (skipped: Skipped) =>
		Object.fromEntries(skipped.map((item) => [item.field, `${item.value}: ${item.reason}`]))

	test('a JSON Resume file: every field Tagg has no place for, and skill groups', async () => {
		const data = await previewOf({
			name: 'resume.json',
			data: JSON.stringify({
				$schema: 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json',
				basics: {
					name: 'Ada Lovelace',
					label: 'Analyst',
					url: 'https://ada.dev',
					location: {
						address: '12 St James’s Square',
						postalCode: 'SW1Y 4JH',
						city: 'London',
						countryCode: 'GB',
						region: 'Greater London',
					},
					profiles: [
						{ network: 'LinkedIn', url: 'https://www.linkedin.com/in/ada' },
						{ network: 'LinkedIn', url: 'https://www.linkedin.com/in/ada-two' },
						{ network: 'GitHub', username: 'ada' },
						{ network: 'Website', url: 'https://engine.example' },
					],
				},
				work: [
					{
						name: 'Analytical Engines',
						position: 'Analyst',
						url: 'https://engines.example',
						location: 'London',
						description: 'Calculating machines',
						startDate: '1842',
						highlights: ['Notes on the engine'],
					},
				],
				education: [
					{
						institution: 'Home tutors',
						area: 'Mathematics',
						studyType: 'Private study',
						score: 'Distinction',
						courses: ['Calculus', 'Logic'],
					},
				],
				skills: [
					{ name: 'Web Development', level: 'Master', keywords: ['React', 'TypeScript', 'Looms'] },
					{ name: 'Weaving', keywords: ['Jacquard'] },
					{ name: 'Crafts', keywords: [LONG_SKILL] },
					{ name: 'Python', level: 'Wizard' },
				],
				awards: [{ title: 'Fellow', awarder: 'Society', date: '1843', summary: 'For the notes' }],
				volunteer: [{ organization: 'Library' }],
				interests: [{ name: 'Poetry' }],
				'x-tool': { theme: 'elegant' },
				meta: { version: 'v1.0.0' },
			}),
		})
		expect(byField(data.skipped)).toEqual({
			'basics.location.address':
				'Street address “12 St James’s Square”: Tagg’s profile has no street address',
			'basics.location.postalCode': 'Postal code “SW1Y 4JH”: Tagg’s profile has no postal code',
			'basics.location.region': 'Region “Greater London”: Tagg keeps the city and the country',
			'basics.profiles[2]': 'GitHub: ada: Tagg needs a full link (https://…) for this network',
			'work[0].url':
				'Work “Analyst”, link “https://engines.example”: Tagg’s work entries have no link',
			'work[0].location': 'Work “Analyst”, place “London”: Tagg’s work entries have no place',
			'work[0].description':
				'Work “Analyst”, description “Calculating machines”: Tagg’s work entries have no description',
			'education[0].score':
				'Education “Private study”, grade “Distinction”: Tagg’s education entries have no grade',
			'education[0].courses':
				'Education “Private study”, course list “Calculus, Logic”: Tagg’s education entries have no course list',
			'awards[0].summary':
				'Award “Fellow”, summary “For the notes”: an achievement is one line: its title, awarder and year are imported',
			volunteer: '1 entry: Tagg’s resume has no volunteering section',
			interests: '1 entry: Tagg’s resume has no interests section',
			'x-tool': 'X-tool “elegant”: not a JSON Resume section Tagg knows',
			'skills[0].name':
				'Web Development: a skill group: Tagg keeps skills one by one, and its keywords are imported',
			'skills[1].name':
				'Weaving: a skill group: Tagg keeps skills one by one, and its keywords are imported',
			'skills[2].name':
				'Crafts: a skill group: Tagg keeps skills one by one, and its keywords are imported',
			'skills[2].keywords[0]': `${LONG_SKILL}: longer than 60 characters, the most a skill may have`,
		})
		// Each skipped item names Tagg's section (or the file's, for a whole section).
		expect(data.skipped.find((item) => item.field === 'work[0].url')?.section).toBe('workExp')
		// The groups' keywords are skills, rated from the group's level (those on Tagg's list in
		// its spelling, the others as written); a level that cannot be read is the default rating,
		// with a note.
		expect(data.sections.skills!.items).toEqual([
			{ skillName: 'React', rating: 5 },
			{ skillName: 'TypeScript', rating: 5 },
			{ skillName: 'Looms', rating: 5 },
			{ skillName: 'Jacquard', rating: 3 },
			{ skillName: 'Python', rating: 3 },
		])
		expect(data.sections.skills!.notes).toEqual([
			'Skill “Python”: the level “Wizard” could not be read, so it is rated 3 stars.',
		])
		// What is imported is not listed: the first LinkedIn link, the website of the profiles.
		expect(data.sections.profile!.fields).toMatchObject({
			linkedInUrl: 'https://www.linkedin.com/in/ada',
			companySite: 'https://engine.example',
			city: 'London',
			country: 'United Kingdom',
		})
		// A second LinkedIn profile and a second website are links of the owner's.
		expect(data.sections.links!.items).toEqual([
			{ title: 'LinkedIn', url: 'https://www.linkedin.com/in/ada-two', icon: 'linkedin' },
			{ title: 'ada.dev', url: 'https://ada.dev', icon: 'link' },
		])
	})

	test('a LinkedIn export: each column Tagg does not read, and the resume files it leaves', async () => {
		const data = await previewOf({
			name: 'export.zip',
			data: linkedInZip({
				'Profile.csv':
					'First Name,Last Name,Maiden Name,Address,Birth Date,Headline,Summary,Industry,Zip Code,Geo Location,Twitter Handles,Websites,Instant Messengers\r\n' +
					'Zoë,Ørsted,,,"Jan 1, 1990",Engineer,,Software Development,,"Copenhagen, Capital Region of Denmark, Denmark","[zoe,zoe_two]","[PERSONAL:zoe.dev,COMPANY:https://nordlys.dk]",\r\n',
				'Languages.csv': 'Name,Proficiency\r\nDanish,Native or bilingual proficiency\r\n',
				'Projects.csv': 'Title,Description,Url,Started On,Finished On\r\nDeploys,Faster,,,\r\n',
			}),
		})
		expect(byField(data.skipped)).toEqual({
			'Profile.csv.Birth Date': 'Birth date “Jan 1, 1990”: Tagg’s profile has no birth date',
			'Profile.csv.Industry': 'Industry “Software Development”: Tagg’s profile has no industry',
			'Profile.csv.Geo Location':
				'Region “Capital Region of Denmark”: Tagg keeps the city and the country',
			'Positions.csv[0].Location':
				'Work “Staff Engineer”, place “Copenhagen, Denmark”: Tagg’s work entries have no place',
			'Positions.csv[1].Location':
				'Work “Senior Engineer”, place “Aarhus”: Tagg’s work entries have no place',
			'Education.csv[0].Activities':
				'Education “MSc Computer Science”, activities “Robotics club”: Tagg’s education entries have no activities',
			'Certifications.csv[0].Finished On':
				'Certificate “AWS Solutions Architect”, expiry date “Jun 2025”: Tagg’s certificates have no expiry date',
			'Certifications.csv[0].License Number':
				'Certificate “AWS Solutions Architect”, licence number “ABC-123”: Tagg’s certificates have no licence number',
			'Honors.csv[0].Description':
				'Honor “Engineer of the Year”, description “For the platform rewrite”: an achievement is one line: its title, issuer and year are imported',
			'Languages.csv': 'Languages.csv: Tagg’s resume has no languages section',
			'Projects.csv':
				'Projects.csv: Tagg keeps projects as portfolio case studies, which an import does not create',
			'Skills.csv[3].name': `${LONG_SKILL}: longer than 60 characters, the most a skill may have`,
		})
		// The first handle and website are imported, not listed; the others are links.
		expect(data.sections.profile!.fields).toMatchObject({
			xUrl: 'https://x.com/zoe',
			companySite: 'https://zoe.dev',
		})
		expect(data.sections.links!.items).toEqual([
			{ title: 'X', url: 'https://x.com/zoe_two', icon: 'x' },
			{ title: 'nordlys.dk', url: 'https://nordlys.dk', icon: 'link' },
		])
	})
})
