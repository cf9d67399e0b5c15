/**
 * The public path (the "Tagg name"): letters and digits in groups joined by single hyphens.
 * Shared by the client form and the server. Reserved words are every route, static file
 * and API word, so a claimed name can never shadow a page of the product. The messages are
 * English strings, translated where they are shown (`translate(i18n, message)`).
 */
import { msg } from '~/utils/i18n-macro'

export const PATH_PATTERN = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/
export const PATH_MAX_LENGTH = 40
/** How long a previous path redirects and stays reserved for its owner after a change. */
export const PATH_HOLD_DAYS = 30
export const PATH_HINT =
	msg`Only letters, numbers, and hyphens are allowed. No spaces or special characters.`.message

export const PATH_MESSAGES = {
	invalid: PATH_HINT,
	reserved: msg`This name is reserved. Please try something else.`.message,
	taken: msg`Sorry, this Tagg name is already taken. Please try something else.`.message,
	failed: msg`Sorry, we couldn’t secure the Tagg name for you. Please try again later.`.message,
}

export const RESERVED_PATHS = new Set([
	'login',
	'logout',
	'signup',
	'register',
	'set-path',
	'forgot-password',
	'reset-password',
	'confirm-email',
	'contact',
	'builder',
	'one',
	'refresh',
	'cdn',
	'assets',
	'build',
	'public',
	'static',
	'healthz',
	'health',
	'robots',
	'robots-txt',
	'sitemap',
	'sitemap-xml',
	'favicon',
	'favicon-ico',
	'favicon-svg',
	'manifest',
	'admin',
	'api',
	'app',
	'auth',
	'account',
	'settings',
	'portfolio',
	'profile',
	'tagg',
	'www',
	'about',
	'help',
	'support',
	'terms',
	'privacy',
	'security',
	'status',
	'null',
	'undefined',
	'index',
	// Owners' own domains: Caddy's `ask` (/.well-known/tagg/tls-allowed).
	'.well-known',
	// Contact exchange: POST /one/contacts/{pname} beside the owner's POST /one/contacts/delete.
	'delete',
])

export type PathCheck =
	{ ok: true; path: string; key: string } | { ok: false; reason: 'invalid' | 'reserved' }

export function checkPath(input: unknown): PathCheck {
	if (typeof input !== 'string') return { ok: false, reason: 'invalid' }
	const path = input.trim()
	if (!path || path.length > PATH_MAX_LENGTH || !PATH_PATTERN.test(path)) {
		return { ok: false, reason: 'invalid' }
	}
	const key = path.toLowerCase()
	if (RESERVED_PATHS.has(key)) return { ok: false, reason: 'reserved' }
	return { ok: true, path, key }
}
