/**
 * The browser session: the same access and refresh tokens the API hands out, kept in
 * httpOnly, SameSite=Lax cookies (Secure when the site is served over HTTPS) instead of
 * script-readable storage. An expired access token is renewed transparently by
 * `refreshCookieSession`, which the HTTP server runs before the request reaches Remix.
 */
import crypto from 'node:crypto'
import { parse, serialize, type SerializeOptions } from 'cookie'
import {
	issueRefreshToken,
	refreshFamilyExpiry,
	rotateRefreshToken,
	revokeRefreshToken,
} from '~/models/token.server'
import { apiOk } from '~/utils/api.server'
import { env } from '~/utils/env.server'
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from '~/utils/jwt.server'

export const ACCESS_COOKIE = 'tagg_at'
export const REFRESH_COOKIE = 'tagg_rt'
const REFRESH_COOKIE_MAX_AGE = 30 * 24 * 60 * 60

function cookieOptions(maxAge: number): SerializeOptions {
	return {
		httpOnly: true,
		sameSite: 'lax',
		secure: env().PUBLIC_SITE_URL.startsWith('https:'),
		path: '/',
		maxAge,
	}
}

export function readSessionCookies(cookieHeader: string | null) {
	const cookies = parse(cookieHeader ?? '')
	return { accessToken: cookies[ACCESS_COOKIE], refreshToken: cookies[REFRESH_COOKIE] }
}

export function sessionCookies(accessToken: string, refreshToken: string) {
	return [
		serialize(ACCESS_COOKIE, accessToken, cookieOptions(ACCESS_TOKEN_TTL_SECONDS)),
		serialize(REFRESH_COOKIE, refreshToken, cookieOptions(REFRESH_COOKIE_MAX_AGE)),
	]
}

export function clearedSessionCookies() {
	return [
		serialize(ACCESS_COOKIE, '', cookieOptions(0)),
		serialize(REFRESH_COOKIE, '', cookieOptions(0)),
	]
}

/** Signs a customer in: a new token family, returned both as values and as cookies. */
export async function createSession(customerId: string) {
	// The family names the session: its access tokens carry it, and sudo mode is granted to it.
	const family = { familyId: crypto.randomUUID(), expiresAt: refreshFamilyExpiry() }
	const refreshToken = await issueRefreshToken(customerId, family)
	const accessToken = signAccessToken(customerId, family.familyId)
	return {
		accessToken,
		refreshToken,
		sessionId: family.familyId,
		cookies: sessionCookies(accessToken, refreshToken),
	}
}

/**
 * The /one answer of a sign-in (login, register, a password reset or change): a new session's
 * tokens after `first` (`path`, or a message), and its cookies when `withCookies`.
 */
export async function apiNewSession(
	customerId: string,
	first: { path: boolean } | { message: string },
	withCookies = false,
) {
	const session = await createSession(customerId)
	return apiOk(
		{
			...first,
			access_token: session.accessToken,
			customer_id: customerId,
			refresh_token: session.refreshToken,
		},
		withCookies ? { headers: headersWithCookies(session.cookies) } : undefined,
	)
}

export function headersWithCookies(cookies: string[], init?: HeadersInit) {
	const headers = new Headers(init)
	for (const cookie of cookies) headers.append('Set-Cookie', cookie)
	return headers
}

/** Ends the browser session: revokes the refresh family and clears both cookies. */
export async function destroySession(request: Request) {
	const { refreshToken } = readSessionCookies(request.headers.get('cookie'))
	if (refreshToken) await revokeRefreshToken(refreshToken)
	return clearedSessionCookies()
}

export type CookieRefresh = { cookieHeader: string; setCookies: string[] } | null

/**
 * When the access cookie is missing or expired but a refresh cookie is present, rotates the
 * refresh token. Returns the cookie header the request should carry on and the Set-Cookie
 * headers for the response; on a failed refresh, clears the cookies (the user is signed out).
 */
export async function refreshCookieSession(
	cookieHeader: string | undefined,
): Promise<CookieRefresh> {
	if (!cookieHeader || !cookieHeader.includes(REFRESH_COOKIE)) return null
	const cookies = parse(cookieHeader)
	const refreshToken = cookies[REFRESH_COOKIE]
	if (!refreshToken) return null
	const accessToken = cookies[ACCESS_COOKIE]
	if (accessToken && verifyAccessToken(accessToken)) return null

	const rotated = await rotateRefreshToken(refreshToken)
	const others = Object.entries(cookies)
		.filter(([name]) => name !== ACCESS_COOKIE && name !== REFRESH_COOKIE)
		.map(([name, value]) => `${name}=${encodeURIComponent(value ?? '')}`)
	if (!rotated.ok) {
		return { cookieHeader: others.join('; '), setCookies: clearedSessionCookies() }
	}
	const newAccess = signAccessToken(rotated.customerId, rotated.familyId)
	return {
		cookieHeader: [
			...others,
			`${ACCESS_COOKIE}=${newAccess}`,
			`${REFRESH_COOKIE}=${rotated.refreshToken}`,
		].join('; '),
		setCookies: sessionCookies(newAccess, rotated.refreshToken),
	}
}
