/**
 * The builder's edit modals submit JSON to their page's action with an `intent`, and get back
 * `{ ok: true }` or `{ ok: false, message, fieldErrors }`. Shared by the client and the server.
 */
import { type z } from 'zod'

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
	  }

export const EDIT_FAILED = 'Please try again'

/** A stale edit (412): the builder keeps the draft open and offers to reload the section. */
export const CONFLICT_MESSAGE = 'This was changed in another tab or device'

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
