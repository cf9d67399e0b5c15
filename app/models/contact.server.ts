/**
 * Contacts: the details visitors leave for an owner ('Exchange contact';
 * ARCHITECTURE.md "Contact exchange"; docs/decisions/035-contact-exchange.md). The owner's data:
 * listed newest first, opened (which marks it read), deleted one by one or with the account
 * (ON DELETE CASCADE), exported and imported with the account, and deleted by the retention job
 * after CONTACTS_RETENTION_DAYS. Each row keeps the consent text it was given with and when.
 *
 * The owner hears of new contacts by email, through the outbox: a notice claims every contact
 * not told yet (`noticeId`), so several contacts within minutes go out as one digest and no
 * contact is told twice, whichever instance sends it.
 */
import { prisma, type Prisma } from '~/utils/db.server'
import { type ContactInput } from '~/utils/contact-schemas'
import { utcDay } from '~/utils/insights'
import { encodeCursor, type PageRequest, type Page } from '~/utils/pagination.server'
import { addContactCount } from './insights.server'

/** A contact as the API and the builder show it. */
export type ContactData = {
	contactId: string
	name: string
	email: string | null
	phone: string | null
	company: string | null
	message: string | null
	createdAt: string
	read: boolean
}

/** Everything a contact holds (the account export, the vCard). */
export type ContactRecord = ContactData & { consentText: string; consentAt: string }

const contactSelect = {
	id: true,
	name: true,
	email: true,
	phone: true,
	company: true,
	message: true,
	createdAt: true,
	read: true,
	consentText: true,
	consentAt: true,
} satisfies Prisma.ContactSelect

type ContactRow = Prisma.ContactGetPayload<{ select: typeof contactSelect }>

export const contactData = (row: ContactRow): ContactData => ({
	contactId: row.id,
	name: row.name,
	email: row.email,
	phone: row.phone,
	company: row.company,
	message: row.message,
	createdAt: row.createdAt.toISOString(),
	read: row.read,
})

const contactRecord = (row: ContactRow): ContactRecord => ({
	...contactData(row),
	consentText: row.consentText,
	consentAt: row.consentAt.toISOString(),
})

// ---------------------------------------------------------------- the owner's switch

/** Whether the owner's page takes contacts (false for an owner with no profile). */
export async function contactFormOpen(customerId: string) {
	const profile = await prisma().profile.findUnique({
		where: { customerId },
		select: { contactFormEnabled: true },
	})
	return profile?.contactFormEnabled ?? false
}

/**
 * Opens or closes the owner's form. A change moves the page's version (`updatedAt`): the button
 * shows or goes at once, from every cache.
 */
export async function setContactFormOpen(customerId: string, enabled: boolean) {
	await prisma().profile.updateMany({
		where: { customerId, contactFormEnabled: !enabled },
		data: { contactFormEnabled: enabled },
	})
	return contactFormOpen(customerId)
}

/** Whether the owner is emailed when a visitor leaves their details. */
export async function contactNoticesOn(customerId: string) {
	const owner = await prisma().customer.findUnique({
		where: { id: customerId },
		select: { contactNotices: true },
	})
	return owner?.contactNotices ?? false
}

/**
 * Turns those emails on or off (the Contacts page, or the emails' unsubscribe link): whether the
 * owner exists. Not part of any page: no version moves.
 */
export async function setContactNotices(customerId: string, on: boolean) {
	const { count } = await prisma().customer.updateMany({
		where: { id: customerId },
		data: { contactNotices: on },
	})
	return count === 1
}

/**
 * The owner of a public name whose form is open, with what the form says of them, or null (no
 * such active owner, or the form is closed).
 */
export async function findOpenContactForm(customerId: string) {
	const profile = await prisma().profile.findFirst({
		where: { customerId, contactFormEnabled: true, customer: { disabled: false } },
		select: { customerId: true, path: true, firstName: true, lastName: true, language: true },
	})
	return profile
}

// ---------------------------------------------------------------- visitors

/**
 * Stores a visitor's details with the consent they were given with, and counts it in the
 * owner's insights for the day (one transaction).
 */
export async function createContact(
	customerId: string,
	input: Omit<ContactInput, 'consent'>,
	consent: { text: string; at: Date },
): Promise<ContactData> {
	return prisma().$transaction(async (tx) => {
		const row = await tx.contact.create({
			data: {
				customerId,
				name: input.name,
				email: input.email ?? null,
				phone: input.phone ?? null,
				company: input.company ?? null,
				message: input.message ?? null,
				consentText: consent.text,
				consentAt: consent.at,
				createdAt: consent.at,
			},
			select: contactSelect,
		})
		await addContactCount(customerId, utcDay(consent.at), tx)
		return contactData(row)
	})
}

// ---------------------------------------------------------------- the owner

