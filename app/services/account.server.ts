/**
 * Sign-in and registration as the UI and the /one API both use them: throttling, credential
 * checks and the uniform failure answers live here once.
 */
import { type z } from 'zod'
import {
	createCustomer,
	EmailTakenError,
	getCustomerPath,
	normaliseEmail,
	verifyLogin,
} from '~/models/customer.server'
import { findUsableInvite, spendInvite } from '~/models/invite.server'
import { createSecondStep, secondFactorIsOn } from '~/models/sign-in-factor.server'
import { env } from '~/utils/env.server'
import { INVALID_CREDENTIALS, passwordMayMatch, type RegisterSchema } from '~/utils/account-schemas'
import { PasswordHashingBusyError } from '~/utils/password.server'
import { wakeMailer } from './mailer.server'
import {
	cancelLoginAttempt,
	clientAddress,
	recordSuccessfulLogin,
	reserveLoginAttempt,
	TOO_MANY_ATTEMPTS,
} from './rate-limit.server'
import { msg } from '~/utils/i18n-macro'
import { type Locale } from '~/utils/locales'

/**
 * The second step a login or a reset waits for (the owner's second factor is on): the token
 * that continues it (`mfa_token`) and when it expires.
 */
export type SecondStepIssued = { mfaToken: string; expiresAt: Date }

export type LoginOutcome =
	| { ok: true; customerId: string; hasPath: boolean }
	| {
			ok: false
			status: 401 | 429
			message: string
			retryAfterSeconds?: number
			/**
			 * Set when the password was right and the owner's second factor is on: nobody is signed
			 * in yet; the login goes on with a code (or a passkey) and this token
			 * (app/services/sign-in-factors.server.ts `continueSecondStep`). A caller that knows
			 * nothing of second steps shows `message` and signs nobody in.
			 */
			secondStep?: SecondStepIssued
	  }

export const SECOND_STEP_NEEDED =
	msg`Enter the code from your authenticator app to finish logging in.`.message

export type PasswordCheck =
	| { ok: true; customerId: string }
	| { ok: false; status: 401 | 429; message: string; retryAfterSeconds?: number }

/** Every password worker is busy and the queue is full: 429 with Retry-After. */
function busy(error: PasswordHashingBusyError) {
	return {
		ok: false as const,
		status: 429 as const,
		message: error.message,
		retryAfterSeconds: error.retryAfterSeconds,
	}
}

/**
 * The first factor alone: whether `password` is the password of the account with `email`,
 * throttled as login is (each attempt reserved before the password is checked; a right one
 * gives its place back). Signs nobody in: login, and the password asked again in Settings,
 * build on it.
 */
export async function checkPasswordAttempt(
	request: Request,
	email: string,
	password: string,
): Promise<PasswordCheck> {
	// No account has such an email (registration caps it at 254 characters; PostgreSQL text holds
	// no NUL), and the throttling keys below would store it: refuse it before they are touched.
	if (email.length > 254 || email.includes('\0')) {
		return { ok: false, status: 401, message: INVALID_CREDENTIALS }
	}
	const address = clientAddress(request)
	// The attempt is counted before the password is checked: a burst of concurrent guesses gets
	// no more checks than the limit allows.
	const reservation = await reserveLoginAttempt(email, address)
	if (!reservation.ok) {
		return {
			ok: false,
			status: 429,
			message: TOO_MANY_ATTEMPTS,
			retryAfterSeconds: Math.ceil(reservation.retryAfterMs / 1000),
		}
	}
	// No password longer than the rule was ever set: such input is not even hashed.
	let customer
	try {
		customer = passwordMayMatch(password) ? await verifyLogin(email, password) : null
	} catch (error) {
		await cancelLoginAttempt(email, address)
		if (error instanceof PasswordHashingBusyError) return busy(error)
		throw error
	}
	// A failed attempt keeps its reserved place.
	if (!customer) return { ok: false, status: 401, message: INVALID_CREDENTIALS }
	await recordSuccessfulLogin(email, address)
	return { ok: true, customerId: customer.id }
}

/**
 * A login with email and password. An owner whose second factor is on is not signed in: the
 * outcome is a refusal carrying `secondStep` (docs/decisions/033-sign-in-factors.md), so no
 * caller can sign such an owner in with the password alone.
 */
export async function attemptLogin(
	request: Request,
	email: string,
	password: string,
): Promise<LoginOutcome> {
	const checked = await checkPasswordAttempt(request, email, password)
	if (!checked.ok) return checked
	if (await secondFactorIsOn(checked.customerId)) {
		const step = await createSecondStep(checked.customerId, { purpose: 'login' })
		return {
			ok: false,
			status: 401,
			message: SECOND_STEP_NEEDED,
			secondStep: { mfaToken: step.token, expiresAt: step.expiresAt },
		}
	}
	return {
		ok: true,
		customerId: checked.customerId,
		hasPath: Boolean(await getCustomerPath(checked.customerId)),
	}
}

export type RegisterOutcome =
	| { ok: true; customerId: string }
	| { ok: false; status: 403 | 409 | 429; message: string; retryAfterSeconds?: number }

// English strings (the pages and the API translate them where they show them).
export const SIGNUPS_CLOSED =
	msg`Sign-ups are closed on this Tagg. Ask the person who runs it to create your account.`.message
export const SIGNUPS_BY_INVITE =
	msg`Sign-ups on this Tagg are by invitation only. Open the link in your invitation email, or ask the person who runs it to invite you.`
		.message
export const INVITE_NOT_USABLE =
	msg`This invitation link has expired or was already used. Ask the person who runs this Tagg for a new one.`
		.message
export const INVITE_OTHER_EMAIL =
	msg`This invitation is for another email address. Sign up with the address it was sent to.`
		.message

/**
 * Whether a sign-up may go ahead under SIGNUPS: `open` lets anyone in, `invite` only the email
 * an unspent invitation was sent to, `closed` nobody (the admin CLI creates owners).
 */
export async function signupRefusal(
	email: string | undefined,
	invite: string | undefined,
): Promise<{ ok: false; status: 403; message: string } | null> {
	const mode = env().SIGNUPS
	if (mode === 'open') return null
	if (mode === 'closed') return { ok: false, status: 403, message: SIGNUPS_CLOSED }
	if (!invite) return { ok: false, status: 403, message: SIGNUPS_BY_INVITE }
	const usable = await findUsableInvite(invite)
	if (!usable) return { ok: false, status: 403, message: INVITE_NOT_USABLE }
	if (email !== undefined && normaliseEmail(email) !== usable.email) {
		return { ok: false, status: 403, message: INVITE_OTHER_EMAIL }
	}
	return null
}

export async function attemptRegister(
	input: z.output<typeof RegisterSchema>,
	{ invite, language }: { invite?: string; language?: Locale } = {},
): Promise<RegisterOutcome> {
	const refusal = await signupRefusal(input.email, invite)
	if (refusal) return refusal
	try {
		// The address is not verified yet: its link is queued with the account.
		const customer = await createCustomer(input, { signupLanguage: language })
		if (invite && env().SIGNUPS === 'invite') await spendInvite(invite)
		wakeMailer()
		return { ok: true, customerId: customer.id }
	} catch (error) {
		if (error instanceof EmailTakenError) return { ok: false, status: 409, message: error.message }
		if (error instanceof PasswordHashingBusyError) return busy(error)
		throw error
	}
}
