/**
 * The links model against the real database: the owner's list and the visitors' list
 * at a moment, whole-list saves serialised per owner with a precondition, and the constraints
 * that hold whatever writes (a script, an old instance): no unsafe address, one highlight, an
 * end after the start, positions 0..49.
 */
import { describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { prisma } from '~/utils/db.server'
import { PreconditionFailed } from '~/utils/etag.server'
import { type LinkInput } from '~/utils/link-schemas'
import { getPageVersion } from './page-version.server'
import {
	countedLinkTitles,
	currentScheduleWindow,
	linkTitles,
	listLiveLinks,
	listOwnLinks,
	replaceLinks,
} from './link.server'

const input = (title: string, url: string, extra: Partial<LinkInput> = {}): LinkInput => ({
	title,
	url,
	icon: null,
	active: true,
	highlight: false,
	startsAt: null,
	endsAt: null,
	...extra,
})

describe('the owner’s list and the visitors’ list', () => {
	test('in the owner’s order; visitors get the live ones with their icons resolved', async () => {
		const owner = await createOwner()
		const at = '2026-07-01T00:00:00.000Z'
		await replaceLinks(owner.id, [
			input('Site', 'https://ada.example'),
			input('Hidden', 'https://hidden.example', { active: false }),
			input('Later', 'https://later.example', { startsAt: at }),
			input('Mail', 'mailto:ada@example.com', { highlight: true }),
			input('Code', 'https://code.ada.example', { icon: 'github' }),
		])
		const own = await listOwnLinks(owner.id)
		expect(own.map((link) => [link.title, link.icon])).toEqual([
			['Site', null],
			['Hidden', null],
			['Later', null],
			['Mail', null],
			['Code', 'github'],
		])
		const before = await listLiveLinks(owner.id, new Date(Date.parse(at) - 1))
		expect(before).toEqual([
			{
				linkId: own[0]!.linkId,
				title: 'Site',
				url: 'https://ada.example',
				highlight: false,
				icon: 'link',
			},
			{
				linkId: own[3]!.linkId,
				title: 'Mail',
				url: 'mailto:ada@example.com',
				highlight: true,
				icon: 'mail',
			},
			{
				linkId: own[4]!.linkId,
				title: 'Code',
				url: 'https://code.ada.example',
				highlight: false,
				icon: 'github',
			},
		])
		const after = await listLiveLinks(owner.id, new Date(at))
		expect(after.map((link) => link.title)).toEqual(['Site', 'Later', 'Mail', 'Code'])
		expect(await currentScheduleWindow(owner.id, new Date(Date.parse(at) - 1))).toBe(0)
		expect(await currentScheduleWindow(owner.id, new Date(at))).toBe(Date.parse(at))
	})

	test('titles by id for Insights, only the owner’s own', async () => {
		const [owner, other] = await Promise.all([createOwner(), createOwner()])
		const [mine] = await replaceLinks(owner.id, [input('Mine', 'https://mine.example')])
		const [theirs] = await replaceLinks(other.id, [input('Theirs', 'https://theirs.example')])
		expect(await linkTitles(owner.id, [mine!.linkId, theirs!.linkId])).toEqual(
			new Map([[mine!.linkId, 'Mine']]),
		)
		expect(
			await countedLinkTitles(owner.id, [
				`link:${mine!.linkId}`,
				`link:${theirs!.linkId}`,
				'linkedInUrl',
				`portfolio:${mine!.linkId}`,
			]),
		).toEqual({ [mine!.linkId]: 'Mine' })
		expect(await countedLinkTitles(owner.id, [])).toEqual({})
	})
})

describe('whole-list saves', () => {
	test('a failed precondition changes nothing', async () => {
		const owner = await createOwner()
		const kept = await replaceLinks(owner.id, [input('Kept', 'https://kept.example')])
		const version = (await getPageVersion(owner.path!))!.version
		await expect(
			replaceLinks(owner.id, [input('New', 'https://new.example')], (current) => {
				expect(current).toEqual(kept)
				throw new PreconditionFailed()
			}),
		).rejects.toBeInstanceOf(PreconditionFailed)
		expect(await listOwnLinks(owner.id)).toEqual(kept)
		expect((await getPageVersion(owner.path!))!.version).toBe(version)
	})

	test('saves at once never merge: the list is one writer’s, whole', async () => {
		const owner = await createOwner()
		const lists = Array.from({ length: 6 }, (_, writer) =>
			Array.from({ length: 8 }, (_, i) =>
				input(`Writer ${writer} link ${i}`, `https://example.com/${writer}/${i}`, {
					highlight: i === writer,
				}),
			),
		)
		await Promise.all(lists.map((list) => replaceLinks(owner.id, list)))
		const final = await listOwnLinks(owner.id)
		expect(final).toHaveLength(8)
		const writer = final[0]!.title.split(' ')[1]
		expect(final.every((link) => link.title.startsWith(`Writer ${writer} `))).toBe(true)
		expect(final.filter((link) => link.highlight)).toHaveLength(1)
		const positions = await prisma().link.findMany({
			where: { customerId: owner.id },
			select: { position: true },
			orderBy: { position: 'asc' },
		})
		expect(positions.map((row) => row.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
	})

	test('an owner’s links go with the account', async () => {
		const owner = await createOwner()
		await replaceLinks(owner.id, [input('One', 'https://one.example')])
		await prisma().customer.delete({ where: { id: owner.id } })
		expect(await prisma().link.count({ where: { customerId: owner.id } })).toBe(0)
	})
})

describe('the database refuses what the rules refuse, whoever writes', () => {
	const row = (customerId: string, fields: Record<string, unknown> = {}) => ({
		customerId,
		position: 0,
		title: 'A link',
		url: 'https://example.com',
		...fields,
	})

	test.each([
		['a javascript: address', { url: 'javascript:alert(1)' }],
		['a data: address', { url: 'data:text/html,x' }],
		['a relative address', { url: '/elsewhere' }],
		['an address over 2,048 bytes', { url: `https://example.com/${'é'.repeat(1020)}` }],
		['an empty title', { title: '' }],
		['a title over 80 characters', { title: 'x'.repeat(81) }],
		['an icon that is no slug', { icon: '<svg>' }],
		['an end before the start', { startsAt: new Date(2), endsAt: new Date(1) }],
		['an end at the start', { startsAt: new Date(1), endsAt: new Date(1) }],
		['a position past 49', { position: 50 }],
		['a negative position', { position: -1 }],
	])('%s', async (_, fields) => {
		const owner = await createOwner()
		await expect(prisma().link.create({ data: row(owner.id, fields) })).rejects.toThrow()
		expect(await prisma().link.count({ where: { customerId: owner.id } })).toBe(0)
	})

	test('one highlighted link per owner, one link per position', async () => {
		const owner = await createOwner()
		await prisma().link.create({ data: row(owner.id, { highlight: true }) })
		await expect(
			prisma().link.create({ data: row(owner.id, { position: 1, highlight: true }) }),
		).rejects.toThrow()
		await expect(prisma().link.create({ data: row(owner.id) })).rejects.toThrow()
		// Another owner may highlight theirs.
		const other = await createOwner()
		await prisma().link.create({ data: row(other.id, { highlight: true }) })
	})
})
