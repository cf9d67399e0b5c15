/**
 * Contacts are the owner's data: the account export holds each with its consent and
 * when it was given; an import brings them back (no email about them: the owner was told where
 * they came from); an older document has none; a broken one is refused whole; deleting the
 * account deletes them.
 */
import { describe, expect, test } from 'vitest'
import { createOwner, uniqueEmail, uniquePath } from '#tests/factories'
import { prisma } from '~/utils/db.server'
import { deleteAccount } from './account.server'
import {
	AccountTransferError,
	bundleFromFiles,
	exportAccount,
	importAccount,
	type AccountDocument,
} from './account-transfer.server'
import { allContacts, claimContactsForNotice, createContact } from './contact.server'

const filesOf = (document: unknown) => [
	{ name: 'document.json', data: Buffer.from(JSON.stringify(document)) },
]

function asNewOwner(document: AccountDocument) {
	return {
		...document,
		account: { ...document.account, email: uniqueEmail('imported') },
		profile: { ...document.profile, path: uniquePath('Imported') },
	}
}

async function ownerWithContacts() {
	const owner = await createOwner()
	await createContact(
		owner.id,
		{
			name: 'Grace Hopper',
			email: 'grace@example.com',
			phone: undefined,
			company: 'Navy',
			message: 'Hi\nthere',
		},
		{
			text: 'I agree that Jane Doe receives these details.',
			at: new Date('2026-11-01T10:00:00.000Z'),
		},
	)
	await createContact(
		owner.id,
		{
			name: 'Alan Turing',
			email: undefined,
			phone: '+44 20 7946 0000',
			company: undefined,
			message: undefined,
		},
		{
			text: 'J’accepte que Jane Doe reçoive ces coordonnées.',
			at: new Date('2026-11-02T10:00:00.000Z'),
		},
	)
	await prisma().contact.updateMany({
		where: { customerId: owner.id, name: 'Alan Turing' },
		data: { read: true },
	})
	return owner
}

const CONTACTS = [
	{
		name: 'Grace Hopper',
		email: 'grace@example.com',
		phone: null,
		company: 'Navy',
		message: 'Hi\nthere',
		createdAt: '2026-11-01T10:00:00.000Z',
		read: false,
		consentText: 'I agree that Jane Doe receives these details.',
		consentAt: '2026-11-01T10:00:00.000Z',
	},
	{
		name: 'Alan Turing',
		email: null,
		phone: '+44 20 7946 0000',
		company: null,
		message: null,
		createdAt: '2026-11-02T10:00:00.000Z',
		read: true,
		consentText: 'J’accepte que Jane Doe reçoive ces coordonnées.',
		consentAt: '2026-11-02T10:00:00.000Z',
	},
]

describe('contacts in the account export', () => {
	test('export and import keep every contact with its consent, and tell nobody again', async () => {
		const owner = await ownerWithContacts()
		const exported = (await exportAccount(owner.id, { passwordHash: false }))!
		expect(exported.document.contacts).toEqual(CONTACTS)
		const imported = await importAccount(
			await bundleFromFiles(filesOf(asNewOwner(exported.document))),
		)
		expect(imported.contacts).toBe(2)
		const kept = await allContacts(imported.customerId)
		expect(kept.map(({ contactId: _, ...contact }) => contact)).toEqual([...CONTACTS].reverse())
		// Nothing is left for a notice to tell.
		expect(await claimContactsForNotice(imported.customerId, 'notice-1', new Date())).toEqual([])
		const again = (await exportAccount(imported.customerId, { passwordHash: false }))!
		expect(again.document.contacts).toEqual(CONTACTS)
	})

	test('an older document has no contacts: it imports with none', async () => {
		const owner = await createOwner()
		const { contacts: _, ...older } = (await exportAccount(owner.id, { passwordHash: false }))!
			.document
		const bundle = await bundleFromFiles(filesOf(asNewOwner(older as AccountDocument)))
		expect(bundle.document.contacts).toEqual([])
		const imported = await importAccount(bundle)
		expect(await allContacts(imported.customerId)).toEqual([])
	})

	test.each([
		['no way to answer', { email: null, phone: null }],
		['a name of 101 characters', { name: 'x'.repeat(101) }],
		['no consent text', { consentText: '' }],
	])('a document with a contact with %s is refused whole', async (_, change) => {
		const owner = await createOwner()
		const document = (await exportAccount(owner.id, { passwordHash: false }))!.document
		const broken = asNewOwner({ ...document, contacts: [{ ...CONTACTS[0]!, ...change }] })
		const refused = await bundleFromFiles(filesOf(broken)).catch((error: unknown) => error)
		expect(refused).toBeInstanceOf(AccountTransferError)
		expect((refused as AccountTransferError).message).toContain('contacts[0]')
	})

	test('deleting the account deletes its contacts', async () => {
		const owner = await ownerWithContacts()
		expect(await prisma().contact.count({ where: { customerId: owner.id } })).toBe(2)
		expect(await deleteAccount(owner.id)).toBe(true)
		expect(await prisma().contact.count({ where: { customerId: owner.id } })).toBe(0)
	})
})
