/**
 * The resume: five ordered lists, each replaced as a whole by its editor.
 */
import { prisma } from '~/utils/db.server'
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
export async function getResume(customerId: string): Promise<Resume> {
	const db = prisma()
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

// The rows of each list as stored, numbered from `first` (0 for a whole list; after the last
// item when appending, as the resume import does).

export const workExpRows = (customerId: string, items: WorkItemInput[], first = 0) =>
	items.map((item, index) => ({
		customerId,
		position: first + index,
		company: item.company,
		role: item.role,
		startDate: item.startDate || null,
		endDate: item.endDate === 'Ongoing' ? null : item.endDate || null,
		ongoing: item.endDate === 'Ongoing',
		experience: item.experience,
	}))

export const educationRows = (customerId: string, items: EducationItemInput[], first = 0) =>
	items.map((item, index) => ({
		customerId,
		position: first + index,
		name: item.eduName,
		institution: item.eduInstitution,
		startYear: item.eduStartYear,
		endYear: item.eduEndYear,
	}))

export const skillRows = (customerId: string, items: SkillItemInput[], first = 0) =>
	items.map((item, index) => ({
		customerId,
		position: first + index,
		name: item.skillName,
		ratingHalves: item.halves,
	}))

export const certificateRows = (customerId: string, items: CertificateItemInput[], first = 0) =>
	items.map((item, index) => ({
		customerId,
		position: first + index,
		name: item.crtName,
		platform: item.crtPlat,
		url: item.crtUrl,
		year: item.crtYear,
	}))

export const achievementRows = (customerId: string, items: string[], first = 0) =>
	items.map((text, index) => ({ customerId, position: first + index, text }))

export async function replaceWorkExp(customerId: string, items: WorkItemInput[]) {
	await prisma().$transaction([
		prisma().workExperience.deleteMany({ where: { customerId } }),
		prisma().workExperience.createMany({
			data: workExpRows(customerId, items),
		}),
	])
	return getResume(customerId)
}

export async function replaceEducation(customerId: string, items: EducationItemInput[]) {
	await prisma().$transaction([
		prisma().education.deleteMany({ where: { customerId } }),
		prisma().education.createMany({
			data: educationRows(customerId, items),
		}),
	])
	return getResume(customerId)
}

export async function replaceSkills(customerId: string, items: SkillItemInput[]) {
	await prisma().$transaction([
		prisma().skill.deleteMany({ where: { customerId } }),
		prisma().skill.createMany({
			data: skillRows(customerId, items),
		}),
	])
	return getResume(customerId)
}

export async function replaceCertificates(customerId: string, items: CertificateItemInput[]) {
	await prisma().$transaction([
		prisma().certificate.deleteMany({ where: { customerId } }),
		prisma().certificate.createMany({
			data: certificateRows(customerId, items),
		}),
	])
	return getResume(customerId)
}

export async function replaceAchievements(customerId: string, items: string[]) {
	await prisma().$transaction([
		prisma().achievement.deleteMany({ where: { customerId } }),
		prisma().achievement.createMany({
			data: achievementRows(customerId, items),
		}),
	])
	return getResume(customerId)
}
