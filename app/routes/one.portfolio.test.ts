/**
 * The portfolio part of the /one API and its pages, against the real database and storage:
 * every call, its answers and statuses, ownership (another owner gets 404 and changes nothing)
 * and the rule that visitors never see an inactive item or image.
 */
import { describe, expect, test } from 'vitest'
import { createOwner, createPortfolio, createPortfolioImage } from '#tests/factories'
import { callApi, makeRequest, type CallOptions } from '#tests/route'
import { getPortfolio, type PortfolioItem } from '~/models/portfolio.server'
import { listPortfolios } from '~/models/portfolio/lists.server'
import {
	LEFT_GRACE_MS,
	PRISTINE_GRACE_MS,
	removeLeftPortfolios,
} from '~/models/portfolio/abandoned.server'
import { prisma } from '~/utils/db.server'
import { env } from '~/utils/env.server'
import { storage } from '~/utils/storage.server'
import { loader as publicProfilePage } from './$pname._index'
import { loader as publicProjectPage } from './$pname.portfolio.$id'
import { loader as publicListPage } from './$pname.portfolio._index'
import { loader as builderHomePage } from './builder._index'
import {
	action as builderProjectAction,
	loader as builderProjectPage,
} from './builder.portfolio.$id'
import { action as builderListAction, loader as builderListPage } from './builder.portfolio._index'
import { action as createItem } from './one.sites.portfolio.data.create.new.portfolio'
import { action as deleteItem } from './one.sites.portfolio.data.delete'
import { action as discardItem } from './one.sites.portfolio.data.discard'
import { action as presence } from './one.sites.portfolio.data.presence'
import { loader as getList } from './one.sites.portfolio.data.get.$type'
import { loader as getIndividual } from './one.sites.portfolio.data.get.individual.data'
import { action as reorder } from './one.sites.portfolio.data.reorder'
import {
	action as updateSection,
	loader as updateSectionGet,
} from './one.sites.portfolio.data.update.$section'
import { action as updateStatus } from './one.sites.portfolio.data.update.status'

type Owner = Awaited<ReturnType<typeof createOwner>>
type Json = Record<string, unknown> & { status: number }

const list = (owner: { id: string }, type: string, options: CallOptions = {}) =>
	callApi(getList, `/one/sites/portfolio/data/get/${type}?customer_id=${owner.id}`, {
		params: { type },
		...options,
	})

const individual = (customerId: string, portfolioId: string, options: CallOptions = {}) =>
	callApi(
		getIndividual,
		`/one/sites/portfolio/data/get/individual/data?customer_id=${customerId}&portfolioId=${portfolioId}`,
		options,
	)

const update = (section: string, body: unknown, token?: string) =>
	callApi(updateSection, `/one/sites/portfolio/data/update/${section}`, {
		params: { section },
		body,
		token,
	})

/** A whole valid head: the head update writes every one of its fields. */
const FULL_HEAD = {
	productName: 'Checkout redesign',
	company: 'Acme Agency',
	role: 'Lead designer',
	projectSummary: 'One paragraph.',
	duration: '6 months',
	industries: ['Retail'],
	categories: ['Web Development'],
}

const itemsOf = (json: Json) => (json.data as { portfoliosData: PortfolioItem[] }).portfoliosData
const idsOf = (json: Json) => itemsOf(json).map((item) => item.portfolioId)

/** What the owner's item looks like in the database right now. */
const stored = (owner: Owner, portfolioId: string) => getPortfolio(owner.id, portfolioId, 'owner')

/**
 * Calls a page loader or action like Remix: a returned or thrown Response, a `data()` answer or a
 * plain object, as `{ status, body }`.
 */
async function callPage(
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	handler: (args: { request: Request; params: Record<string, string>; context: any }) => unknown,
	path: string,
	options: CallOptions = {},
): Promise<{ status: number; body: unknown; headers?: Headers }> {
	let result: unknown
	try {
		result = await handler({
			request: makeRequest(path, options),
			params: options.params ?? {},
			context: {},
		})
	} catch (thrown) {
		result = thrown
	}
	if (result instanceof Response) {
		const text = await result.text()
		return { status: result.status, body: text, headers: result.headers }
	}
	if (
		result &&
		typeof result === 'object' &&
		(result as { type?: unknown }).type === 'DataWithResponseInit'
	) {
		const { data, init } = result as { data: unknown; init: ResponseInit | null }
		return { status: init?.status ?? 200, body: data }
	}
	return { status: 200, body: result }
}

