/**
 * Forms and API bodies of account self-service (forgot and reset password, settings), shared
 * by the browser and the server. New passwords follow the signup rules and messages.
 */
import { z } from 'zod'
import { PasswordSchema } from './account-schemas'
import { PATH_HINT, PATH_MAX_LENGTH, PATH_PATTERN } from './path-name'

export const PASSWORD_MISMATCH = 'The passwords you entered do not match. Please try again.'
export const FORGOT_PASSWORD_SENT =
	'If an account exists for that email, we have sent a link to reset the password.'
export const TOO_MANY_RESET_REQUESTS =
	'Too many requests for a reset link. Please wait a while and try again.'
export const LINK_NOT_VALID = 'This link has expired or has already been used.'
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.'
export const WRONG_PASSWORD = 'Your password is not correct.'
export const EMAIL_TAKEN = 'An account with this email already exists.'
export const SAME_EMAIL = 'This is already your email.'
export const TOO_MANY_EMAIL_CHANGES =
	'Too many requests to change the email. Please wait a while and try again.'
export const TOO_MANY_VERIFICATION_LINKS =
	'We have sent this link several times in the last hour. Please wait a while and try again.'
export const VERIFICATION_SENT = 'We sent a new link. Open it to verify your email.'

/** Link tokens are 32 random bytes in base64url: exactly 43 characters of that alphabet. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export const EmailSchema = z
	.string({ error: 'Enter your email' })
	.trim()
	.min(1, 'Enter your email')
	.max(254, 'Enter a valid email address')
	.pipe(z.email({ error: 'Enter a valid email address' }))

export const LinkTokenSchema = z
	.string({ error: 'is required' })
	.regex(LINK_TOKEN_PATTERN, 'This link is not valid: copy the whole link from the email')

/** A password someone types to prove it is them (never checked against the signup rules). */
const typedPassword = (missing: string) =>
	z.string({ error: missing }).min(1, missing).max(1000, 'This password is too long')

function passwordsMatch(
	value: { confirmPassword: string } & ({ password: string } | { newPassword: string }),
	ctx: z.RefinementCtx,
) {
	const password = 'password' in value ? value.password : value.newPassword
	if (password !== value.confirmPassword) {
		ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORD_MISMATCH })
	}
}

export const ForgotPasswordSchema = z.object({ email: EmailSchema })

export const ResetPasswordFormSchema = z
	.object({
		token: LinkTokenSchema,
		password: z.string({ error: 'Enter a password' }).pipe(PasswordSchema),
		confirmPassword: z.string({ error: 'Re-enter your password' }),
	})
	.superRefine(passwordsMatch)

export const ChangePasswordFormSchema = z
	.object({
		currentPassword: typedPassword('Enter your current password'),
		newPassword: z.string({ error: 'Enter a new password' }).pipe(PasswordSchema),
		confirmPassword: z.string({ error: 'Re-enter your new password' }),
	})
	.superRefine(passwordsMatch)

export const ChangeEmailFormSchema = z.object({
	email: EmailSchema,
	password: typedPassword('Enter your password'),
})

export const DeleteAccountFormSchema = z.object({
	password: typedPassword('Enter your password'),
	confirmation: z
		.string({ error: 'Type your address to confirm' })
		.trim()
		.min(1, 'Type your address to confirm')
		.max(200, 'Type your address to confirm'),
})

export const ExportFormSchema = z.object({ password: typedPassword('Enter your password') })

// ---------------------------------------------------------------- the /one API bodies

export const ExportBody = z.object({ password: typedPassword('is required') })

export const ResetPasswordBody = z.object({
	token: LinkTokenSchema,
	password: PasswordSchema,
})

export const UpdatePasswordBody = z.object({
	currentPassword: typedPassword('is required'),
	newPassword: PasswordSchema,
})

export const UpdateEmailBody = z.object({
	email: EmailSchema,
	password: typedPassword('is required'),
})

export const ConfirmEmailBody = z.object({ token: LinkTokenSchema })

export const RevokeSessionsBody = z.object({
	refresh_token: z.string().max(200, 'is not a refresh token').optional(),
})

export const DeleteAccountBody = z.object({
	password: typedPassword('is required'),
	path: z.string({ error: 'is required' }).trim().max(200, 'is not your address'),
})

/** The form that claims a path (set-path, and the settings page). */
export const PathFormSchema = z.object({
	path: z
		.string({ error: 'Enter the name you want' })
		.trim()
		.max(PATH_MAX_LENGTH, `Use at most ${PATH_MAX_LENGTH} characters`)
		.regex(PATH_PATTERN, PATH_HINT),
})
