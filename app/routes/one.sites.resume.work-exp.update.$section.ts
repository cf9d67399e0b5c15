import { type ActionFunctionArgs } from '@remix-run/node'
import {
	replaceAchievements,
	replaceCertificates,
	replaceEducation,
	replaceSkills,
	replaceWorkExp,
} from '~/models/resume.server'
import { apiError, apiOk, postOnlyLoader, readJsonBody, requireMethod } from '~/utils/api.server'
import { requireApiCustomerId } from '~/utils/auth.server'
import {
	AchievementsListSchema,
	CertificatesListSchema,
	EducationListSchema,
	SkillsListSchema,
	WorkExpListSchema,
} from '~/utils/profile-schemas'

/** POST /one/sites/resume/work-exp/update/{section}: replaces one list, answers the full resume. */
export async function action({ request, params }: ActionFunctionArgs) {
	requireMethod(request, 'POST')
	const customerId = await requireApiCustomerId(request)
	switch (params.section) {
		case 'workexp': {
			const { workExp } = await readJsonBody(request, WorkExpListSchema)
			return apiOk({ data: await replaceWorkExp(customerId, workExp) })
		}
		case 'education': {
			const { education } = await readJsonBody(request, EducationListSchema)
			return apiOk({ data: await replaceEducation(customerId, education) })
		}
		case 'skills': {
			const { skills } = await readJsonBody(request, SkillsListSchema)
			return apiOk({ data: await replaceSkills(customerId, skills) })
		}
		case 'certificates': {
			const { certificates } = await readJsonBody(request, CertificatesListSchema)
			return apiOk({ data: await replaceCertificates(customerId, certificates) })
		}
		case 'achievements': {
			const { achievements } = await readJsonBody(request, AchievementsListSchema)
			return apiOk({ data: await replaceAchievements(customerId, achievements) })
		}
		default:
			return apiError(404, 'Not found')
	}
}

export const loader = postOnlyLoader
