/**
 * Account self-service as the pages and the /one API both use it: forgot and reset password,
 * change of password and email, ending sessions, and deleting the account. Throttling, password
 * checks and the answers live here once. Each change is one transaction; an email is queued in
 * the outbox and never makes a request fail.
 */
import { createReadableStreamFromReadable } from '@remix-run/node'
import { AccountTransferError, exportAccountArchive } from '~/models/account-transfer.server'
import {
	cancelEmailChangeWithToken,
	confirmEmailChange,
	deleteAccount,
	emailInUse,
	EmailInUseError,
	endOtherSessions,
	findPasswordResetToken,
	getAccount,
	resetLinkHash,
	resetPasswordWithToken,
	verifyEmailWithToken,
} from '~/models/account.server'
import { getCustomerPath, normaliseEmail, resetPassword } from '~/models/customer.server'
import { enqueueEmail, enqueueEmails } from '~/models/outbox.server'
import { reserve, type Limit } from '~/models/rate-limit.server'
import { createSecondStep, secondFactorIsOn } from '~/models/sign-in-factor.server'
import { refreshTokenFamily } from '~/models/token.server'
import { apiError } from '~/utils/api.server'
import { hashPassword } from '~/utils/password.server'
import { checkPasswordAttempt, type SecondStepIssued } from './account.server'
import { wakeMailer } from './mailer.server'
import { clientAddress } from './rate-limit.server'
import {
	EMAIL_TAKEN,
	SAME_EMAIL,
	TOO_MANY_EMAIL_CHANGES,
	TOO_MANY_RESET_REQUESTS,
	TOO_MANY_VERIFICATION_LINKS,
	WRONG_CURRENT_PASSWORD,
	WRONG_PASSWORD,
} from '~/utils/settings-schemas'
import { msg } from '~/utils/i18n-macro'

/** A refusal: the HTTP status, the field it is about (if any) and the message for a person. */
export type Refusal = {
	ok: false
	status: 400 | 409 | 429
	field?: string
	message: string
	retryAfterSeconds?: number
}

const refuse = (
	status: Refusal['status'],
	message: string,
	field?: string,
	retryAfterSeconds?: number,
): Refusal => ({ ok: false, status, message, field, retryAfterSeconds })

const tooMany = (message: string, retryAfterMs: number) =>
	refuse(429, message, undefined, Math.ceil(retryAfterMs / 1000))

// ---------------------------------------------------------------- forgot password

const HOUR = 60 * 60_000
const DAY = 24 * HOUR
export const FORGOT_LIMITS = {
	email: { max: 5, windowMs: HOUR },
	address: { max: 5, windowMs: HOUR },
}

function forgotLimits(email: string, address: string): Limit[] {
	return [
		{ key: `forgot:email:${normaliseEmail(email)}`, ...FORGOT_LIMITS.email },
		{ key: `forgot:ip:${address}`, ...FORGOT_LIMITS.address },
	]
}

/**
 * Queues a reset link for `email`. Whether or not an account has that email, the work done
 * here is the same (reserve the request on its limits, queue one message), so the answer and
 * its timing say nothing; the outbox worker finds the account, if any, and makes the link when
 * it sends.
 */
export async function requestPasswordReset(
	request: Request,
	email: string,
): Promise<{ ok: true } | Refusal> {
	const reservation = await reserve(forgotLimits(email, clientAddress(request)))
	if (!reservation.ok) return tooMany(TOO_MANY_RESET_REQUESTS, reservation.retryAfterMs)
	await enqueueEmail({ kind: 'password-reset', to: normaliseEmail(email) })
	wakeMailer()
	return { ok: true }
}

export type ResetOutcome =
	| { customerId: string; hasPath: boolean; secondStep?: undefined }
	/** The owner's second factor is on: nothing changed yet; the reset goes on with a code. */
	| { secondStep: SecondStepIssued; customerId?: undefined; hasPath?: undefined }

/**
 * A new password from a reset link. For an owner whose second factor is on, nothing changes
 * (password, sessions, the link): the reset waits for its second step, which holds the new
 * password (hashed) and the link until a code (or a passkey) completes it
 * (app/services/sign-in-factors.server.ts `continueSecondStep`). Otherwise the link is spent,
 * the password set, every session ended and a notice queued. Null for a spent, expired or
 * unknown link (nothing changed).
 */
export async function beginPasswordReset(
	token: string,
	password: string,
): Promise<ResetOutcome | null> {
	const found = await findPasswordResetToken(token)
	if (!found) return null
	if (await secondFactorIsOn(found.customerId)) {
		const step = await createSecondStep(found.customerId, {
			purpose: 'reset',
			resetTokenHash: resetLinkHash(token),
			passwordHash: await hashPassword(password),
		})
		return { secondStep: { mfaToken: step.token, expiresAt: step.expiresAt } }
	}
	const customerId = await resetPasswordWithToken(token, password)
	if (!customerId) return null
	wakeMailer()
	const account = await getAccount(customerId)
	return { customerId, hasPath: Boolean(account?.profile?.path) }
}

