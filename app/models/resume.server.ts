/**
 * The resume: five ordered lists, each replaced as a whole by its editor.
 */
import { prisma, type Prisma } from '~/utils/db.server'
import { type Precondition } from '~/utils/etag.server'
import {
	type CertificateItemInput,
	type EducationItemInput,
	type SkillItemInput,
	type WorkItemInput,
} from '~/utils/profile-schemas'
import { halvesToRating } from '~/utils/text'

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
export async function getResume(
	customerId: string,
	db: Prisma.TransactionClient = prisma(),
): Promise<Resume> {
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
 * Replaces one list in a transaction that first locks the owner's profile row: replacements of
 * the same owner never interleave, and a precondition (an `If-Match`, the builder's section
 * version) is checked on the current resume before anything is written (PreconditionFailed
 * leaves it untouched). Answers the full resume.
 */
async function replaceList(
	customerId: string,
	precondition: Precondition<Resume> | undefined,
	write: (tx: Prisma.TransactionClient) => Promise<unknown>,
) {
	await prisma().$transaction(async (tx) => {
		await tx.$queryRaw`SELECT 1 FROM "Profile" WHERE "customerId" = ${customerId} FOR UPDATE`
		if (precondition) precondition(await getResume(customerId, tx))
		await write(tx)
	})
	return getResume(customerId)
}

export function replaceWorkExp(
	customerId: string,
	items: WorkItemInput[],
	precondition?: Precondition<Resume>,
) {
	return replaceList(customerId, precondition, async (tx) => {
		await tx.workExperience.deleteMany({ where: { customerId } })
		await tx.workExperience.createMany({
			data: items.map((item, position) => ({
				customerId,
				position,
				company: item.company,
				role: item.role,
				startDate: item.startDate || null,
				endDate: item.endDate === 'Ongoing' ? null : item.endDate || null,
				ongoing: item.endDate === 'Ongoing',
				experience: item.experience,
			})),
		})
	})
}

export function replaceEducation(
	customerId: string,
	items: EducationItemInput[],
	precondition?: Precondition<Resume>,
) {
	return replaceList(customerId, precondition, async (tx) => {
		await tx.education.deleteMany({ where: { customerId } })
		await tx.education.createMany({
			data: items.map((item, position) => ({
				customerId,
				position,
				name: item.eduName,
				institution: item.eduInstitution,
				startYear: item.eduStartYear,
				endYear: item.eduEndYear,
			})),
		})
	})
}

export function replaceSkills(
	customerId: string,
	items: SkillItemInput[],
	precondition?: Precondition<Resume>,
) {
	return replaceList(customerId, precondition, async (tx) => {
		await tx.skill.deleteMany({ where: { customerId } })
		await tx.skill.createMany({
			data: items.map((item, position) => ({
				customerId,
				position,
				name: item.skillName,
				ratingHalves: item.halves,
			})),
		})
	})
}

export function replaceCertificates(
	customerId: string,
	items: CertificateItemInput[],
	precondition?: Precondition<Resume>,
) {
	return replaceList(customerId, precondition, async (tx) => {
		await tx.certificate.deleteMany({ where: { customerId } })
		await tx.certificate.createMany({
			data: items.map((item, position) => ({
				customerId,
				position,
				name: item.crtName,
				platform: item.crtPlat,
				url: item.crtUrl,
				year: item.crtYear,
			})),
		})
	})
}

export function replaceAchievements(
	customerId: string,
	items: string[],
	precondition?: Precondition<Resume>,
) {
	return replaceList(customerId, precondition, async (tx) => {
		await tx.achievement.deleteMany({ where: { customerId } })
		await tx.achievement.createMany({
			data: items.map((text, position) => ({ customerId, position, text })),
		})
	})
}
