import crypto from 'node:crypto'
import jwt from 'jsonwebtoken'
import { env } from './env.server'

let secretKey: { secret: string; key: crypto.KeyObject } | undefined
/**
 * The secret as a key object, made once: given the text, jsonwebtoken first tries it as a
 * public key, and that failed parse on every call was the largest cost of checking a token.
 */
function signingKey() {
	const secret = env().JWT_SECRET
	if (secretKey?.secret !== secret) {
		secretKey = { secret, key: crypto.createSecretKey(Buffer.from(secret, 'utf8')) }
	}
	return secretKey.key
}

/** Access tokens live 15 minutes; refresh tokens (models/token.server.ts) renew them. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60

/**
 * An access token for `customerId`, of the session `sessionId` (its refresh-token family) when
 * it has one: sudo mode is granted to a session, never to the account as a whole.
 */
export function signAccessToken(customerId: string, sessionId?: string) {
	// `iat` counts whole seconds; `iat_ms` tells tokens issued just before and just after the
	// owner ended every session (models/account.server.ts sessionIsCurrent) apart.
	const claims = { sub: customerId, typ: 'access', iat_ms: Date.now(), sid: sessionId }
	return jwt.sign(claims, signingKey(), {
		algorithm: 'HS256',
		expiresIn: ACCESS_TOKEN_TTL_SECONDS,
	})
}

/** The customer id of a valid access token, or null (bad signature, algorithm, expiry...). */
export function verifyAccessToken(token: string): string | null {
	return readAccessToken(token)?.customerId ?? null
}

/**
 * A valid access token's customer id, issue time (milliseconds since 1970) and session (null for
 * a token made without one), or null.
 */
export function readAccessToken(
	token: string,
): { customerId: string; issuedAt: number; sessionId: string | null } | null {
	try {
		const payload = jwt.verify(token, signingKey(), {
			algorithms: ['HS256'],
			clockTolerance: 5,
		})
		if (typeof payload !== 'object' || payload === null) return null
		if (payload.typ !== 'access' || typeof payload.sub !== 'string' || !payload.sub) return null
		if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return null
		if (payload.iat > Date.now() / 1000 + 5) return null
		const precise = payload.iat_ms
		const issuedAt =
			typeof precise === 'number' && Math.floor(precise / 1000) === payload.iat
				? precise
				: payload.iat * 1000
		const sessionId = typeof payload.sid === 'string' && payload.sid ? payload.sid : null
		return { customerId: payload.sub, issuedAt, sessionId }
	} catch {
		return null
	}
}
