/**
 * Forms and API bodies of the sign-in factors (docs/decisions/033-sign-in-factors.md): the code
 * step of a login or reset, turning authenticator codes on and off, recovery codes, passkeys.
 * Shared by the browser and the server; the messages are English strings that pages translate
 * with `translate(i18n, message)` (the API's `field: is required`-style answers stay English).
 */
import { z } from 'zod'
import { msg } from '~/utils/i18n-macro'

export const CODE_MISSING = msg`Enter the 6-digit code from your authenticator app`.message
export const CODE_OR_RECOVERY_MISSING =
	msg`Enter the code from your authenticator app, or a recovery code`.message
export const CODE_TOO_LONG = msg`This code is too long`.message
export const PASSKEY_NAME_MISSING = msg`Enter a name for this passkey`.message
export const PASSKEY_NAME_TOO_LONG = msg`Use at most 60 characters`.message
export const PASSWORD_OR_CODE_MISSING =
	msg`Enter your password, or a code from your authenticator app`.message
export const PASSWORD_MISSING = msg`Enter your password`.message
const PASSWORD_TOO_LONG = msg`This password is too long`.message

/** A passkey's name: 1 to 60 characters after trimming (the database checks it too). */
export const PASSKEY_NAME_MAX = 60

/** What someone types as a code: a 6-digit code, or a recovery code (`ABCD-EFGH-JKMN-PQRS`). */
const typedCode = (missing: string) =>
	z.string({ error: missing }).trim().min(1, missing).max(40, CODE_TOO_LONG)

const typedPassword = (missing: string) =>
	z.string({ error: missing }).min(1, missing).max(1000, PASSWORD_TOO_LONG)

const passkeyName = z
	.string({ error: PASSKEY_NAME_MISSING })
	.trim()
	.min(1, PASSKEY_NAME_MISSING)
	.max(PASSKEY_NAME_MAX, PASSKEY_NAME_TOO_LONG)

/** An id of ours (a cuid): the rows a form or a call names. */
const rowId = z
	.string({ error: 'is required' })
	.min(1, 'is required')
	.max(64, 'is not a valid id')
	.regex(/^[A-Za-z0-9_-]+$/, 'is not a valid id')

/** The `mfa_token` of a login or reset: 32 random bytes in base64url. */
const secondStepToken = z
	.string({ error: 'is required' })
	.regex(/^[A-Za-z0-9_-]{43}$/, 'is not a valid mfa_token')

// ---------------------------------------------------------------- forms

/** The code step of a login or a password reset. */
export const SecondStepFormSchema = z.object({
	mfaToken: secondStepToken,
	code: typedCode(CODE_OR_RECOVERY_MISSING),
})

/** Turning authenticator codes on: the first code of the new secret. */
export const TotpEnableFormSchema = z.object({ code: typedCode(CODE_MISSING) })

/** Turning authenticator codes off, or making new recovery codes. */
export const TotpDisableFormSchema = z.object({
	password: typedPassword(PASSWORD_MISSING),
	code: typedCode(CODE_OR_RECOVERY_MISSING),
})
export const RecoveryCodesFormSchema = z.object({ code: typedCode(CODE_OR_RECOVERY_MISSING) })

export const PasskeyRenameFormSchema = z.object({ id: rowId, name: passkeyName })

/** Removing a passkey asks for the password or a code. */
export const PasskeyRemoveFormSchema = z
	.object({
		id: rowId,
		password: z.string().max(1000, PASSWORD_TOO_LONG).optional(),
		code: z.string().trim().max(40, CODE_TOO_LONG).optional(),
	})
	.refine((value) => Boolean(value.password || value.code), {
		message: PASSWORD_OR_CODE_MISSING,
		path: ['password'],
	})

// ---------------------------------------------------------------- the /one API bodies

const apiCode = z
	.string({ error: 'is required' })
	.trim()
	.min(1, 'is required')
	.max(40, CODE_TOO_LONG)

export const TotpSetupBody = z.object({ code: apiCode.optional() })
export const TotpEnableBody = z.object({ code: apiCode })
export const MfaDisableBody = z.object({ password: typedPassword('is required'), code: apiCode })
export const RecoveryCodesBody = z.object({ code: apiCode })
export const SecondStepBody = z.object({ mfa_token: secondStepToken, code: apiCode })

export const PasskeyRenameBody = z.object({ id: rowId, name: passkeyName })
export const PasskeyRemoveBody = z
	.object({
		id: rowId,
		password: typedPassword('is required').optional(),
		code: apiCode.optional(),
	})
	.refine((value) => Boolean(value.password || value.code), {
		message: 'password or code is required',
		path: ['password'],
	})

