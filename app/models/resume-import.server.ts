/**
 * Applying an imported resume (JSON Resume or a LinkedIn export): the chosen sections are
 * written in one write of the owner (`writeAsOwner`: one transaction under the owner's lock, see
 * ./tx.server.ts), so either every section changes or none does, and no edit of the same owner
 * runs in between. Rows are built by the resume model's own row builders; the profile is written
 * by the profile model.
 */
import { prisma, type Prisma } from '~/utils/db.server'
import { RESUME_LIMITS } from '~/utils/field-limits'
import {
	type CertificateItemInput,
	type EducationItemInput,
	type SkillItemInput,
	type WorkItemInput,
} from '~/utils/profile-schemas'
import { socialSelect, updateProfile } from './profile.server'
import { getResume, LIST_TABLES, type Resume } from './resume.server'
import { type ProfilePreviewFields } from '~/utils/resume-import'
import { type Tx, writeAsOwner } from './tx.server'

/** The profile fields an import may set; a field the file does not have is left alone. */
export type ProfileImport = ProfilePreviewFields

export type ResumeImport = {
	profile?: ProfileImport
	workExp?: WorkItemInput[]
	education?: EducationItemInput[]
	skills?: SkillItemInput[]
	certificates?: CertificateItemInput[]
	achievements?: string[]
}

export type ImportSection = keyof ResumeImport
export type ImportMode = 'replace' | 'append'

/** At most this many entries in each resume list (as the resume editors allow). */
export const MAX_LIST_ITEMS = RESUME_LIMITS.items

// What makes two entries the same, so that appending a file twice adds nothing the second time.
const key = (...parts: Array<string | number | null | undefined>) =>
	parts
		.map((part) =>
			String(part ?? '')
				.trim()
				.toLowerCase(),
		)
		.join('\u0000')
export const sameEntry = {
	workExp: (item: { company: string; role: string; startDate: string | null }) =>
		key(item.company, item.role, item.startDate),
	education: (item: { name: string; institution: string; startYear: number | null }) =>
		key(item.name, item.institution, item.startYear),
	skills: (item: { name: string }) => key(item.name),
	certificates: (item: { name: string; platform: string }) => key(item.name, item.platform),
	achievements: (item: { text: string }) => key(item.text),
}

/**
 * What appending `incoming` to a list whose entries have the keys `existing` adds: the entries
 * not already there (nor twice in the file), up to {@link MAX_LIST_ITEMS} in all.
 */
export function appendable<T>(existing: string[], incoming: T[], keyOf: (item: T) => string) {
	const seen = new Set(existing)
	const added: T[] = []
	for (const item of incoming) {
		const itemKey = keyOf(item)
		if (seen.has(itemKey)) continue
		seen.add(itemKey)
		added.push(item)
	}
	return added.slice(0, Math.max(0, MAX_LIST_ITEMS - existing.length))
}

const asWork = (item: WorkItemInput) => ({ ...item, startDate: item.startDate || null })
const asEducation = (item: EducationItemInput) => ({
	name: item.eduName,
	institution: item.eduInstitution,
	startYear: item.eduStartYear,
})
const asSkill = (item: SkillItemInput) => ({ name: item.skillName })
const asCertificate = (item: CertificateItemInput) => ({
	name: item.crtName,
	platform: item.crtPlat,
})
const asAchievement = (text: string) => ({ text })

/** Keys and the next free position of one list, read inside the transaction. */
async function listState<Row extends { position: number }>(
	rows: Promise<Row[]>,
	keyOf: (row: Row) => string,
) {
	const list = await rows
	return {
		keys: list.map(keyOf),
		next: list.reduce((max, row) => Math.max(max, row.position + 1), 0),
	}
}

export const importKeys = {
	workExp: (item: WorkItemInput) => sameEntry.workExp(asWork(item)),
	education: (item: EducationItemInput) => sameEntry.education(asEducation(item)),
	skills: (item: SkillItemInput) => sameEntry.skills(asSkill(item)),
	certificates: (item: CertificateItemInput) => sameEntry.certificates(asCertificate(item)),
	achievements: (text: string) => sameEntry.achievements(asAchievement(text)),
}

const PROFILE_COLUMNS = {
	firstName: true,
	lastName: true,
	designation: true,
	city: true,
	country: true,
	bio: true,
	...socialSelect,
} satisfies Prisma.ProfileSelect

/** The calls of one resume list's table that an import makes. */
type ListTable<Row, Existing> = {
	deleteMany: (args: { where: { customerId: string } }) => Promise<unknown>
	findMany: (args: {
		where: { customerId: string }
		orderBy: { position: 'asc' }
	}) => Promise<Existing[]>
	createMany: (args: { data: Row[] }) => Promise<unknown>
}

