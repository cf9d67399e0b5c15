/**
 * Contact exchange through the /one API (ARCHITECTURE.md "Contact exchange"), against
 * the real database: a visitor's details taken (201) with the consent they were given with,
 * every rule of the form (each refusal a 400 naming the field, nothing stored), the bounded body,
 * a closed form or an unknown owner (404), the limits per client and owner, per client and per
 * owner (reserved atomically: a burst gets no further; 429 with Retry-After); the owner's list
 * (newest first, pages, search), a contact's card (parsed; opening it marks it read), the CSV
 * (parsed, formula-safe), deleting one, the switch that closes the form, and other owners.
 */
import { describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { callApi, callRoute, type CallOptions } from '#tests/route'
import { getContact } from '~/models/contact.server'
import { setCustomerDisabled } from '~/models/customer.server'
import { getPageVersion } from '~/models/page-version.server'
import { updateProfile } from '~/models/profile.server'
import { REMOTE_ADDRESS_HEADER } from '~/services/rate-limit.server'
import { CONTACT_RATE_LIMITS } from '~/services/contacts.server'
import { parseCsv, parseCsvObjects } from '~/utils/csv'
import { prisma } from '~/utils/db.server'
import { loader as listContacts } from './one.contacts._index'
import { action as leaveContact, loader as leaveContactGet } from './one.contacts.$pname'
import { loader as contactCard } from './one.contacts.$contactId.contact[.]vcf'
import { action as deleteContact } from './one.contacts.delete'
import { loader as exportCsv } from './one.contacts.export[.]csv'
import { loader as readForm } from './one.sites.info.general.contact-form'
import { action as updateForm } from './one.sites.info.general.contact-form.update'

type Owner = Awaited<ReturnType<typeof createOwner>>
type ContactItem = {
	contactId: string
	name: string
	email: string | null
	phone: string | null
	company: string | null
	message: string | null
	createdAt: string
	read: boolean
}

let addressCounter = 0
/** A client address of its own, so the per-address limits of one test leave the others alone. */
const newAddress = () => `203.0.113.${++addressCounter % 250}-${process.pid}-${Date.now()}`

const leave = (pname: string, body: unknown, options: CallOptions & { address?: string } = {}) =>
	callApi(leaveContact, `/one/contacts/${encodeURIComponent(pname)}`, {
		body,
		params: { pname },
		...options,
		headers: { [REMOTE_ADDRESS_HEADER]: options.address ?? newAddress(), ...options.headers },
	})

const valid = (extra: Record<string, unknown> = {}) => ({
	name: 'Grace Hopper',
	email: 'grace@example.com',
	consent: true,
	...extra,
})

const list = async (owner: Owner, query = '') => {
	const answer = await callApi(listContacts, `/one/contacts${query}`, { token: owner.token })
	expect(answer.status, JSON.stringify(answer.json)).toBe(200)
	return answer.json.data as { contacts: ContactItem[]; next: string | null }
}

const stored = async (owner: Owner) => prisma().contact.count({ where: { customerId: owner.id } })

describe('a visitor leaves their details', () => {
	test('201, then the owner lists them with what was given and the consent kept', async () => {
		const owner = await createOwner({ name: 'Ada Lovelace' })
		await updateProfile(owner.id, { firstName: 'Ada', lastName: 'Lovelace' })
		const answer = await leave(owner.path!, {
			name: '  Grace   Hopper ',
			email: ' grace@example.com ',
			phone: '+1 (555) 010-9999',
			company: 'Navy',
			message: 'Nice to meet you.\r\nLet us talk.',
			consent: true,
		})
		expect(answer.status, JSON.stringify(answer.json)).toBe(201)
		expect(answer.json).toEqual({ status: 201, message: 'Thank you! Your details were sent.' })
		const { contacts, next } = await list(owner)
		expect(next).toBeNull()
		expect(contacts).toEqual([
			{
				contactId: expect.any(String),
				name: 'Grace Hopper',
				email: 'grace@example.com',
				phone: '+1 (555) 010-9999',
				company: 'Navy',
				message: 'Nice to meet you.\nLet us talk.',
				createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
				read: false,
			},
		])
		const record = await getContact(owner.id, contacts[0]!.contactId, { open: false })
		expect(record!.consentText).toBe(
			'I agree that Ada Lovelace receives these details, by email and in Tagg, to get back in touch with me. How my details are kept (http://tagg.test/privacy)',
		)
		expect(Math.abs(Date.parse(record!.consentAt) - Date.now())).toBeLessThan(60_000)
	})

	test('the consent is kept in the language of the owner’s page, and names their address without a name', async () => {
		const owner = await createOwner()
		await prisma().profile.update({
			where: { customerId: owner.id },
			data: { language: 'fr', firstName: null, lastName: null },
		})
		expect((await leave(owner.path!, valid())).status).toBe(201)
		const [contact] = (await list(owner)).contacts
		const record = await getContact(owner.id, contact!.contactId, { open: false })
		expect(record!.consentText).toContain(owner.path!)
		expect(record!.consentText).not.toContain('I agree')
		expect(record!.consentText).toContain('(http://tagg.test/privacy)')
	})

	test('a phone number alone is enough; consent may be "on" (a form)', async () => {
		const owner = await createOwner()
		const answer = await leave(owner.path!, {
			name: 'Li',
			phone: '0044 20 7946 0000',
			consent: 'on',
		})
		expect(answer.status, JSON.stringify(answer.json)).toBe(201)
		expect((await list(owner)).contacts[0]).toMatchObject({
			email: null,
			phone: '0044 20 7946 0000',
		})
	})

	test.each([
		['no name', { name: undefined }, 'name: Enter your name'],
		['a blank name', { name: '   ' }, 'name: Enter your name'],
		[
			'a name of 101 characters',
			{ name: 'x'.repeat(101) },
			'name: Your name can be at most 100 characters',
		],
		[
			'neither email nor phone',
			{ email: undefined },
			'email: Enter your email or your phone number',
		],
		['an email that is no address', { email: 'grace@' }, 'email: Enter a valid email address'],
		['a phone of 6 digits', { phone: '123 456' }, 'phone: Enter a phone number of 7 to 15 digits'],
		[
			'a phone with letters',
			{ phone: '555-CALL-NOW' },
			'phone: Enter a phone number of 7 to 15 digits',
		],
		[
			'a company of 101 characters',
			{ company: 'c'.repeat(101) },
			'company: The company can be at most 100 characters',
		],
		[
			'a note of 1,001 characters',
			{ message: '😀'.repeat(1001) },
			'message: Your note can be at most 1,000 characters',
		],
		['no consent', { consent: undefined }, 'consent: Tick the box to agree to share your details'],
		['consent refused', { consent: false }, 'consent: Tick the box to agree to share your details'],
		['a name that is not text', { name: 42 }, 'name: must be text'],
	])('%s: 400 naming the field, nothing stored', async (_, change, message) => {
		const owner = await createOwner()
		const answer = await leave(owner.path!, valid(change))
		expect(answer.status).toBe(400)
		expect(answer.json).toEqual({ status: 400, message })
		expect(await stored(owner)).toBe(0)
	})

	test('a note of exactly 1,000 characters (emoji count as one) is taken', async () => {
		const owner = await createOwner()
		expect((await leave(owner.path!, valid({ message: '😀'.repeat(1000) }))).status).toBe(201)
	})

	test('the body is bounded (413) and must be JSON (415)', async () => {
		const owner = await createOwner()
		const big = await leave(owner.path!, valid({ message: 'x'.repeat(20_000) }))
		expect(big.status).toBe(413)
		const form = await leave(owner.path!, undefined, {
			rawBody: 'name=Grace&email=g%40example.com&consent=on',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		})
		expect(form.status).toBe(415)
		expect(await stored(owner)).toBe(0)
		const get = await callRoute(leaveContactGet, `/one/contacts/${owner.path}`)
		expect(get.status).toBe(405)
		expect(get.headers.get('allow')).toBe('POST')
	})

	test('a closed form, an unknown name and a disabled owner: 404', async () => {
		const owner = await createOwner()
		const closed = await callApi(updateForm, '/one/sites/info/general/contact-form/update', {
			body: { enabled: false },
			token: owner.token,
		})
		expect(closed.json).toEqual({ status: 200, data: { enabled: false, notices: true } })
		expect(await leave(owner.path!, valid())).toMatchObject({
			status: 404,
			json: { status: 404, message: 'This page does not take contact details.' },
		})
		expect((await leave('nobody-has-this-name', valid())).status).toBe(404)
		const other = await createOwner()
		await setCustomerDisabled(other.id, true)
		expect((await leave(other.path!, valid())).status).toBe(404)
		expect(await stored(owner)).toBe(0)
	})
})

describe('the limits', () => {
	test('one address and one owner: a burst gets exactly the limit through, then 429 with Retry-After', async () => {
		const owner = await createOwner()
		const address = newAddress()
		const max = CONTACT_RATE_LIMITS.clientToOwner.max
		const answers = await Promise.all(
			Array.from({ length: max + 5 }, (_, index) =>
				leave(owner.path!, valid({ name: `Visitor ${index}` }), { address }),
			),
		)
		expect(answers.filter((answer) => answer.status === 201)).toHaveLength(max)
		const refused = answers.filter((answer) => answer.status === 429)
		expect(refused).toHaveLength(5)
		expect(refused[0]!.json.message).toBe(
			'You have sent your details too many times. Please wait a while and try again.',
		)
		const retryAfter = Number(refused[0]!.headers.get('retry-after'))
		expect(retryAfter).toBeGreaterThan(0)
		expect(retryAfter).toBeLessThanOrEqual(3600)
		expect(await stored(owner)).toBe(max)
		// Another address still gets through to the same owner.
		expect((await leave(owner.path!, valid())).status).toBe(201)
	})

	test('one address to many owners: the per-address limit', async () => {
		const address = newAddress()
		const owners = await Promise.all(Array.from({ length: 5 }, () => createOwner()))
		let taken = 0
		let refused = 0
		for (let round = 0; round < 5; round++) {
			for (const owner of owners) {
				const answer = await leave(owner.path!, valid(), { address })
				if (answer.status === 201) taken++
				else if (answer.status === 429) refused++
			}
		}
		expect(taken).toBe(CONTACT_RATE_LIMITS.client.max)
		expect(refused).toBe(25 - CONTACT_RATE_LIMITS.client.max)
	})

	test('one owner from everywhere: the per-owner limit says so, and costs the visitor nothing', async () => {
		const owner = await createOwner()
		await prisma().rateLimit.create({
			data: {
				key: `contact:owner:${owner.id}`,
				count: CONTACT_RATE_LIMITS.owner.max,
				resetAt: new Date(Date.now() + 60 * 60_000),
			},
		})
		const address = newAddress()
		const answer = await leave(owner.path!, valid(), { address })
		expect(answer.status).toBe(429)
		expect(answer.json.message).toBe(
			'This page cannot take more details right now. Please try again later.',
		)
		expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(3500)
		// The attempts reserved on the narrower limits were given back.
		const own = await prisma().rateLimit.findMany({
			where: { key: { in: [`contact:ip:${address}`, `contact:ip-owner:${address}|${owner.id}`] } },
		})
		expect(own.every((row) => row.count === 0)).toBe(true)
		expect(await stored(owner)).toBe(0)
	})
})

describe('the owner’s contacts', () => {
	async function ownerWithContacts(count: number) {
		const owner = await createOwner()
		for (let i = 0; i < count; i++) {
			const answer = await leave(
				owner.path!,
				valid({ name: `Visitor ${i}`, email: `visitor${i}@example.com` }),
			)
			expect(answer.status).toBe(201)
		}
		return owner
	}

	test('newest first, in pages with a cursor; 401 without a session', async () => {
		const owner = await ownerWithContacts(5)
		const first = await list(owner, '?limit=2')
		expect(first.contacts.map((contact) => contact.name)).toEqual(['Visitor 4', 'Visitor 3'])
		const second = await list(owner, `?limit=2&cursor=${first.next}`)
		expect(second.contacts.map((contact) => contact.name)).toEqual(['Visitor 2', 'Visitor 1'])
		const third = await list(owner, `?limit=2&cursor=${second.next}`)
		expect(third.contacts.map((contact) => contact.name)).toEqual(['Visitor 0'])
		expect(third.next).toBeNull()
		expect((await callApi(listContacts, '/one/contacts')).status).toBe(401)
		expect(
			(await callApi(listContacts, '/one/contacts?limit=0', { token: owner.token })).status,
		).toBe(400)
	})

	test('search finds every word in any field, any case', async () => {
		const owner = await ownerWithContacts(0)
		await leave(owner.path!, valid({ name: 'Grace Hopper', company: 'US Navy' }))
		await leave(owner.path!, valid({ name: 'Alan Turing', email: 'alan@bletchley.example' }))
		const byCompany = await list(owner, '?q=navy')
		expect(byCompany.contacts.map((contact) => contact.name)).toEqual(['Grace Hopper'])
		const byTwoWords = await list(owner, `?q=${encodeURIComponent('alan BLETCHLEY')}`)
		expect(byTwoWords.contacts.map((contact) => contact.name)).toEqual(['Alan Turing'])
		expect((await list(owner, '?q=nobody')).contacts).toEqual([])
	})

	test('a contact’s card is a vCard of its details, and opening it marks it read', async () => {
		const owner = await ownerWithContacts(0)
		await leave(
			owner.path!,
			valid({
				name: 'Grace Brewster Hopper',
				phone: '+1 555 010 9999',
				company: 'Navy; Yale',
				message: 'Hi,\nsee you',
			}),
		)
		const [contact] = (await list(owner)).contacts
		const response = await callRoute(
			contactCard,
			`/one/contacts/${contact!.contactId}/contact.vcf`,
			{
				token: owner.token,
				params: { contactId: contact!.contactId },
			},
		)
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('text/vcard; charset=utf-8')
		const card = parseVCard(await response.text())
		expect(card).toMatchObject({
			VERSION: '3.0',
			N: 'Hopper;Grace Brewster;;;',
			FN: 'Grace Brewster Hopper',
			ORG: 'Navy\\; Yale',
			'EMAIL;TYPE=INTERNET': 'grace@example.com',
			'TEL;TYPE=VOICE': '+1 555 010 9999',
			NOTE: 'Hi\\,\\nsee you',
		})
		expect((await list(owner)).contacts[0]!.read).toBe(true)
		// Another owner: 404, and nothing read.
		const other = await createOwner()
		const refused = await callRoute(
			contactCard,
			`/one/contacts/${contact!.contactId}/contact.vcf`,
			{
				token: other.token,
				params: { contactId: contact!.contactId },
			},
		)
		expect(refused.status).toBe(404)
	})

	test('the CSV holds every contact with its consent, and no cell runs as a formula', async () => {
		const owner = await ownerWithContacts(0)
		await leave(
			owner.path!,
			valid({ name: '=HYPERLINK("http://evil.example","x")', company: '+cmd', message: '@SUM(1)' }),
		)
		await leave(
			owner.path!,
			valid({ name: 'Plain, "quoted"', phone: '5550100999', email: undefined }),
		)
		const response = await callRoute(exportCsv, '/one/contacts/export.csv', { token: owner.token })
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
		expect(response.headers.get('content-disposition')).toMatch(
			/^attachment; filename="tagg-contacts-\d{4}-\d\d-\d\d\.csv"$/,
		)
		const bytes = Buffer.from(await response.arrayBuffer())
		// A byte order mark first: spreadsheets opened by double-click then read UTF-8.
		expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
		const rows = parseCsvObjects(bytes.toString('utf8'))
		expect(rows).toHaveLength(2)
		expect(Object.keys(rows[0]!)).toEqual([
			'name',
			'email',
			'phone',
			'company',
			'message',
			'createdAt',
			'read',
			'consentText',
			'consentAt',
		])
		expect(rows[0]).toMatchObject({
			name: 'Plain, "quoted"',
			phone: '5550100999',
			email: '',
			read: 'no',
		})
		expect(rows[1]).toMatchObject({
			name: `'=HYPERLINK("http://evil.example","x")`,
			company: "'+cmd",
			message: "'@SUM(1)",
		})
		expect(rows[1]!.consentText).toContain('I agree that')
		for (const row of rows)
			for (const value of Object.values(row)) expect(value).not.toMatch(/^[=+\-@\t\r]/)
		expect((await callRoute(exportCsv, '/one/contacts/export.csv')).status).toBe(401)

		// In the builder's language: its column names and its yes and no.
		const arabic = await callRoute(exportCsv, '/one/contacts/export.csv', {
			token: owner.token,
			headers: { 'Accept-Language': 'ar' },
		})
		const [header, first] = parseCsv(Buffer.from(await arabic.arrayBuffer()).toString('utf8'))
		expect(header).toEqual([
			'الاسم',
			'البريد الإلكتروني',
			'الهاتف',
			'الشركة',
			'الرسالة',
			'التاريخ',
			'مقروء',
			'نص الموافقة',
			'تاريخ الموافقة',
		])
		expect(first![6]).toBe('لا')
	})

	test('delete: gone for good; another owner’s or a gone one is 404', async () => {
		const owner = await ownerWithContacts(2)
		const [newest, oldest] = (await list(owner)).contacts
		const other = await createOwner()
		const remove = (who: Owner, contactId: string) =>
			callApi(deleteContact, '/one/contacts/delete', { body: { contactId }, token: who.token })
		expect((await remove(other, newest!.contactId)).status).toBe(404)
		expect(await remove(owner, newest!.contactId)).toMatchObject({
			status: 200,
			json: { status: 200, data: { contactId: newest!.contactId } },
		})
		expect((await remove(owner, newest!.contactId)).status).toBe(404)
		expect((await list(owner)).contacts.map((contact) => contact.contactId)).toEqual([
			oldest!.contactId,
		])
		expect((await remove(owner, '')).status).toBe(400)
	})
})

describe('the switch', () => {
	test('read (public with customer_id, or one’s own), closed and opened again; the page version moves', async () => {
		const owner = await createOwner()
		const read = (query: string, token?: string) =>
			callApi(readForm, `/one/sites/info/general/contact-form${query}`, { token })
		expect((await read(`?customer_id=${owner.id}`)).json).toEqual({
			status: 200,
			data: { enabled: true },
		})
		// One's own says too whether one is emailed of each contact; anyone else reads the form only.
		expect((await read('', owner.token)).json).toEqual({
			status: 200,
			data: { enabled: true, notices: true },
		})
		expect((await read('')).status).toBe(401)
		expect((await read('?customer_id=nobody')).status).toBe(404)
		const before = (await getPageVersion(owner.path!))!.version
		await new Promise((resolve) => setTimeout(resolve, 5))
		const set = (enabled: unknown) =>
			callApi(updateForm, '/one/sites/info/general/contact-form/update', {
				body: { enabled },
				token: owner.token,
			})
		expect((await set(false)).json).toEqual({
			status: 200,
			data: { enabled: false, notices: true },
		})
		expect((await getPageVersion(owner.path!))!.version).toBeGreaterThan(before)
		expect((await read(`?customer_id=${owner.id}`)).json).toEqual({
			status: 200,
			data: { enabled: false },
		})
		expect((await set('yes')).status).toBe(400)
		expect((await set(true)).json).toEqual({ status: 200, data: { enabled: true, notices: true } })
		expect((await leave(owner.path!, valid())).status).toBe(201)
		expect(
			(
				await callApi(updateForm, '/one/sites/info/general/contact-form/update', {
					body: { enabled: false },
				})
			).status,
		).toBe(401)
	})
})

/** The properties of a one-card vCard text (unfolded), by name with its parameters. */
function parseVCard(text: string) {
	expect(text.endsWith('\r\n')).toBe(true)
	const lines = text.replace(/\r\n /g, '').split('\r\n').filter(Boolean)
	expect(lines[0]).toBe('BEGIN:VCARD')
	expect(lines.at(-1)).toBe('END:VCARD')
	return Object.fromEntries(
		lines.slice(1, -1).map((line) => {
			const colon = line.indexOf(':')
			return [line.slice(0, colon), line.slice(colon + 1)]
		}),
	)
}
