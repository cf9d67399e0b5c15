/**
 * Forms and API bodies of account self-service (forgot and reset password, settings), shared
 * by the browser and the server. New passwords follow the signup rules and messages.
 *
 * The messages are English strings (zod and the API pass them along); pages translate them with
 * `translate(i18n, message)` (app/utils/i18n.ts). The API's `field: is required`-style answers
 * to developers stay English.
 */
import { type SubmissionResult } from '@conform-to/react'
import { z } from 'zod'
import { msg } from '~/utils/i18n-macro'
import { EMAIL_INVALID, EMAIL_MISSING, PASSWORD_MISSING, PasswordSchema } from './account-schemas'
import { PATH_HINT, PATH_MAX_LENGTH, PATH_PATTERN } from './path-name'

export const PASSWORD_MISMATCH = msg`The passwords you entered do not match. Please try again.`
	.message
export const FORGOT_PASSWORD_SENT =
	msg`If an account exists for that email, we have sent a link to reset the password.`.message
export const TOO_MANY_RESET_REQUESTS =
	msg`Too many requests for a reset link. Please wait a while and try again.`.message
export const LINK_NOT_VALID = msg`This link has expired or has already been used.`.message
export const WRONG_CURRENT_PASSWORD = msg`Your current password is not correct.`.message
export const WRONG_PASSWORD = msg`Your password is not correct.`.message
export const EMAIL_TAKEN = msg`An account with this email already exists.`.message
export const SAME_EMAIL = msg`This is already your email.`.message
export const TOO_MANY_EMAIL_CHANGES =
	msg`Too many requests to change the email. Please wait a while and try again.`.message
export const TOO_MANY_VERIFICATION_LINKS =
	msg`We have sent this link several times in the last hour. Please wait a while and try again.`
		.message
export const VERIFICATION_SENT = msg`We sent a new link. Open it to verify your email.`.message

export const PASSWORD_AGAIN_MISSING = msg`Re-enter your password`.message
const LINK_TOKEN_INVALID = msg`This link is not valid: copy the whole link from the email`.message
const PASSWORD_TOO_LONG = msg`This password is too long`.message
const CURRENT_PASSWORD_MISSING = msg`Enter your current password`.message
const NEW_PASSWORD_MISSING = msg`Enter a new password`.message
const NEW_PASSWORD_AGAIN_MISSING = msg`Re-enter your new password`.message
const PASSWORD_TO_CONFIRM_MISSING = msg`Enter your password`.message
const ADDRESS_TO_CONFIRM_MISSING = msg`Type your address to confirm`.message
const PATH_MISSING = msg`Enter the name you want`.message
const PATH_TOO_LONG = msg`Use at most 40 characters`.message

/** Link tokens are 32 random bytes in base64url: exactly 43 characters of that alphabet. */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export const EmailSchema = z
	.string({ error: EMAIL_MISSING })
	.trim()
	.min(1, EMAIL_MISSING)
	.max(254, EMAIL_INVALID)
	.pipe(z.email({ error: EMAIL_INVALID }))

export const LinkTokenSchema = z
	.string({ error: 'is required' })
	.regex(LINK_TOKEN_PATTERN, LINK_TOKEN_INVALID)

/** A password someone types to prove it is them (never checked against the signup rules). */
const typedPassword = (missing: string) =>
	z.string({ error: missing }).min(1, missing).max(1000, PASSWORD_TOO_LONG)

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
		password: z.string({ error: PASSWORD_MISSING }).pipe(PasswordSchema),
		confirmPassword: z.string({ error: PASSWORD_AGAIN_MISSING }),
	})
	.superRefine(passwordsMatch)

export const ChangePasswordFormSchema = z
	.object({
		currentPassword: typedPassword(CURRENT_PASSWORD_MISSING),
		newPassword: z.string({ error: NEW_PASSWORD_MISSING }).pipe(PasswordSchema),
		confirmPassword: z.string({ error: NEW_PASSWORD_AGAIN_MISSING }),
	})
	.superRefine(passwordsMatch)

export const ChangeEmailFormSchema = z.object({
	email: EmailSchema,
	password: typedPassword(PASSWORD_TO_CONFIRM_MISSING),
})

export const DeleteAccountFormSchema = z.object({
	password: typedPassword(PASSWORD_TO_CONFIRM_MISSING),
	confirmation: z
		.string({ error: ADDRESS_TO_CONFIRM_MISSING })
		.trim()
		.min(1, ADDRESS_TO_CONFIRM_MISSING)
		.max(200, ADDRESS_TO_CONFIRM_MISSING),
})

export const ExportFormSchema = z.object({ password: typedPassword(PASSWORD_TO_CONFIRM_MISSING) })

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
		.string({ error: PATH_MISSING })
		.trim()
		.max(PATH_MAX_LENGTH, PATH_TOO_LONG)
		.regex(PATH_PATTERN, PATH_HINT),
})

/** The forms of the builder's Settings page that carry fields, by their `intent`. */
export const SETTING_SCHEMAS = {
	email: ChangeEmailFormSchema,
	password: ChangePasswordFormSchema,
	path: PathFormSchema,
	delete: DeleteAccountFormSchema,
} as const

/** Every form of the Settings page, named by the `intent` it posts. */
export type SettingIntent =
	keyof typeof SETTING_SCHEMAS | 'sessions' | 'verify' | 'pageLanguage' | 'builderLanguage'

/** The Settings page's answer to a form: for which one, and what it says. */
export type SettingResult = {
	intent: SettingIntent
	result?: SubmissionResult<string[]>
	notice?: string
	error?: string
}
