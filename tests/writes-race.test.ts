/**
 * Writes that race (docs/decisions/011-serialised-per-owner.md): two devices and an API
 * client firing at once, with Promise.all, against the real production server and this file's
 * database, many rounds each. The final state is always one writer's whole list, at most one
 * featured image, positions 0..n-1; no answer is a 500 and every answer is a JSON envelope.
 */
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createOwner, createPortfolio, createPortfolioImage } from '#tests/factories'
import { makeRequest } from '#tests/route'
import { BUSY_MESSAGE } from '~/models/tx.server'
import { action as builderAction } from '~/routes/builder._index'
import { action as importAction } from '~/routes/builder.import'
import { action as builderListAction } from '~/routes/builder.portfolio._index'
import { prisma } from '~/utils/db.server'
import { resetEnv } from '~/utils/env.server'
import { startAppServer, type AppServer } from './app-server'

// A write that waits for a lock held elsewhere gives up quickly here (the 503 test holds one).
const LOCK_TIMEOUT_MS = '300'
process.env.DATABASE_LOCK_TIMEOUT_MS = LOCK_TIMEOUT_MS
resetEnv()

let app: AppServer
let png: Buffer

beforeAll(async () => {
	png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#d6246e' } })
		.png()
		.toBuffer()
	app = await startAppServer({ DATABASE_LOCK_TIMEOUT_MS: LOCK_TIMEOUT_MS })
}, 120_000)

afterAll(async () => {
	await app?.stop()
	// The next file this worker runs (vitest.config.ts, isolate: false) has the default again.
	delete process.env.DATABASE_LOCK_TIMEOUT_MS
	resetEnv()
})

type Owner = Awaited<ReturnType<typeof createOwner>>
type Answer = {
	status: number
	json: Record<string, unknown> & { status?: unknown; data?: unknown; message?: unknown }
}

/** Every answer of this file: never a 500, always the JSON envelope, Retry-After on a 503. */
const outcomes: Answer[] = []

async function call(
	owner: Owner,
	url: string,
	body: { json: unknown } | { files: Buffer[] } | { form: FormData } | null = null,
): Promise<Answer> {
	const headers: Record<string, string> = { Authorization: `Bearer ${owner.token}` }
	let payload: BodyInit | undefined
	if (body && 'json' in body) {
		headers['Content-Type'] = 'application/json'
		payload = JSON.stringify(body.json)
	} else if (body && 'form' in body) {
		payload = body.form
	} else if (body) {
		const form = new FormData()
		for (const [index, file] of body.files.entries()) {
			form.append(
				'product_images',
				new Blob([new Uint8Array(file)], { type: 'image/png' }),
				`${index}.png`,
			)
		}
		payload = form
	}
	const response = await fetch(`${app.url}${url}`, { method: 'POST', headers, body: payload })
	const text = await response.text()
	expect(response.status, `${url}: ${text}`).not.toBe(500)
	expect(response.headers.get('Content-Type'), `${url}: ${text}`).toMatch(/^application\/json/)
	const json = JSON.parse(text) as Answer['json']
	expect(json.status, url).toBe(response.status)
	if (response.status === 503) {
		expect(response.headers.get('Retry-After')).toMatch(/^\d+$/)
		expect(json.message).toBe(BUSY_MESSAGE)
	}
	const answer = { status: response.status, json }
	outcomes.push(answer)
	return answer
}

/** "200×38 404×2": how the answers of one race came out, for the run's record. */
function tally(answers: Answer[]) {
	const counts = new Map<number, number>()
	for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1)
	return [...counts].map(([status, count]) => `${status}×${count}`).join(' ')
}

const record = (what: string, answers: Answer[]) => console.info(`${what}: ${tally(answers)}`)

const range = (n: number) => Array.from({ length: n }, (_, i) => i)

