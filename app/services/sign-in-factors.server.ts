/**
 * Sign-in factors as the pages and the /one API both use them (docs/decisions/033-sign-in-factors.md):
 * authenticator codes (TOTP) with recovery codes, which make the second factor; passkeys, a way
 * in on their own; and the second step of a login or a reset. Every code check is limited per
 * account (reserved before the check, decision 025); credentials changes end what they must;
 * each change tells the owner by email (queued in the same transaction).
 *
 * The functions answer `{ ok: true, … }` or a {@link FactorRefusal} (an HTTP status, the field
 * it is about, an English message the caller translates); routes turn a refusal into the API's
 * envelope with `apiRefusal`, pages show its message with `translate(i18n, message)`.
 */
import { type I18n } from '@lingui/core'
import {
	type AuthenticationResponseJSON,
	type generateAuthenticationOptions,
	type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { getAccount, resetPasswordFromSecondStep } from '~/models/account.server'
import { getCustomerPath } from '~/models/customer.server'
import { release, reserve, type Limit } from '~/models/rate-limit.server'
import {
	acceptTotpStep,
	addPasskey,
	disableTotp,
	enableTotp,
	findPasskeyByCredential,
	findSecondStep,
	getFactors,
	getTotpState,
	listPasskeyCredentials,
	MAX_PASSKEYS,
	ownsPasskey,
	recordPasskeyUse,
	removePasskey,
	renamePasskey,
	replaceRecoveryCodes,
	saveChallenge,
	savePendingTotpSecret,
	secondFactorIsOn,
	spendChallenge,
	spendRecoveryCode,
	spendSecondStep,
	CHALLENGE_TTL_MS,
	type PasskeySummary,
	type SecondStep,
} from '~/models/sign-in-factor.server'
import { env } from '~/utils/env.server'
import { translate, withValues } from '~/utils/i18n'
import { msg } from '~/utils/i18n-macro'
import {
	CODE_MISSING,
	CODE_OR_RECOVERY_MISSING,
	PASSWORD_MISSING,
} from '~/utils/sign-in-factor-schemas'
import { LINK_NOT_VALID } from '~/utils/settings-schemas'
import {
	base32Decode,
	hashRecoveryCode,
	looksLikeTotpCode,
	matchTotpStep,
	newRecoveryCode,
	newTotpSecret,
	normaliseRecoveryCode,
	openSecret,
	otpauthUrl,
	RECOVERY_CODE_COUNT,
	sealSecret,
} from '~/utils/totp.server'
import { confirmOwnPassword } from './account-settings.server'
import { wakeMailer } from './mailer.server'
import { clientAddress } from './rate-limit.server'

/**
 * The passkey library, loaded when a passkey is first added or used, not by every process that
 * starts the app (docs/decisions/042-lazy-heavy-modules.md).
 */
const webauthn = () => import('@simplewebauthn/server')

/** A refusal: the HTTP status, the field it is about (if any) and the message for a person. */
export type FactorRefusal = {
	ok: false
	status: 400 | 401 | 404 | 409 | 429
	field?: string
	message: string
	retryAfterSeconds?: number
}

const refuse = (
	status: FactorRefusal['status'],
	message: string,
	field?: string,
	retryAfterSeconds?: number,
): FactorRefusal => ({ ok: false, status, message, field, retryAfterSeconds })

// English strings (the pages and the API translate them where they show them).
export const WRONG_CODE = msg`This code is not correct.`.message
export const TOO_MANY_CODES = msg`Too many wrong codes. Please wait a few minutes and try again.`
	.message
export const SECOND_STEP_EXPIRED =
	msg`This step has expired or was already used. Please start again.`.message
export const SETUP_FIRST = msg`Set up your authenticator app first.`.message
export const TOTP_IS_OFF = msg`Two-factor authentication is off.`.message
export const PASSKEY_NOT_FOUND = msg`Passkey not found`.message
export const PASSKEY_NOT_ADDED = msg`This passkey could not be added. Please try again.`.message
export const PASSKEY_ALREADY_ADDED = msg`This passkey is already added.`.message
export const PASSKEY_LIMIT = msg`You can add at most 20 passkeys.`.message
export const PASSKEY_LOGIN_FAILED =
	msg`This passkey did not work. Please try again, or log in with your password.`.message
export const TOO_MANY_PASSKEY_REQUESTS =
	msg`Too many requests. Please wait a few minutes and try again.`.message
const ACCOUNT_NOT_FOUND = msg`Account not found`.message
const DEFAULT_PASSKEY_NAME = msg`Passkey {number}`

// ---------------------------------------------------------------- the relying party

/** WebAuthn's relying party: the host of PUBLIC_SITE_URL, and its origin. */
export function relyingParty() {
	const site = new URL(env().PUBLIC_SITE_URL)
	return { id: site.hostname, origin: site.origin, name: 'Tagg' }
}

// ---------------------------------------------------------------- code checks

const MINUTE = 60_000

/** Wrong codes per account: the 6th within 15 minutes, and any code after it, waits. */
export const CODE_LIMIT = { max: 5, windowMs: 15 * MINUTE }

const codeLimits = (customerId: string): Limit[] => [
	{ key: `mfa:acct:${customerId}`, ...CODE_LIMIT },
]

type CodeCheck = { ok: true; kind: 'totp' | 'recovery' } | FactorRefusal

/**
 * Checks a code of the owner's second factor: a 6-digit code of the secret in use (each step
 * accepted once) or, when `recovery`, a recovery code (spent). The attempt is reserved on the
 * account's limit before the check and given back when the code was right, so only wrong codes
 * count; past the limit every code waits (429). `wrongStatus` is what a wrong code answers: 401
 * in a login's second step, 400 where a signed-in owner confirms a change.
 */
async function checkCode(
	customerId: string,
	code: string,
	options: { recovery: boolean; wrongStatus: 400 | 401 },
): Promise<CodeCheck> {
	const limits = codeLimits(customerId)
	const reservation = await reserve(limits)
	if (!reservation.ok) {
		return refuse(429, TOO_MANY_CODES, 'code', Math.ceil(reservation.retryAfterMs / 1000))
	}
	const kind = await codeIsRight(customerId, code, options.recovery)
	if (!kind) return refuse(options.wrongStatus, WRONG_CODE, 'code')
	await release(limits)
	return { ok: true, kind }
}

/**
 * A current code of the owner's authenticator app (recovery codes are for getting in, not for
 * proving presence again): null when right, else the refusal (a wrong code counts on the
 * account's code limit).
 */
export async function checkAuthenticatorCode(customerId: string, code: string) {
	if (!(await secondFactorIsOn(customerId))) return refuse(400, WRONG_CODE, 'code')
	const check = await checkCode(customerId, code, { recovery: false, wrongStatus: 400 })
	return check.ok ? null : check
}

async function codeIsRight(customerId: string, code: string, recovery: boolean) {
	if (looksLikeTotpCode(code)) {
		const state = await getTotpState(customerId)
		if (!state?.secret || !state.enabledAt) return null
		const secret = openSecret(state.secret, customerId)
		const key = secret ? base32Decode(secret) : null
		if (!key) return null
		const step = matchTotpStep(key, code, Date.now(), state.lastStep)
		if (step === null) return null
		return (await acceptTotpStep(customerId, state.secret, step)) ? ('totp' as const) : null
	}
	if (!recovery) return null
	const normalised = normaliseRecoveryCode(code)
	if (!normalised) return null
	const left = await spendRecoveryCode(customerId, hashRecoveryCode(normalised))
	if (left === null) return null
	wakeMailer()
	return 'recovery' as const
}

// ---------------------------------------------------------------- Settings

export type FactorsSummary = {
	totp: boolean
	passkeys: PasskeySummary[]
	recoveryCodesLeft: number
}

/** What Settings shows (and `GET /one/account/mfa/get` answers). */
export async function factorsOf(customerId: string): Promise<FactorsSummary> {
	const { totp, passkeys, recoveryCodesLeft } = await getFactors(customerId)
	return { totp, passkeys, recoveryCodesLeft }
}

/**
 * A new secret for the owner's authenticator app (and the `otpauth://` URL its QR code holds):
 * kept aside until {@link confirmTotpSetup} checks its first code. While authenticator codes
 * are on, moving them to another app needs a code of the current one (or a recovery code):
 * a session alone cannot replace the second factor.
 */
export async function startTotpSetup(
	customerId: string,
	input: { code?: string },
): Promise<{ ok: true; secret: string; otpauthUrl: string } | FactorRefusal> {
	const account = await getAccount(customerId)
	if (!account) return refuse(404, ACCOUNT_NOT_FOUND)
	if (await secondFactorIsOn(customerId)) {
		if (!input.code) return refuse(400, CODE_OR_RECOVERY_MISSING, 'code')
		const check = await checkCode(customerId, input.code, { recovery: true, wrongStatus: 400 })
		if (!check.ok) return check
	}
	const secret = newTotpSecret()
	await savePendingTotpSecret(customerId, sealSecret(secret, customerId))
	return { ok: true, secret, otpauthUrl: otpauthUrl(secret, account.email) }
}

/**
 * Turns authenticator codes on with the secret set up, once its first code is right: the 10
 * recovery codes (shown once; any earlier ones stop working), every session ended (the caller
 * signs this device in again: docs/decisions/033-sign-in-factors.md), the owner told.
 */
export async function confirmTotpSetup(
	customerId: string,
	code: string,
): Promise<{ ok: true; recoveryCodes: string[] } | FactorRefusal> {
	const state = await getTotpState(customerId)
	const pending = state?.pendingSecret ? openSecret(state.pendingSecret, customerId) : null
	const key = pending ? base32Decode(pending) : null
	if (!state?.pendingSecret || !key) return refuse(409, SETUP_FIRST)
	if (!looksLikeTotpCode(code)) return refuse(400, CODE_MISSING, 'code')
	const limits = codeLimits(customerId)
	const reservation = await reserve(limits)
	if (!reservation.ok) {
		return refuse(429, TOO_MANY_CODES, 'code', Math.ceil(reservation.retryAfterMs / 1000))
	}
	const step = matchTotpStep(key, code, Date.now())
	if (step === null) return refuse(400, WRONG_CODE, 'code')
	await release(limits)
	const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
	const hashes = recoveryCodes.map((shown) => hashRecoveryCode(normaliseRecoveryCode(shown)!))
	if (!(await enableTotp(customerId, state.pendingSecret, step, hashes))) {
		return refuse(409, SETUP_FIRST)
	}
	wakeMailer()
	return { ok: true, recoveryCodes }
}

/**
 * Turns authenticator codes off, after the password and a code (or a recovery code): the
 * secret and the recovery codes are deleted and the owner told. Sessions go on.
 */
export async function turnOffTotp(
	request: Request,
	customerId: string,
	input: { password: string; code: string },
): Promise<{ ok: true } | FactorRefusal> {
	if (!(await secondFactorIsOn(customerId))) return refuse(409, TOTP_IS_OFF)
	const wrongPassword = await confirmOwnPassword(request, customerId, input.password)
	if (wrongPassword) return wrongPassword
	const check = await checkCode(customerId, input.code, { recovery: true, wrongStatus: 400 })
	if (!check.ok) return check
	if (!(await disableTotp(customerId))) return refuse(409, TOTP_IS_OFF)
	wakeMailer()
	return { ok: true }
}

/** New recovery codes after a code (or a recovery code): the old ones stop working. */
export async function remakeRecoveryCodes(
	customerId: string,
	code: string,
): Promise<{ ok: true; recoveryCodes: string[] } | FactorRefusal> {
	if (!(await secondFactorIsOn(customerId))) return refuse(409, TOTP_IS_OFF)
	const check = await checkCode(customerId, code, { recovery: true, wrongStatus: 400 })
	if (!check.ok) return check
	const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
	const hashes = recoveryCodes.map((shown) => hashRecoveryCode(normaliseRecoveryCode(shown)!))
	if (!(await replaceRecoveryCodes(customerId, hashes))) return refuse(409, TOTP_IS_OFF)
	return { ok: true, recoveryCodes }
}

// ---------------------------------------------------------------- passkeys: adding

/**
 * The options for the browser to create a passkey (`navigator.credentials.create`, or
 * @simplewebauthn/browser's `startRegistration({ optionsJSON })`): a discoverable credential
 * with user verification, none of the owner's passkeys again. Its challenge is the owner's,
 * for 5 minutes, once.
 */
export async function passkeyRegistrationOptions(customerId: string) {
	const account = await getAccount(customerId)
	if (!account) return refuse(404, ACCOUNT_NOT_FOUND)
	const existing = await listPasskeyCredentials(customerId)
	if (existing.length >= MAX_PASSKEYS) return refuse(409, PASSKEY_LIMIT)
	const rp = relyingParty()
	const { generateRegistrationOptions } = await webauthn()
	const options = await generateRegistrationOptions({
		rpName: rp.name,
		rpID: rp.id,
		userName: account.email,
		userID: new TextEncoder().encode(customerId),
		userDisplayName: account.name,
		attestationType: 'none',
		timeout: CHALLENGE_TTL_MS,
		excludeCredentials: existing.map((passkey) => ({
			id: passkey.credentialId,
			transports: passkey.transports,
		})),
		authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
	})
	await saveChallenge(options.challenge, 'register', customerId)
	return { ok: true as const, options }
}

/**
 * Adds the passkey the browser created from {@link passkeyRegistrationOptions}: the response is
 * checked against the owner's challenge (spent), the relying party and origin, with the user
 * verified. `name` is the owner's (else "Passkey n" in `i18n`'s language). The owner is told.
 */
export async function registerPasskey(
	customerId: string,
	input: { response: RegistrationResponseJSON; name?: string },
	i18n: I18n,
): Promise<{ ok: true; passkey: PasskeySummary } | FactorRefusal> {
	const rp = relyingParty()
	const { verifyRegistrationResponse } = await webauthn()
	let verification
	try {
		verification = await verifyRegistrationResponse({
			response: input.response,
			expectedChallenge: (challenge) => spendChallenge(challenge, 'register', customerId),
			expectedOrigin: rp.origin,
			expectedRPID: rp.id,
			requireUserVerification: true,
		})
	} catch {
		return refuse(400, PASSKEY_NOT_ADDED, 'response')
	}
	if (!verification.verified) return refuse(400, PASSKEY_NOT_ADDED, 'response')
	const { credential, credentialBackedUp } = verification.registrationInfo
	const count = (await listPasskeyCredentials(customerId)).length
	const added = await addPasskey(customerId, {
		credentialId: credential.id,
		publicKey: credential.publicKey,
		counter: credential.counter,
		transports: credential.transports ?? input.response.response.transports ?? [],
		backedUp: credentialBackedUp,
		name:
			input.name?.trim() ||
			translate(i18n, withValues(DEFAULT_PASSKEY_NAME, { number: count + 1 })),
	})
	if (added === 'exists') return refuse(409, PASSKEY_ALREADY_ADDED, 'response')
	if (added === 'limit') return refuse(409, PASSKEY_LIMIT)
	wakeMailer()
	return { ok: true, passkey: added }
}

export async function renameOwnPasskey(
	customerId: string,
	input: { id: string; name: string },
): Promise<{ ok: true; passkey: PasskeySummary } | FactorRefusal> {
	const passkey = await renamePasskey(customerId, input.id, input.name.trim())
	return passkey ? { ok: true, passkey } : refuse(404, PASSKEY_NOT_FOUND)
}

/**
 * Removes one of the owner's passkeys after their password, or a code of their second factor
 * (or a recovery code). The owner is told. Sessions go on.
 */
export async function removeOwnPasskey(
	request: Request,
	customerId: string,
	input: { id: string; password?: string; code?: string },
): Promise<{ ok: true } | FactorRefusal> {
	if (!(await ownsPasskey(customerId, input.id))) return refuse(404, PASSKEY_NOT_FOUND)
	if (input.password) {
		const wrong = await confirmOwnPassword(request, customerId, input.password)
		if (wrong) return wrong
	} else if (input.code && (await secondFactorIsOn(customerId))) {
		const check = await checkCode(customerId, input.code, { recovery: true, wrongStatus: 400 })
		if (!check.ok) return check
	} else {
		// A code without a second factor proves nothing: the password it is.
		return refuse(400, PASSWORD_MISSING, 'password')
	}
	if (!(await removePasskey(customerId, input.id))) return refuse(404, PASSKEY_NOT_FOUND)
	wakeMailer()
	return { ok: true }
}

// ---------------------------------------------------------------- passkeys: signing in

/** Challenges handed out per client address (each is a row for 5 minutes). */
export const PASSKEY_OPTIONS_LIMIT = { max: 120, windowMs: 15 * MINUTE }

/**
 * The options for the browser to sign in with a passkey (`navigator.credentials.get`, or
 * `startAuthentication({ optionsJSON })`, with `useBrowserAutofill` for the email field's
 * autofill): no credentials listed (discoverable: no email typed), user verification required.
 */
export async function passkeyLoginOptions(
	request: Request,
): Promise<
	{ ok: true; options: Awaited<ReturnType<typeof generateAuthenticationOptions>> } | FactorRefusal
> {
	const reservation = await reserve([
		{ key: `passkey-options:ip:${clientAddress(request)}`, ...PASSKEY_OPTIONS_LIMIT },
	])
	if (!reservation.ok) {
		return refuse(
			429,
			TOO_MANY_PASSKEY_REQUESTS,
			undefined,
			Math.ceil(reservation.retryAfterMs / 1000),
		)
	}
	const { generateAuthenticationOptions } = await webauthn()
	const options = await generateAuthenticationOptions({
		rpID: relyingParty().id,
		userVerification: 'required',
		timeout: CHALLENGE_TTL_MS,
	})
	await saveChallenge(options.challenge, 'login', null)
	return { ok: true, options }
}

export type SignedIn = {
	ok: true
	customerId: string
	hasPath: boolean
	/** The sign-in ended a password reset (its new password is set, every other session ended). */
	passwordReset: boolean
}

/**
 * Signs in with a passkey (a way in on its own: no password, no code). With `mfaToken`, the
 * passkey is instead the second step of that login or reset, and must be the same owner's.
 */
export async function signInWithPasskey(input: {
	response: AuthenticationResponseJSON
	mfaToken?: string
}): Promise<SignedIn | FactorRefusal> {
	const failed = refuse(401, PASSKEY_LOGIN_FAILED, 'response')
	let step: SecondStep | null = null
	if (input.mfaToken !== undefined) {
		step = await findSecondStep(input.mfaToken)
		if (!step) return refuse(401, SECOND_STEP_EXPIRED, 'mfa_token')
	}
	const passkey = await verifyPasskeyAssertion(input.response, step?.customerId)
	if (!passkey) return failed
	if (step) return completeSecondStep(step)
	return {
		ok: true,
		customerId: passkey.customerId,
		hasPath: Boolean(await getCustomerPath(passkey.customerId)),
		passwordReset: false,
	}
}

/**
 * Checks a passkey assertion made for a `login` challenge (spent): the customer whose passkey
 * signed it (and its use recorded), or null. With `customerId`, only that owner's passkey counts.
 */
export async function verifyPasskeyAssertion(
	response: AuthenticationResponseJSON,
	customerId?: string,
): Promise<{ customerId: string } | null> {
	const passkey = await findPasskeyByCredential(response.id)
	if (!passkey || passkey.customer.disabled) return null
	if (customerId !== undefined && passkey.customerId !== customerId) return null
	const handle = response.response.userHandle
	if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.customerId) {
		return null
	}
	const rp = relyingParty()
	const { verifyAuthenticationResponse } = await webauthn()
	let verification
	try {
		verification = await verifyAuthenticationResponse({
			response,
			expectedChallenge: (challenge) => spendChallenge(challenge, 'login', null),
			expectedOrigin: rp.origin,
			expectedRPID: rp.id,
			credential: {
				id: passkey.credentialId,
				publicKey: new Uint8Array(passkey.publicKey),
				counter: Number(passkey.counter),
				transports: passkey.transports,
			},
			requireUserVerification: true,
		})
	} catch {
		return null
	}
	if (!verification.verified) return null
	const used = await recordPasskeyUse(
		passkey.id,
		passkey.counter,
		verification.authenticationInfo.newCounter,
	)
	return used ? { customerId: passkey.customerId } : null
}