/**
 * Writes one list of an import: `replace` swaps the owner's list for `items`; `append` adds the
 * items not there yet after the owner's own (see {@link appendable}).
 */
async function importList<Item, Row, Existing extends { position: number }>(
	customerId: string,
	mode: ImportMode,
	items: Item[],
	table: ListTable<Row, Existing>,
	rows: (customerId: string, items: Item[], first?: number) => Row[],
	keys: { existing: (row: Existing) => string; item: (item: Item) => string },
) {
	const where = { customerId }
	if (mode === 'replace') {
		await table.deleteMany({ where })
		await table.createMany({ data: rows(customerId, items) })
	} else {
		const state = await listState(
			table.findMany({ where, orderBy: { position: 'asc' } }),
			keys.existing,
		)
		const added = appendable(state.keys, items, keys.item)
		await table.createMany({ data: rows(customerId, added, state.next) })
	}
}

/** One resume list as an import writes it: its table and rows, what makes two entries the same. */
const importer =
	<Item, Row, Existing>(
		{
			table,
			rows,
		}: {
			table: (tx: Tx) => ListTable<Row, Existing & { position: number }>
			rows: (customerId: string, items: Item[], first?: number) => Row[]
		},
		existing: (row: Existing) => string,
		item: (item: Item) => string,
	) =>
	(tx: Tx, customerId: string, mode: ImportMode, items: Item[]) =>
		importList(customerId, mode, items, table(tx), rows, { existing, item })

const IMPORT_LISTS = {
	workExp: importer(LIST_TABLES.workExp, sameEntry.workExp, importKeys.workExp),
	education: importer(LIST_TABLES.education, sameEntry.education, importKeys.education),
	skills: importer(LIST_TABLES.skills, sameEntry.skills, importKeys.skills),
	certificates: importer(LIST_TABLES.certificates, sameEntry.certificates, importKeys.certificates),
	achievements: importer(LIST_TABLES.achievements, sameEntry.achievements, importKeys.achievements),
}
type ListSection = keyof typeof IMPORT_LISTS
const LIST_SECTIONS = Object.keys(IMPORT_LISTS) as ListSection[]

/**
 * Writes the chosen `sections` of `data` for the owner in one transaction and returns the whole
 * resume. `replace` swaps each chosen list for the file's and sets every profile field the file
 * has; `append` adds the file's entries after the owner's own (skipping ones already there, up to
 * {@link MAX_LIST_ITEMS}) and only fills profile fields that are empty.
 */
export async function applyResumeImport(
	customerId: string,
	data: ResumeImport,
	sections: ImportSection[],
	mode: ImportMode,
	/** More of the import written in the same transaction (the owner's links). */
	alsoWrite?: (tx: Tx) => Promise<unknown>,
): Promise<Resume> {
	const chosen = new Set(sections)
	// Under the owner's lock no other write of theirs runs in between: appends read, then write.
	return writeAsOwner(customerId, async (tx) => {
		const where = { customerId }

		if (chosen.has('profile') && data.profile) {
			let fields = data.profile
			if (mode === 'append') {
				const current = await tx.profile.findUnique({ where, select: PROFILE_COLUMNS })
				fields = Object.fromEntries(
					Object.entries(data.profile).filter(([field]) => {
						const value = current?.[field as keyof typeof current]
						return Array.isArray(value) ? value.length === 0 : !value
					}),
				)
			}
			if (Object.keys(fields).length) await updateProfile(customerId, fields, undefined, tx)
		}

		for (const section of LIST_SECTIONS) {
			const items = data[section]
			// IMPORT_LISTS[section] takes this section's items (TypeScript cannot pair them by key).
			if (chosen.has(section) && items) {
				await IMPORT_LISTS[section](tx, customerId, mode, items as never)
			}
		}
		if (alsoWrite) await alsoWrite(tx)
		return getResume(customerId, tx)
	})
}

/** The owner's current profile fields and list keys, for the import preview. */
export async function getImportBaseline(customerId: string) {
	const db = prisma()
	const where = { customerId }
	const [profile, work, education, skills, certificates, achievements] = await Promise.all([
		db.profile.findUnique({ where, select: PROFILE_COLUMNS }),
		db.workExperience.findMany({ where, select: { company: true, role: true, startDate: true } }),
		db.education.findMany({ where, select: { name: true, institution: true, startYear: true } }),
		db.skill.findMany({ where, select: { name: true } }),
		db.certificate.findMany({ where, select: { name: true, platform: true } }),
		db.achievement.findMany({ where, select: { text: true } }),
	])
	return {
		profile,
		keys: {
			workExp: work.map(sameEntry.workExp),
			education: education.map(sameEntry.education),
			skills: skills.map(sameEntry.skills),
			certificates: certificates.map(sameEntry.certificates),
			achievements: achievements.map(sameEntry.achievements),
		},
	}
}