describe('GET /one/sites/portfolio/data/get/{type}', () => {
	test('active lists only active items, in order, with only their active images', async () => {
		const owner = await createOwner()
		const first = await createPortfolio(owner.id, { productName: 'First', active: true })
		await createPortfolio(owner.id, { productName: 'Hidden', active: false })
		const third = await createPortfolio(owner.id, { productName: 'Third', active: true })
		const shown = await createPortfolioImage(owner.id, first.portfolioId, { active: true })
		await createPortfolioImage(owner.id, first.portfolioId, { active: false })

		const { status, json } = await list(owner, 'active')
		expect(status).toBe(200)
		expect(itemsOf(json).map((item) => item.productName)).toEqual(['First', 'Third'])
		const [a, b] = itemsOf(json)
		expect(a!.displayImages).toEqual([
			{
				pProductImageId: shown.id,
				pProductImageUrl: `${env().CDN_URL}/${shown.key}`,
				// A record made by the factory predates whole images: no large rendition of its own.
				largeImageUrl: `${env().CDN_URL}/${shown.key}`,
				cardImageUrl: `${env().CDN_URL}/${shown.key.replace(/\.webp$/, '-card.webp')}`,
				width: 1600,
				height: 900,
				caption: '',
				alt: '',
				focalPoint: { x: 50, y: 50 },
				active: true,
				featured: false,
			},
		])
		expect(b!.portfolioId).toBe(third.portfolioId)
		expect(b!.displayImages).toEqual([])
	})

	test('items have the contract shape', async () => {
		const owner = await createOwner()
		await createPortfolio(owner.id, { active: true })
		const { json } = await list(owner, 'active')
		expect(Object.keys(itemsOf(json)[0]!).sort()).toEqual(
			[
				'portfolioId',
				'productName',
				'company',
				'role',
				'projectSummary',
				'duration',
				'industries',
				'categories',
				'skills',
				'challenges',
				'solution',
				'results',
				'coverImage',
				'cover',
				'link',
				'active',
				'featured',
				'displayImages',
			].sort(),
		)
	})

	test('coverImage: the featured active image, else the first active one, else null (card size)', async () => {
		const owner = await createOwner()
		const withFeatured = await createPortfolio(owner.id, { active: true })
		await createPortfolioImage(owner.id, withFeatured.portfolioId, { active: true })
		const featured = await createPortfolioImage(owner.id, withFeatured.portfolioId, {
			featured: true,
		})
		const inactiveFeatured = await createPortfolio(owner.id, { active: true })
		await createPortfolioImage(owner.id, inactiveFeatured.portfolioId, {
			active: false,
			featured: true,
		})
		const firstActive = await createPortfolioImage(owner.id, inactiveFeatured.portfolioId)
		const none = await createPortfolio(owner.id, { active: true })
		await createPortfolioImage(owner.id, none.portfolioId, { active: false })

		const { json } = await list(owner, 'active')
		const covers = itemsOf(json).map((item) => item.coverImage)
		const card = (key: string) => `${env().CDN_URL}/${key.replace(/\.webp$/, '-card.webp')}`
		expect(covers).toEqual([card(featured.key), card(firstActive.key), null])
	})

	test('featured: active and featured items only, at most 3', async () => {
		const owner = await createOwner()
		for (const name of ['F1', 'F2', 'F3', 'F4']) {
			await createPortfolio(owner.id, { productName: name, active: true, featured: true })
		}
		await createPortfolio(owner.id, { productName: 'Inactive', active: false, featured: true })
		await createPortfolio(owner.id, { productName: 'Plain', active: true, featured: false })
		const { status, json } = await list(owner, 'featured')
		expect(status).toBe(200)
		expect(itemsOf(json).map((item) => item.productName)).toEqual(['F1', 'F2', 'F3'])
	})

	test('all: only for the owner, with inactive items and images', async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const hidden = await createPortfolio(owner.id, { productName: 'Hidden' })
		await createPortfolioImage(owner.id, hidden.portfolioId, { active: false })

		expect((await list(owner, 'all')).status).toBe(401)
		expect((await list(owner, 'all', { token: 'not-a-token' })).status).toBe(401)
		const foreign = await list(owner, 'all', { token: other.token })
		expect(foreign.status).toBe(404)
		expect(foreign.json.data).toBeUndefined()

		const own = await list(owner, 'all', { token: owner.token })
		expect(own.status).toBe(200)
		expect(itemsOf(own.json)).toHaveLength(1)
		expect(itemsOf(own.json)[0]).toMatchObject({ productName: 'Hidden', active: false })
		expect(itemsOf(own.json)[0]!.displayImages).toHaveLength(1)
		expect(itemsOf(own.json)[0]!.displayImages[0]!.active).toBe(false)
	})

	test('the owner reading active still sees visitor data only', async () => {
		const owner = await createOwner()
		await createPortfolio(owner.id, { productName: 'Hidden' })
		const { json } = await list(owner, 'active', { token: owner.token })
		expect(itemsOf(json)).toEqual([])
	})

	test('unknown type is 404, missing customer_id 400, unknown customer 404', async () => {
		const owner = await createOwner()
		expect((await list(owner, 'everything')).status).toBe(404)
		expect(
			(
				await callApi(getList, '/one/sites/portfolio/data/get/active', {
					params: { type: 'active' },
				})
			).status,
		).toBe(400)
		expect((await list({ id: 'nobody' }, 'active')).status).toBe(404)
		expect((await list({ id: 'nobody' }, 'featured')).status).toBe(404)
	})
})

