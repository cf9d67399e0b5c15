/**
 * Sudo mode (docs/decisions/040-sudo-mode.md): changes that would let whoever holds a session
 * keep a way into the account after the owner takes it back (a passkey, authenticator codes, a
 * domain) need a proof of presence given by that same session within the last 10 minutes: the
 * password, a current code of the authenticator app, or one of the owner's passkeys. Signing in
 * or refreshing never opens it, so a stolen token does not carry it.
 *
 * The grant belongs to the session (its refresh-token family, the `sid` of its access tokens),
 * not to the account: proving it in one browser opens nothing in another.
 */
import { type AuthenticationResponseJSON } from '@simplewebauthn/server'
import { release, reserve } from '~/models/rate-limit.server'
import { getFactors } from '~/models/sign-in-factor.server'
import { apiJson, requireMethod, type EndpointMethod } from '~/utils/api.server'
import { translate } from '~/utils/i18n'
import { msg } from '~/utils/i18n-macro'
import { serverI18n } from '~/utils/i18n.server'
import { currentLocale } from '~/utils/locale.server'
import { prisma } from '~/utils/db.server'
import { PASSWORD_MISSING } from '~/utils/sign-in-factor-schemas'
import { confirmOwnPassword } from './account-settings.server'
import { getSession, type Session } from './auth.server'
import { checkAuthenticatorCode, verifyPasskeyAssertion } from './sign-in-factors.server'

const MINUTE = 60_000

/** How long a proof holds. */
export const SUDO_TTL_MS = 10 * MINUTE

/** Wrong proofs per account: the 6th within 15 minutes, and every proof after it, waits. */
export const SUDO_PROOF_LIMIT = { max: 5, windowMs: 15 * MINUTE }

export const SUDO_REQUIRED = msg`Confirm it’s you to continue.`.message
export const TOO_MANY_PROOFS = msg`Too many requests. Please wait a few minutes and try again.`
	.message
const PASSKEY_NOT_YOURS = msg`This passkey did not work. Please try again.`.message

export type SudoProof =
	{ password: string } | { code: string } | { response: AuthenticationResponseJSON }

export type SudoRefusal = {
	ok: false
	status: 400 | 401 | 429
	field?: string
	message: string
	retryAfterSeconds?: number
}

/** Until when the session may make sudo changes, or null. */
export async function sudoUntil(session: Session): Promise<Date | null> {
	if (!session.sessionId) return null
	const grant = await prisma().sudoGrant.findUnique({
		where: { sessionId: session.sessionId },
		select: { customerId: true, until: true },
	})
	if (!grant || grant.customerId !== session.customerId) return null
	return grant.until.getTime() > Date.now() ? grant.until : null
}

/**
 * Checks a proof of presence and, when it is right, opens sudo mode for the session for
 * {@link SUDO_TTL_MS}. Every try is reserved on the account's limit before the check and given
 * back when right, so a burst of concurrent guesses gets no more than the limit; past it, every
 * try (the right one included) is 429.
 */
export async function openSudo(
	request: Request,
	session: Session,
	proof: SudoProof,
): Promise<{ ok: true; until: Date } | SudoRefusal> {
	const limits = [{ key: `sudo:acct:${session.customerId}`, ...SUDO_PROOF_LIMIT }]
	const reservation = await reserve(limits)
	if (!reservation.ok) {
		return {
			ok: false,
			status: 429,
			message: TOO_MANY_PROOFS,
			retryAfterSeconds: Math.ceil(reservation.retryAfterMs / 1000),
		}
	}
	const refusal = await checkProof(request, session.customerId, proof)
	if (refusal) {
		// A limit further down (login's, the codes') said wait: this try was never judged.
		if (refusal.status === 429) await release(limits)
		return refusal
	}
	await release(limits)
	if (!session.sessionId) {
		// A token made without a session (none of the app's own) has nothing to hold the grant.
		return { ok: false, status: 401, message: msg`Unauthorized`.message }
	}
	const until = new Date(Date.now() + SUDO_TTL_MS)
	await prisma().sudoGrant.upsert({
		where: { sessionId: session.sessionId },
		create: { sessionId: session.sessionId, customerId: session.customerId, until },
		update: { customerId: session.customerId, until },
	})
	return { ok: true, until }
}

async function checkProof(
	request: Request,
	customerId: string,
	proof: SudoProof,
): Promise<SudoRefusal | null> {
	if ('password' in proof) {
		const wrong = await confirmOwnPassword(request, customerId, proof.password)
		return wrong ? { ...wrong, status: wrong.status === 429 ? 429 : 400 } : null
	}
	if ('code' in proof) {
		const wrong = await checkAuthenticatorCode(customerId, proof.code)
		return wrong ? { ...wrong, status: wrong.status === 429 ? 429 : 400 } : null
	}
	if ('response' in proof) {
		const passkey = await verifyPasskeyAssertion(proof.response, customerId)
		return passkey
			? null
			: { ok: false, status: 400, field: 'response', message: PASSKEY_NOT_YOURS }
	}
	return { ok: false, status: 400, field: 'password', message: PASSWORD_MISSING }
}

/**
 * The session of a request that may make a sudo change, or a thrown 403 `sudo_required` (an
 * API client, or the builder's dialog, then proves presence at `POST /one/account/sudo` and
 * tries again). Signed out: 401.
 */
export async function requireSudo(request: Request): Promise<Session> {
	const session = await getSession(request)
	if (!session) {
		throw apiJson(401, { message: translate(serverI18n(currentLocale()), msg`Unauthorized`) })
	}
	if (!(await sudoUntil(session))) throw sudoRequired()
	return session
}

/** The 403 of a change made without sudo mode. */
export function sudoRequired() {
	return apiJson(403, {
		code: 'sudo_required',
		message: translate(serverI18n(currentLocale()), SUDO_REQUIRED),
	})
}

/** Sudo mode of every session but `keepSessionId` ends (their sessions ended). */
export async function endOtherSudo(customerId: string, keepSessionId?: string | null) {
	await prisma().sudoGrant.deleteMany({
		where: { customerId, ...(keepSessionId ? { sessionId: { not: keepSessionId } } : {}) },
	})
}

/**
 * The first line of a /one endpoint that needs sudo mode: its method (405 otherwise), the
 * caller's session (401 without) and its sudo mode (403 `sudo_required` without). Answers the
 * owner's customer id.
 */
export async function requireApiSudoOwner(request: Request, method: EndpointMethod = 'POST') {
	requireMethod(request, method)
	return (await requireSudo(request)).customerId
}

/**
 * For the builder's actions: null when the request's session is in sudo mode, else what the
 * 'Confirm it’s you' dialog may offer besides the password.
 */
export async function sudoNeeded(
	request: Request,
): Promise<{ totp: boolean; passkeys: boolean } | null> {
	const session = await getSession(request)
	if (session && (await sudoUntil(session))) return null
	if (!session) return { totp: false, passkeys: false }
	const factors = await getFactors(session.customerId)
	return { totp: factors.totp, passkeys: factors.passkeys.length > 0 }
}
