/**
 * The builder's edit modals submit JSON to their page's action with an `intent`, and get back
 * `{ ok: true }` or `{ ok: false, message, fieldErrors }`. Shared by the client and the server.
 */
import { type z } from 'zod'

export type EditorResult =
	| { ok: true; intent: string; at: number }
	| { ok: false; intent: string; at: number; message: string; fieldErrors: Record<string, string> }

export const EDIT_FAILED = 'Please try again'

/** Field errors of a zod failure, keyed by their dotted path ("workExp.0.startDate"). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
	const errors: Record<string, string> = {}
	for (const issue of error.issues) {
		const key = issue.path.join('.') || '_form'
		errors[key] ??= issue.message
	}
	return errors
}