/**
 * Sets a new password from a reset link: the link is spent, every session ends, and a notice
 * is queued. The owner's id and whether they have a path, or null for a spent, expired or
 * unknown link (nothing changed), and null too for an owner whose second factor is on (nothing
 * changes without it: such a reset goes through {@link beginPasswordReset}).
 */
export async function resetPasswordFromLink(token: string, password: string) {
	const found = await findPasswordResetToken(token)
	if (!found || (await secondFactorIsOn(found.customerId))) return null
	const reset = await beginPasswordReset(token, password)
	return reset?.customerId ? { customerId: reset.customerId, hasPath: reset.hasPath } : null
}

// ---------------------------------------------------------------- password checks

/**
 * Checks the owner's own password the way login does (same throttling, so a stolen session
 * cannot be used to guess it). Null when it is right.
 */
async function checkOwnPassword(
	request: Request,
	customerId: string,
	password: string,
	field = 'password',
	wrongMessage = WRONG_PASSWORD,
): Promise<Refusal | null> {
	const account = await getAccount(customerId)
	if (!account) return refuse(400, wrongMessage, field)
	const outcome = await checkPasswordAttempt(request, account.email, password)
	if (outcome.ok && outcome.customerId === customerId) return null
	if (!outcome.ok && outcome.status === 429) {
		return refuse(429, outcome.message, field, outcome.retryAfterSeconds)
	}
	return refuse(400, wrongMessage, field)
}

/**
 * The owner's own password, asked again before a sensitive change (turning a sign-in factor
 * off, removing a passkey): the same check and throttling as login. Null when it is right.
 */
export async function confirmOwnPassword(request: Request, customerId: string, password: string) {
	return checkOwnPassword(request, customerId, password)
}

// ---------------------------------------------------------------- change password

/** A new password, every session ended (the caller signs this device in again), a notice sent. */
export async function changePassword(
	request: Request,
	customerId: string,
	input: { currentPassword: string; newPassword: string },
): Promise<{ ok: true } | Refusal> {
	const refusal = await checkOwnPassword(
		request,
		customerId,
		input.currentPassword,
		'currentPassword',
		WRONG_CURRENT_PASSWORD,
	)
	if (refusal) return refusal
	const account = await getAccount(customerId)
	if (!account) return refuse(400, WRONG_CURRENT_PASSWORD, 'currentPassword')
	await resetPassword(customerId, input.newPassword, async (tx) => {
		await enqueueEmail(
			{ kind: 'password-changed', to: account.email, data: { name: account.name, customerId } },
			tx,
		)
		return true
	})
	wakeMailer()
	return { ok: true }
}

// ---------------------------------------------------------------- change email

export const EMAIL_CHANGE_LIMITS = {
	account: { max: 5, windowMs: HOUR },
	target: { max: 3, windowMs: DAY },
}

/**
 * Sends a confirmation link to the new address (the email changes when it is opened) and tells
 * the current address, with a link that cancels the change and signs out every device. At most
 * 5 requests an hour per account and 3 a day per new address (reserved before anything is
 * queued), so the form cannot be used to mail strangers.
 */
export async function requestEmailChange(
	request: Request,
	customerId: string,
	input: { email: string; password: string },
): Promise<{ ok: true; email: string } | Refusal> {
	const refusal = await checkOwnPassword(request, customerId, input.password)
	if (refusal) return refusal
	const account = await getAccount(customerId)
	const email = normaliseEmail(input.email)
	if (!account) return refuse(400, WRONG_PASSWORD, 'password')
	if (account.email === email) return refuse(400, SAME_EMAIL, 'email')
	if (await emailInUse(email, customerId)) return refuse(409, EMAIL_TAKEN, 'email')
	const reservation = await reserve([
		{ key: `email-change:account:${customerId}`, ...EMAIL_CHANGE_LIMITS.account },
		{ key: `email-change:to:${email}`, ...EMAIL_CHANGE_LIMITS.target },
	])
	if (!reservation.ok) return tooMany(TOO_MANY_EMAIL_CHANGES, reservation.retryAfterMs)
	await enqueueEmails([
		{ kind: 'email-change', to: email, data: { customerId } },
		{
			kind: 'email-change-requested',
			to: account.email,
			data: { customerId, name: account.name, newEmail: email },
		},
	])
	wakeMailer()
	return { ok: true, email }
}

