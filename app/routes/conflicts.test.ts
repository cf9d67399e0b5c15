/**
 * Conflicts are caught, never silent (ARCHITECTURE.md, last bullet of the bounded-lists
 * contract): owner reads of a profile field, the resume and a portfolio item carry an ETag; an
 * update with `If-Match` holding a stale one answers 412 in the JSON envelope and changes
 * nothing; without `If-Match` the last writer wins. The builder's actions do the same with the
 * hidden `version` each editor sends back.
 */
import { describe, expect, test } from 'vitest'
import { BLANK_HEAD, BLANK_NAME_CARD } from '#tests/blank-bodies'
import { createOwner, createPortfolio } from '#tests/factories'
import { callAction, callApi, makeRequest, type CallOptions } from '#tests/route'
import { getPortfolio } from '~/models/portfolio.server'
import { getProfile, updateProfile } from '~/models/profile.server'
import { getResume, replaceAchievements } from '~/models/resume.server'
import { CONFLICT_MESSAGE } from '~/utils/editor'
import { action as builderAction, loader as builderLoader } from './builder._index'
import {
	action as builderProjectAction,
	loader as builderProjectLoader,
} from './builder.portfolio.$id'
import { loader as readField } from './one.sites.info.general.$field'
import { action as updateField } from './one.sites.info.general.$field.update'
import { loader as readItem } from './one.sites.portfolio.data.get.individual.data'
import { action as updateItem } from './one.sites.portfolio.data.update.$section'
import { loader as readResume } from './one.sites.resume.work-exp.get'
import { action as updateResume } from './one.sites.resume.work-exp.update.$section'

const STALE_MESSAGE = expect.stringContaining('If-Match')

const readTagline = (customerId: string) =>
	callApi(readField, `/one/sites/info/general/tagline?customer_id=${customerId}`, {
		params: { field: 'tagline' },
	})

const updateTagline = (body: unknown, token: string, options: CallOptions = {}) =>
	callApi(updateField, '/one/sites/info/general/tagline/update', {
		params: { field: 'tagline' },
		body,
		token,
		...options,
	})

describe('/one profile fields', () => {
	test('the read carries an ETag; a stale If-Match is 412 and changes nothing', async () => {
		const owner = await createOwner()
		await updateProfile(owner.id, { tagline: 'First' })
		const first = await readTagline(owner.id)
		const etag = first.headers.get('ETag')
		expect(etag).toMatch(/^"[\w-]+"$/)
		// Same data, same tag; the update answers the new data's tag.
		expect((await readTagline(owner.id)).headers.get('ETag')).toBe(etag)
		const saved = await updateTagline({ tagline: 'Second' }, owner.token, {
			headers: { 'If-Match': etag! },
		})
		expect(saved.status).toBe(200)
		const newTag = saved.headers.get('ETag')
		expect(newTag).not.toBe(etag)
		expect((await readTagline(owner.id)).headers.get('ETag')).toBe(newTag)

		const stale = await updateTagline({ tagline: 'Third' }, owner.token, {
			headers: { 'If-Match': etag! },
		})
		expect(stale.status).toBe(412)
		expect(stale.json).toEqual({ status: 412, message: STALE_MESSAGE })
		expect((await getProfile(owner.id))?.tagline).toBe('Second')
	})

	test('without If-Match the last writer wins; * and a list holding the current tag pass', async () => {
		const owner = await createOwner()
		const etag = (await readTagline(owner.id)).headers.get('ETag')!
		expect((await updateTagline({ tagline: 'A' }, owner.token)).status).toBe(200)
		expect((await updateTagline({ tagline: 'B' }, owner.token)).status).toBe(200)
		expect(
			(await updateTagline({ tagline: 'C' }, owner.token, { headers: { 'If-Match': '*' } })).status,
		).toBe(200)
		const current = (await readTagline(owner.id)).headers.get('ETag')!
		const listed = await updateTagline({ tagline: 'D' }, owner.token, {
			headers: { 'If-Match': `${etag}, W/${current}` },
		})
		expect(listed.status).toBe(200)
		expect((await getProfile(owner.id))?.tagline).toBe('D')
	})

	test('a field tag only covers its field: another field changing is no conflict', async () => {
		const owner = await createOwner()
		const etag = (await readTagline(owner.id)).headers.get('ETag')!
		await updateProfile(owner.id, { city: 'Paris', bio: ['Changed'] })
		const saved = await updateTagline({ tagline: 'Still mine' }, owner.token, {
			headers: { 'If-Match': etag },
		})
		expect(saved.status).toBe(200)
	})

	test('two writers holding the same tag: exactly one wins', async () => {
		const owner = await createOwner()
		const etag = (await readTagline(owner.id)).headers.get('ETag')!
		const answers = await Promise.all(
			['One', 'Two', 'Three', 'Four'].map((tagline) =>
				updateTagline({ tagline }, owner.token, { headers: { 'If-Match': etag } }),
			),
		)
		const statuses = answers.map((answer) => answer.status).sort()
		expect(statuses).toEqual([200, 412, 412, 412])
		const winner = answers.find((answer) => answer.status === 200)!
		expect((await getProfile(owner.id))?.tagline).toBe(
			(winner.json.data as { tagline: string }).tagline,
		)
	})
})

