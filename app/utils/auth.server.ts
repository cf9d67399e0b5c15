/**
 * One helper for every owner-only loader, action and /one endpoint: accepts either
 * `Authorization: Bearer <access token>` (API clients) or the httpOnly session cookie (the
 * builder UI) and throws a Response when there is no valid session.
 */
import { redirect } from '@remix-run/node'
import { sessionIsCurrent } from '~/models/account.server'
import { apiError } from './api.server'
import { readAccessToken } from './jwt.server'
import { readSessionCookies } from './session.server'

/**
 * The signed-in customer's id, or null. Disabled owners have no session, and neither has a token
 * issued before the owner's sessions were ended (password change, "sign out of all devices").
 */
export async function getCustomerId(request: Request): Promise<string | null> {
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
	return (await sessionIsCurrent(access.customerId, access.issuedAt)) ? access.customerId : null
}

/** For the /one API: a 401 JSON answer when signed out. */
export async function requireApiCustomerId(request: Request): Promise<string> {
	const customerId = await getCustomerId(request)
	if (!customerId) throw apiError(401, 'Unauthorized')
	return customerId
}

/** For builder pages: a redirect to /login when signed out. */
export async function requireCustomerId(request: Request): Promise<string> {
	const customerId = await getCustomerId(request)
	if (!customerId) throw redirect('/login')
	return customerId
}