function shuffled<T>(items: readonly T[]) {
	const copy = [...items]
	for (let i = copy.length - 1; i > 0; i--) {
		const j = Math.floor(Math.random() * (i + 1))
		;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
	}
	return copy
}

const resumeUrl = (section: string) => `/one/sites/resume/work-exp/update/${section}`

async function itemPositions(customerId: string) {
	const rows = await prisma().portfolio.findMany({
		where: { customerId },
		orderBy: { position: 'asc' },
		select: { id: true, position: true },
	})
	return { ids: rows.map((row) => row.id), positions: rows.map((row) => row.position) }
}

async function imagesOf(portfolioId: string) {
	return prisma().portfolioImage.findMany({
		where: { portfolioId },
		orderBy: { position: 'asc' },
		select: { id: true, position: true, featured: true },
	})
}

describe('a resume section saved from several places at once', () => {
	test('two writers, 20 rounds: the list is exactly one writer’s, never a merge', async () => {
		const owner = await createOwner()
		const answers: Answer[] = []
		for (const round of range(20)) {
			const lists = ['A', 'B'].map((who) => range(3).map((i) => `${who}${round}-${i + 1}`))
			const results = await Promise.all(
				lists.map((achievements) =>
					call(owner, resumeUrl('achievements'), { json: { achievements } }),
				),
			)
			answers.push(...results)
			for (const [index, result] of results.entries()) {
				expect(result.status).toBe(200)
				// Each answer shows what its own write left.
				expect((result.json.data as { achievements: string[] }).achievements).toEqual(lists[index])
			}
			const stored = await prisma().achievement.findMany({
				where: { customerId: owner.id },
				orderBy: { position: 'asc' },
			})
			expect(lists).toContainEqual(stored.map((row) => row.text))
			expect(stored.map((row) => row.position)).toEqual(range(3))
		}
		record('achievements, 20 rounds × 2 writers', answers)
	})

	test('20 writers of 50 lines: the 50-line cap holds; work experience and skills too', async () => {
		const owner = await createOwner()
		const lists = range(20).map((writer) => range(50).map((i) => `W${writer} line ${i}`))
		const achievements = await Promise.all(
			lists.map((list) => call(owner, resumeUrl('achievements'), { json: { achievements: list } })),
		)
		const work = await Promise.all(
			range(20).map((writer) =>
				call(owner, resumeUrl('workexp'), {
					json: { workExp: [{ company: `Company ${writer}`, role: 'Engineer' }] },
				}),
			),
		)
		const skills = await Promise.all(
			range(10).map(() =>
				call(owner, resumeUrl('skills'), { json: { skills: [{ skillName: 'Java', rating: 4 }] } }),
			),
		)
		for (const answer of [...achievements, ...work, ...skills])
			expect([200, 503]).toContain(answer.status)
		const resume = await fetch(`${app.url}/one/sites/resume/work-exp/get?customer_id=${owner.id}`)
		const { data } = (await resume.json()) as {
			data: { achievements: string[]; workExp: unknown[]; skills: Array<{ skillName: string }> }
		}
		expect(data.achievements).toHaveLength(50)
		expect(lists).toContainEqual(data.achievements)
		expect(data.workExp).toHaveLength(1)
		expect(data.skills.map((skill) => skill.skillName)).toEqual(['Java'])
		record('achievements 20×50 lines, workexp ×20, skills ×10', [
			...achievements,
			...work,
			...skills,
		])
	})
})

/** A resume import request (/one or the builder's page): a JSON Resume file and the choices. */
function importForm(resume: unknown, fields: Record<string, string>) {
	const form = new FormData()
	form.append('file', new Blob([JSON.stringify(resume)], { type: 'application/json' }), 'r.json')
	for (const [name, value] of Object.entries(fields)) form.append(name, value)
	return form
}

