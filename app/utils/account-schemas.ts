/**
 * Account validation shared by the signup and login forms (client and server) and the API.
 */
import { z } from 'zod'

export const PASSWORD_MIN_BYTES = 8
export const PASSWORD_MAX_BYTES = 72

export const INVALID_CREDENTIALS = 'Invalid email or password'

export const byteLength = (value: string) => new TextEncoder().encode(value).length

export const PasswordSchema = z
	.string({ error: 'Enter a password' })
	.refine((value) => byteLength(value) >= PASSWORD_MIN_BYTES, {
		message: `Password must be at least ${PASSWORD_MIN_BYTES} characters`,
	})
	.refine((value) => byteLength(value) <= PASSWORD_MAX_BYTES, {
		message: `Password must be at most ${PASSWORD_MAX_BYTES} bytes`,
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
