/**
 * The builder's Contacts page: opening a contact marks it read, and an opening that arrives
 * after the contact was deleted (Delete pressed at once, or in another tab) is no error.
 */
import { expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { callAction } from '#tests/route'
import { createContact, getContact } from '~/models/contact.server'
import { action } from './builder.contacts'

async function post(token: string, fields: Record<string, string>) {
	const form = new FormData()
	for (const [name, value] of Object.entries(fields)) form.set(name, value)
	return callAction(action, '/builder/contacts', { rawBody: form, token })
}

const leave = (customerId: string, name: string) =>
	createContact(
		customerId,
		{ name, email: 'grace@example.com' },
		{ text: 'consent', at: new Date() },
	)

test('opening a contact marks it read, only the owner’s own', async () => {
	const [ada, other] = [await createOwner(), await createOwner()]
	const grace = await leave(ada.id, 'Grace Hopper')
	// Another owner cannot mark it read.
	expect(await post(other.token, { intent: 'open', contactId: grace.contactId })).toEqual({
		status: 200,
		body: { ok: true, intent: 'open' },
	})
	expect((await getContact(ada.id, grace.contactId, { open: false }))!.read).toBe(false)
	expect(await post(ada.token, { intent: 'open', contactId: grace.contactId })).toEqual({
		status: 200,
		body: { ok: true, intent: 'open' },
	})
	expect((await getContact(ada.id, grace.contactId, { open: false }))!.read).toBe(true)
})

test('opened and deleted at once: the deletion wins and the opening is no error', async () => {
	const ada = await createOwner()
	const contacts = await Promise.all(
		Array.from({ length: 8 }, (_, index) => leave(ada.id, `Katherine ${index}`)),
	)
	// Each contact's opening and deletion race, in both orders of arrival.
	const answers = await Promise.all(
		contacts.flatMap(({ contactId }, index) => {
			const open = () => post(ada.token, { intent: 'open', contactId })
			const remove = () => post(ada.token, { intent: 'delete', contactId })
			return index % 2 ? [remove(), open()] : [open(), remove()]
		}),
	)
	for (const answer of answers) expect(answer.status).toBe(200)
	for (const { contactId } of contacts)
		expect(await getContact(ada.id, contactId, { open: false })).toBeNull()
	// Deleting one already gone is still told: the owner's list was out of date.
	expect(await post(ada.token, { intent: 'delete', contactId: contacts[0]!.contactId })).toEqual({
		status: 404,
		body: { ok: false, message: 'Contact not found' },
	})
})