describe('GET /one/sites/portfolio/data/get/individual/data', () => {
	test('an active item for anyone, with only its active images', async () => {
		const owner = await createOwner()
		const item = await createPortfolio(owner.id, { productName: 'Open', active: true })
		await createPortfolioImage(owner.id, item.portfolioId, { active: false })
		const image = await createPortfolioImage(owner.id, item.portfolioId)
		const { status, json } = await individual(owner.id, item.portfolioId)
		expect(status).toBe(200)
		expect(json.data).toMatchObject({ portfolioId: item.portfolioId, productName: 'Open' })
		expect((json.data as PortfolioItem).displayImages.map((i) => i.pProductImageId)).toEqual([
			image.id,
		])
	})

	test('an inactive item is 404 to visitors and other owners, 200 to its owner', async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const item = await createPortfolio(owner.id, { productName: 'Draft' })
		await createPortfolioImage(owner.id, item.portfolioId, { active: false })

		const visitor = await individual(owner.id, item.portfolioId)
		expect(visitor.status).toBe(404)
		expect(visitor.json.data).toBeUndefined()
		expect((await individual(owner.id, item.portfolioId, { token: other.token })).status).toBe(404)
		const own = await individual(owner.id, item.portfolioId, { token: owner.token })
		expect(own.status).toBe(200)
		expect((own.json.data as PortfolioItem).displayImages).toHaveLength(1)
	})

	test("an item asked for under another customer's id is 404", async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const item = await createPortfolio(owner.id, { active: true })
		expect((await individual(other.id, item.portfolioId)).status).toBe(404)
		expect((await individual(other.id, item.portfolioId, { token: other.token })).status).toBe(404)
	})

	test('unknown item 404, missing parameters 400', async () => {
		const owner = await createOwner()
		expect((await individual(owner.id, 'nope')).status).toBe(404)
		expect(
			(
				await callApi(
					getIndividual,
					`/one/sites/portfolio/data/get/individual/data?customer_id=${owner.id}`,
				)
			).status,
		).toBe(400)
	})
})

describe('POST /one/sites/portfolio/data/update/{section}', () => {
	test('head writes the details and answers the item; list choices are cleaned', async () => {
		const owner = await createOwner()
		const item = await createPortfolio(owner.id)
		const { status, json } = await update(
			'head',
			{
				portfolioId: item.portfolioId,
				productName: '  Checkout redesign ',
				company: 'Acme Agency',
				role: 'Lead designer',
				projectSummary: 'First paragraph.\n\n  Second paragraph.  \n',
				duration: '6 months',
				industries: ['e-commerce', 'Retail', '', 'E-commerce', '  '],
				categories: ['ui/ux design', 'Web Development', 'UI/UX Design'],
			},
			owner.token,
		)
		expect(status).toBe(200)
		expect(itemsOf(json)).toHaveLength(1)
		expect(itemsOf(json)[0]).toMatchObject({
			portfolioId: item.portfolioId,
			productName: 'Checkout redesign',
			company: 'Acme Agency',
			role: 'Lead designer',
			projectSummary: ['First paragraph.', 'Second paragraph.'],
			duration: '6 months',
			industries: ['E-commerce', 'Retail'],
			categories: ['UI/UX Design', 'Web Development'],
		})
		expect(await stored(owner, item.portfolioId)).toEqual(itemsOf(json)[0])
	})

	test('head writes every field together: a missing one is 400 and changes nothing; null clears', async () => {
		const owner = await createOwner()
		const item = await createPortfolio(owner.id, { productName: 'Kept', role: 'Designer' })
		const partial = await update(
			'head',
			{ portfolioId: item.portfolioId, role: null, duration: '2 weeks' },
			owner.token,
		)
		expect(partial.status).toBe(400)
		expect(partial.json).toEqual({ status: 400, message: 'productName: is required' })
		expect((await update('head', { portfolioId: item.portfolioId }, owner.token)).status).toBe(400)
		expect(await stored(owner, item.portfolioId)).toEqual(item)

		const { json } = await update(
			'head',
			{
				portfolioId: item.portfolioId,
				productName: 'Kept',
				company: '',
				role: null,
				projectSummary: null,
				duration: '2 weeks',
				industries: [],
				categories: null,
			},
			owner.token,
		)
		expect(itemsOf(json)[0]).toMatchObject({
			productName: 'Kept',
			company: '',
			role: '',
			projectSummary: [],
			duration: '2 weeks',
			industries: [],
			categories: [],
		})
	})

	test('skills, challenges, solutions and result', async () => {
		const owner = await createOwner()
		const { portfolioId } = await createPortfolio(owner.id)
		const skills = await update(
			'skills',
			{ portfolioId, skills: ['react', 'TypeScript', 'React', ''] },
			owner.token,
		)
		expect(itemsOf(skills.json)[0]!.skills).toEqual(['React', 'TypeScript'])

		const challenges = await update(
			'challenges',
			{ portfolioId, challenges: 'Slow checkout\r\n\nLegacy code\n' },
			owner.token,
		)
		expect(itemsOf(challenges.json)[0]!.challenges).toEqual(['Slow checkout', 'Legacy code'])

		const solutions = await update(
			'solutions',
			{ portfolioId, solution: ['One-page flow', ' ', 'Design system'] },
			owner.token,
		)
		expect(itemsOf(solutions.json)[0]!.solution).toEqual(['One-page flow', 'Design system'])

		const result = await update('result', { portfolioId, results: '+18% conversion' }, owner.token)
		expect(itemsOf(result.json)[0]).toMatchObject({
			skills: ['React', 'TypeScript'],
			challenges: ['Slow checkout', 'Legacy code'],
			solution: ['One-page flow', 'Design system'],
			results: ['+18% conversion'],
		})
	})

	test('own words in skills, categories and industries are kept as typed; list entries keep their key', async () => {
		const owner = await createOwner()
		const item = await createPortfolio(owner.id)
		const head = await update(
			'head',
			{
				...FULL_HEAD,
				portfolioId: item.portfolioId,
				industries: [' Moon Mining ', 'moon mining', 'retail'],
				categories: ['Zine layout', 'ui/ux design'],
			},
			owner.token,
		)
		expect(head.status).toBe(200)
		expect(itemsOf(head.json)[0]).toMatchObject({
			industries: ['Moon Mining', 'Retail'],
			categories: ['Zine layout', 'UI/UX Design'],
		})
		const skills = await update(
			'skills',
			{ portfolioId: item.portfolioId, skills: ['Sketch', 'UI/UX Design', 'figma', 'SKETCH'] },
			owner.token,
		)
		expect(skills.status).toBe(200)
		expect(itemsOf(skills.json)[0]?.skills).toEqual(['Sketch', 'UI/UX Design', 'Figma'])
	})

	test('over-long choices, too many choices and over-long text are 400; nothing changes', async () => {
		const owner = await createOwner()
		const item = await createPortfolio(owner.id, { skills: ['Python'] })
		const many = Array.from({ length: 61 }, (_, index) => `Skill ${index}`)
		const bad = [
			['skills', { skills: ['Python', 'x'.repeat(61)] }, /skills must be at most 60 characters/],
			['skills', { skills: many }, /At most 60 skills/],
			['head', { ...FULL_HEAD, industries: ['y'.repeat(61)] }, /industries/],
			['head', { ...FULL_HEAD, categories: ['z'.repeat(61)] }, /categories/],
			['head', { ...FULL_HEAD, productName: 'x'.repeat(121) }, /productName/],
			['challenges', { challenges: 42 }, /challenges/],
			['result', {}, /results/],
		] as const
		for (const [section, body, message] of bad) {
			const { status, json } = await update(
				section,
				{ portfolioId: item.portfolioId, ...body },
				owner.token,
			)
			expect(status, section).toBe(400)
			expect(json.message).toMatch(message)
		}
		expect(await stored(owner, item.portfolioId)).toEqual(item)
	})

	test("another owner's item is 404 and unchanged; no session is 401", async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const item = await createPortfolio(owner.id, { productName: 'Mine' })
		for (const section of ['head', 'skills', 'challenges', 'solutions', 'result']) {
			const body = {
				...FULL_HEAD,
				portfolioId: item.portfolioId,
				productName: 'Stolen',
				skills: ['Go'],
				challenges: 'x',
				solution: 'x',
				results: 'x',
			}
			expect((await update(section, body, other.token)).status, section).toBe(404)
			expect((await update(section, body)).status, section).toBe(401)
		}
		expect(await stored(owner, item.portfolioId)).toEqual(item)
	})

	test('unknown section 404, missing portfolioId 400, GET 405', async () => {
		const owner = await createOwner()
		expect((await update('cover', { portfolioId: 'x' }, owner.token)).status).toBe(404)
		const missing = await update('result', { results: 'x' }, owner.token)
		expect(missing.status).toBe(400)
		expect(missing.json.message).toBe('portfolioId: is required')
		expect((await callApi(updateSectionGet, '/one/sites/portfolio/data/update/head')).status).toBe(
			405,
		)
	})
})