describe('resume imports next to other writes', () => {
	test('appends at once, beside section saves: no entry twice, the cap of 50, positions 0..n-1', async () => {
		const owner = await createOwner()
		const awards = (who: string) =>
			range(30).map((i) => ({ title: `${who} award ${i}`, date: String(2000 + (i % 20)) }))
		const files = [{ awards: awards('A') }, { awards: awards('B') }]
		const answers = await Promise.all([
			// Each file appended three times at once: without the owner's lock two appends read the
			// same list and write the same positions, or the same entries twice.
			...range(6).map((i) =>
				call(owner, '/one/sites/resume/import/apply', {
					form: importForm(files[i % 2], { sections: 'achievements', mode: 'append' }),
				}),
			),
			...range(4).map((i) =>
				call(owner, '/one/sites/resume/import/apply', {
					form: importForm(
						{ skills: [{ name: 'Python', level: `${i + 1}/5` }] },
						{ sections: 'skills', mode: 'replace' },
					),
				}),
			),
			...range(4).map(() => call(owner, resumeUrl('workexp'), { json: { workExp: [] } })),
		])
		for (const answer of answers) expect([200, 503]).toContain(answer.status)
		const stored = await prisma().achievement.findMany({
			where: { customerId: owner.id },
			orderBy: { position: 'asc' },
		})
		const texts = stored.map((row) => row.text)
		expect(new Set(texts).size).toBe(texts.length)
		expect(stored.map((row) => row.position)).toEqual(range(stored.length))
		// Any append that got through added its file's 30 after what was there, up to 50 in all.
		const appended = answers.slice(0, 6).filter((answer) => answer.status === 200).length
		expect(appended).toBeGreaterThan(0)
		const sources = new Set(texts.map((text) => text[0]))
		expect(stored).toHaveLength(sources.size === 2 ? 50 : 30)
		const skills = await prisma().skill.findMany({ where: { customerId: owner.id } })
		expect(skills.map((row) => row.name)).toEqual(['Python'])
		record('import appends ×6, replaces ×4, workexp saves ×4', answers)
	})

	test('an import that cannot get the owner’s lock answers 503, on /one and on the builder’s page', async () => {
		const owner = await createOwner()
		const resume = { skills: [{ name: 'Python' }] }
		const blocker = new pg.Client({ connectionString: process.env.DATABASE_URL })
		await blocker.connect()
		try {
			await blocker.query('BEGIN')
			await blocker.query('SELECT 1 FROM "Profile" WHERE "customerId" = $1 FOR UPDATE', [owner.id])
			const api = await call(owner, '/one/sites/resume/import/apply', {
				form: importForm(resume, { sections: 'skills', mode: 'append' }),
			})
			expect(api.status).toBe(503)
			const page = await importAction({
				request: makeRequest('/builder/import', {
					rawBody: importForm(resume, { intent: 'apply', sections: 'skills', mode: 'append' }),
					token: owner.token,
				}),
				params: {},
				context: {},
			})
			const answer = page as { type?: string; data?: unknown; init?: ResponseInit | null }
			expect(answer.type).toBe('DataWithResponseInit')
			expect(answer.init?.status).toBe(503)
			expect(new Headers(answer.init?.headers).get('Retry-After')).toMatch(/^\d+$/)
			expect(answer.data).toMatchObject({ ok: false, intent: 'apply', message: BUSY_MESSAGE })
		} finally {
			await blocker.query('ROLLBACK')
			await blocker.end()
		}
		expect(await prisma().skill.count({ where: { customerId: owner.id } })).toBe(0)
		const retried = await call(owner, '/one/sites/resume/import/apply', {
			form: importForm(resume, { sections: 'skills', mode: 'append' }),
		})
		expect(retried.status).toBe(200)
		expect(await prisma().skill.count({ where: { customerId: owner.id } })).toBe(1)
	})
})