/** Confirms a change of email from its link: the new email, or a refusal. */
export async function confirmEmailFromLink(
	token: string,
): Promise<{ ok: true; email: string; customerId: string } | Refusal | null> {
	try {
		const changed = await confirmEmailChange(token)
		if (!changed) return null
		wakeMailer()
		return { ok: true, email: changed.email, customerId: changed.customerId }
	} catch (error) {
		if (error instanceof EmailInUseError) return refuse(409, EMAIL_TAKEN, 'token')
		throw error
	}
}

/**
 * The link sent to the current address when a change was asked for: the change is dropped and
 * every device signed out. Null for an unknown, spent or expired link.
 */
export async function cancelEmailChangeFromLink(token: string) {
	return cancelEmailChangeWithToken(token)
}

// ---------------------------------------------------------------- verification

export const VERIFY_LIMIT = { max: 5, windowMs: HOUR }

/**
 * Sends the owner's address its verification link again: at most 5 times an hour per address.
 * `verified` when there is nothing to verify.
 */
export async function resendVerification(
	customerId: string,
): Promise<{ ok: true; verified: boolean } | Refusal> {
	const account = await getAccount(customerId)
	// No such active owner (requireCustomerId let the session in a moment ago): nothing to send.
	if (!account) return { ok: true, verified: true }
	if (account.emailVerifiedAt) return { ok: true, verified: true }
	const reservation = await reserve([{ key: `verify:email:${account.email}`, ...VERIFY_LIMIT }])
	if (!reservation.ok) return tooMany(TOO_MANY_VERIFICATION_LINKS, reservation.retryAfterMs)
	await enqueueEmail({ kind: 'verify-email', to: account.email, data: { customerId } })
	wakeMailer()
	return { ok: true, verified: false }
}

/** Verifies the owner's address from its link: the address, or null when the link is not valid. */
export async function verifyEmailFromLink(token: string) {
	return verifyEmailWithToken(token)
}

// ---------------------------------------------------------------- export

/**
 * The owner's password, asked before their data is handed over (the same throttling as login):
 * null when it is right.
 */
export async function checkPasswordForExport(
	request: Request,
	customerId: string,
	password: string,
): Promise<Refusal | null> {
	return checkOwnPassword(request, customerId, password)
}

/**
 * The owner's archive as a download, without the password hash (the /one API and the settings
 * page's 'Download my data', both after {@link checkPasswordForExport}).
 */
export async function exportArchiveResponse(customerId: string) {
	let exported
	try {
		exported = await exportAccountArchive(customerId, { passwordHash: false })
	} catch (error) {
		if (error instanceof AccountTransferError) return apiError(409, error.translatable)
		throw error
	}
	if (!exported) return apiError(404, msg`Account not found`)
	const name = (await getCustomerPath(customerId)) ?? 'account'
	return new Response(createReadableStreamFromReadable(exported.archive), {
		status: 200,
		headers: {
			'Content-Type': 'application/gzip',
			'Content-Disposition': `attachment; filename="${name}-tagg-export.tar.gz"`,
			'Cache-Control': 'private, no-store',
			'X-Content-Type-Options': 'nosniff',
		},
	})
}

// ---------------------------------------------------------------- sessions

/** Signs out every other device: every refresh family but the one of `keepRefreshToken`. */
export async function signOutOtherDevices(customerId: string, keepRefreshToken?: string) {
	const keep = await refreshTokenFamily(customerId, keepRefreshToken)
	await endOtherSessions(customerId, keep)
	// The session kept (its refresh-token family), for the fresh access token it gets.
	return keep ?? undefined
}

// ---------------------------------------------------------------- delete

export const DELETE_CONFIRMATION_MISMATCH = msg`Type your address exactly as shown to confirm.`
	.message

/**
 * Deletes the owner's account after they typed their password and their address (their path,
 * or their email when they never claimed one).
 */
export async function deleteOwnAccount(
	request: Request,
	customerId: string,
	input: { password: string; confirmation: string; field: string },
): Promise<{ ok: true } | Refusal> {
	const account = await getAccount(customerId)
	if (!account) return refuse(400, WRONG_PASSWORD, 'password')
	const path = account.profile?.path
	const typed = input.confirmation.trim()
	// The address may be typed with its host (tagg.example.com/Jane-Doe) and in any case.
	const matches = path
		? typed.replace(/^.*\//, '').toLowerCase() === path.toLowerCase()
		: normaliseEmail(typed) === account.email
	if (!matches) return refuse(400, DELETE_CONFIRMATION_MISMATCH, input.field)
	const refusal = await checkOwnPassword(request, customerId, input.password)
	if (refusal) return refusal
	await deleteAccount(customerId)
	return { ok: true }
}
