/**
 * Login throttling. Only failed attempts count, so an owner who types the right password is
 * never slowed down. Three limits: per account from one address (stops guessing from one
 * place), per address (stops one place spraying many accounts), and per account overall (slows
 * a distributed attack on one account without letting one attacker lock its owner out).
 */
import { clear, hit, retryAfterMs, type Limit } from '~/models/rate-limit.server'
import { normaliseEmail } from '~/models/customer.server'

const MINUTE = 60_000

export const LOGIN_LIMITS = {
	accountFromAddress: { max: 5, windowMs: 15 * MINUTE },
	address: { max: 50, windowMs: 15 * MINUTE },
	account: { max: 100, windowMs: 60 * MINUTE },
}

export const TOO_MANY_ATTEMPTS = 'Too many login attempts. Please wait a few minutes and try again.'

function loginLimits(email: string, address: string): Limit[] {
	const account = normaliseEmail(email)
	return [
		{ key: `login:acct-ip:${account}|${address}`, ...LOGIN_LIMITS.accountFromAddress },
		{ key: `login:ip:${address}`, ...LOGIN_LIMITS.address },
		{ key: `login:acct:${account}`, ...LOGIN_LIMITS.account },
	]
}

export async function loginRetryAfterMs(email: string, address: string) {
	return retryAfterMs(loginLimits(email, address))
}

export async function recordFailedLogin(email: string, address: string) {
	await hit(loginLimits(email, address))
}

export async function recordSuccessfulLogin(email: string, address: string) {
	await clear([loginLimits(email, address)[0]!.key])
}

/**
 * The client address. The HTTP server (server/app.ts) always overwrites this header with the
 * address Express derived from the socket and the trusted proxies, so a client cannot set it.
 */
export const REMOTE_ADDRESS_HEADER = 'x-tagg-remote-address'
export function clientAddress(request: Request) {
	return request.headers.get(REMOTE_ADDRESS_HEADER) || 'unknown'
}