/** The words a search looks for in every field (case-insensitive), or every contact. */
function searchWhere(customerId: string, search: string | null): Prisma.ContactWhereInput {
	const words = (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8)
	if (!words.length) return { customerId }
	return {
		customerId,
		AND: words.map((word) => ({
			OR: (['name', 'email', 'phone', 'company', 'message'] as const).map((field) => ({
				[field]: { contains: word, mode: 'insensitive' as const },
			})),
		})),
	}
}

/** A page of the owner's contacts, newest first (the cursor: the last one's time and id). */
export async function listContacts(
	customerId: string,
	page: PageRequest,
	search: string | null = null,
): Promise<Page<ContactData> & { total: number }> {
	const where = searchWhere(customerId, search)
	const after = page.after
	const [rows, total] = await Promise.all([
		prisma().contact.findMany({
			where: after
				? {
						AND: [
							where,
							{
								OR: [
									{ createdAt: { lt: after.createdAt } },
									{ createdAt: after.createdAt, id: { lt: after.id } },
								],
							},
						],
					}
				: where,
			orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
			take: page.limit + 1,
			select: contactSelect,
		}),
		prisma().contact.count({ where }),
	])
	const items = rows.slice(0, page.limit)
	const last = items.at(-1)
	return {
		items: items.map(contactData),
		next:
			rows.length > page.limit && last
				? encodeCursor({ position: 0, createdAt: last.createdAt, id: last.id })
				: null,
		total,
	}
}

/** One of the owner's contacts (null for another owner's), marked read when `open`. */
/** An id of ours (a cuid): anything else names no contact and never reaches the database. */
const isContactId = (contactId: string) => /^[A-Za-z0-9_-]{1,64}$/.test(contactId)

export async function getContact(
	customerId: string,
	contactId: string,
	options: { open: boolean },
): Promise<ContactRecord | null> {
	if (!isContactId(contactId)) return null
	if (options.open) {
		await prisma().contact.updateMany({
			where: { id: contactId, customerId, read: false },
			data: { read: true },
		})
	}
	const row = await prisma().contact.findFirst({
		where: { id: contactId, customerId },
		select: contactSelect,
	})
	return row ? contactRecord(row) : null
}

/** Marks one of the owner's contacts read (or unread): false when it is not theirs. */
export async function markContactRead(customerId: string, contactId: string, read = true) {
	const { count } = await prisma().contact.updateMany({
		where: { id: contactId, customerId },
		data: { read },
	})
	return count > 0
}

/** Deletes one of the owner's contacts (a visitor asked, say): false when it is not theirs. */
export async function deleteContact(customerId: string, contactId: string) {
	if (!isContactId(contactId)) return false
	const { count } = await prisma().contact.deleteMany({ where: { id: contactId, customerId } })
	return count > 0
}

/** Every contact of the owner, newest first, with its consent (the CSV, the account export). */
export async function allContacts(customerId: string): Promise<ContactRecord[]> {
	const rows = await prisma().contact.findMany({
		where: { customerId },
		orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
		select: contactSelect,
	})
	return rows.map(contactRecord)
}

/** How many contacts the owner has not opened yet (the sidebar's badge). */
export async function countUnreadContacts(customerId: string) {
	return prisma().contact.count({ where: { customerId, read: false } })
}

// ---------------------------------------------------------------- the owner's email

/** When the owner was last told of contacts (null: never), for the digest's window. */
export async function lastNoticeAt(customerId: string): Promise<Date | null> {
	const row = await prisma().contact.findFirst({
		where: { customerId, notifiedAt: { not: null } },
		orderBy: { notifiedAt: 'desc' },
		select: { notifiedAt: true },
	})
	return row?.notifiedAt ?? null
}

/**
 * The contacts a notice tells the owner of: every contact not told yet is claimed for it in one
 * statement (so two notices sent at once never tell one contact twice), with those it claimed on
 * an earlier attempt (a retry). Oldest first. At most `max` (the rest wait for the next notice).
 */
export async function claimContactsForNotice(
	customerId: string,
	noticeId: string,
	now: Date,
	max = 50,
): Promise<ContactRecord[]> {
	await prisma().$executeRaw`
		UPDATE "Contact" SET "noticeId" = ${noticeId}, "notifiedAt" = ${now}
		WHERE "id" IN (
			SELECT "id" FROM "Contact"
			WHERE "customerId" = ${customerId} AND "noticeId" IS NULL
			ORDER BY "createdAt", "id"
			LIMIT ${max}
			FOR UPDATE SKIP LOCKED
		)`
	const rows = await prisma().contact.findMany({
		where: { customerId, noticeId },
		orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
		select: contactSelect,
	})
	return rows.map(contactRecord)
}

// ---------------------------------------------------------------- retention

/** Deletes every contact received before `before` (CONTACTS_RETENTION_DAYS): how many. */
export async function deleteContactsBefore(before: Date) {
	const { count } = await prisma().contact.deleteMany({ where: { createdAt: { lt: before } } })
	return count
}