describe('POST /one/sites/portfolio/data/update/status', () => {
	const status = (body: unknown, token?: string) =>
		callApi(updateStatus, '/one/sites/portfolio/data/update/status', { body, token })

	test('switches active and featured independently', async () => {
		const owner = await createOwner()
		const { portfolioId } = await createPortfolio(owner.id)
		const on = await status({ portfolioId, active: true }, owner.token)
		expect(on.status).toBe(200)
		expect(itemsOf(on.json)[0]).toMatchObject({ active: true, featured: false })
		const featured = await status({ portfolioId, featured: true }, owner.token)
		expect(itemsOf(featured.json)[0]).toMatchObject({ active: true, featured: true })
		const off = await status({ portfolioId, active: false }, owner.token)
		expect(itemsOf(off.json)[0]).toMatchObject({ active: false, featured: true })
	})

	test('exactly one boolean flag', async () => {
		const owner = await createOwner()
		const { portfolioId } = await createPortfolio(owner.id)
		for (const body of [
			{ portfolioId },
			{ portfolioId, active: true, featured: true },
			{ portfolioId, active: 'true' },
			{ active: true },
		]) {
			expect((await status(body, owner.token)).status).toBe(400)
		}
	})

	test("another owner's item is 404 and unchanged; no session is 401", async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const item = await createPortfolio(owner.id)
		expect(
			(await status({ portfolioId: item.portfolioId, active: true }, other.token)).status,
		).toBe(404)
		expect((await status({ portfolioId: item.portfolioId, active: true })).status).toBe(401)
		expect((await stored(owner, item.portfolioId))!.active).toBe(false)
	})
})

