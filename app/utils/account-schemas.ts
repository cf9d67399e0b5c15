/**
 * Account validation shared by the signup and login forms (client and server) and the API.
 */
import { z } from 'zod'
import { msg } from '~/utils/i18n-macro'

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

// The messages are English strings (zod and the API pass them along); the page translates them
// with `translate(i18n, message)` (app/utils/i18n.ts), the catalogs holding them here.
export const INVALID_CREDENTIALS = msg`Invalid email or password`.message
export const PASSWORD_MISSING = msg`Enter a password`.message
export const NAME_MISSING = msg`Enter your full name`.message
export const EMAIL_MISSING = msg`Enter your email`.message
export const EMAIL_INVALID = msg`Enter a valid email address`.message
const PASSWORD_TOO_SHORT = msg`Password must be at least 8 characters`.message
const PASSWORD_TOO_LONG = msg`Password must be at most 128 characters`.message
export const NAME_TOO_LONG = msg`Name must be at most 100 characters`.message

/** A password as it is hashed and compared: Unicode NFC (é is é however it was typed). */
export const normalisePassword = (password: string) => password.normalize('NFC')

/** A password's length in characters: code points after NFC (an emoji counts one). */
export const passwordLength = (password: string) => Array.from(normalisePassword(password)).length

/**
 * The one password rule, for sign-up, password reset and change, and the admin CLI: what is
 * wrong with `password`, or null when it may be set.
 */
export function passwordProblem(password: string): string | null {
	const length = passwordLength(password)
	if (length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT
	if (length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG
	return null
}

/** Whether a login may even try `password` (no stored password is longer than the rule). */
export const passwordMayMatch = (password: string) =>
	passwordLength(password) <= PASSWORD_MAX_LENGTH

export const PasswordSchema = z.string({ error: PASSWORD_MISSING }).superRefine((value, ctx) => {
	const problem = passwordProblem(value)
	if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

export const RegisterSchema = z.object({
	name: z.string({ error: NAME_MISSING }).trim().min(1, NAME_MISSING).max(100, NAME_TOO_LONG),
	email: z
		.string({ error: EMAIL_MISSING })
		.trim()
		.max(254, EMAIL_INVALID)
		.pipe(z.email({ error: EMAIL_INVALID })),
	password: PasswordSchema,
})
