import jwt from 'jsonwebtoken'
import { env } from './env.server'

/** Access tokens live 15 minutes; refresh tokens (models/token.server.ts) renew them. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60

export function signAccessToken(customerId: string) {
	return jwt.sign({ sub: customerId, typ: 'access' }, env().JWT_SECRET, {
		algorithm: 'HS256',
		expiresIn: ACCESS_TOKEN_TTL_SECONDS,
	})
}

/** The customer id of a valid access token, or null (bad signature, algorithm, expiry...). */
export function verifyAccessToken(token: string): string | null {
	return readAccessToken(token)?.customerId ?? null
}

/** A valid access token's customer id and issue time (seconds since 1970), or null. */
export function readAccessToken(token: string): { customerId: string; issuedAt: number } | null {
	try {
		const payload = jwt.verify(token, env().JWT_SECRET, {
			algorithms: ['HS256'],
			clockTolerance: 5,
		})
		if (typeof payload !== 'object' || payload === null) return null
		if (payload.typ !== 'access' || typeof payload.sub !== 'string' || !payload.sub) return null
		if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return null
		if (payload.iat > Date.now() / 1000 + 5) return null
		return { customerId: payload.sub, issuedAt: payload.iat }
	} catch {
		return null
	}
}