describe('POST /one/sites/portfolio/data/create/new/portfolio', () => {
	test('creates an empty inactive item at the end and answers its builder URL', async () => {
		const owner = await createOwner()
		const existing = await createPortfolio(owner.id, { productName: 'Existing' })
		const { status, json } = await callApi(
			createItem,
			'/one/sites/portfolio/data/create/new/portfolio',
			{ method: 'POST', token: owner.token },
		)
		expect(status).toBe(200)
		expect(json.url).toMatch(/^\/builder\/portfolio\/[\w-]+$/)
		const id = String(json.url).split('/').pop()!
		// Listed nowhere until something is saved to it.
		expect((await listPortfolios(owner.id, 'all')).map((item) => item.portfolioId)).toEqual([
			existing.portfolioId,
		])
		expect(await stored(owner, id)).toMatchObject({ productName: '', active: false })
		const saved = await callApi(updateStatus, '/one/sites/portfolio/data/update/status', {
			token: owner.token,
			body: { portfolioId: id, featured: false },
		})
		expect(saved.status).toBe(200)
		const all = await listPortfolios(owner.id, 'all')
		expect(all.map((item) => item.portfolioId)).toEqual([existing.portfolioId, id])
		expect(all[1]).toMatchObject({
			productName: '',
			active: false,
			featured: false,
			projectSummary: [],
			displayImages: [],
			coverImage: null,
		})
	})

	test('needs a session', async () => {
		const { status } = await callApi(createItem, '/one/sites/portfolio/data/create/new/portfolio', {
			method: 'POST',
		})
		expect(status).toBe(401)
	})
})

describe('POST /one/sites/portfolio/data/delete', () => {
	const remove = (body: unknown, token?: string) =>
		callApi(deleteItem, '/one/sites/portfolio/data/delete', { body, token })

	test('deletes the item, its image rows and its image objects', async () => {
		const owner = await createOwner()
		const item = await createPortfolio(owner.id, { active: true })
		const kept = await createPortfolio(owner.id, { active: true })
		const image = await createPortfolioImage(owner.id, item.portfolioId)
		const keptImage = await createPortfolioImage(owner.id, kept.portfolioId)
		const bytes = Buffer.from('webp')
		for (const key of [image.key, image.key.replace('.webp', '-card.webp'), keptImage.key]) {
			await storage().put(key, bytes, 'image/webp')
		}

		const { status } = await remove({ portfolioId: item.portfolioId }, owner.token)
		expect(status).toBe(200)
		expect(await stored(owner, item.portfolioId)).toBeNull()
		expect(await storage().head(image.key)).toBe(false)
		expect(await storage().head(image.key.replace('.webp', '-card.webp'))).toBe(false)
		// The other item, its row and its object are untouched.
		expect((await stored(owner, kept.portfolioId))!.displayImages).toHaveLength(1)
		expect(await storage().head(keptImage.key)).toBe(true)
		expect((await individual(owner.id, item.portfolioId)).status).toBe(404)
	})

	test("another owner's item is 404 and nothing is deleted", async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const item = await createPortfolio(owner.id)
		const image = await createPortfolioImage(owner.id, item.portfolioId)
		await storage().put(image.key, Buffer.from('webp'), 'image/webp')
		expect((await remove({ portfolioId: item.portfolioId }, other.token)).status).toBe(404)
		expect((await remove({ portfolioId: item.portfolioId })).status).toBe(401)
		expect((await stored(owner, item.portfolioId))!.displayImages).toHaveLength(1)
		expect(await storage().head(image.key)).toBe(true)
	})

	test('unknown item 404, missing portfolioId 400', async () => {
		const owner = await createOwner()
		expect((await remove({ portfolioId: 'nope' }, owner.token)).status).toBe(404)
		expect((await remove({}, owner.token)).status).toBe(400)
	})
})

describe('POST /one/sites/portfolio/data/reorder', () => {
	const order = (body: unknown, token?: string) =>
		callApi(reorder, '/one/sites/portfolio/data/reorder', { body, token })

	test('puts the whole list in the new order, for the owner and for visitors', async () => {
		const owner = await createOwner()
		const a = await createPortfolio(owner.id, { productName: 'A', active: true })
		const b = await createPortfolio(owner.id, { productName: 'B', active: true })
		const c = await createPortfolio(owner.id, { productName: 'C' })
		const ids = [c.portfolioId, a.portfolioId, b.portfolioId]
		const { status, json } = await order({ portfolioIds: ids }, owner.token)
		expect(status).toBe(200)
		expect(idsOf(json)).toEqual(ids)
		expect(idsOf((await list(owner, 'all', { token: owner.token })).json)).toEqual(ids)
		expect(idsOf((await list(owner, 'active')).json)).toEqual([a.portfolioId, b.portfolioId])
	})

	test("a partial or repeated list is 400; another owner's id is 404; nothing changes", async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const a = await createPortfolio(owner.id)
		const b = await createPortfolio(owner.id)
		const foreign = await createPortfolio(other.id)
		const before = [a.portfolioId, b.portfolioId]
		expect((await order({ portfolioIds: [b.portfolioId] }, owner.token)).status).toBe(400)
		expect(
			(await order({ portfolioIds: [b.portfolioId, b.portfolioId, a.portfolioId] }, owner.token))
				.status,
		).toBe(400)
		expect(
			(
				await order(
					{ portfolioIds: [b.portfolioId, a.portfolioId, foreign.portfolioId] },
					owner.token,
				)
			).status,
		).toBe(404)
		// Someone else's token cannot reorder the owner's items.
		expect(
			(await order({ portfolioIds: [b.portfolioId, a.portfolioId] }, other.token)).status,
		).toBe(404)
		expect((await order({ portfolioIds: [b.portfolioId, a.portfolioId] })).status).toBe(401)
		expect((await listPortfolios(owner.id, 'all')).map((item) => item.portfolioId)).toEqual(before)
	})
})

