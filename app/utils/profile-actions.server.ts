/**
 * The builder's profile and resume edits: validate with the shared schemas, write through the
 * models, answer an EditorResult. Used by the /builder page's action.
 */
import { data } from '@remix-run/node'
import { type z } from 'zod'
import { updateProfile } from '~/models/profile.server'
import {
	replaceAchievements,
	replaceCertificates,
	replaceEducation,
	replaceSkills,
	replaceWorkExp,
} from '~/models/resume.server'
import { cleanText, readBodyText } from './api.server'
import { EDIT_FAILED, fieldErrorsOf, type EditorResult } from './editor'
import {
	AchievementsListSchema,
	BioSchema,
	CertificatesListSchema,
	CitySchema,
	CountrySchema,
	DesignationSchema,
	EducationListSchema,
	HighlightsSchema,
	NameSchema,
	SkillsListSchema,
	SocialLinksSchema,
	TaglineSchema,
	WorkExpListSchema,
} from './profile-schemas'

export async function readEditorBody(
	request: Request,
): Promise<Record<string, unknown> & { intent: string }> {
	let body: unknown
	try {
		body = JSON.parse(await readBodyText(request))
	} catch (error) {
		if (error instanceof Response && error.status === 413) {
			throw data(failure('unknown', { _form: 'The request body is too large' }), { status: 413 })
		}
		throw data(failure('unknown', { _form: 'The request body must be valid JSON' }), {
			status: 400,
		})
	}
	if (
		typeof body !== 'object' ||
		body === null ||
		Array.isArray(body) ||
		typeof (body as { intent?: unknown }).intent !== 'string'
	) {
		throw data(failure('unknown', { _form: 'Missing intent' }), { status: 400 })
	}
	const intent = (body as { intent: string }).intent
	try {
		cleanText(body as Record<string, unknown>) // no NUL characters, no lone surrogates
	} catch (error) {
		if (!(error instanceof Response)) throw error
		const { message } = (await error.json()) as { message: string }
		throw data(failure(intent, { _form: message }), { status: 400 })
	}
	return body as Record<string, unknown> & { intent: string }
}

export const success = (intent: string): EditorResult => ({ ok: true, intent, at: Date.now() })
export const failure = (
	intent: string,
	fieldErrors: Record<string, string> = {},
): EditorResult => ({
	ok: false,
	intent,
	at: Date.now(),
	message: EDIT_FAILED,
	fieldErrors,
})

function parse<S extends z.ZodType>(schema: S, body: unknown, intent: string): z.output<S> {
	const result = schema.safeParse(body)
	if (!result.success) throw data(failure(intent, fieldErrorsOf(result.error)), { status: 400 })
	return result.data
}

const isDataAnswer = (value: unknown): value is ReturnType<typeof data<EditorResult>> =>
	typeof value === 'object' &&
	value !== null &&
	(value as { type?: unknown }).type === 'DataWithResponseInit'

/**
 * Runs a builder page's action. A refusal thrown as the form's answer (400 with field errors) is
 * returned; an error Response of the models (503 with Retry-After when a write could not get
 * through contention, see app/models/tx.server.ts; 503 when the database is down; 404 when the
 * owner is gone) becomes the form's failure with that status and headers. Never an error page.
 */
export async function editorAction<T>(run: () => Promise<T>) {
	try {
		return await run()
	} catch (error) {
		if (isDataAnswer(error)) return error
		if (!(error instanceof Response) || error.status < 400) throw error
		const body = (await error.json().catch(() => null)) as { message?: unknown } | null
		const message = typeof body?.message === 'string' ? body.message : EDIT_FAILED
		const headers = new Headers({ 'Cache-Control': 'no-store' })
		const retryAfter = error.headers.get('Retry-After')
		if (retryAfter) headers.set('Retry-After', retryAfter)
		return data(failure('unknown', { _form: message }), { status: error.status, headers })
	}
}

/** Runs one profile/resume edit; throws a 400 EditorResult for invalid input or an unknown intent. */
export async function runProfileEdit(
	customerId: string,
	body: Record<string, unknown> & { intent: string },
) {
	const { intent } = body
	switch (intent) {
		case 'name':
			// Name, designation, city and country: one form, one write.
			await updateProfile(customerId, {
				...parse(NameSchema, body, intent),
				...parse(DesignationSchema, body, intent),
				...parse(CitySchema, body, intent),
				...parse(CountrySchema, body, intent),
			})
			break
		case 'tagline':
			await updateProfile(customerId, parse(TaglineSchema, body, intent))
			break
		case 'social':
			await updateProfile(customerId, parse(SocialLinksSchema, body, intent))
			break
		case 'highlights':
			await updateProfile(customerId, parse(HighlightsSchema, body, intent))
			break
		case 'bio':
			await updateProfile(customerId, parse(BioSchema, body, intent))
			break
		case 'workexp':
			await replaceWorkExp(customerId, parse(WorkExpListSchema, body, intent).workExp)
			break
		case 'education':
			await replaceEducation(customerId, parse(EducationListSchema, body, intent).education)
			break
		case 'skills':
			await replaceSkills(customerId, parse(SkillsListSchema, body, intent).skills)
			break
		case 'certificates':
			await replaceCertificates(
				customerId,
				parse(CertificatesListSchema, body, intent).certificates,
			)
			break
		case 'achievements':
			await replaceAchievements(
				customerId,
				parse(AchievementsListSchema, body, intent).achievements,
			)
			break
		default:
			throw data(failure(intent, { _form: 'Unknown intent' }), { status: 400 })
	}
	return success(intent)
}
