/**
 * An owner's own links (ARCHITECTURE.md "Links of your own"; the shared shape and the
 * schedule rules: app/utils/links.ts). The owner reads them all, in their order; a visitor reads
 * only the live ones at a moment (`isLive`). A save replaces the whole list under the owner's
 * write lock (./tx.server.ts, docs/decisions/011-serialised-per-owner.md): two saves never merge,
 * the last one wins whole, and a precondition (an `If-Match`) is checked on the current list
 * under that lock before anything is written (a stale one changes nothing).
 */
import { linkIcon } from '~/data/brand-icons'
import { prisma } from '~/utils/db.server'
import { type Precondition } from '~/utils/etag.server'
import { normaliseLinkUrl, type LinkInput } from '~/utils/link-schemas'
import {
	isLive,
	LINKS_MAX,
	scheduleBoundaries,
	scheduleWindow,
	type OwnLink,
	type ShownLink,
} from '~/utils/links'
import { type Tx, writeAsOwner } from './tx.server'

type LinkRow = {
	id: string
	title: string
	url: string
	icon: string | null
	active: boolean
	highlight: boolean
	startsAt: Date | null
	endsAt: Date | null
}

const linkSelect = {
	id: true,
	title: true,
	url: true,
	icon: true,
	active: true,
	highlight: true,
	startsAt: true,
	endsAt: true,
} as const

const toOwnLink = (row: LinkRow): OwnLink => ({
	linkId: row.id,
	title: row.title,
	url: row.url,
	icon: row.icon,
	active: row.active,
	highlight: row.highlight,
	startsAt: row.startsAt?.toISOString() ?? null,
	endsAt: row.endsAt?.toISOString() ?? null,
})

/**
 * The icon a link shows: the one the owner chose, else the one its URL's host (or scheme) names,
 * else a plain link icon.
 */
export function linkIconOf(link: Pick<OwnLink, 'url' | 'icon'>): string {
	return linkIcon(link.url, link.icon)
}

/** A link as the API answers it: its icon resolved (chosen, or from the host). */
export const withIcon = (link: OwnLink): OwnLink => ({ ...link, icon: linkIconOf(link) })

/** A live link as a visitor's page shows it. */
export const toShownLink = (link: OwnLink): ShownLink => ({
	linkId: link.linkId,
	title: link.title,
	url: link.url,
	highlight: link.highlight,
	icon: linkIconOf(link),
})

/** The owner's links, all of them (hidden and scheduled ones too), in display order. */
export async function listOwnLinks(customerId: string, db: Tx = prisma()): Promise<OwnLink[]> {
	const rows = await db.link.findMany({
		where: { customerId },
		orderBy: { position: 'asc' },
		select: linkSelect,
	})
	return rows.map(toOwnLink)
}

/** What a visitor sees at `now`: the active links inside their schedule, in display order. */
export async function listLiveLinks(customerId: string, now = new Date()): Promise<ShownLink[]> {
	const links = await listOwnLinks(customerId)
	return links.filter((link) => isLive(link, now)).map(toShownLink)
}

/**
 * The schedule window `now` falls in (ms; 0 when no schedule boundary has passed): the last
 * start or end of an active link at or before `now` (app/utils/links.ts). The page version
 * reads the same in its own query (./page-version.server.ts).
 */
export async function currentScheduleWindow(customerId: string, now = new Date()) {
	return scheduleWindow(scheduleBoundaries(await listOwnLinks(customerId)), now)
}

/** The titles of the owner's links among `ids` (the Insights page names `link:{id}` by them). */
export async function linkTitles(customerId: string, ids: readonly string[]) {
	if (!ids.length) return new Map<string, string>()
	const rows = await prisma().link.findMany({
		where: { customerId, id: { in: [...ids] } },
		select: { id: true, title: true },
	})
	return new Map(rows.map((row) => [row.id, row.title]))
}

/**
 * The icon to store for a link as sent: null (automatic) for the icon its URL gives anyway, and
 * for the automatic icon a read answered for the link as stored (a client that reads, edits the
 * URL and saves back the icon it was shown leaves it automatic); else the owner's choice.
 */
function storedIcon(link: LinkInput, existing: Pick<LinkRow, 'url' | 'icon'> | undefined) {
	if (link.icon === null) return null
	if (link.icon === linkIconOf({ url: link.url, icon: null })) return null
	if (existing && existing.icon === null && link.icon === linkIconOf(existing)) return null
	return link.icon
}

const sameRow = (a: LinkRow, b: Omit<LinkRow, 'id'> & { id?: string }) =>
	a.id === b.id &&
	a.title === b.title &&
	a.url === b.url &&
	a.icon === b.icon &&
	a.active === b.active &&
	a.highlight === b.highlight &&
	a.startsAt?.getTime() === b.startsAt?.getTime() &&
	a.endsAt?.getTime() === b.endsAt?.getTime()

/**
 * Replaces the owner's whole list with `links` (validated by app/utils/link-schemas.ts) and
 * answers the list as this write left it. An item whose `linkId` is one of the owner's links
 * keeps that id (and its clicks in Insights); any other item is new. The icon a read answered
 * for an automatic icon stays automatic ({@link storedIcon}), so a list read and saved back
 * keeps following its URLs. A list equal to the current one writes nothing (the page's version stays).
 * `precondition` sees the current list under the owner's lock; when it throws, nothing changes.
 */
