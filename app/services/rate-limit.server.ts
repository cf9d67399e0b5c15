/**
 * Login throttling. Each attempt reserves its place on three limits before the password is
 * checked (so a burst of concurrent guesses gets no more checks than the limit), and a right
 * password gives the place back: only failed attempts count, so an owner who types the right
 * password is never slowed down. The limits: per account from one address (stops guessing from
 * one place), per address (stops one place spraying many accounts), and per account overall
 * (slows a distributed attack on one account without letting one attacker lock its owner out).
 */
import { isIPv4, isIPv6 } from 'node:net'
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
 * address Express derived from the socket and the trusted proxies (TRUST_PROXY), so a client
 * cannot set it.
 */
export const REMOTE_ADDRESS_HEADER = 'x-tagg-remote-address'

/**
 * The client as every limit counts it (and the insights' per-address tallies): its address
 * through {@link addressKey}. Every per-client key is built from this, so a client is one
 * client in every limit.
 */
export function clientAddress(request: Request) {
	return addressKey(request.headers.get(REMOTE_ADDRESS_HEADER) ?? '') || 'unknown'
}

/**
 * The key of a client address: an IPv4 address as it is; an IPv6 address as its /64
 * (`2001:db8:1:2::/64`), because every IPv6 subscriber holds a /64 at least (RFC 6177) and
 * could otherwise be a new client with each of its addresses; an IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`, as a dual-stack socket gives an IPv4 peer) as the IPv4 address. Zone
 * ids and brackets are dropped, and any spelling of one address gives one key. Anything that
 * is no IP address is kept as given.
 */
export function addressKey(address: string): string {
	const text = address.trim()
	const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '')
	if (isIPv4(bare)) return bare
	if (!isIPv6(bare)) return text
	const groups = ipv6Groups(bare)
	if (!groups) return text
	if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
		const [high = 0, low = 0] = groups.slice(6)
		return [high >> 8, high & 255, low >> 8, low & 255].join('.')
	}
	return `${groups
		.slice(0, 4)
		.map((group) => group.toString(16))
		.join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, an IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] | null {
	let text = address.toLowerCase()
	const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1]
	if (tail) {
		const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number)
		text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
	}
	const [head = '', rest] = text.split('::')
	const left = head ? head.split(':') : []
	const right = rest ? rest.split(':') : []
	const missing = 8 - left.length - right.length
	if (rest === undefined ? missing !== 0 : missing < 1) return null
	const groups = [...left, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...right]
	return groups.map((group) => parseInt(group, 16))
}
