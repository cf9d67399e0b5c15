/**
 * The vocabulary both directions of JSON Resume share (export: app/services/json-resume.server.ts,
 * import: app/utils/json-resume-import.server.ts): the social networks and the countries.
 */
import { type SocialField } from './profile-schemas'

/** The network name of each social link in `basics.profiles` (and back, on import). */
export const NETWORKS: Array<[Exclude<SocialField, 'email' | 'mobileNumber'>, string]> = [
	['linkedInUrl', 'LinkedIn'],
	['xUrl', 'X'],
	['igUrl', 'Instagram'],
	['fbUrl', 'Facebook'],
	['ytUrl', 'YouTube'],
	['whatAppBusUrl', 'WhatsApp'],
	['companySite', 'Website'],
]

// ---------------------------------------------------------------- countries

const COUNTRY_ALIASES: Record<string, string> = {
	usa: 'US',
	'u.s.a.': 'US',
	'united states of america': 'US',
	uk: 'GB',
	'u.k.': 'GB',
}

/** Codes ISO 3166 leaves for private use ('ZZ' is 'Unknown Region'): no country. */
const PRIVATE_USE = /^(AA|Q[M-Z]|X[A-Z]|ZZ)$/
let countryCodes: Map<string, string> | undefined
const regionNames = () => new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })

/** The ISO 3166-1 alpha-2 code of a country written in English ('Portugal' → 'PT'), or null. */
export function countryCode(name: string): string | null {
	const key = name.trim().toLowerCase()
	if (!key) return null
	if (!countryCodes) {
		const names = regionNames()
		countryCodes = new Map()
		for (let a = 65; a <= 90; a++) {
			for (let b = 65; b <= 90; b++) {
				const code = String.fromCharCode(a, b)
				if (PRIVATE_USE.test(code)) continue
				const english = names.of(code)
				if (english) countryCodes.set(english.toLowerCase(), code)
			}
		}
	}
	return COUNTRY_ALIASES[key] ?? countryCodes.get(key) ?? null
}

/** The English name of an ISO 3166-1 alpha-2 code ('pt' → 'Portugal'), or null. */
export function countryName(code: string): string | null {
	const value = code.trim().toUpperCase()
	if (!/^[A-Z]{2}$/.test(value) || PRIVATE_USE.test(value)) return null
	try {
		return regionNames().of(value) ?? null
	} catch {
		return null
	}
}
