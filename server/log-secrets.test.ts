/** The request log never holds the live secret of a link opened from an email. */
import { describe, expect, test } from 'vitest'
import { withoutSecrets } from './app'

describe('withoutSecrets', () => {
	test.each([
		['/reset-password?token=abc123', '/reset-password?token=%5Bredacted%5D'],
		['/confirm-email?verify=xyz&lang=fr', '/confirm-email?verify=%5Bredacted%5D&lang=fr'],
		['/confirm-email?cancel=xyz', '/confirm-email?cancel=%5Bredacted%5D'],
		['/signup?invite=i-1&Token=t', '/signup?invite=%5Bredacted%5D&Token=%5Bredacted%5D'],
	])('%s is logged as %s', (url, logged) => {
		expect(withoutSecrets(url)).toBe(logged)
		expect(withoutSecrets(url)).not.toMatch(/abc123|xyz|i-1|=t\b/)
	})

	test('a URL without secrets is logged as it came', () => {
		for (const url of ['/jane-doe', '/jane-doe?lang=ar', '/search?q=token', '/?'])
			expect(withoutSecrets(url)).toBe(url)
	})
})