describe('featuring images at once', () => {
	test('2 at once for 30 rounds, then 10 at once for 5 rounds: exactly one is featured', async () => {
		const owner = await createOwner()
		const { portfolioId } = await createPortfolio(owner.id)
		const images = []
		for (const _ of range(10)) images.push(await createPortfolioImage(owner.id, portfolioId))
		const feature = (imageId: string) =>
			call(
				owner,
				`/one/sites/images/update/image/status?key=Featured&productId=${portfolioId}&imageId=${imageId}`,
				{ json: { featured: true } },
			)
		const answers: Answer[] = []
		const rounds = [...range(30).map(() => 2), ...range(5).map(() => 10)]
		for (const width of rounds) {
			const chosen = shuffled(images).slice(0, width)
			const results = await Promise.all(chosen.map((image) => feature(image.id)))
			answers.push(...results)
			const featured = (await imagesOf(portfolioId)).filter((image) => image.featured)
			expect(featured).toHaveLength(1)
			expect(chosen.map((image) => image.id)).toContain(featured[0]!.id)
		}
		expect(answers.every((answer) => answer.status === 200)).toBe(true)
		record('feature, 30 rounds × 2 + 5 rounds × 10', answers)
	})

	test('deleting an image while featuring it, 8 rounds: 200 or 404, never a 500', async () => {
		const owner = await createOwner()
		const { portfolioId } = await createPortfolio(owner.id)
		const answers: Answer[] = []
		for (const round of range(8)) {
			const victim = await createPortfolioImage(owner.id, portfolioId)
			const other = await createPortfolioImage(owner.id, portfolioId)
			const query = (imageId: string) => `productId=${portfolioId}&imageId=${imageId}`
			const calls = [
				() =>
					call(owner, `/one/sites/images/update/image/status?key=Featured&${query(victim.id)}`, {
						json: { featured: true },
					}),
				() => call(owner, `/one/sites/images/delete?${query(victim.id)}`),
				() =>
					call(owner, `/one/sites/images/update/image/status?key=Featured&${query(other.id)}`, {
						json: { featured: true },
					}),
			]
			const results = await Promise.all((round % 2 ? calls.reverse() : calls).map((go) => go()))
			answers.push(...results)
			for (const result of results) expect([200, 404]).toContain(result.status)
			const left = await imagesOf(portfolioId)
			expect(left.map((image) => image.id)).not.toContain(victim.id)
			expect(left.filter((image) => image.featured).length).toBeLessThanOrEqual(1)
			expect(left.map((image) => image.position)).toEqual(range(left.length))
		}
		record('feature + delete + feature another, 8 rounds', answers)
	})
})