describe('/one resume', () => {
	const update = (section: string, body: unknown, token: string, etag?: string) =>
		callApi(updateResume, `/one/sites/resume/work-exp/update/${section}`, {
			params: { section },
			body,
			token,
			headers: etag ? { 'If-Match': etag } : {},
		})

	test('the read carries an ETag; a stale If-Match is 412 and changes nothing', async () => {
		const owner = await createOwner()
		const read = await callApi(readResume, `/one/sites/resume/work-exp/get?customer_id=${owner.id}`)
		const etag = read.headers.get('ETag')!
		expect(etag).toMatch(/^"[\w-]+"$/)
		const saved = await update('achievements', { achievements: ['Tab A'] }, owner.token, etag)
		expect(saved.status).toBe(200)
		expect(saved.headers.get('ETag')).not.toBe(etag)

		const stale = await update(
			'workexp',
			{ workExp: [{ company: 'Tab B', role: 'Stale' }] },
			owner.token,
			etag,
		)
		expect(stale.status).toBe(412)
		expect(stale.json).toEqual({ status: 412, message: STALE_MESSAGE })
		const resume = await getResume(owner.id)
		expect(resume.workExp).toEqual([])
		expect(resume.achievements).toEqual(['Tab A'])

		const fresh = await update(
			'workexp',
			{ workExp: [{ company: 'Tab B', role: 'Fresh' }] },
			owner.token,
			saved.headers.get('ETag')!,
		)
		expect(fresh.status).toBe(200)
		expect((await getResume(owner.id)).workExp).toMatchObject([{ role: 'Fresh' }])
	})
})

describe('/one portfolio item', () => {
	test("the owner's read carries an ETag; a stale If-Match is 412 and changes nothing", async () => {
		const owner = await createOwner()
		const item = await createPortfolio(owner.id, { productName: 'Start' })
		const url = `/one/sites/portfolio/data/get/individual/data?customer_id=${owner.id}&portfolioId=${item.portfolioId}`
		const read = await callApi(readItem, url, { token: owner.token })
		const etag = read.headers.get('ETag')!
		expect(etag).toMatch(/^"[\w-]+"$/)
		const update = (section: string, body: Record<string, unknown>, tag: string) =>
			callApi(updateItem, `/one/sites/portfolio/data/update/${section}`, {
				params: { section },
				body: { portfolioId: item.portfolioId, ...body },
				token: owner.token,
				headers: { 'If-Match': tag },
			})
		const saved = await update('challenges', { challenges: 'Tab A' }, etag)
		expect(saved.status).toBe(200)
		const newTag = saved.headers.get('ETag')!
		expect(newTag).not.toBe(etag)
		expect((await callApi(readItem, url, { token: owner.token })).headers.get('ETag')).toBe(newTag)

		const stale = await update('head', { ...BLANK_HEAD, productName: 'Stale' }, etag)
		expect(stale.status).toBe(412)
		expect(stale.json).toEqual({ status: 412, message: STALE_MESSAGE })
		expect(await getPortfolio(owner.id, item.portfolioId, 'owner')).toMatchObject({
			productName: 'Start',
			challenges: ['Tab A'],
		})
		// Another owner's item stays a 404, whatever the tag.
		const other = await createOwner()
		const foreign = await callApi(updateItem, '/one/sites/portfolio/data/update/head', {
			params: { section: 'head' },
			body: { portfolioId: item.portfolioId, ...BLANK_HEAD, productName: 'Evil' },
			token: other.token,
			headers: { 'If-Match': newTag },
		})
		expect(foreign.status).toBe(404)
	})
})

// ------------------------------------------------------------------ the builder's actions

type Answer = { status: number; body: Record<string, unknown> }

async function callBuilder(
	handler: typeof builderAction | typeof builderProjectAction,
	path: string,
	body: unknown,
	token: string,
	params: Record<string, string> = {},
): Promise<Answer> {
	return callAction(handler, path, { body, token, params })
}

