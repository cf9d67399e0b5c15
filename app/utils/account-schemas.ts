/**
 * Account validation shared by the signup and login forms (client and server) and the API.
 */
import { z } from 'zod'

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

export const INVALID_CREDENTIALS = 'Invalid email or password'

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
	if (length < PASSWORD_MIN_LENGTH) {
		return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`
	}
	if (length > PASSWORD_MAX_LENGTH) {
		return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`
	}
	return null
}

/** Whether a login may even try `password` (no stored password is longer than the rule). */
export const passwordMayMatch = (password: string) =>
	passwordLength(password) <= PASSWORD_MAX_LENGTH

export const PasswordSchema = z.string({ error: 'Enter a password' }).superRefine((value, ctx) => {
	const problem = passwordProblem(value)
	if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

export const RegisterSchema = z.object({
	name: z
		.string({ error: 'Enter your full name' })
		.trim()
		.min(1, 'Enter your full name')
		.max(100, 'Name must be at most 100 characters'),
	email: z
		.string({ error: 'Enter your email' })
		.trim()
		.max(254, 'Enter a valid email address')
		.pipe(z.email({ error: 'Enter a valid email address' })),
	password: PasswordSchema,
})
