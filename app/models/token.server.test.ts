/**
 * Two tabs, one session: a spent refresh token answers the same successor again for
 * REUSE_GRACE_MS, then reuse revokes the family as before. The cookie session follows suit.
 */
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createOwner } from '#tests/factories'
import { readSessionCookies, refreshCookieSession, REFRESH_COOKIE } from '~/services/session.server'
import { issueRefreshToken, REUSE_GRACE_MS, rotateRefreshToken } from './token.server'

afterEach(() => {
	vi.useRealTimers()
})

describe('refresh token rotation with a grace period', () => {
	test('two concurrent refreshes with one token both get the same successor', async () => {
		const owner = await createOwner()
		const token = await issueRefreshToken(owner.id)
		const [first, second] = await Promise.all([
			rotateRefreshToken(token),
			rotateRefreshToken(token),
		])
		expect(first).toMatchObject({ ok: true, customerId: owner.id })
		expect(second).toEqual(first)
		// The successor works, and rotates on as usual.
		const next = await rotateRefreshToken((first as { refreshToken: string }).refreshToken)
		expect(next.ok).toBe(true)
	})

	test('within the grace period a spent token answers the same successor again', async () => {
		const owner = await createOwner()
		const token = await issueRefreshToken(owner.id)
		const first = await rotateRefreshToken(token)
		const again = await rotateRefreshToken(token)
		expect(again).toEqual(first)
	})

	test('after the grace period reuse still revokes the whole family', async () => {
		const owner = await createOwner()
		const token = await issueRefreshToken(owner.id)
		const first = await rotateRefreshToken(token)
		expect(first.ok).toBe(true)
		vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + REUSE_GRACE_MS + 1_000 })
		expect(await rotateRefreshToken(token)).toEqual({ ok: false, reason: 'reused' })
		// The successor is revoked with its family.
		const successor = (first as { refreshToken: string }).refreshToken
		expect(await rotateRefreshToken(successor)).toEqual({ ok: false, reason: 'revoked' })
	})

	test('a revoked family gets no grace', async () => {
		const owner = await createOwner()
		const token = await issueRefreshToken(owner.id)
		const first = await rotateRefreshToken(token)
		const successor = (first as { refreshToken: string }).refreshToken
		// The successor is spent, then its reuse after the grace period revokes the family...
		await rotateRefreshToken(successor)
		vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + REUSE_GRACE_MS + 1_000 })
		expect((await rotateRefreshToken(successor)).ok).toBe(false)
		vi.useRealTimers()
		// ...and the first token, spent moments ago in real time, is refused too.
		expect(await rotateRefreshToken(token)).toEqual({ ok: false, reason: 'revoked' })
	})

	test('the cookie session: two tabs refreshing at once both stay signed in', async () => {
		const owner = await createOwner()
		const token = await issueRefreshToken(owner.id)
		const cookie = `${REFRESH_COOKIE}=${token}`
		const [tabA, tabB] = await Promise.all([
			refreshCookieSession(cookie),
			refreshCookieSession(cookie),
		])
		const refreshed = (result: typeof tabA) => readSessionCookies(result!.cookieHeader).refreshToken
		expect(refreshed(tabA)).toBeTruthy()
		expect(refreshed(tabB)).toBe(refreshed(tabA))
		for (const result of [tabA, tabB]) {
			expect(result!.setCookies.join('\n')).not.toMatch(/tagg_rt=;/)
		}
	})
})
