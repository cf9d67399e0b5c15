/**
 * Owners' own domains: how a name is normalised and checked
 * (docs/decisions/034-own-domains.md). Any top-level name is accepted by its syntax (`.test`
 * included): what proves a domain is the owner's is the TXT record, never the name.
 */
import { isIP } from 'node:net'
import { domainToASCII } from 'node:url'

/** The label of the TXT record that proves ownership: `_tagg.{domain}`. */
export const RECORD_LABEL = '_tagg'

/** The TXT record's name for `domain`. */
export const recordName = (domain: string) => `${RECORD_LABEL}.${domain}`

/** Why a name is refused: not a domain name, an IP address, or this instance's own host. */
export type DomainNameRefusal = 'invalid' | 'ip' | 'own'

export type DomainNameCheck = { ok: true; name: string } | { ok: false; reason: DomainNameRefusal }

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * `input` as stored: trimmed, without a scheme, a path or a trailing dot (`https://Jane.dev/`
 * is `jane.dev`), lower case, IDN as punycode (`café.example` is `xn--caf-dma.example`). Refused:
 * anything that is not two labels or more of letters, digits and hyphens (an underscore, a
 * port, a wildcard, a label starting or ending with a hyphen, longer than 63 or 253
 * characters), an IP address, and `ownHosts` (the instance's own host names).
 */
export function normaliseDomain(input: unknown, ownHosts: readonly string[] = []): DomainNameCheck {
	if (typeof input !== 'string') return { ok: false, reason: 'invalid' }
	let text = input.trim()
	if (text.length > 300) return { ok: false, reason: 'invalid' }
	// What a browser's address bar gives when copied: a scheme and a trailing slash.
	text = text.replace(/^https?:\/\//i, '').replace(/\/$/, '')
	if (text.endsWith('.')) text = text.slice(0, -1)
	const bare = text.replace(/^\[(.*)\]$/, '$1')
	if (isIP(bare)) return { ok: false, reason: 'ip' }
	if (!text || /[\s/:@?#[\]\\*%]/.test(text)) return { ok: false, reason: 'invalid' }
	const ascii = domainToASCII(text.toLowerCase())
	if (!ascii || ascii.length > 253) return { ok: false, reason: 'invalid' }
	const labels = ascii.split('.')
	if (labels.length < 2 || !labels.every((label) => LABEL.test(label)))
		return { ok: false, reason: 'invalid' }
	// Dotted numbers that the URL parser reads as an IPv4 address (`1.2.3.4` was caught above).
	if (labels.every((label) => /^\d+$/.test(label))) return { ok: false, reason: 'ip' }
	if (ownHosts.some((host) => host.toLowerCase().replace(/\.$/, '') === ascii))
		return { ok: false, reason: 'own' }
	return { ok: true, name: ascii }
}

/**
 * Whether a request's host name (no port) is one the main site answers on rather than an
 * owner's domain: the host of PUBLIC_SITE_URL, `localhost`, an IP address, or a name without a
 * dot (a container's name on an internal network, such as Caddy's `ask` to `app:3000`).
 */
export function isMainHost(hostname: string, siteHostname: string) {
	const host = hostname.toLowerCase().replace(/\.$/, '')
	if (!host || host === siteHostname.toLowerCase()) return true
	if (host === 'localhost' || host.endsWith('.localhost')) return true
	if (isIP(host.replace(/^\[(.*)\]$/, '$1'))) return true
	return !host.includes('.')
}