describe('visitor pages', () => {
	test('project page: active item 200; inactive, unknown or foreign item 404', async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const open = await createPortfolio(owner.id, { productName: 'Open', active: true })
		const draft = await createPortfolio(owner.id, { productName: 'Draft' })
		const foreign = await createPortfolio(other.id, { active: true })
		const page = (pname: string, id: string, token?: string) =>
			callPage(publicProjectPage, `/${pname}/portfolio/${id}`, {
				params: { pname, id },
				token,
			})

		const ok = await page(owner.path!, open.portfolioId)
		expect(ok.status).toBe(200)
		expect((ok.body as { item: PortfolioItem }).item.productName).toBe('Open')
		expect((await page(owner.path!, draft.portfolioId)).status).toBe(404)
		// Even the signed-in owner sees the public page as visitors do.
		expect((await page(owner.path!, draft.portfolioId, owner.token)).status).toBe(404)
		expect((await page(owner.path!, 'nope')).status).toBe(404)
		expect((await page(owner.path!, foreign.portfolioId)).status).toBe(404)
		expect((await page('nobody-here', open.portfolioId)).status).toBe(404)
	})

	test('portfolio list page shows active items only', async () => {
		const owner = await createOwner()
		await createPortfolio(owner.id, { productName: 'Open', active: true })
		await createPortfolio(owner.id, { productName: 'Draft', featured: true })
		const { status, body } = await callPage(publicListPage, `/${owner.path}/portfolio`, {
			params: { pname: owner.path! },
		})
		expect(status).toBe(200)
		expect((body as { items: PortfolioItem[] }).items.map((item) => item.productName)).toEqual([
			'Open',
		])
	})

	test("profile page: up to 3 featured active items and the active count ('View All')", async () => {
		const owner = await createOwner()
		for (const name of ['F1', 'F2', 'F3', 'F4']) {
			await createPortfolio(owner.id, { productName: name, active: true, featured: true })
		}
		await createPortfolio(owner.id, { productName: 'Draft', featured: true })
		const { status, body } = await callPage(publicProfilePage, `/${owner.path}`, {
			params: { pname: owner.path! },
		})
		expect(status).toBe(200)
		const { portfolio } = body as { portfolio: { featured: PortfolioItem[]; activeCount: number } }
		expect(portfolio.featured.map((item) => item.productName)).toEqual(['F1', 'F2', 'F3'])
		expect(portfolio.activeCount).toBe(4)
	})
})