async function loaderData<T>(loaderFn: (args: never) => Promise<T>, path: string, token: string) {
	return loaderFn({
		request: makeRequest(path, { token }),
		params: { id: path.split('/').pop()! },
		context: {},
	} as never)
}

describe('the builder home: each editor sends its section version', () => {
	test('a stale version is 412 with the conflict message and changes nothing', async () => {
		const owner = await createOwner()
		// Tabs A and B load the page.
		const page = await loaderData(builderLoader, '/builder', owner.token)
		const { versions } = page
		// Tab A adds a position and changes the designation.
		const a1 = await callBuilder(
			builderAction,
			'/builder',
			{ intent: 'workexp', version: versions.workexp, workExp: [{ company: 'A', role: 'New' }] },
			owner.token,
		)
		expect(a1).toMatchObject({ status: 200, body: { ok: true } })
		const a2 = await callBuilder(
			builderAction,
			'/builder',
			{ intent: 'name', ...BLANK_NAME_CARD, version: versions.name, designation: 'From tab A' },
			owner.token,
		)
		expect(a2).toMatchObject({ status: 200, body: { ok: true } })
		// Tab B, not reloaded, saves the work experience it loaded (empty plus its own edit).
		const b = await callBuilder(
			builderAction,
			'/builder',
			{ intent: 'workexp', version: versions.workexp, workExp: [{ company: 'B', role: 'Old' }] },
			owner.token,
		)
		expect(b.status).toBe(412)
		expect(b.body).toMatchObject({
			ok: false,
			intent: 'workexp',
			conflict: true,
			message: CONFLICT_MESSAGE,
		})
		const b2 = await callBuilder(
			builderAction,
			'/builder',
			{ intent: 'name', ...BLANK_NAME_CARD, version: versions.name, designation: 'From tab B' },
			owner.token,
		)
		expect(b2.status).toBe(412)
		expect((await getResume(owner.id)).workExp).toMatchObject([{ company: 'A', role: 'New' }])
		expect((await getProfile(owner.id))?.designation).toBe('From tab A')

		// A section nobody else touched saves fine from the stale tab.
		const b3 = await callBuilder(
			builderAction,
			'/builder',
			{ intent: 'bio', version: versions.bio, bio: 'From tab B' },
			owner.token,
		)
		expect(b3).toMatchObject({ status: 200, body: { ok: true } })
		// After reloading, tab B's save goes through.
		const reloaded = await loaderData(builderLoader, '/builder', owner.token)
		expect(reloaded.versions.workexp).not.toBe(versions.workexp)
		const b4 = await callBuilder(
			builderAction,
			'/builder',
			{
				intent: 'workexp',
				version: reloaded.versions.workexp,
				workExp: [{ company: 'A', role: 'New', experience: 'from B' }],
			},
			owner.token,
		)
		expect(b4).toMatchObject({ status: 200, body: { ok: true } })
	})

	test('a write from elsewhere (the API) makes the version stale too', async () => {
		const owner = await createOwner()
		const { versions } = await loaderData(builderLoader, '/builder', owner.token)
		await replaceAchievements(owner.id, ['From the API'])
		const stale = await callBuilder(
			builderAction,
			'/builder',
			{ intent: 'achievements', version: versions.achievements, achievements: 'Mine' },
			owner.token,
		)
		expect(stale.status).toBe(412)
		expect((await getResume(owner.id)).achievements).toEqual(['From the API'])
	})
})

describe('the builder project page: each editor sends its section version', () => {
	test('a stale version is 412 and changes nothing; other sections are not affected', async () => {
		const owner = await createOwner()
		const item = await createPortfolio(owner.id, { productName: 'Start' })
		const path = `/builder/portfolio/${item.portfolioId}`
		const { versions } = await loaderData(builderProjectLoader, path, owner.token)
		const save = (body: Record<string, unknown>) =>
			callBuilder(builderProjectAction, path, body, owner.token, { id: item.portfolioId })
		const a = await save({
			intent: 'head',
			...BLANK_HEAD,
			version: versions.head,
			productName: 'Tab A',
		})
		expect(a).toMatchObject({ status: 200, body: { ok: true } })
		const b = await save({
			intent: 'head',
			...BLANK_HEAD,
			version: versions.head,
			productName: 'Tab B',
		})
		expect(b).toMatchObject({ status: 412, body: { conflict: true, message: CONFLICT_MESSAGE } })
		const c = await save({ intent: 'result', version: versions.result, results: 'Tab B result' })
		expect(c).toMatchObject({ status: 200, body: { ok: true } })
		expect(await getPortfolio(owner.id, item.portfolioId, 'owner')).toMatchObject({
			productName: 'Tab A',
			results: ['Tab B result'],
		})
	})
})
