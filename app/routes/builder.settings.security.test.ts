import { expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { makeRequest } from '#tests/route'
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
	const response = await action({
		request: makeRequest('/builder/settings/security', { rawBody: form, token: owner.token }),
		params: {},
		context: {},
	})
	expect(response).toMatchObject({
		init: { status: 400 },
		data: { intent: null, ok: false, error: 'Unknown intent', field: null },
	})
})
