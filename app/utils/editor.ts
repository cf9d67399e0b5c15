/**
 * The builder's edit modals submit JSON to their page's action with an `intent`, and get back
 * `{ ok: true }` or `{ ok: false, message, fieldErrors }`. Shared by the client and the server.
 */
import { type ShouldRevalidateFunction } from '@remix-run/react'
import { type z } from 'zod'
import { msg } from '~/utils/i18n-macro'

export type EditorResult =
	| { ok: true; intent: string; at: number }
	| {
			ok: false
			intent: string
			at: number
			message: string
			fieldErrors: Record<string, string>
			/** The section changed since the editor opened (another tab or device saved it). */
			conflict?: true
			/** The owner's session has ended (401): nothing was saved. */
			signedOut?: true
	  }

// English strings passed along (the API, the editors' results), translated where they are shown
// (`translate(i18n, message)`).
export const EDIT_FAILED = msg`Please try again`.message

/** A stale edit (412): the builder keeps the draft open and offers to reload the section. */
export const CONFLICT_MESSAGE = msg`This was changed in another tab or device`.message

/**
 * A save refused because the owner's session ended (a password change or "sign out of all other
 * devices" elsewhere, or the cookie is gone): the editor keeps its draft and offers to sign in
 * again.
 */
export const SIGNED_OUT_MESSAGE = msg`You were signed out`.message

/**
 * /login for an owner whose session ended while a builder page was open: the login page says so
 * (`session=ended`), and logging in leads back to `page` (a path on this site; the builder's
 * home is where logging in leads anyway).
 */
export function loginAgainPath(page: string | null) {
	const query = new URLSearchParams()
	if (page && page !== '/builder') query.set('redirectTo', page)
	query.set('session', 'ended')
	return `/login?${query}`
}

/**
 * The `shouldRevalidate` of the builder's layout and of its pages with editors: after a save
 * refused because the session ended, their data is not reloaded. Their loaders would redirect to
 * /login, and the open editor and its draft would go with the page. Otherwise Remix's default
 * (single fetch reloads a page's data after every action, a refused one included).
 */
export const keepPageWhenSignedOut: ShouldRevalidateFunction = ({
	actionResult,
	defaultShouldRevalidate,
}) =>
	(actionResult as { signedOut?: unknown } | null)?.signedOut ? false : defaultShouldRevalidate

/** Field errors of a zod failure, keyed by their dotted path ("workExp.0.startDate"). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
	const errors: Record<string, string> = {}
	for (const issue of error.issues) {
		const key = issue.path.join('.') || '_form'
		errors[key] ??= issue.message
	}
	return errors
}

/**
 * The builder pages' `clientAction`: when the server cannot be reached (or answers with an
 * error page), the edit form gets a failure it can show ('Please try again') instead of the
 * page being replaced by the error boundary. Redirects and thrown Responses pass through.
 */
export async function editorClientAction<T>({ serverAction }: { serverAction: () => Promise<T> }) {
	try {
		return await serverAction()
	} catch (error) {
		if (error instanceof Response) throw error
		const failed: EditorResult = {
			ok: false,
			intent: 'unknown',
			at: Date.now(),
			message: EDIT_FAILED,
			fieldErrors: {},
		}
		return failed
	}
}
