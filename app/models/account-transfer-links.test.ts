/**
 * The account export and import keep an owner's own links: in display order, hidden
 * and scheduled ones too, with no id; an older document with no links imports with none; a
 * document whose links break a save's rules is refused whole.
 */
import { describe, expect, test } from 'vitest'
import { createOwner, uniqueEmail, uniquePath } from '#tests/factories'
import {
	AccountTransferError,
	bundleFromFiles,
	exportAccount,
	importAccount,
	type AccountDocument,
} from './account-transfer.server'
import { listOwnLinks, replaceLinks } from './link.server'

const LINKS = [
	{
		// An icon the owner chose (the host names another brand, or none).
		title: 'My code',
		url: 'https://code.ada.example',
		icon: 'github',
		active: true,
		highlight: true,
		startsAt: null,
		endsAt: null,
	},
	{
		title: 'Hidden',
		url: 'mailto:ada@example.com',
		icon: null,
		active: false,
		highlight: false,
		startsAt: null,
		endsAt: null,
	},
	{
		title: 'Launch week',
		url: 'https://ada.example/launch',
		icon: null,
		active: true,
		highlight: false,
		startsAt: '2026-09-01T07:00:00.000Z',
		endsAt: '2026-09-08T07:00:00.000Z',
	},
]

/** The archive's files for `document` (an owner with no pictures has no image files). */
const filesOf = (document: unknown) => [
	{ name: 'document.json', data: Buffer.from(JSON.stringify(document)) },
]

/** The document as another owner (free email and path), for an import into this database. */
function asNewOwner(document: AccountDocument) {
	return {
		...document,
		account: { ...document.account, email: uniqueEmail('imported') },
		profile: { ...document.profile, path: uniquePath('Imported') },
	}
}

const withoutIds = (links: Awaited<ReturnType<typeof listOwnLinks>>) =>
	links.map(({ linkId: _, ...link }) => link)

describe('links in the account export', () => {
	test('export and import keep every link, in order, with no id; exporting again gives the same', async () => {
		const owner = await createOwner()
		await replaceLinks(owner.id, LINKS)
		const ids = (await listOwnLinks(owner.id)).map((link) => link.linkId)
		const exported = (await exportAccount(owner.id, { passwordHash: false }))!
		expect(exported.document.links).toEqual(LINKS)
		const text = JSON.stringify(exported.document)
		for (const id of ids) expect(text).not.toContain(id)

		const bundle = await bundleFromFiles(filesOf(asNewOwner(exported.document)))
		const imported = await importAccount(bundle)
		expect(imported.links).toBe(3)
		expect(withoutIds(await listOwnLinks(imported.customerId))).toEqual(LINKS)
		const again = (await exportAccount(imported.customerId, { passwordHash: false }))!
		expect(again.document.links).toEqual(exported.document.links)
	})

	test('an older document has no links: it imports with none', async () => {
		const owner = await createOwner()
		const { links: _, ...older } = (await exportAccount(owner.id, { passwordHash: false }))!
			.document
		const bundle = await bundleFromFiles(filesOf(asNewOwner(older as AccountDocument)))
		expect(bundle.document.links).toEqual([])
		const imported = await importAccount(bundle)
		expect(await listOwnLinks(imported.customerId)).toEqual([])
	})

	test.each([
		['a javascript: address', { url: 'javascript:alert(1)' }, 'links[0].url'],
		['an empty title', { title: ' ' }, 'links[0].title'],
		[
			'an end before its start',
			{ startsAt: '2026-01-02T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' },
			'links[0].endsAt',
		],
	])('a document with %s is refused whole', async (_, change, where) => {
		const owner = await createOwner()
		const document = (await exportAccount(owner.id, { passwordHash: false }))!.document
		const broken = asNewOwner({ ...document, links: [{ ...LINKS[0]!, ...change }] })
		const refused = await bundleFromFiles(filesOf(broken)).catch((error: unknown) => error)
		expect(refused).toBeInstanceOf(AccountTransferError)
		expect((refused as AccountTransferError).reason).toBe('invalid')
		expect((refused as AccountTransferError).message).toContain(where)
	})

	test('a document with two highlights or 51 links is refused', async () => {
		const owner = await createOwner()
		const document = (await exportAccount(owner.id, { passwordHash: false }))!.document
		for (const links of [
			[LINKS[0]!, { ...LINKS[2]!, highlight: true }],
			Array.from({ length: 51 }, (_, i) => ({ ...LINKS[1]!, title: `Link ${i}` })),
		]) {
			await expect(bundleFromFiles(filesOf(asNewOwner({ ...document, links })))).rejects.toThrow(
				AccountTransferError,
			)
		}
	})
})
