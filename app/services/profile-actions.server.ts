/**
 * The builder's profile and resume edits: validate with the shared schemas, write through the
 * models, answer an EditorResult. Used by the /builder page's action.
 */
import { data, type ActionFunctionArgs } from '@remix-run/node'
import { type z } from 'zod'
import { type ProfileData, updateProfile } from '~/models/profile.server'
import { type Resume } from '~/models/resume.server'
import { cleanText, readBodyText } from '~/utils/api.server'
import { appearanceUpdate } from '~/utils/appearance'
import {
	CONFLICT_MESSAGE,
	EDIT_FAILED,
	fieldErrorsOf,
	SIGNED_OUT_MESSAGE,
	type EditorResult,
} from '~/utils/editor'
import { PreconditionFailed, versionPrecondition } from '~/utils/etag.server'
import { JSON_TOO_DEEP_MESSAGE, jsonNestsTooDeep } from '~/utils/json-depth'
import {
	AppearanceSchema,
	BioSchema,
	HighlightsSchema,
	NameCardSchema,
	SocialEditSchema,
	TaglineSchema,
} from '~/utils/profile-schemas'
import { getCustomerId, signedOutRedirect } from './auth.server'
import {
	isResumeList,
	PROFILE_SECTIONS,
	RESUME_LISTS,
	RESUME_SECTIONS,
} from './section-versions.server'
import { translate } from '~/utils/i18n'
import { msg } from '~/utils/i18n-macro'
import { serverI18n } from '~/utils/i18n.server'
import { currentLocale } from '~/utils/locale.server'

/** A form error of the server's own, in the request's language (the browser has not its catalog). */
const say = (message: Parameters<typeof translate>[1]) =>
	translate(serverI18n(currentLocale()), message)

export async function readEditorBody(
	request: Request,
): Promise<Record<string, unknown> & { intent: string }> {
	let text: string
	try {
		text = await readBodyText(request)
	} catch (error) {
		if (error instanceof Response && error.status === 413) {
			throw data(failure('unknown', { _form: say(msg`The request body is too large`) }), {
				status: 413,
			})
		}
		throw error
	}
	// Refused while still text: cleanText and the schemas would walk every level.
	if (jsonNestsTooDeep(text)) {
		throw data(failure('unknown', { _form: JSON_TOO_DEEP_MESSAGE }), { status: 400 })
	}
	let body: unknown
	try {
		body = JSON.parse(text)
	} catch {
		throw data(failure('unknown', { _form: say(msg`The request body must be valid JSON`) }), {
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

/** A stale edit: 412, the editor keeps its draft and offers to reload the section. */
export const conflict = (intent: string) =>
	data(
		{
			ok: false,
			intent,
			at: Date.now(),
			message: CONFLICT_MESSAGE,
			fieldErrors: {},
			conflict: true,
		} satisfies EditorResult,
		{ status: 412 },
	)

/**
 * The owner saving from an editor. When the session has ended (a password change or "sign out of
 * all other devices" on another device, or the cookie is gone), the editor's save (JSON, sent by
 * its script) is refused with a 401 it shows, the draft still open, where a redirect to /login
 * would throw the draft away. Any other post goes to /login, as from every builder route.
 * Run inside {@link editorAction}, which returns the refusal.
 */
export async function requireEditorCustomerId(request: Request) {
	const customerId = await getCustomerId(request)
	if (customerId) return customerId
	if (!request.headers.get('content-type')?.includes('application/json')) {
		throw signedOutRedirect(request)
	}
	throw data(
		{
			ok: false,
			intent: 'unknown',
			at: Date.now(),
			message: SIGNED_OUT_MESSAGE,
			fieldErrors: {},
			signedOut: true,
		} satisfies EditorResult,
		{ status: 401 },
	)
}

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

/** The form of each profile section the builder saves as it is parsed. */
const PROFILE_FORMS = {
	// Name, designation, city and country: checked together (every error at once), written together.
	name: NameCardSchema,
	tagline: TaglineSchema,
	social: SocialEditSchema,
	highlights: HighlightsSchema,
	bio: BioSchema,
} as const

/**
 * Runs one profile/resume edit; throws a 400 EditorResult for invalid input or an unknown
 * intent, and a 412 one when the edit's `version` is not its section's current version.
 */
export async function runProfileEdit(
	customerId: string,
	body: Record<string, unknown> & { intent: string },
) {
	const { intent, version } = body
	const profileCheck = (section: keyof typeof PROFILE_SECTIONS) =>
		versionPrecondition<ProfileData>(version, PROFILE_SECTIONS[section])
	const resumeCheck = (section: keyof typeof RESUME_SECTIONS) =>
		versionPrecondition<Resume>(version, RESUME_SECTIONS[section])
	try {
		if (isResumeList(intent)) {
			const list = RESUME_LISTS[intent]
			await list.replace(customerId, parse(list.schema, body, intent) as never, resumeCheck(intent))
		} else if (intent === 'appearance') {
			const appearance = parse(AppearanceSchema, body, intent)
			await updateProfile(customerId, appearanceUpdate(appearance), profileCheck(intent))
		} else if (Object.prototype.hasOwnProperty.call(PROFILE_FORMS, intent)) {
			const section = intent as keyof typeof PROFILE_FORMS
			await updateProfile(
				customerId,
				parse(PROFILE_FORMS[section], body, intent),
				profileCheck(section),
			)
		} else {
			throw data(failure(intent, { _form: 'Unknown intent' }), { status: 400 })
		}
	} catch (error) {
		if (error instanceof PreconditionFailed) throw conflict(intent)
		throw error
	}
	return success(intent)
}

/**
 * The action of a builder page whose editors change the profile and the resume (the builder's
 * home, the appearance page): a refused or failed edit is the form's answer, not an error page.
 */
export async function profileEditAction({ request }: ActionFunctionArgs) {
	return editorAction(async () =>
		runProfileEdit(await requireEditorCustomerId(request), await readEditorBody(request)),
	)
}
