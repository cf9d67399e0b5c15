import { expect, test } from 'vitest'
import { loader } from './builder.settings.security'

test('the sign-in factors endpoint, opened as a page, leads to Settings', () => {
	const response = loader()
	expect(response.status).toBe(302)
	expect(response.headers.get('Location')).toBe('/builder/settings')
})
