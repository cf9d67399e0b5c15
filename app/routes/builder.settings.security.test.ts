import { expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { callAction } from '#tests/route'
import { action, loader } from './builder.settings.security'

test('the sign-in factors endpoint, opened as a page, leads to Settings', () => {
	const response = loader()
	expect(response.status).toBe(302)
	expect(response.headers.get('Location')).toBe('/builder/settings')
})

test('a form naming no known intent is answered 400 in words, not thrown', async () => {
	const owner = await createOwner()
	const form = new FormData()
	form.set('intent', 'totp-everything')
	expect(
		await callAction(action, '/builder/settings/security', { rawBody: form, token: owner.token }),
	).toEqual({
		status: 400,
		body: { intent: null, ok: false, error: 'Unknown intent', field: null },
	})
})