describe('positions after any mix of writes', () => {
	test('30 creates at once give positions 0..29', async () => {
		const owner = await createOwner()
		const answers = await Promise.all(
			range(30).map(() => call(owner, '/one/sites/portfolio/data/create/new/portfolio')),
		)
		for (const answer of answers) expect(answer.status).toBe(200)
		expect((await itemPositions(owner.id)).positions).toEqual(range(30))
		record('create ×30 at once', answers)
	})

	test('20 uploads at once to one project give images 0..19', async () => {
		const owner = await createOwner()
		const { portfolioId } = await createPortfolio(owner.id)
		const answers = await Promise.all(
			range(20).map(() =>
				call(owner, `/one/sites/images/update/portfolio-images?productId=${portfolioId}`, {
					files: [png],
				}),
			),
		)
		for (const answer of answers) expect(answer.status).toBe(200)
		expect((await imagesOf(portfolioId)).map((image) => image.position)).toEqual(range(20))
		record('upload ×20 at once', answers)
	})

	test('15 reorders next to 50 status toggles, 3 rounds: one requested order, no 500', async () => {
		const owner = await createOwner()
		const ids: string[] = []
		for (const i of range(6))
			ids.push((await createPortfolio(owner.id, { productName: `P${i}` })).portfolioId)
		const answers: Answer[] = []
		for (const _ of range(3)) {
			const orders = range(15).map(() => shuffled(ids))
			const reorders = orders.map((portfolioIds) =>
				call(owner, '/one/sites/portfolio/data/reorder', { json: { portfolioIds } }),
			)
			const toggles = range(50).map((i) =>
				call(owner, '/one/sites/portfolio/data/update/status', {
					json: {
						portfolioId: ids[i % ids.length],
						...(i % 2 ? { active: i % 4 === 1 } : { featured: i % 4 === 0 }),
					},
				}),
			)
			const results = await Promise.all([...reorders, ...toggles])
			answers.push(...results)
			for (const result of results) expect(result.status).toBe(200)
			const stored = await itemPositions(owner.id)
			expect(stored.positions).toEqual(range(6))
			expect(orders).toContainEqual(stored.ids)
		}
		record('reorder ×15 + status ×50, 3 rounds', answers)
	})

	test('creates, deletes, reorders and uploads mixed, 5 rounds: items and images stay 0..n-1', async () => {
		const owner = await createOwner()
		const answers: Answer[] = []
		for (const _ of range(5)) {
			const before = (await itemPositions(owner.id)).ids
			const keep = before[0] ?? (await createPortfolio(owner.id)).portfolioId
			const current = (await itemPositions(owner.id)).ids
			const results = await Promise.all([
				...range(4).map(() => call(owner, '/one/sites/portfolio/data/create/new/portfolio')),
				...current
					.slice(1, 3)
					.map((portfolioId) =>
						call(owner, '/one/sites/portfolio/data/delete', { json: { portfolioId } }),
					),
				call(owner, '/one/sites/portfolio/data/reorder', {
					json: { portfolioIds: shuffled(current) },
				}),
				...range(3).map(() =>
					call(owner, `/one/sites/images/update/portfolio-images?productId=${keep}`, {
						files: [png],
					}),
				),
			])
			answers.push(...results)
			// A reorder that saw another list than the one it was sent is refused (400/404).
			for (const result of results) expect([200, 400, 404]).toContain(result.status)
			const stored = await itemPositions(owner.id)
			expect(stored.positions).toEqual(range(stored.positions.length))
			const images = await imagesOf(keep)
			expect(images.map((image) => image.position)).toEqual(range(images.length))
		}
		record('create ×4 + delete ×2 + reorder + upload ×3, 5 rounds', answers)
	})
})

describe('a project deleted while an upload to it is under way', () => {
	test('10 rounds, the delete landing later each round: the upload is 200 or 404, nothing of it is left', async () => {
		const owner = await createOwner()
		const answers: Answer[] = []
		for (const round of range(10)) {
			const { portfolioId } = await createPortfolio(owner.id)
			const [upload, remove] = await Promise.all([
				call(owner, `/one/sites/images/update/portfolio-images?productId=${portfolioId}`, {
					files: [png, png],
				}),
				(async () => {
					// The delete goes out after `round` other requests: it meets the upload at its
					// check, while resizing, while storing, while writing its rows, or after it.
					for (const _ of range(round)) await (await fetch(`${app.url}/healthz`)).text()
					return call(owner, '/one/sites/portfolio/data/delete', { json: { portfolioId } })
				})(),
			])
			answers.push(upload, remove)
			expect([200, 404]).toContain(upload.status)
			expect(remove.status).toBe(200)
			expect(await prisma().portfolio.count({ where: { id: portfolioId } })).toBe(0)
			expect(await prisma().portfolioImage.count({ where: { portfolioId } })).toBe(0)
			const folder = path.join(process.env.DATA_DIR!, 'uploads', owner.id, 'portfolio', portfolioId)
			const files = fs.existsSync(folder) ? fs.readdirSync(folder) : []
			expect(files).toEqual([])
		}
		record('upload + delete of its project, 10 rounds', answers)
	})
})