describe('builder pages', () => {
	test("project page: the owner's own item, even inactive; another owner's is 404", async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const draft = await createPortfolio(owner.id, { productName: 'Draft' })
		const page = (token?: string) =>
			callPage(builderProjectPage, `/builder/portfolio/${draft.portfolioId}`, {
				params: { id: draft.portfolioId },
				token,
			})
		const own = await page(owner.token)
		expect(own.status).toBe(200)
		expect((own.body as { item: PortfolioItem }).item.productName).toBe('Draft')
		expect((await page(other.token)).status).toBe(404)
		const signedOut = await page()
		expect(signedOut.status).toBe(302)
		// Signed out: the login page, which comes back here afterwards.
		expect(signedOut.headers?.get('Location')).toBe(
			`/login?redirectTo=${encodeURIComponent(`/builder/portfolio/${draft.portfolioId}`)}`,
		)
	})

	test('project edits by intent; invalid input and foreign items fail without a change', async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const item = await createPortfolio(owner.id)
		const edit = (body: unknown, token = owner.token, id = item.portfolioId) =>
			callPage(builderProjectAction, `/builder/portfolio/${id}`, {
				params: { id },
				body,
				token,
			})
		const ok = await edit({
			intent: 'head',
			...FULL_HEAD,
			portfolioId: item.portfolioId,
			productName: 'Named',
			industries: ['SaaS'],
		})
		expect(ok).toMatchObject({ status: 200, body: { ok: true, intent: 'head' } })
		const challenges = await edit({ intent: 'challenges', challenges: 'One\nTwo' })
		expect(challenges.status).toBe(200)
		expect(await stored(owner, item.portfolioId)).toMatchObject({
			productName: 'Named',
			industries: ['SaaS'],
			challenges: ['One', 'Two'],
		})

		const invalid = await edit({ intent: 'skills', skills: ['K'.repeat(61)] })
		expect(invalid).toMatchObject({
			status: 400,
			body: { ok: false, message: 'Please try again', fieldErrors: { skills: expect.any(String) } },
		})
		expect((await edit({ intent: 'nope' })).status).toBe(400)
		// The URL's item wins over a portfolioId in the body.
		const foreign = await createPortfolio(other.id, { productName: 'Theirs' })
		expect(
			(
				await edit(
					{ intent: 'head', ...FULL_HEAD, productName: 'Stolen' },
					owner.token,
					foreign.portfolioId,
				)
			).status,
		).toBe(404)
		expect(
			(
				await edit({
					intent: 'head',
					...FULL_HEAD,
					portfolioId: foreign.portfolioId,
					productName: 'Stolen',
				})
			).status,
		).toBe(200)
		expect((await stored(other as Owner, foreign.portfolioId))!.productName).toBe('Theirs')

		// Signed out, the editor's save is refused with a 401 it shows, its draft kept open.
		const signedOut = await edit({ intent: 'challenges', challenges: 'Lost?' }, '')
		expect(signedOut).toMatchObject({
			status: 401,
			body: { ok: false, message: 'You were signed out', signedOut: true },
		})
		expect((await stored(owner, item.portfolioId))!.challenges).toEqual(['One', 'Two'])
	})

	test('list page: all items; create, status, reorder and delete intents', async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const a = await createPortfolio(owner.id, { productName: 'A' })
		const foreign = await createPortfolio(other.id)
		const act = (body: unknown, token = owner.token) =>
			callPage(builderListAction, '/builder/portfolio?index', { body, token })

		const listed = await callPage(builderListPage, '/builder/portfolio', { token: owner.token })
		expect((listed.body as { items: PortfolioItem[] }).items.map((i) => i.productName)).toEqual([
			'A',
		])

		const created = await act({ intent: 'create' })
		expect(created.status).toBe(302)
		const newId = created.headers!.get('Location')!.replace('/builder/portfolio/', '')
		expect(await stored(owner, newId)).toMatchObject({ productName: '', active: false })

		const on = await act({ intent: 'status', portfolioId: a.portfolioId, featured: true })
		expect(on.body).toMatchObject({ ok: true, field: 'featured', value: true })
		expect((await stored(owner, a.portfolioId))!.featured).toBe(true)
		expect(
			(await act({ intent: 'status', portfolioId: foreign.portfolioId, active: true })).status,
		).toBe(404)
		expect((await getPortfolio(other.id, foreign.portfolioId, 'owner'))!.active).toBe(false)

		// The new item has nothing saved: it is in no list, so no order can name it.
		expect((await act({ intent: 'reorder', portfolioIds: [newId, a.portfolioId] })).status).toBe(
			404,
		)
		expect((await act({ intent: 'reorder', portfolioIds: [a.portfolioId] })).status).toBe(200)
		expect((await act({ intent: 'status', portfolioId: newId, featured: false })).status).toBe(200)
		const reordered = await act({ intent: 'reorder', portfolioIds: [newId, a.portfolioId] })
		expect(reordered.status).toBe(200)
		expect((await listPortfolios(owner.id, 'all')).map((i) => i.portfolioId)).toEqual([
			newId,
			a.portfolioId,
		])

		expect((await act({ intent: 'delete', portfolioId: foreign.portfolioId })).status).toBe(404)
		expect(await getPortfolio(other.id, foreign.portfolioId, 'owner')).not.toBeNull()
		expect((await act({ intent: 'delete', portfolioId: a.portfolioId })).status).toBe(200)
		expect(await stored(owner, a.portfolioId)).toBeNull()
		expect((await act({ intent: 'publish' })).status).toBe(400)
	})

	test("builder home carries the featured items for 'My Portfolio'", async () => {
		const owner = await createOwner()
		await createPortfolio(owner.id, { productName: 'Star', active: true, featured: true })
		const { body } = await callPage(builderHomePage, '/builder', { token: owner.token })
		const { portfolio } = body as { portfolio: { featured: PortfolioItem[]; activeCount: number } }
		expect(portfolio.featured.map((item) => item.productName)).toEqual(['Star'])
		expect(portfolio.activeCount).toBe(1)
	})
})