const base64url = (max: number) =>
	z
		.string({ error: 'must be base64url text' })
		.max(max, 'is too long')
		.regex(/^[A-Za-z0-9_-]*$/, 'must be base64url text')

/**
 * A WebAuthn response as @simplewebauthn/browser gives it (`RegistrationResponseJSON` or
 * `AuthenticationResponseJSON`), bounded: the library checks the rest.
 */
const credentialResponse = <Shape extends z.ZodRawShape>(response: Shape) =>
	z.object({
		id: base64url(1400).min(1, 'is required'),
		rawId: base64url(1400).min(1, 'is required'),
		type: z.literal('public-key', { error: 'must be public-key' }),
		response: z.object(response, { error: 'must be an object' }),
		clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
		authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
	})

export const RegistrationResponseSchema = credentialResponse({
	clientDataJSON: base64url(4096).min(1, 'is required'),
	attestationObject: base64url(65536).min(1, 'is required'),
	authenticatorData: base64url(65536).optional(),
	transports: z.array(z.string().max(32)).max(10).optional(),
	publicKeyAlgorithm: z.number().int().optional(),
	publicKey: base64url(65536).optional(),
})

export const AuthenticationResponseSchema = credentialResponse({
	clientDataJSON: base64url(4096).min(1, 'is required'),
	authenticatorData: base64url(65536).min(1, 'is required'),
	signature: base64url(4096).min(1, 'is required'),
	userHandle: base64url(512).optional(),
})

export const PasskeyRegisterBody = z.object({
	response: RegistrationResponseSchema,
	name: passkeyName.optional(),
})

export const PasskeyLoginBody = z.object({
	response: AuthenticationResponseSchema,
	mfa_token: secondStepToken.optional(),
})

// ---------------------------------------------------------------- the pages' passkey posts

/** A form field holding JSON (a WebAuthn response the page's script put there), bounded. */
const jsonField = <Schema extends z.ZodType>(schema: Schema) =>
	z
		.string({ error: 'is required' })
		.max(200_000, 'is too long')
		.transform((text, context) => {
			try {
				return JSON.parse(text) as unknown
			} catch {
				context.addIssue({ code: 'custom', message: 'is not JSON' })
				return z.NEVER
			}
		})
		.pipe(schema)

/** The login and reset pages: a passkey's answer, alone or as the step of `mfaToken`. */
export const PasskeyFormSchema = z.object({
	response: jsonField(AuthenticationResponseSchema),
	mfaToken: secondStepToken.optional(),
})

/** Settings: the passkey the browser created, and the name the owner gave it (optional). */
export const PasskeyRegisterFormSchema = z.object({
	response: jsonField(RegistrationResponseSchema),
	name: passkeyName.optional(),
})

/**
 * A proof of presence for sudo mode (`POST /one/account/sudo`): the password, a code of the
 * authenticator app, or a passkey's `AuthenticationResponseJSON` (for a challenge of
 * `/one/auth/new/passkey/options`). Exactly one.
 */
export const SudoBody = z
	.object({
		password: typedPassword('is required').optional(),
		code: apiCode.optional(),
		response: AuthenticationResponseSchema.optional(),
	})
	.refine(
		(body) => [body.password, body.code, body.response].filter((v) => v !== undefined).length === 1,
		{ message: 'give one of password, code or response', path: ['password'] },
	)

/** What the owner can prove presence with, besides the password (from the server's answer). */
export type SudoOffer = { totp: boolean; passkeys: boolean }

/** The forms of the Settings page's sign-in factors, by the `intent` each posts. */
export const SECURITY_SCHEMAS = {
	'totp-setup': z.object({ code: z.string().trim().max(40).optional() }),
	'totp-enable': TotpEnableFormSchema,
	'totp-disable': TotpDisableFormSchema,
	'recovery-codes': RecoveryCodesFormSchema,
	'passkey-options': z.object({}),
	'passkey-register': PasskeyRegisterFormSchema,
	'passkey-rename': PasskeyRenameFormSchema,
	'passkey-remove': PasskeyRemoveFormSchema,
} as const
export type SecurityIntent = keyof typeof SECURITY_SCHEMAS

/**
 * The answer of the Settings page's sign-in factors (routes/builder.settings.security.tsx) to
 * one of its forms, in the owner's language.
 */
export type SecurityAnswer =
	| ({ intent: SecurityIntent; ok: true } & Partial<{
			secret: string
			otpauthUrl: string
			qrSvg: string
			recoveryCodes: string[]
			options: unknown
	  }>)
	// `intent: null`: the form named none Tagg knows (no section of the page takes it).
	| {
			intent: SecurityIntent | null
			ok: false
			error: string
			field: string | null
			/** Set when the change needs sudo mode: what the 'Confirm it’s you' dialog offers. */
			sudo?: SudoOffer
	  }
