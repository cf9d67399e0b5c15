/**
 * One helper for every owner-only loader, action and /one endpoint: accepts either
 * `Authorization: Bearer <access token>` (API clients) or the httpOnly session cookie (the
 * builder UI) and throws a Response when there is no valid session.
 */
import { redirect } from '@remix-run/node'
import { sessionIsCurrent } from '~/models/account.server'
import { apiError, requireMethod, type EndpointMethod } from '~/utils/api.server'
import { loginAgainPath } from '~/utils/editor'
import { readAccessToken } from '~/utils/jwt.server'
import { readSessionCookies } from './session.server'
import { msg } from '~/utils/i18n-macro'

/** A signed-in request's owner and session (its refresh-token family; null for a bare token). */
export type Session = { customerId: string; sessionId: string | null }

/**
 * The signed-in owner and session, or null. Disabled owners have no session, and neither has a
 * token issued before the owner's sessions were ended (password change, "sign out of all
 * devices").
 */
export async function getSession(request: Request): Promise<Session | null> {
	const authorization = request.headers.get('authorization')
	let token: string | undefined
	if (authorization) {
		const match = /^Bearer\s+(\S+)$/i.exec(authorization)
		if (!match) return null
		token = match[1]
	} else {
		token = readSessionCookies(request.headers.get('cookie')).accessToken
	}
	if (!token) return null
	const access = readAccessToken(token)
	if (!access) return null
	if (!(await sessionIsCurrent(access.customerId, access.issuedAt))) return null
	return { customerId: access.customerId, sessionId: access.sessionId }
}

/** The signed-in customer's id, or null (see {@link getSession}). */
export async function getCustomerId(request: Request): Promise<string | null> {
	return (await getSession(request))?.customerId ?? null
}

/** For the /one API: a 401 JSON answer when signed out. */
export async function requireApiCustomerId(request: Request): Promise<string> {
	const customerId = await getCustomerId(request)
	if (!customerId) throw apiError(401, msg`Unauthorized`)
	return customerId
}

/**
 * The first line of an owner's /one endpoint: its method (405 or OPTIONS' 204 otherwise), then
 * the caller's session (401 without). Answers the owner's customer id.
 */
export async function requireApiOwner(request: Request, method: EndpointMethod = 'POST') {
	requireMethod(request, method)
	return requireApiCustomerId(request)
}

/**
 * For builder pages: a redirect to /login when signed out, carrying the page asked for
 * (`?redirectTo=/builder/portfolio/manage-images/…`) so that logging in leads back to it.
 */
export async function requireCustomerId(request: Request): Promise<string> {
	const customerId = await getCustomerId(request)
	if (!customerId) throw signedOutRedirect(request)
	return customerId
}

/**
 * Where a signed-out request to a builder route goes. A page asked for (GET) is the one to come
 * back to. A form posted (no JavaScript) means a page was open while the session ended (a
 * password change or "sign out of all other devices" elsewhere): the login page says so and leads
 * back to the page the form was on, its Referer on this site (the post's own URL is its action's,
 * which may be another route).
 */
export function signedOutRedirect(request: Request) {
	const url = new URL(request.url)
	if (request.method !== 'GET' && request.method !== 'HEAD') {
		return redirect(loginAgainPath(referringBuilderPage(request, url.host)))
	}
	// /builder is where logging in leads anyway.
	const back = url.pathname !== '/builder' ? safeRedirectPath(url.pathname + url.search) : null
	return redirect(back ? `/login?${new URLSearchParams({ redirectTo: back })}` : '/login')
}

/** The builder page of this site (`host`) a request was sent from, by its Referer, or null. */
function referringBuilderPage(request: Request, host: string) {
	const referer = request.headers.get('referer')
	if (!referer) return null
	try {
		const from = new URL(referer)
		if (from.host !== host) return null
		const page = safeRedirectPath(from.pathname + from.search)
		return page && /^\/builder(\/|\?|$)/.test(page) ? page : null
	} catch {
		return null
	}
}

/**
 * A same-origin path to go to after logging in, or null. The value is resolved the way a browser
 * resolves it (dot segments like `/./`, `/../` and `/%2e/` removed, backslashes read as
 * slashes) and checked after that: what survives starts with exactly one `/`. A path that
 * becomes `//host` or `/\host` (`/.//evil.example`) names another site and is refused, as are
 * control characters and anything that is not a path.
 */
export function safeRedirectPath(value: unknown): string | null {
	if (typeof value !== 'string' || value.length > 2000) return null
	if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
	// eslint-disable-next-line no-control-regex
	if (/[\u0000-\u001f\u007f\\]/.test(value)) return null
	try {
		const base = 'http://tagg.invalid'
		const url = new URL(value, base)
		if (url.origin !== base) return null
		const path = url.pathname + url.search + url.hash
		// Normalised, it must still be a path of this site, and read the same when resolved again.
		if (!path.startsWith('/') || /^\/[\\/]/.test(path)) return null
		if (new URL(path, base).origin !== base) return null
		return path
	} catch {
		return null
	}
}
