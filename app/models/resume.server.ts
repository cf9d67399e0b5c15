/**
 * The resume: five ordered lists, each replaced as a whole by its editor. A replace runs under the
 * owner's write lock (./tx.server.ts), so two saves of one list never merge: the last one wins,
 * whole, and the list's cap holds. Positions are 0..n-1, unique per owner (a database constraint).
 */
import { prisma } from '~/utils/db.server'
import { type Precondition } from '~/utils/etag.server'
import {
	type CertificateItemInput,
	type EducationItemInput,
	type SkillItemInput,
	type WorkItemInput,
} from '~/utils/profile-schemas'
import { halvesToRating } from '~/utils/text'
import { type Tx, writeAsOwner } from './tx.server'

export type WorkExpItem = {
	workId: string
	company: string
	role: string
	startDate: string
	endDate: string
	experience: string[]
}
export type EducationItem = {
	eduId: string
	eduName: string
	eduInstitution: string
	eduStartYear: number | null
	endDate: number | null
}
export type SkillItem = { skillId: string; skillName: string; rating: number }
export type CertificateItem = {
	crtId: string
	crtName: string
	crtPlat: string
	crtUrl: string | null
	endDate: number | null
}
export type Resume = {
	workExp: WorkExpItem[]
	education: EducationItem[]
	skills: SkillItem[]
	certificates: CertificateItem[]
	achievements: string[]
}

const byPosition = { orderBy: { position: 'asc' as const } }

/** The whole resume in five queries (one per list), whatever its size. */
export async function getResume(customerId: string, db: Tx = prisma()): Promise<Resume> {
	const [work, education, skills, certificates, achievements] = await Promise.all([
		db.workExperience.findMany({ where: { customerId }, ...byPosition }),
		db.education.findMany({ where: { customerId }, ...byPosition }),
		db.skill.findMany({ where: { customerId }, ...byPosition }),
		db.certificate.findMany({ where: { customerId }, ...byPosition }),
		db.achievement.findMany({ where: { customerId }, ...byPosition }),
	])
	return {
		workExp: work.map((item) => ({
			workId: item.id,
			company: item.company,
			role: item.role,
			startDate: item.startDate ?? '',
			endDate: item.ongoing ? 'Ongoing' : (item.endDate ?? ''),
			experience: item.experience,
		})),
		education: education.map((item) => ({
			eduId: item.id,
			eduName: item.name,
			eduInstitution: item.institution,
			eduStartYear: item.startYear,
			endDate: item.endYear,
		})),
		skills: skills.map((item) => ({
			skillId: item.id,
			skillName: item.name,
			rating: halvesToRating(item.ratingHalves) ?? 0,
		})),
		certificates: certificates.map((item) => ({
			crtId: item.id,
			crtName: item.name,
			crtPlat: item.platform,
			crtUrl: item.url,
			endDate: item.year,
		})),
		achievements: achievements.map((item) => item.text),
	}
}

/**
 * The rows of a list as stored: each item's columns (`columns`), with the owner and a position
 * numbered from `first` (0 for a whole list; after the last item when appending, as the resume
 * import does).
 */
const positioned =
	<Item, Columns>(columns: (item: Item) => Columns) =>
	(customerId: string, items: Item[], first = 0) =>
		items.map((item, index) => ({ customerId, position: first + index, ...columns(item) }))

const workExpRows = positioned((item: WorkItemInput) => ({
	company: item.company,
	role: item.role,
	startDate: item.startDate || null,
	endDate: item.endDate === 'Ongoing' ? null : item.endDate || null,
	ongoing: item.endDate === 'Ongoing',
	experience: item.experience,
}))

const educationRows = positioned((item: EducationItemInput) => ({
	name: item.eduName,
	institution: item.eduInstitution,
	startYear: item.eduStartYear,
	endYear: item.eduEndYear,
}))

const skillRows = positioned((item: SkillItemInput) => ({
	name: item.skillName,
	ratingHalves: item.halves,
}))

const certificateRows = positioned((item: CertificateItemInput) => ({
	name: item.crtName,
	platform: item.crtPlat,
	url: item.crtUrl,
	year: item.crtYear,
}))

const achievementRows = positioned((text: string) => ({ text }))

/**
 * Replaces one list of the owner's resume and answers the whole resume as this write left it.
 * `list` picks the list's table in the transaction: its rows are deleted, then `rows` inserted.
 * A precondition (an `If-Match`, the builder's section version) is checked on the current resume
 * under the owner's write lock before anything is written (PreconditionFailed leaves it
 * untouched).
 */
function replaceList<Row>(
	customerId: string,
	list: (tx: Tx) => {
		deleteMany: (args: { where: { customerId: string } }) => Promise<unknown>
		createMany: (args: { data: Row[] }) => Promise<unknown>
	},
	rows: Row[],
	precondition?: Precondition<Resume>,
) {
	return writeAsOwner(customerId, async (tx) => {
		if (precondition) precondition(await getResume(customerId, tx))
		const model = list(tx)
		await model.deleteMany({ where: { customerId } })
		if (rows.length) await model.createMany({ data: rows })
		return getResume(customerId, tx)
	})
}

/**
 * Each list's table in a transaction and its rows: what the list's writer here and the resume
 * import (./resume-import.server.ts) write.
 */
export const LIST_TABLES = {
	workExp: { table: (tx: Tx) => tx.workExperience, rows: workExpRows },
	education: { table: (tx: Tx) => tx.education, rows: educationRows },
	skills: { table: (tx: Tx) => tx.skill, rows: skillRows },
	certificates: { table: (tx: Tx) => tx.certificate, rows: certificateRows },
	achievements: { table: (tx: Tx) => tx.achievement, rows: achievementRows },
}

/** The writer of one list: replaces the owner's list with `items` (see {@link replaceList}). */
const listReplacer =
	<Item, Row>({
		table,
		rows,
	}: {
		table: Parameters<typeof replaceList<Row>>[1]
		rows: (customerId: string, items: Item[]) => Row[]
	}) =>
	(customerId: string, items: Item[], precondition?: Precondition<Resume>) =>
		replaceList(customerId, table, rows(customerId, items), precondition)

export const replaceWorkExp = listReplacer(LIST_TABLES.workExp)
export const replaceEducation = listReplacer(LIST_TABLES.education)
export const replaceSkills = listReplacer(LIST_TABLES.skills)
export const replaceCertificates = listReplacer(LIST_TABLES.certificates)
export const replaceAchievements = listReplacer(LIST_TABLES.achievements)