export async function replaceLinks(
	customerId: string,
	links: readonly LinkInput[],
	precondition?: Precondition<OwnLink[]>,
): Promise<OwnLink[]> {
	return writeAsOwner(customerId, (tx) => writeLinkList(tx, customerId, links, precondition))
}

/** The owner's rows as a write reads them, under the owner's lock. */
const currentRows = (tx: Tx, customerId: string) =>
	tx.link.findMany({
		where: { customerId },
		orderBy: { position: 'asc' },
		select: { ...linkSelect, createdAt: true },
	})

/** {@link replaceLinks} inside a transaction that holds the owner's lock. */
async function writeLinkList(
	tx: Tx,
	customerId: string,
	links: readonly LinkInput[],
	precondition?: Precondition<OwnLink[]>,
	read?: Awaited<ReturnType<typeof currentRows>>,
): Promise<OwnLink[]> {
	const current = read ?? (await currentRows(tx, customerId))
	if (precondition) precondition(current.map(toOwnLink))
	const kept = new Map(current.map((row) => [row.id, row]))
	const rows = links.map((link, position) => {
		const existing = link.linkId ? kept.get(link.linkId) : undefined
		return {
			...(existing ? { id: existing.id, createdAt: existing.createdAt } : {}),
			customerId,
			position,
			title: link.title,
			url: link.url,
			icon: storedIcon(link, existing),
			active: link.active,
			highlight: link.highlight,
			startsAt: link.startsAt ? new Date(link.startsAt) : null,
			endsAt: link.endsAt ? new Date(link.endsAt) : null,
		}
	})
	if (rows.length === current.length && rows.every((row, i) => sameRow(current[i]!, row))) {
		return current.map(toOwnLink)
	}
	await tx.link.deleteMany({ where: { customerId } })
	if (rows.length) await tx.link.createMany({ data: rows })
	return listOwnLinks(customerId, tx)
}

/**
 * What makes two links the same for an import (app/services/resume-import.server.ts): their
 * address as a URL parser writes it (`https://Zoe.dev` and `https://zoe.dev/` are one), else
 * as typed.
 */
export function linkUrlKey(url: string): string {
	const typed = normaliseLinkUrl(url)
	try {
		return new URL(typed).href
	} catch {
		return typed
	}
}

/**
 * What appending `incoming` to links whose addresses have the keys `existing` adds: the links
 * whose address is not there yet (nor earlier in `incoming`), up to {@link LINKS_MAX} in all.
 */
export function appendableLinks<Link extends { url: string }>(
	existing: readonly string[],
	incoming: readonly Link[],
): Link[] {
	const seen = new Set(existing)
	const added: Link[] = []
	for (const link of incoming) {
		const key = linkUrlKey(link.url)
		if (seen.has(key)) continue
		seen.add(key)
		added.push(link)
	}
	return added.slice(0, Math.max(0, LINKS_MAX - existing.length))
}

/**
 * A resume import's write of the owner's links, inside the import's own transaction (the
 * owner's lock held: docs/decisions/012-resume-interchange.md), with the rules of a save.
 * `replace`: the list becomes `links` (a link whose address the owner had keeps its id, and so
 * its clicks in Insights). `append`: `links` whose address the owner has not are added after
 * the owner's own, which stay as they are, up to {@link LINKS_MAX} in all.
 */
export async function importLinks(
	tx: Tx,
	customerId: string,
	mode: 'replace' | 'append',
	links: readonly LinkInput[],
): Promise<OwnLink[]> {
	const current = await currentRows(tx, customerId)
	const owned = current.map(toOwnLink)
	if (mode === 'append') {
		const added = appendableLinks(
			owned.map((link) => linkUrlKey(link.url)),
			links,
		)
		return writeLinkList(tx, customerId, [...owned, ...added], undefined, current)
	}
	const ids = new Map<string, string>()
	for (const link of owned) {
		const key = linkUrlKey(link.url)
		if (!ids.has(key)) ids.set(key, link.linkId)
	}
	const list = links.slice(0, LINKS_MAX).map((link) => {
		const key = linkUrlKey(link.url)
		const linkId = ids.get(key)
		ids.delete(key)
		return linkId ? { ...link, linkId } : { ...link, linkId: undefined }
	})
	return writeLinkList(tx, customerId, list, undefined, current)
}

/**
 * The `data` of `GET /one/sites/links/get` and of a save's answer: the links with their icons
 * resolved. Its ETag is what an update's `If-Match` compares with.
 */
export const linksData = (links: readonly OwnLink[]) => ({ links: links.map(withIcon) })

/**
 * The titles of the owner's own links among counted links' keys (`link:{linkId}`), by linkId:
 * what Insights shows for them (a key missing here is a deleted link).
 */
export async function countedLinkTitles(customerId: string, keys: readonly string[]) {
	const ids = keys.flatMap((key) => (key.startsWith('link:') ? [key.slice(5)] : []))
	return Object.fromEntries(await linkTitles(customerId, ids))
}
