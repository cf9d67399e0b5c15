/**
 * Account self-service as the pages and the /one API both use it: forgot and reset password,
 * change of password and email, ending sessions, and deleting the account. Throttling, password
 * checks and the answers live here once. Each change is one transaction; an email is queued in
 * the outbox and never makes a request fail.
 */
import {
	confirmEmailChange,
	deleteAccount,
	emailInUse,
	EmailInUseError,
	endOtherSessions,
	getAccount,
	resetPasswordWithToken,
} from '~/models/account.server'
import { normaliseEmail, resetPassword } from '~/models/customer.server'
import { enqueueEmail } from '~/models/outbox.server'
import { hit, retryAfterMs, type Limit } from '~/models/rate-limit.server'
import { refreshTokenFamily } from '~/models/token.server'
import { attemptLogin } from './account.server'
import { wakeMailer } from './mailer.server'
import { clientAddress } from './rate-limit.server'
import {
	EMAIL_TAKEN,
	SAME_EMAIL,
	TOO_MANY_RESET_REQUESTS,
	WRONG_CURRENT_PASSWORD,
	WRONG_PASSWORD,
} from '~/utils/settings-schemas'

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

// ---------------------------------------------------------------- forgot password

const HOUR = 60 * 60_000
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
 * here is the same (count the request, queue one message), so the answer and its timing say
 * nothing; the outbox worker finds the account, if any, and makes the link when it sends.
 */
export async function requestPasswordReset(
	request: Request,
	email: string,
): Promise<{ ok: true } | Refusal> {
	const limits = forgotLimits(email, clientAddress(request))
	const wait = await retryAfterMs(limits)
	if (wait > 0) return refuse(429, TOO_MANY_RESET_REQUESTS, undefined, Math.ceil(wait / 1000))
	await hit(limits)
	await enqueueEmail({ kind: 'password-reset', to: normaliseEmail(email) })
	wakeMailer()
	return { ok: true }
}

/**
 * Sets a new password from a reset link: the link is spent, every session ends, and a notice
 * is queued. The owner's id and whether they have a path, or null for a spent, expired or
 * unknown link (nothing changed).
 */
export async function resetPasswordFromLink(token: string, password: string) {
	const customerId = await resetPasswordWithToken(token, password)
	if (!customerId) return null
	wakeMailer()
	const account = await getAccount(customerId)
	return { customerId, hasPath: Boolean(account?.profile?.path) }
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
	const outcome = await attemptLogin(request, account.email, password)
	if (outcome.ok && outcome.customerId === customerId) return null
	if (!outcome.ok && outcome.status === 429) {
		return refuse(429, outcome.message, field, outcome.retryAfterSeconds)
	}
	return refuse(400, wrongMessage, field)
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
			{ kind: 'password-changed', to: account.email, data: { name: account.name } },
			tx,
		)
		return true
	})
	wakeMailer()
	return { ok: true }
}

// ---------------------------------------------------------------- change email

/** Sends a confirmation link to the new address; the email changes when it is opened. */
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
	await enqueueEmail({ kind: 'email-change', to: email, data: { customerId } })
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

// ---------------------------------------------------------------- sessions

/** Signs out every other device: every refresh family but the one of `keepRefreshToken`. */
export async function signOutOtherDevices(customerId: string, keepRefreshToken?: string) {
	const keep = await refreshTokenFamily(customerId, keepRefreshToken)
	await endOtherSessions(customerId, keep)
}

// ---------------------------------------------------------------- delete

export const DELETE_CONFIRMATION_MISMATCH = 'Type your address exactly as shown to confirm.'

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