describe('a new project', () => {
	const create = async (owner: Owner) => {
		const { json } = await callApi(createItem, '/one/sites/portfolio/data/create/new/portfolio', {
			method: 'POST',
			token: owner.token,
		})
		return String(json.url).split('/').pop()!
	}
	const head = (owner: Owner, portfolioId: string, productName: string) =>
		callApi(updateSection, '/one/sites/portfolio/data/update/head', {
			token: owner.token,
			params: { section: 'head' },
			body: {
				portfolioId,
				productName,
				company: '',
				role: '',
				projectSummary: '',
				duration: '',
				industries: [],
				categories: [],
			},
		})
	const discard = (owner: Owner, portfolioId: string) =>
		callApi(discardItem, '/one/sites/portfolio/data/discard', {
			token: owner.token,
			body: { portfolioId },
		})

	test('left untouched it is discarded; once anything is saved it stays', async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const untouched = await create(owner)
		expect(await discard(other, untouched)).toMatchObject({ status: 404 })
		expect(await stored(owner, untouched)).not.toBeNull()
		expect(await discard(owner, untouched)).toMatchObject({
			status: 200,
			json: { data: { discarded: true } },
		})
		expect(await stored(owner, untouched)).toBeNull()
		expect(await discard(owner, untouched)).toMatchObject({ status: 404 })

		const kept = await create(owner)
		expect((await head(owner, kept, '')).status).toBe(200)
		expect(await discard(owner, kept)).toMatchObject({
			status: 200,
			json: { data: { discarded: false } },
		})
		expect(await stored(owner, kept)).not.toBeNull()
		expect((await listPortfolios(owner.id, 'all')).map((item) => item.portfolioId)).toEqual([kept])
	})

	test('it turns active when it first gets a name, unless its owner set Is Active before', async () => {
		const owner = await createOwner()
		const shown = await create(owner)
		const answer = await head(owner, shown, 'Named at last')
		expect(answer.json).toMatchObject({ data: { portfoliosData: [{ active: true }] } })
		// Hidden afterwards by its owner: a later rename keeps it hidden.
		await callApi(updateStatus, '/one/sites/portfolio/data/update/status', {
			token: owner.token,
			body: { portfolioId: shown, active: false },
		})
		expect((await head(owner, shown, 'Renamed')).json).toMatchObject({
			data: { portfoliosData: [{ active: false }] },
		})

		const hidden = await create(owner)
		for (const active of [true, false]) {
			await callApi(updateStatus, '/one/sites/portfolio/data/update/status', {
				token: owner.token,
				body: { portfolioId: hidden, active },
			})
		}
		expect((await head(owner, hidden, 'Secret')).json).toMatchObject({
			data: { portfoliosData: [{ active: false }] },
		})
		// Items made otherwise (the seed, an import) are not changed by a name.
		const plain = await createPortfolio(owner.id)
		expect((await head(owner, plain.portfolioId, 'Plain')).json).toMatchObject({
			data: { portfoliosData: [{ active: false }] },
		})
	})

	const seen = (owner: Owner, portfolioId: string, view: string, here: boolean) =>
		callApi(presence, '/one/sites/portfolio/data/presence', {
			token: owner.token,
			body: { portfolioId, view, here },
		})
	/** As if the page were left longer ago than the grace. */
	const leftLongAgo = (portfolioId: string) =>
		prisma().$executeRaw`
			UPDATE "Portfolio" SET "leftAt" = "leftAt" - ${`${LEFT_GRACE_MS + 1_000} milliseconds`}::interval
			WHERE "id" = ${portfolioId} AND "leftAt" IS NOT NULL`

	test('a page left for good removes it; a reload, another tab or a save keeps it', async () => {
		const owner = await createOwner()
		const other = await createOwner()

		// One tab: opened, left (a closed tab, Back out of the builder), gone after the grace.
		const closed = await create(owner)
		expect(await seen(owner, closed, 'tab-one-a', true)).toMatchObject({
			status: 200,
			json: { data: { pristine: true } },
		})
		expect(await seen(other, closed, 'tab-other', false)).toMatchObject({ status: 404 })
		expect((await seen(owner, closed, 'tab-one-a', false)).status).toBe(200)
		// Within the grace it is still there.
		expect(await removeLeftPortfolios(owner.id)).toBe(0)
		expect(await stored(owner, closed)).not.toBeNull()
		await leftLongAgo(closed)
		expect(await removeLeftPortfolios(owner.id)).toBe(1)
		expect(await stored(owner, closed)).toBeNull()
		expect(await seen(owner, closed, 'tab-one-a', true)).toMatchObject({ status: 404 })

		// A reload: the old page is left, the new one opens it; a late word from the old page
		// does not count once the new one is there.
		const reloaded = await create(owner)
		await seen(owner, reloaded, 'before-reload', true)
		await seen(owner, reloaded, 'before-reload', false)
		await seen(owner, reloaded, 'after-reload', true)
		await seen(owner, reloaded, 'before-reload', false)
		await leftLongAgo(reloaded)
		expect(await removeLeftPortfolios(owner.id)).toBe(0)
		expect(await stored(owner, reloaded)).not.toBeNull()

		// Two tabs: leaving one keeps it for the other; leaving the last one removes it.
		const twice = await create(owner)
		await seen(owner, twice, 'first-tab', true)
		await seen(owner, twice, 'second-tab', true)
		await seen(owner, twice, 'first-tab', false)
		await leftLongAgo(twice)
		expect(await removeLeftPortfolios(owner.id)).toBe(0)
		await seen(owner, twice, 'second-tab', false)
		await leftLongAgo(twice)
		// The builder's list removes it too (the instance that heard it may have stopped).
		await callPage(builderListPage, '/builder/portfolio', { token: owner.token })
		expect(await stored(owner, twice)).toBeNull()

		// Typed into: a saved field keeps it, even when the save comes after the page was left.
		const saved = await create(owner)
		await seen(owner, saved, 'typed-tab', true)
		await seen(owner, saved, 'typed-tab', false)
		expect((await head(owner, saved, 'Typed in')).status).toBe(200)
		await leftLongAgo(saved)
		expect(await seen(owner, saved, 'typed-tab', false)).toMatchObject({
			json: { data: { pristine: false } },
		})
		expect(await removeLeftPortfolios(owner.id)).toBe(0)
		expect(await stored(owner, saved)).not.toBeNull()

		// A bad word is a 400 naming the field.
		const bad = await seen(owner, saved, 'no spaces allowed', true)
		expect(bad.status).toBe(400)
		expect(JSON.stringify(bad.json)).toContain('view')
	})

	test('the builder list removes new projects left untouched for over an hour, not newer ones', async () => {
		const owner = await createOwner()
		const old = await create(owner)
		const recent = await create(owner)
		await prisma().portfolio.update({
			where: { id: old },
			data: { createdAt: new Date(Date.now() - PRISTINE_GRACE_MS - 60_000) },
		})
		await callPage(builderListPage, '/builder/portfolio', { token: owner.token })
		expect(await stored(owner, old)).toBeNull()
		expect(await stored(owner, recent)).not.toBeNull()
	})
})