describe('the builder’s own actions', () => {
	async function act(
		handler: typeof builderAction | typeof builderListAction,
		url: string,
		owner: Owner,
		body: unknown,
	) {
		const result = await handler({
			request: makeRequest(url, { body, token: owner.token }),
			params: {},
			context: {},
		})
		if (result instanceof Response) return { status: result.status, body: undefined }
		const answer = result as { type?: string; data?: unknown; init?: ResponseInit | null }
		if (answer.type === 'DataWithResponseInit') {
			return {
				status: answer.init?.status ?? 200,
				body: answer.data as Record<string, unknown>,
				retryAfter: new Headers(answer.init?.headers).get('Retry-After'),
			}
		}
		return { status: 200, body: result as Record<string, unknown> }
	}

	test('10 saves of one section at once next to the /one API: one whole list', async () => {
		const owner = await createOwner()
		const lists = range(10).map((writer) => range(5).map((i) => `B${writer}-${i}`))
		const apiLists = range(5).map((writer) => range(5).map((i) => `API${writer}-${i}`))
		const [builder, api] = await Promise.all([
			Promise.all(
				lists.map((list) =>
					act(builderAction, '/builder', owner, { intent: 'achievements', achievements: list }),
				),
			),
			Promise.all(
				apiLists.map((list) =>
					call(owner, resumeUrl('achievements'), { json: { achievements: list } }),
				),
			),
		])
		// Two processes take turns on the database lock: a turn that waits past the lock timeout
		// three times over is a 503, never a 500 or a merge.
		for (const answer of builder) expect([200, 503]).toContain(answer.status)
		for (const answer of api) expect([200, 503]).toContain(answer.status)
		expect([...builder, ...api].some((answer) => answer.status === 200)).toBe(true)
		const stored = await prisma().achievement.findMany({
			where: { customerId: owner.id },
			orderBy: { position: 'asc' },
		})
		expect([...lists, ...apiLists]).toContainEqual(stored.map((row) => row.text))
		console.info(`builder ×10 + /one ×5 achievements: ${stored.length} lines, one writer's list`)
	})

	test('a write that cannot get the owner’s lock answers 503 with Retry-After, changing nothing', async () => {
		const owner = await createOwner()
		const { portfolioId } = await createPortfolio(owner.id)
		const blocker = new pg.Client({ connectionString: process.env.DATABASE_URL })
		await blocker.connect()
		try {
			await blocker.query('BEGIN')
			// Another instance in the middle of a long write of this owner.
			await blocker.query('SELECT 1 FROM "Profile" WHERE "customerId" = $1 FOR UPDATE', [owner.id])
			const api = await call(owner, '/one/sites/info/general/tagline/update', {
				json: { tagline: 'Blocked' },
			})
			expect(api.status).toBe(503)
			const page = await act(builderAction, '/builder', owner, {
				intent: 'tagline',
				tagline: 'Blocked',
			})
			expect(page).toMatchObject({
				status: 503,
				retryAfter: expect.stringMatching(/^\d+$/),
				body: { ok: false, message: 'Please try again', fieldErrors: { _form: BUSY_MESSAGE } },
			})
			const list = await act(builderListAction, '/builder/portfolio?index', owner, {
				intent: 'status',
				portfolioId,
				active: true,
			})
			expect(list).toMatchObject({ status: 503, body: { ok: false } })
		} finally {
			await blocker.query('ROLLBACK')
			await blocker.end()
		}
		const profile = await prisma().profile.findUnique({ where: { customerId: owner.id } })
		expect(profile?.tagline).toBeNull()
		expect((await prisma().portfolio.findUnique({ where: { id: portfolioId } }))?.active).toBe(
			false,
		)
		// Once the lock is free the same write goes through.
		const retried = await call(owner, '/one/sites/info/general/tagline/update', {
			json: { tagline: 'Through' },
		})
		expect(retried.status).toBe(200)
	})
})

test('every answer of this file was a JSON envelope and none was a 500', () => {
	expect(outcomes.length).toBeGreaterThan(500)
	expect(outcomes.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([])
	record('all answers of this file', outcomes)
})