// ---------------------------------------------------------------- the second step

/**
 * The second step of a login or a reset (`mfa_token` from `attemptLogin` or
 * `beginPasswordReset`) with a code of the owner's authenticator app or a recovery code. A wrong
 * code is 401 and the step stays usable; past the limit, 429. A login's step then signs the owner
 * in; a reset's sets its new password, spends its link and ends every session, as a reset does.
 */
export async function continueSecondStep(
	mfaToken: string,
	code: string,
): Promise<SignedIn | FactorRefusal> {
	const step = await findSecondStep(mfaToken)
	if (!step) return refuse(401, SECOND_STEP_EXPIRED, 'mfa_token')
	const check = await checkCode(step.customerId, code, { recovery: true, wrongStatus: 401 })
	if (!check.ok) return check
	return completeSecondStep(step)
}

async function completeSecondStep(step: SecondStep): Promise<SignedIn | FactorRefusal> {
	if (step.purpose === 'reset') {
		const customerId = await resetPasswordFromSecondStep(step)
		if (!customerId) return refuse(400, LINK_NOT_VALID, 'token')
		wakeMailer()
		return {
			ok: true,
			customerId,
			hasPath: Boolean(await getCustomerPath(customerId)),
			passwordReset: true,
		}
	}
	if (!(await spendSecondStep(step.id))) return refuse(401, SECOND_STEP_EXPIRED, 'mfa_token')
	return {
		ok: true,
		customerId: step.customerId,
		hasPath: Boolean(await getCustomerPath(step.customerId)),
		passwordReset: false,
	}
}
