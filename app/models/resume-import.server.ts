/**
 * Applying an imported resume (JSON Resume or a LinkedIn export): the chosen sections are
 * written in one write of the owner (`writeAsOwner`: one transaction under the owner's lock, see
 * ./tx.server.ts), so either every section changes or none does, and no edit of the same owner
 * runs in between. Rows are built by the resume model's own row builders; the profile is written
 * by the profile model.
 */
import { prisma, type Prisma } from '~/utils/db.server'
import {
	type CertificateItemInput,
	type EducationItemInput,
	type SkillItemInput,
	type SocialField,
	type WorkItemInput,
} from '~/utils/profile-schemas'
import { updateProfile } from './profile.server'
import {
	achievementRows,
	certificateRows,
	educationRows,
	getResume,
	skillRows,
	workExpRows,
	type Resume,
} from './resume.server'
import { writeAsOwner } from './tx.server'

/** The profile fields an import may set; a field the file does not have is left alone. */
export type ProfileImport = Partial<
	{
		firstName: string
		lastName: string
		designation: string
		city: string
		country: string
		bio: string[]
	} & Record<SocialField, string>
>

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
export const MAX_LIST_ITEMS = 50

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
	linkedInUrl: true,
	xUrl: true,
	igUrl: true,
	fbUrl: true,
	ytUrl: true,
	whatAppBusUrl: true,
	mobileNumber: true,
	companySite: true,
	email: true,
} satisfies Prisma.ProfileSelect

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
): Promise<Resume> {
	const chosen = new Set(sections)
	// Under the owner's lock no other write of theirs runs in between: appends read, then write.
	return writeAsOwner(customerId, async (tx) => {
		const where = { customerId }
		const orderBy = { position: 'asc' as const }

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

		if (chosen.has('workExp') && data.workExp) {
			if (mode === 'replace') {
				await tx.workExperience.deleteMany({ where })
				await tx.workExperience.createMany({ data: workExpRows(customerId, data.workExp) })
			} else {
				const state = await listState(
					tx.workExperience.findMany({ where, orderBy }),
					sameEntry.workExp,
				)
				const added = appendable(state.keys, data.workExp, importKeys.workExp)
				await tx.workExperience.createMany({ data: workExpRows(customerId, added, state.next) })
			}
		}

		if (chosen.has('education') && data.education) {
			if (mode === 'replace') {
				await tx.education.deleteMany({ where })
				await tx.education.createMany({ data: educationRows(customerId, data.education) })
			} else {
				const state = await listState(
					tx.education.findMany({ where, orderBy }),
					sameEntry.education,
				)
				const added = appendable(state.keys, data.education, importKeys.education)
				await tx.education.createMany({ data: educationRows(customerId, added, state.next) })
			}
		}

		if (chosen.has('skills') && data.skills) {
			if (mode === 'replace') {
				await tx.skill.deleteMany({ where })
				await tx.skill.createMany({ data: skillRows(customerId, data.skills) })
			} else {
				const state = await listState(tx.skill.findMany({ where, orderBy }), sameEntry.skills)
				const added = appendable(state.keys, data.skills, importKeys.skills)
				await tx.skill.createMany({ data: skillRows(customerId, added, state.next) })
			}
		}

		if (chosen.has('certificates') && data.certificates) {
			if (mode === 'replace') {
				await tx.certificate.deleteMany({ where })
				await tx.certificate.createMany({
					data: certificateRows(customerId, data.certificates),
				})
			} else {
				const state = await listState(
					tx.certificate.findMany({ where, orderBy }),
					sameEntry.certificates,
				)
				const added = appendable(state.keys, data.certificates, importKeys.certificates)
				await tx.certificate.createMany({
					data: certificateRows(customerId, added, state.next),
				})
			}
		}

		if (chosen.has('achievements') && data.achievements) {
			if (mode === 'replace') {
				await tx.achievement.deleteMany({ where })
				await tx.achievement.createMany({
					data: achievementRows(customerId, data.achievements),
				})
			} else {
				const state = await listState(
					tx.achievement.findMany({ where, orderBy }),
					sameEntry.achievements,
				)
				const added = appendable(state.keys, data.achievements, importKeys.achievements)
				await tx.achievement.createMany({
					data: achievementRows(customerId, added, state.next),
				})
			}
		}
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
