import { type ActionFunctionArgs } from '@remix-run/node'
import {
	replaceAchievements,
	replaceCertificates,
	replaceEducation,
	replaceSkills,
	replaceWorkExp,
	type Resume,
} from '~/models/resume.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody } from '~/utils/api.server'
import { requireApiOwner } from '~/services/auth.server'
import { etagHeaders, ifMatchPrecondition, orPreconditionFailed } from '~/utils/etag.server'
import {
	AchievementsListSchema,
	CertificatesListSchema,
	EducationListSchema,
	SkillsListSchema,
	WorkExpListSchema,
} from '~/utils/profile-schemas'

async function replaceSection(request: Request, customerId: string, section: string | undefined) {
	// `If-Match` carries the ETag of the whole resume (the read answers all five lists).
	const precondition = ifMatchPrecondition<Resume>(request, (resume) => resume)
	switch (section) {
		case 'workexp': {
			const { workExp } = await readJsonBody(request, WorkExpListSchema)
			return replaceWorkExp(customerId, workExp, precondition)
		}
		case 'education': {
			const { education } = await readJsonBody(request, EducationListSchema)
			return replaceEducation(customerId, education, precondition)
		}
		case 'skills': {
			const { skills } = await readJsonBody(request, SkillsListSchema)
			return replaceSkills(customerId, skills, precondition)
		}
		case 'certificates': {
			const { certificates } = await readJsonBody(request, CertificatesListSchema)
			return replaceCertificates(customerId, certificates, precondition)
		}
		case 'achievements': {
			const { achievements } = await readJsonBody(request, AchievementsListSchema)
			return replaceAchievements(customerId, achievements, precondition)
		}
		default:
			return null
	}
}

/**
 * POST /one/sites/resume/work-exp/update/{section}: replaces one list, answers the full resume.
 * With `If-Match` holding a stale ETag of the resume: 412, nothing changed.
 */
export async function action({ request, params }: ActionFunctionArgs) {
	const customerId = await requireApiOwner(request)
	return orPreconditionFailed(async () => {
		const data = await replaceSection(request, customerId, params.section)
		if (!data) return apiError(404, 'Not found')
		return apiOk({ data }, { headers: etagHeaders(data) })
	})
}

export const loader = postOnlyLoader
