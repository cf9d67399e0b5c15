/**
 * Login throttling. Each attempt reserves its place on three limits before the password is
 * checked (so a burst of concurrent guesses gets no more checks than the limit), and a right
 * password gives the place back: only failed attempts count, so an owner who types the right
 * password is never slowed down. The limits: per account from one address (stops guessing from
 * one place), per address (stops one place spraying many accounts), and per account overall
 * (slows a distributed attack on one account without letting one attacker lock its owner out).
 */
import { clear, release, reserve, type Limit } from '~/models/rate-limit.server'
import { normaliseEmail } from '~/models/customer.server'
import { msg } from '~/utils/i18n-macro'

const MINUTE = 60_000

export const LOGIN_LIMITS = {
	accountFromAddress: { max: 5, windowMs: 15 * MINUTE },
	address: { max: 50, windowMs: 15 * MINUTE },
	account: { max: 100, windowMs: 60 * MINUTE },
}

export const TOO_MANY_ATTEMPTS =
	msg`Too many login attempts. Please wait a few minutes and try again.`.message

/**
 * In the order they are reserved: the narrowest first, so an attempt refused there (one address
 * hammering one account) never counts against the account as a whole.
 */
function loginLimits(email: string, address: string): Limit[] {
	const account = normaliseEmail(email)
	return [
		{ key: `login:acct-ip:${account}|${address}`, ...LOGIN_LIMITS.accountFromAddress },
		{ key: `login:ip:${address}`, ...LOGIN_LIMITS.address },
		{ key: `login:acct:${account}`, ...LOGIN_LIMITS.account },
	]
}

/** Reserves one login attempt (before the password is checked). */
export async function reserveLoginAttempt(email: string, address: string) {
	return reserve(loginLimits(email, address))
}

/** The password was right: the attempt does not count, and this address starts afresh. */
export async function recordSuccessfulLogin(email: string, address: string) {
	const [accountFromAddress, ...others] = loginLimits(email, address)
	await clear([accountFromAddress!.key])
	await release(others)
}

/** The attempt was never made (every password worker was busy): it does not count. */
export async function cancelLoginAttempt(email: string, address: string) {
	await release(loginLimits(email, address))
}

/**
 * The client address. The HTTP server (server/app.ts) always overwrites this header with the
 * address Express derived from the socket and the trusted proxies, so a client cannot set it.
 */
export const REMOTE_ADDRESS_HEADER = 'x-tagg-remote-address'
export function clientAddress(request: Request) {
	return request.headers.get(REMOTE_ADDRESS_HEADER) || 'unknown'
}
