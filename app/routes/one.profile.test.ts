/**
 * The profile and resume part of the /one API and the builder home's action, against the real
 * database: every read and update, their answers and statuses, validation failures, and
 * ownership (a token only ever changes its own owner's data).
 */
import { describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { callApi, makeRequest, type CallOptions } from '#tests/route'
import { setCustomerDisabled } from '~/models/customer.server'
import { getProfile, updateProfile } from '~/models/profile.server'
import { getResume, type Resume } from '~/models/resume.server'
import { LINK_ERROR, PHONE_ERROR } from '~/utils/profile-schemas'
import { handleError } from '~/utils/social'
import { action as builderAction } from './builder._index'
import { loader as readField } from './one.sites.info.general.$field'
import {
	action as updateField,
	loader as updateFieldGet,
} from './one.sites.info.general.$field.update'
import { loader as readResume } from './one.sites.resume.work-exp.get'
import {
	action as updateResume,
	loader as updateResumeGet,
} from './one.sites.resume.work-exp.update.$section'

type Owner = Awaited<ReturnType<typeof createOwner>>

const FIELDS = [
	'name',
	'designation',
	'city',
	'country',
	'social-links',
	'tagline',
	'site-name',
	'highlights',
	'bio',
	'email-visibility',
] as const

const SECTIONS = ['workexp', 'education', 'skills', 'certificates', 'achievements'] as const

const read = (field: string, customerId?: string) =>
	callApi(
		readField,
		`/one/sites/info/general/${field}${
			customerId === undefined ? '' : `?customer_id=${encodeURIComponent(customerId)}`
		}`,
		{ params: { field } },
	)

const update = (field: string, body: unknown, token?: string, options: CallOptions = {}) =>
	callApi(updateField, `/one/sites/info/general/${field}/update`, {
		params: { field },
		body,
		token,
		...options,
	})

const readResumeOf = (customerId?: string) =>
	callApi(
		readResume,
		`/one/sites/resume/work-exp/get${customerId === undefined ? '' : `?customer_id=${customerId}`}`,
	)

const updateSection = (section: string, body: unknown, token?: string) =>
	callApi(updateResume, `/one/sites/resume/work-exp/update/${section}`, {
		params: { section },
		body,
		token,
	})

/** A short test title for a request body: long texts and lists are summarised. */
const brief = (value: unknown) =>
	JSON.stringify(value, (_key, item: unknown) =>
		typeof item === 'string' && item.length > 40
			? `<${item.length} characters>`
			: Array.isArray(item) && item.length > 5
				? `<${item.length} items>`
				: item,
	)

/** Puts a readable title first in each `test.each` case: "<first column> <brief body>". */
const titled = <T extends readonly [string, unknown, ...unknown[]]>(cases: readonly T[]) =>
	cases.map((item) => [`${item[0]} ${brief(item[1])}`, ...item] as const)

const resumeOf = (json: Record<string, unknown>) => json.data as Resume

/** Everything an owner has, to show that a call left it untouched. */
async function snapshot(owner: { id: string }) {
	const profile = await getProfile(owner.id)
	return { profile: { ...profile, updatedAt: undefined }, resume: await getResume(owner.id) }
}

const FULL_SOCIAL = {
	linkedInUrl: 'https://www.linkedin.com/in/grace',
	xUrl: 'https://x.com/grace',
	igUrl: null,
	fbUrl: null,
	ytUrl: 'https://youtube.com/@grace',
	whatAppBusUrl: 'https://wa.me/15551234567',
	mobileNumber: '+15551234567',
	companySite: 'https://navy.mil',
	email: 'grace@example.com',
}

const FULL_PROFILE = {
	firstName: 'Grace',
	lastName: 'Hopper',
	designation: 'Rear Admiral',
	city: 'Arlington',
	country: 'United States',
	tagline: 'It is easier to ask forgiveness than it is to get permission.',
	siteName: 'Amazing Grace',
	bio: ['First paragraph.', 'Second paragraph.'],
	highOne: 'Wrote the first compiler',
	highTwo: null,
	highThree: 'Popularised the word bug',
	...FULL_SOCIAL,
}

const EMPTY_SOCIAL = {
	linkedInUrl: null,
	xUrl: null,
	igUrl: null,
	fbUrl: null,
	ytUrl: null,
	whatAppBusUrl: null,
	mobileNumber: null,
	companySite: null,
	email: null,
}

describe('GET /one/sites/info/general/{field}', () => {
	test('a new owner reads empty defaults (the signup name split in two) in the contract shapes', async () => {
		const owner = await createOwner({ name: 'Ada  King Lovelace' })
		const expected: Record<(typeof FIELDS)[number], unknown> = {
			name: { name: { firstName: 'Ada', lastName: 'King Lovelace' } },
			designation: { designation: '' },
			city: { city: '' },
			country: { country: '' },
			'social-links': { socialLinks: EMPTY_SOCIAL },
			'email-visibility': { hideEmail: false },
			tagline: { tagline: '' },
			'site-name': { siteName: '' },
			highlights: { carHighlights: { highOne: null, highTwo: null, highThree: null } },
			bio: { bio: [] },
		}
		for (const field of FIELDS) {
			const { status, json, headers } = await read(field, owner.id)
			expect(status, field).toBe(200)
			expect(json, field).toEqual({ status: 200, data: expected[field] })
			expect(headers.get('Cache-Control'), field).toBe('no-store')
		}
	})

	test('each field answers what the owner saved, keyed by its name; no token is needed', async () => {
		const owner = await createOwner()
		await updateProfile(owner.id, FULL_PROFILE)
		const expected: Record<(typeof FIELDS)[number], unknown> = {
			name: { name: { firstName: 'Grace', lastName: 'Hopper' } },
			designation: { designation: 'Rear Admiral' },
			city: { city: 'Arlington' },
			country: { country: 'United States' },
			'social-links': { socialLinks: FULL_SOCIAL },
			'email-visibility': { hideEmail: false },
			tagline: { tagline: FULL_PROFILE.tagline },
			'site-name': { siteName: 'Amazing Grace' },
			highlights: {
				carHighlights: {
					highOne: 'Wrote the first compiler',
					highTwo: null,
					highThree: 'Popularised the word bug',
				},
			},
			bio: { bio: ['First paragraph.', 'Second paragraph.'] },
		}
		for (const field of FIELDS) {
			const { status, json } = await read(field, owner.id)
			expect(status, field).toBe(200)
			expect(json.data, field).toEqual(expected[field])
		}
	})

	test('reads answer the owner named by customer_id, not anyone else', async () => {
		const a = await createOwner({ name: 'Alice Apple' })
		const b = await createOwner({ name: 'Bob Banana' })
		expect((await read('name', a.id)).json.data).toEqual({
			name: { firstName: 'Alice', lastName: 'Apple' },
		})
		expect((await read('name', b.id)).json.data).toEqual({
			name: { firstName: 'Bob', lastName: 'Banana' },
		})
	})

	test.each(FIELDS)('%s: an unknown customer is 404', async (field) => {
		const { status, json } = await read(field, 'c-no-such-customer')
		expect(status).toBe(404)
		expect(json).toEqual({ status: 404, message: 'Profile not found' })
	})

	test('a disabled owner reads as unknown (404)', async () => {
		const owner = await createOwner()
		await setCustomerDisabled(owner.id, true)
		for (const field of FIELDS) expect((await read(field, owner.id)).status, field).toBe(404)
	})

	test.each(FIELDS)('%s: a missing or empty customer_id is 400', async (field) => {
		const missing = await read(field)
		expect(missing.status).toBe(400)
		expect(missing.json).toEqual({ status: 400, message: 'customer_id: is required' })
		expect((await read(field, '')).status).toBe(400)
	})

	test.each(['email', 'password', 'socialLinks', 'constructor', '__proto__', 'resume'])(
		'an unknown field (%s) is 404',
		async (field) => {
			const owner = await createOwner()
			const { status, json } = await read(field, owner.id)
			expect(status).toBe(404)
			expect(json).toEqual({ status: 404, message: 'Not found' })
		},
	)
})

describe('POST /one/sites/info/general/{field}/update', () => {
	test('every field saves trimmed values and answers the same data shape as its read', async () => {
		const owner = await createOwner()
		const cases: Array<[(typeof FIELDS)[number], unknown, unknown]> = [
			[
				'name',
				{ firstName: '  Grace ', lastName: 'Hopper' },
				{ name: { firstName: 'Grace', lastName: 'Hopper' } },
			],
			['designation', { designation: ' Rear Admiral ' }, { designation: 'Rear Admiral' }],
			['city', { city: 'Arlington' }, { city: 'Arlington' }],
			['country', { country: 'United States' }, { country: 'United States' }],
			[
				'social-links',
				{ ...FULL_SOCIAL, linkedInUrl: ' https://www.linkedin.com/in/grace ' },
				{ socialLinks: FULL_SOCIAL },
			],
			['tagline', { tagline: 'Ships first.' }, { tagline: 'Ships first.' }],
			['email-visibility', { hideEmail: true }, { hideEmail: true }],
			['site-name', { siteName: 'Amazing Grace' }, { siteName: 'Amazing Grace' }],
			[
				'highlights',
				{ highOne: 'One', highTwo: '  ', highThree: null },
				{ carHighlights: { highOne: 'One', highTwo: null, highThree: null } },
			],
			[
				'bio',
				{ bio: 'First paragraph,\nstill first.\n\n\n  Second paragraph.  ' },
				{ bio: ['First paragraph,\nstill first.', 'Second paragraph.'] },
			],
		]
		for (const [field, body, data] of cases) {
			const answer = await update(field, body, owner.token)
			expect(answer.status, field).toBe(200)
			expect(answer.json, field).toEqual({ status: 200, data })
			expect((await read(field, owner.id)).json, field).toEqual(answer.json)
		}
	})

	test('empty and null values clear a field (stored as null, read back as empty)', async () => {
		const owner = await createOwner()
		await updateProfile(owner.id, FULL_PROFILE)
		const social = await update(
			'social-links',
			{ ...EMPTY_SOCIAL, linkedInUrl: '', xUrl: '  ' },
			owner.token,
		)
		expect(social.json.data).toEqual({ socialLinks: EMPTY_SOCIAL })
		const name = await update('name', { firstName: 'Solo', lastName: null }, owner.token)
		expect(name.json.data).toEqual({ name: { firstName: 'Solo', lastName: '' } })
		const tagline = await update('tagline', { tagline: '   ' }, owner.token)
		expect(tagline.json.data).toEqual({ tagline: '' })
		expect((await update('bio', { bio: '' }, owner.token)).json.data).toEqual({ bio: [] })
		expect((await update('bio', { bio: null }, owner.token)).json.data).toEqual({ bio: [] })
	})

	test.each(
		titled([
			['name', {}, 'firstName: is required'],
			['name', { firstName: 'Solo' }, 'lastName: is required'],
			['designation', {}, 'designation: is required'],
			['city', {}, 'city: is required'],
			['country', { city: 'Elsewhere' }, 'country: is required'],
			['social-links', { linkedInUrl: 'https://www.linkedin.com/in/x' }, 'xUrl: is required'],
			['tagline', undefined, 'tagline: is required'],
			['tagline', {}, 'tagline: is required'],
			['site-name', {}, 'siteName: is required'],
			['highlights', { highOne: 'One', highTwo: null }, 'highThree: is required'],
			['bio', {}, 'bio: is required'],
		] as const),
	)('%s: a missing field is 400 and changes nothing', async (_title, field, body, message) => {
		const owner = await createOwner()
		await updateProfile(owner.id, FULL_PROFILE)
		const before = await snapshot(owner)
		// No body at all is a POST with nothing in it.
		const options = body === undefined ? { method: 'POST' } : {}
		const { status, json } = await update(field, body, owner.token, options)
		expect(status).toBe(400)
		expect(json).toEqual({ status: 400, message })
		expect(await snapshot(owner)).toEqual(before)
	})

	test('the bio also accepts a list of paragraphs', async () => {
		const owner = await createOwner()
		const { json } = await update('bio', { bio: ['One.', '', 'Two.\n\nThree.'] }, owner.token)
		expect(json.data).toEqual({ bio: ['One.', 'Two.', 'Three.'] })
	})

	test('a handle is stored as its profile URL where it names one profile (Instagram, X, YouTube, LinkedIn)', async () => {
		const owner = await createOwner()
		const { status, json } = await update(
			'social-links',
			{
				...EMPTY_SOCIAL,
				igUrl: ' @avery.makes ',
				xUrl: '@avery_m',
				ytUrl: '@AveryMakes',
				linkedInUrl: 'in/avery-lee',
				companySite: 'avery.studio',
			},
			owner.token,
		)
		expect(status).toBe(200)
		expect(json.data).toEqual({
			socialLinks: {
				...EMPTY_SOCIAL,
				igUrl: 'https://www.instagram.com/avery.makes',
				xUrl: 'https://x.com/avery_m',
				ytUrl: 'https://www.youtube.com/@AveryMakes',
				linkedInUrl: 'https://www.linkedin.com/in/avery-lee',
				companySite: 'https://avery.studio',
			},
		})
		// A profile URL is kept as it is; LinkedIn's @name is its vanity name too.
		const urls = await update(
			'social-links',
			{
				...EMPTY_SOCIAL,
				igUrl: 'https://instagram.com/avery.makes',
				linkedInUrl: '@avery-lee',
			},
			owner.token,
		)
		expect(urls.json.data).toEqual({
			socialLinks: {
				...EMPTY_SOCIAL,
				igUrl: 'https://instagram.com/avery.makes',
				linkedInUrl: 'https://www.linkedin.com/in/avery-lee',
			},
		})
	})

	test('phone numbers may be typed with spaces, dashes or brackets and are stored bare', async () => {
		const owner = await createOwner()
		const { status, json } = await update(
			'social-links',
			{ ...FULL_SOCIAL, mobileNumber: '+1 (555) 123-4567' },
			owner.token,
		)
		expect(status).toBe(200)
		expect((json.data as { socialLinks: { mobileNumber: string } }).socialLinks.mobileNumber).toBe(
			'+15551234567',
		)
	})

	test.each(
		titled([
			[
				'social-links',
				{ linkedInUrl: 'javascript:alert(1)' },
				`linkedInUrl: ${handleError('linkedInUrl')}`,
			],
			[
				'social-links',
				{ xUrl: 'JavaScript:alert(document.cookie)' },
				`xUrl: ${handleError('xUrl')}`,
			],
			['social-links', { companySite: 'data:text/html,<script>alert(1)</script>' }, LINK_ERROR],
			['social-links', { companySite: '@avery.makes' }, `companySite: ${LINK_ERROR}`],
			['social-links', { fbUrl: '@avery.makes' }, `fbUrl: ${LINK_ERROR}`],
			['social-links', { igUrl: 'vbscript:msgbox(1)' }, handleError('igUrl')],
			['social-links', { igUrl: '@avery makes' }, `igUrl: ${handleError('igUrl')}`],
			['social-links', { xUrl: '@this_handle_is_too_long' }, handleError('xUrl')],
			['social-links', { fbUrl: 'ftp://example.com' }, LINK_ERROR],
			['social-links', { ytUrl: '@me' }, `ytUrl: ${handleError('ytUrl')}`],
			['social-links', { whatAppBusUrl: 'mailto:me@example.com' }, LINK_ERROR],
			['social-links', { linkedInUrl: `https://x.com/${'a'.repeat(500)}` }, /at most 500/],
			['social-links', { mobileNumber: 'call me' }, `mobileNumber: ${PHONE_ERROR}`],
			['social-links', { mobileNumber: '123456' }, PHONE_ERROR],
			['social-links', { mobileNumber: '1234567890123456' }, PHONE_ERROR],
			['social-links', { mobileNumber: '++15551234567' }, PHONE_ERROR],
			['social-links', { email: 'not-an-email' }, 'email: Enter a valid email address'],
			[
				'name',
				{ firstName: 'x'.repeat(61) },
				'firstName: First name must be at most 60 characters',
			],
			['name', { lastName: 'x'.repeat(61) }, /at most 60/],
			['name', { firstName: 42 }, /firstName/],
			['designation', { designation: 'x'.repeat(101) }, /at most 100/],
			['city', { city: 'x'.repeat(81) }, /at most 80/],
			['country', { country: 'x'.repeat(81) }, /at most 80/],
			['tagline', { tagline: 'x'.repeat(201) }, 'tagline: Tagline must be at most 200 characters'],
			['site-name', { siteName: 'x'.repeat(101) }, /at most 100/],
			['highlights', { highTwo: 'x'.repeat(201) }, /highTwo: Highlight must be at most 200/],
			['bio', { bio: 'x'.repeat(5_001) }, /at most 5000 characters/],
			['bio', { bio: Array.from({ length: 21 }, (_, i) => `P${i}`).join('\n\n') }, /At most 20/],
			['bio', { bio: 'x'.repeat(20_001) }, /too long/],
			['bio', { bio: 42 }, /bio/],
		] as const),
	)('%s is 400 and changes nothing', async (_title, field, body, message) => {
		const owner = await createOwner()
		await updateProfile(owner.id, FULL_PROFILE)
		const before = await snapshot(owner)
		// Every other field of the route is sent valid: only the bad value is refused.
		const { status, json } = await update(field, { ...FULL_PROFILE, ...body }, owner.token)
		expect(status).toBe(400)
		expect(json.status).toBe(400)
		if (typeof message === 'string') expect(json.message).toContain(message)
		else expect(json.message).toMatch(message)
		expect(await snapshot(owner)).toEqual(before)
	})

	test('malformed JSON, a non-object body and an oversized body are refused', async () => {
		const owner = await createOwner()
		const malformed = await update('tagline', undefined, owner.token, {
			method: 'POST',
			rawBody: '{"tagline":',
			headers: { 'Content-Type': 'application/json' },
		})
		expect(malformed.status).toBe(400)
		expect(malformed.json.message).toBe('The request body must be valid JSON')
		expect((await update('tagline', ['x'], owner.token)).status).toBe(400)
		expect((await update('tagline', 'x', owner.token)).status).toBe(400)
		const huge = await update('bio', { bio: 'x'.repeat(300 * 1024) }, owner.token)
		expect(huge.status).toBe(413)
	})

	test.each(FIELDS)('%s: no token, a bad token or a disabled owner is 401', async (field) => {
		const owner = await createOwner()
		const before = await snapshot(owner)
		const body = { firstName: 'X', designation: 'X', tagline: 'X', bio: 'X', highOne: 'X' }
		expect((await update(field, body)).json).toEqual({ status: 401, message: 'Unauthorized' })
		expect((await update(field, body, 'not-a-jwt')).status).toBe(401)
		expect(
			(await update(field, body, undefined, { headers: { Authorization: 'Basic x' } })).status,
		).toBe(401)
		await setCustomerDisabled(owner.id, true)
		expect((await update(field, body, owner.token)).status).toBe(401)
		await setCustomerDisabled(owner.id, false)
		expect(await snapshot(owner)).toEqual(before)
	})

	test("another owner's token changes only that owner's own data, whatever ids it sends", async () => {
		const victim = await createOwner()
		await updateProfile(victim.id, FULL_PROFILE)
		const before = await snapshot(victim)
		const attacker = await createOwner({ name: 'Mallory Mal' })
		const bodies: Record<(typeof FIELDS)[number], Record<string, unknown>> = {
			name: { firstName: 'Hacked', lastName: 'Name' },
			designation: { designation: 'Hacked' },
			city: { city: 'Hacked' },
			country: { country: 'Hacked' },
			'social-links': { ...EMPTY_SOCIAL, linkedInUrl: 'https://evil.example' },
			'email-visibility': { hideEmail: true },
			tagline: { tagline: 'Hacked' },
			'site-name': { siteName: 'Hacked' },
			highlights: { highOne: 'Hacked', highTwo: null, highThree: null },
			bio: { bio: 'Hacked' },
		}
		for (const field of FIELDS) {
			const { status } = await callApi(
				updateField,
				`/one/sites/info/general/${field}/update?customer_id=${victim.id}`,
				{
					params: { field },
					token: attacker.token,
					body: { ...bodies[field], customer_id: victim.id, customerId: victim.id },
				},
			)
			expect(status, field).toBe(200)
		}
		expect(await snapshot(victim)).toEqual(before)
		const mine = await getProfile(attacker.id)
		expect(mine).toMatchObject({
			name: { firstName: 'Hacked', lastName: 'Name' },
			designation: 'Hacked',
			tagline: 'Hacked',
			siteName: 'Hacked',
			bio: ['Hacked'],
		})
		expect(mine!.socialLinks.linkedInUrl).toBe('https://evil.example')
	})

	test('an unknown field is 404 for a signed-in owner, 401 without a token', async () => {
		const owner = await createOwner()
		const { status, json } = await update('email', { email: 'x@example.com' }, owner.token)
		expect(status).toBe(404)
		expect(json).toEqual({ status: 404, message: 'Not found' })
		expect((await update('constructor', {}, owner.token)).status).toBe(404)
		expect((await update('email', { email: 'x@example.com' })).status).toBe(401)
	})

	test('GET on an update URL is 405', async () => {
		const { status } = await callApi(updateFieldGet, '/one/sites/info/general/name/update')
		expect(status).toBe(405)
	})
})

describe('the language of the public pages (/one/sites/info/general/language)', () => {
	test('English until the owner picks one of the six; the pages change version with it', async () => {
		const owner = await createOwner()
		expect((await read('language', owner.id)).json.data).toEqual({ language: 'en' })
		const before = (await getProfile(owner.id))!.updatedAt
		for (const language of ['es', 'fr', 'de', 'pt-BR', 'ar']) {
			const saved = await update('language', { language }, owner.token)
			expect(saved.status).toBe(200)
			expect(saved.json.data).toEqual({ language })
			expect((await read('language', owner.id)).json.data).toEqual({ language })
		}
		expect((await getProfile(owner.id))!.updatedAt > before).toBe(true)
	})

	test.each([['ja'], ['pt'], ['EN'], [''], [null], [42]])(
		'%j is refused with the six named, and nothing changes',
		async (language) => {
			const owner = await createOwner()
			const { status, json } = await update('language', { language }, owner.token)
			expect(status).toBe(400)
			expect(String(json.message)).toContain('language: must be one of en, es, fr, de, pt-BR, ar')
			expect((await read('language', owner.id)).json.data).toEqual({ language: 'en' })
		},
	)
})

describe('GET /one/sites/resume/work-exp/get', () => {
	test('a new owner has five empty lists', async () => {
		const owner = await createOwner()
		const { status, json } = await readResumeOf(owner.id)
		expect(status).toBe(200)
		expect(json).toEqual({
			status: 200,
			data: { workExp: [], achievements: [], skills: [], certificates: [], education: [] },
		})
	})

	test('answers the saved resume in the contract shapes', async () => {
		const owner = await createOwner()
		await updateSection(
			'workexp',
			{
				workExp: [
					{
						company: 'Navy',
						role: 'Officer',
						startDate: 'Dec 1943',
						endDate: 'Ongoing',
						experience: 'Line one\nLine two',
					},
				],
			},
			owner.token,
		)
		await updateSection(
			'education',
			{
				education: [
					{ eduName: 'PhD', eduInstitution: 'Yale', eduStartYear: 1930, eduEndYear: 1934 },
				],
			},
			owner.token,
		)
		await updateSection('skills', { skills: [{ skillName: 'Python', rating: 4.5 }] }, owner.token)
		await updateSection(
			'certificates',
			{
				certificates: [
					{ crtName: 'Cert', crtPlat: 'Coursera', crtUrl: 'https://c.example', crtYear: 2020 },
				],
			},
			owner.token,
		)
		await updateSection('achievements', { achievements: 'Compiler\nCOBOL' }, owner.token)

		const { status, json } = await readResumeOf(owner.id)
		expect(status).toBe(200)
		expect(json.data).toEqual({
			workExp: [
				{
					workId: expect.any(String),
					company: 'Navy',
					role: 'Officer',
					startDate: '1943-12-01',
					endDate: 'Ongoing',
					experience: ['Line one', 'Line two'],
				},
			],
			education: [
				{
					eduId: expect.any(String),
					eduName: 'PhD',
					eduInstitution: 'Yale',
					eduStartYear: 1930,
					endDate: 1934,
				},
			],
			skills: [{ skillId: expect.any(String), skillName: 'Python', rating: 4.5 }],
			certificates: [
				{
					crtId: expect.any(String),
					crtName: 'Cert',
					crtPlat: 'Coursera',
					crtUrl: 'https://c.example',
					endDate: 2020,
				},
			],
			achievements: ['Compiler', 'COBOL'],
		})
	})

	test('an unknown or disabled customer is 404; a missing customer_id is 400', async () => {
		expect((await readResumeOf('c-no-such-customer')).json).toEqual({
			status: 404,
			message: 'Profile not found',
		})
		const owner = await createOwner()
		await setCustomerDisabled(owner.id, true)
		expect((await readResumeOf(owner.id)).status).toBe(404)
		const missing = await readResumeOf()
		expect(missing.status).toBe(400)
		expect(missing.json.message).toBe('customer_id: is required')
		expect((await readResumeOf('')).status).toBe(400)
	})
})

describe('POST /one/sites/resume/work-exp/update/{section}', () => {
	test('workexp: Mon YYYY becomes YYYY-MM-01, Ongoing is kept, malformed dates become empty', async () => {
		const owner = await createOwner()
		const { status, json } = await updateSection(
			'workexp',
			{
				workExp: [
					{ company: 'A', role: 'R1', startDate: 'Mar 2021', endDate: 'Ongoing', experience: '' },
					{ company: 'B', startDate: 'January 2018', endDate: 'Feb 2021', experience: ['x'] },
					{ company: 'C', startDate: '2015-09-17', endDate: '2017-12' },
					{ company: 'D', startDate: 'Smarch 2020', endDate: '13/2020' },
					{ company: 'E', startDate: '2020-02-30', endDate: 'Mar 1850' },
					{ company: 'F', startDate: 'sept 2019', endDate: 'ONGOING' },
					{ company: 'G', startDate: 'Jun 2019', endDate: 'Jul 2020', ongoing: true },
					{ company: 'H', startDate: 'Ongoing', endDate: '' },
				],
			},
			owner.token,
		)
		expect(status).toBe(200)
		const dates = resumeOf(json).workExp.map((item) => [item.company, item.startDate, item.endDate])
		expect(dates).toEqual([
			['A', '2021-03-01', 'Ongoing'],
			['B', '2018-01-01', '2021-02-01'],
			['C', '2015-09-01', '2017-12-01'],
			['D', '', ''],
			['E', '', ''],
			['F', '2019-09-01', 'Ongoing'],
			['G', '2019-06-01', 'Ongoing'],
			['H', '', ''],
		])
		expect(resumeOf(json).workExp[0]).toMatchObject({ role: 'R1', experience: [] })
		expect(resumeOf(json).workExp[1]).toMatchObject({ role: '', experience: ['x'] })
	})

	test('each section replaces its whole list, keeps order, and answers the full resume', async () => {
		const owner = await createOwner()
		await updateSection('achievements', { achievements: ['Kept'] }, owner.token)
		const first = await updateSection(
			'education',
			{
				education: [
					{ eduName: 'One', eduStartYear: '2001', endDate: '2004' },
					{ eduName: 'Two', eduInstitution: ' Uni ', eduStartYear: '', eduEndYear: null },
				],
			},
			owner.token,
		)
		expect(first.status).toBe(200)
		expect(resumeOf(first.json).education).toEqual([
			{
				eduId: expect.any(String),
				eduName: 'One',
				eduInstitution: '',
				eduStartYear: 2001,
				endDate: 2004,
			},
			{
				eduId: expect.any(String),
				eduName: 'Two',
				eduInstitution: 'Uni',
				eduStartYear: null,
				endDate: null,
			},
		])
		expect(resumeOf(first.json).achievements).toEqual(['Kept'])
		const second = await updateSection(
			'education',
			{ education: [{ eduName: 'Two' }, { eduName: 'Three' }] },
			owner.token,
		)
		expect(resumeOf(second.json).education.map((item) => item.eduName)).toEqual(['Two', 'Three'])
		const cleared = await updateSection('education', { education: [] }, owner.token)
		expect(resumeOf(cleared.json).education).toEqual([])
		expect(resumeOf(cleared.json).achievements).toEqual(['Kept'])
		expect((await readResumeOf(owner.id)).json.data).toEqual(cleared.json.data)
	})

	test('skills: ratings in half steps, names from the fixed list (any case), duplicates dropped', async () => {
		const owner = await createOwner()
		const { status, json } = await updateSection(
			'skills',
			{
				skills: [
					{ skillName: 'react', rating: 0.5 },
					{ skillName: 'Python', rating: '3.5' },
					{ skillName: 'SEO', rating: 5 },
					{ skillName: 'React', rating: 4 },
					{ skillName: ' python ', rating: 1 },
				],
			},
			owner.token,
		)
		expect(status).toBe(200)
		expect(resumeOf(json).skills.map(({ skillName, rating }) => [skillName, rating])).toEqual([
			['React', 0.5],
			['Python', 3.5],
			['SEO', 5],
		])
	})

	test('skills: an own word is kept as typed (trimmed), a list entry keeps its key; duplicates of either (any case) are dropped', async () => {
		const owner = await createOwner()
		const { status, json } = await updateSection(
			'skills',
			{
				skills: [
					{ skillName: ' UI/UX Design ', rating: 4 },
					{ skillName: 'sketch', rating: 3 },
					{ skillName: 'figma', rating: 5 },
					{ skillName: 'ui/ux design', rating: 1 },
					{ skillName: 'Sketch', rating: 2 },
					{ skillName: 'x'.repeat(60), rating: 1 },
				],
			},
			owner.token,
		)
		expect(status).toBe(200)
		expect(resumeOf(json).skills.map(({ skillName, rating }) => [skillName, rating])).toEqual([
			['UI/UX Design', 4],
			['sketch', 3],
			['Figma', 5],
			['x'.repeat(60), 1],
		])
	})

	test('certificates: the year comes back as endDate; crtYear or endDate is accepted', async () => {
		const owner = await createOwner()
		const { json } = await updateSection(
			'certificates',
			{
				certificates: [
					{ crtName: 'A', crtPlat: 'P', crtUrl: '', crtYear: '2021' },
					{ crtName: 'B', endDate: 2019, crtUrl: null },
				],
			},
			owner.token,
		)
		expect(resumeOf(json).certificates).toEqual([
			{ crtId: expect.any(String), crtName: 'A', crtPlat: 'P', crtUrl: null, endDate: 2021 },
			{ crtId: expect.any(String), crtName: 'B', crtPlat: '', crtUrl: null, endDate: 2019 },
		])
	})

	test('achievements: one per line, blank lines dropped; a list is accepted too', async () => {
		const owner = await createOwner()
		const text = await updateSection(
			'achievements',
			{ achievements: ' First \r\n\n  \nSecond\n' },
			owner.token,
		)
		expect(resumeOf(text.json).achievements).toEqual(['First', 'Second'])
		const list = await updateSection('achievements', { achievements: ['A', ' ', 'B'] }, owner.token)
		expect(resumeOf(list.json).achievements).toEqual(['A', 'B'])
	})

	test.each(
		titled([
			[
				'skills',
				{ skills: [{ skillName: 'React', rating: 0 }] },
				/skills\.0\.rating: Rate from 0.5/,
			],
			['skills', { skills: [{ skillName: 'React', rating: 5.5 }] }, /half steps/],
			['skills', { skills: [{ skillName: 'React', rating: 3.3 }] }, /half steps/],
			['skills', { skills: [{ skillName: 'React', rating: 'abc' }] }, /half steps/],
			['skills', { skills: [{ skillName: 'React', rating: null }] }, /rating/],
			['skills', { skills: [{ skillName: 'B'.repeat(61), rating: 3 }] }, /at most 60 characters/],
			['skills', { skills: [{ skillName: '', rating: 3 }] }, /Choose a skill/],
			['skills', { skills: 'React' }, /skills/],
			['workexp', { workExp: [{ company: 'x'.repeat(121) }] }, /workExp\.0\.company/],
			['workexp', { workExp: [{ experience: ['x'.repeat(501)] }] }, /at most 500/],
			['workexp', { workExp: [{ startDate: 'x'.repeat(41) }] }, /startDate/],
			['workexp', {}, /workExp/],
			['education', { education: [{ eduStartYear: 'abc' }] }, /year between 1900 and 2100/],
			['education', { education: [{ eduEndYear: 1800 }] }, /year between/],
			['education', { education: [{ eduStartYear: 2010, eduEndYear: 2005 }] }, /cannot be before/],
			[
				'workexp',
				{ workExp: [{ company: 'A', startDate: '2021-03-01', endDate: 'Jan 2021' }] },
				'workExp.0.endDate: The end date cannot be before the start date',
			],
			['education', { education: [{ eduStartYear: '2e3' }] }, /year between/],
			['education', { education: [{ eduStartYear: '0b11111101001' }] }, /year between/],
			['certificates', { certificates: [{ crtYear: '0x7E5' }] }, /year between/],
			['skills', { skills: [{ skillName: 'Go', rating: '0x5' }] }, /half steps/],
			['skills', { skills: [{ skillName: 'Go', rating: '5e-1' }] }, /half steps/],
			['certificates', { certificates: [{ crtUrl: 'javascript:alert(1)' }] }, LINK_ERROR],
			['certificates', { certificates: [{ crtUrl: 'data:text/html,x' }] }, LINK_ERROR],
			['certificates', { certificates: [{ crtYear: 2101 }] }, /year between/],
			['achievements', { achievements: ['x'.repeat(301)] }, /at most 300/],
			[
				'achievements',
				{ achievements: Array.from({ length: 51 }, (_, i) => `A${i}`) },
				/At most 50/,
			],
			[
				'education',
				{ education: Array.from({ length: 51 }, () => ({ eduName: 'x' })) },
				/education/,
			],
		] as const),
	)('%s is 400 and changes nothing', async (_title, section, body, message) => {
		const owner = await createOwner()
		await updateSection('skills', { skills: [{ skillName: 'Go', rating: 2 }] }, owner.token)
		await updateSection('achievements', { achievements: 'Kept' }, owner.token)
		const before = await snapshot(owner)
		const { status, json } = await updateSection(section, body, owner.token)
		expect(status).toBe(400)
		if (typeof message === 'string') expect(json.message).toContain(message)
		else expect(json.message).toMatch(message)
		expect(await snapshot(owner)).toEqual(before)
	})

	test.each(SECTIONS)('%s: no token or a bad token is 401', async (section) => {
		expect((await updateSection(section, { achievements: 'x' })).json).toEqual({
			status: 401,
			message: 'Unauthorized',
		})
		expect((await updateSection(section, { achievements: 'x' }, 'bad.token.here')).status).toBe(401)
	})

	test("another owner's token changes only that owner's own resume", async () => {
		const victim = await createOwner()
		await updateSection('achievements', { achievements: 'Mine' }, victim.token)
		await updateSection('skills', { skills: [{ skillName: 'Go', rating: 2 }] }, victim.token)
		const before = await snapshot(victim)
		const attacker = await createOwner()
		const bodies: Record<(typeof SECTIONS)[number], unknown> = {
			workexp: { workExp: [{ company: 'Evil' }], customer_id: victim.id },
			education: { education: [{ eduName: 'Evil' }], customer_id: victim.id },
			skills: { skills: [{ skillName: 'Rust', rating: 5 }], customer_id: victim.id },
			certificates: { certificates: [{ crtName: 'Evil' }], customer_id: victim.id },
			achievements: { achievements: 'Evil', customer_id: victim.id },
		}
		for (const section of SECTIONS) {
			const { status, json } = await updateSection(section, bodies[section], attacker.token)
			expect(status, section).toBe(200)
			expect(JSON.stringify(json.data), section).not.toContain('Mine')
		}
		expect(await snapshot(victim)).toEqual(before)
		const theirs = await getResume(attacker.id)
		expect(theirs.achievements).toEqual(['Evil'])
		expect(theirs.skills.map((skill) => skill.skillName)).toEqual(['Rust'])
	})

	test('an unknown section is 404; GET is 405', async () => {
		const owner = await createOwner()
		for (const section of ['languages', 'workExp', 'constructor']) {
			const { status, json } = await updateSection(section, {}, owner.token)
			expect(status, section).toBe(404)
			expect(json).toEqual({ status: 404, message: 'Not found' })
		}
		const get = await callApi(updateResumeGet, '/one/sites/resume/work-exp/update/skills')
		expect(get.status).toBe(405)
	})
})

// ------------------------------------------------------------------ builder page action

/**
 * Calls the /builder action like Remix: a Response, a `data()` answer or a plain object, and
 * whether it was thrown (a thrown answer shows the error page instead of the form's errors).
 */
async function act(body: unknown, options: CallOptions = {}) {
	let result: unknown
	let thrown = false
	try {
		result = await builderAction({
			request: makeRequest('/builder', { body, ...options }),
			params: {},
			context: {},
		})
	} catch (error) {
		result = error
		thrown = true
	}
	if (result instanceof Response) {
		return {
			status: result.status,
			body: undefined,
			location: result.headers.get('Location'),
			thrown,
		}
	}
	if (
		result &&
		typeof result === 'object' &&
		(result as { type?: unknown }).type === 'DataWithResponseInit'
	) {
		const { data, init } = result as { data: unknown; init: ResponseInit | null }
		return { status: init?.status ?? 200, body: data as Record<string, unknown>, thrown }
	}
	return { status: 200, body: result as Record<string, unknown>, thrown }
}

describe('the builder home action', () => {
	const asOwner = (owner: Owner) => ({ token: owner.token })

	test('every intent saves through the shared schemas and answers ok', async () => {
		const owner = await createOwner()
		const intents: Array<[string, Record<string, unknown>]> = [
			[
				'name',
				{
					firstName: 'Grace',
					lastName: 'Hopper',
					designation: 'Admiral',
					city: 'Arlington',
					country: 'USA',
				},
			],
			['tagline', { tagline: 'Ships first.' }],
			['social', { ...FULL_SOCIAL, mobileNumber: '+1 555 123 4567' }],
			['highlights', { highOne: 'One', highTwo: null, highThree: 'Three' }],
			['bio', { bio: 'First.\n\nSecond.' }],
			[
				'workexp',
				{
					workExp: [
						{
							company: 'Navy',
							role: 'Officer',
							startDate: '1943-12',
							endDate: '',
							ongoing: true,
							experience: 'a\nb',
						},
					],
				},
			],
			['education', { education: [{ eduName: 'PhD', eduStartYear: '1930', eduEndYear: '1934' }] }],
			['skills', { skills: [{ skillName: 'Python', rating: 3.5 }] }],
			['certificates', { certificates: [{ crtName: 'C', crtUrl: 'https://c.example' }] }],
			['achievements', { achievements: 'One\nTwo' }],
		]
		for (const [intent, values] of intents) {
			const { status, body } = await act({ intent, ...values }, asOwner(owner))
			expect(status, intent).toBe(200)
			expect(body, intent).toEqual({ ok: true, intent, at: expect.any(Number) })
		}
		const profile = await getProfile(owner.id)
		expect(profile).toMatchObject({
			name: { firstName: 'Grace', lastName: 'Hopper' },
			designation: 'Admiral',
			city: 'Arlington',
			country: 'USA',
			tagline: 'Ships first.',
			socialLinks: FULL_SOCIAL,
			carHighlights: { highOne: 'One', highTwo: null, highThree: 'Three' },
			bio: ['First.', 'Second.'],
		})
		const resume = await getResume(owner.id)
		expect(resume.workExp).toMatchObject([
			{ company: 'Navy', startDate: '1943-12-01', endDate: 'Ongoing', experience: ['a', 'b'] },
		])
		expect(resume.education).toMatchObject([{ eduName: 'PhD', eduStartYear: 1930, endDate: 1934 }])
		expect(resume.skills).toMatchObject([{ skillName: 'Python', rating: 3.5 }])
		expect(resume.certificates).toMatchObject([{ crtName: 'C', crtUrl: 'https://c.example' }])
		expect(resume.achievements).toEqual(['One', 'Two'])
	})

	test.each(
		titled([
			[
				'social',
				{ linkedInUrl: 'javascript:alert(1)' },
				{ linkedInUrl: handleError('linkedInUrl') },
			],
			['social', { mobileNumber: 'abc' }, { mobileNumber: PHONE_ERROR }],
			[
				'name',
				{ firstName: 'Ok', designation: 'x'.repeat(101) },
				{ designation: 'Designation must be at most 100 characters' },
			],
			[
				'tagline',
				{ tagline: 'x'.repeat(201) },
				{ tagline: 'Tagline must be at most 200 characters' },
			],
			['highlights', { highThree: 'x'.repeat(201) }, { highThree: expect.stringMatching(/200/) }],
			['bio', { bio: 'x'.repeat(5_001) }, { 'bio.0': expect.stringMatching(/5000/) }],
			[
				'workexp',
				{ workExp: [{ company: 'x'.repeat(121) }] },
				{ 'workExp.0.company': 'Company must be at most 120 characters' },
			],
			[
				'education',
				{ education: [{ eduStartYear: 2010, eduEndYear: 2001 }] },
				{ 'education.0.eduEndYear': 'The end year cannot be before the start year' },
			],
			[
				'skills',
				{
					skills: [
						{ skillName: 'React', rating: 4 },
						{ skillName: 'React', rating: 7 },
					],
				},
				{ 'skills.1.rating': 'Rate from 0.5 to 5 in half steps' },
			],
			[
				'skills',
				{ skills: [{ skillName: '   ', rating: 4 }] },
				{ 'skills.0.skillName': 'Choose a skill from the list or type your own' },
			],
			[
				'certificates',
				{ certificates: [{ crtUrl: 'javascript:alert(1)' }] },
				{ 'certificates.0.crtUrl': LINK_ERROR },
			],
			[
				'achievements',
				{ achievements: ['x'.repeat(301)] },
				{ 'achievements.0': expect.stringMatching(/300/) },
			],
			// One date-order rule for work and education.
			[
				'workexp',
				{ workExp: [{ company: 'Acme', startDate: 'May 2021', endDate: '2020-01' }] },
				{ 'workExp.0.endDate': 'The end date cannot be before the start date' },
			],
			// Strict decimal numbers: no hexadecimal, binary or exponent.
			[
				'education',
				{ education: [{ eduName: 'BSc', eduStartYear: '2e3' }] },
				{ 'education.0.eduStartYear': 'Enter a year between 1900 and 2100' },
			],
			[
				'education',
				{ education: [{ eduName: 'BSc', eduEndYear: '0x7E5' }] },
				{ 'education.0.eduEndYear': 'Enter a year between 1900 and 2100' },
			],
			[
				'skills',
				{ skills: [{ skillName: 'React', rating: '0b11' }] },
				{ 'skills.0.rating': 'Rate from 0.5 to 5 in half steps' },
			],
		] as const),
	)(
		'%s answers 400 with field errors and changes nothing',
		async (_title, intent, values, errors) => {
			const owner = await createOwner()
			await updateProfile(owner.id, FULL_PROFILE)
			const before = await snapshot(owner)
			// Every other field of the form is sent valid: only the bad value is refused.
			const { status, body, thrown } = await act(
				{ intent, ...FULL_PROFILE, ...values },
				asOwner(owner),
			)
			expect(status).toBe(400)
			// Returned, not thrown: the modal shows the errors instead of the page's error boundary.
			expect(thrown).toBe(false)
			expect(body).toEqual({
				ok: false,
				intent,
				at: expect.any(Number),
				message: 'Please try again',
				fieldErrors: errors,
			})
			expect(await snapshot(owner)).toEqual(before)
		},
	)

	test('an unknown or missing intent and a malformed body are 400', async () => {
		const owner = await createOwner()
		const unknown = await act({ intent: 'password', password: 'x' }, asOwner(owner))
		expect(unknown.status).toBe(400)
		expect(unknown.thrown).toBe(false)
		expect(unknown.body).toMatchObject({ ok: false, fieldErrors: { _form: 'Unknown intent' } })
		const missing = await act({ tagline: 'x' }, asOwner(owner))
		expect(missing.status).toBe(400)
		expect(missing.thrown).toBe(false)
		expect(missing.body).toMatchObject({ ok: false, fieldErrors: { _form: 'Missing intent' } })
		expect((await act(['tagline'], asOwner(owner))).status).toBe(400)
		const malformed = await act(undefined, { ...asOwner(owner), method: 'POST', rawBody: '{' })
		expect(malformed.status).toBe(400)
		expect(malformed.body).toMatchObject({
			fieldErrors: { _form: 'The request body must be valid JSON' },
		})
	})

	test('signed out (or disabled), an editor save is a 401 the editor shows, and writes nothing', async () => {
		const owner = await createOwner()
		const before = await snapshot(owner)
		// Returned, not a redirect to /login: the editor stays open with its draft.
		const refusal = {
			status: 401,
			thrown: false,
			body: {
				ok: false,
				intent: 'unknown',
				at: expect.any(Number),
				message: 'You were signed out',
				fieldErrors: {},
				signedOut: true,
			},
		}
		expect(await act({ intent: 'tagline', tagline: 'x' })).toEqual(refusal)
		expect(await act({ intent: 'tagline', tagline: 'x' }, { token: 'nope' })).toEqual(refusal)
		await setCustomerDisabled(owner.id, true)
		expect(await act({ intent: 'tagline', tagline: 'x' }, asOwner(owner))).toEqual(refusal)
		await setCustomerDisabled(owner.id, false)
		expect(await snapshot(owner)).toEqual(before)
	})

	test('signed out, a form posted without JavaScript goes to /login, then back to its page', async () => {
		const owner = await createOwner()
		const before = await snapshot(owner)
		const post = (referer?: string) =>
			act(undefined, {
				method: 'POST',
				rawBody: new URLSearchParams({ intent: 'tagline', tagline: 'x' }).toString(),
				headers: {
					'Content-Type': 'application/x-www-form-urlencoded',
					...(referer ? { Referer: referer } : {}),
				},
			})
		expect((await post('http://tagg.test/builder/portfolio/abc?tab=1')).location).toBe(
			`/login?${new URLSearchParams({ redirectTo: '/builder/portfolio/abc?tab=1', session: 'ended' })}`,
		)
		// Only a builder page of this site is come back to; /builder is where logging in leads.
		for (const referer of [
			undefined,
			'http://tagg.test/builder',
			'http://tagg.test/maya-torres',
			'https://evil.example/builder/settings',
			'http://tagg.test//evil.example/builder',
			'not a url',
		]) {
			const answer = await post(referer)
			expect(answer.status, referer).toBe(302)
			expect(answer.location, referer).toBe('/login?session=ended')
		}
		expect(await snapshot(owner)).toEqual(before)
	})

	test("an edit only ever touches the signed-in owner's own data", async () => {
		const victim = await createOwner()
		await updateProfile(victim.id, FULL_PROFILE)
		const before = await snapshot(victim)
		const attacker = await createOwner()
		for (const body of [
			{ intent: 'tagline', tagline: 'Hacked', customerId: victim.id },
			{ intent: 'achievements', achievements: 'Hacked', customer_id: victim.id },
		]) {
			expect((await act(body, asOwner(attacker))).status).toBe(200)
		}
		expect(await snapshot(victim)).toEqual(before)
		expect((await getProfile(attacker.id))!.tagline).toBe('Hacked')
	})
})
