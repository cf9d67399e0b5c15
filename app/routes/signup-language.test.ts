/**
 * The first email an owner ever gets is in the language their browser asked for at sign-up
 * (until they choose one in Settings), not in English because their pages start in English.
 */
import { describe, expect, test } from 'vitest'
import { uniqueEmail } from '#tests/factories'
import { callApi } from '#tests/route'
import { pendingMessages } from '~/models/outbox.server'
import { setCustomerLanguage } from '~/models/customer.server'
import { renderMessage } from '~/services/mailer.server'
import { action as register } from './one.auth.new.register'

async function signUp(headers: Record<string, string>) {
	const email = uniqueEmail('lang')
	const answer = await callApi(register, '/one/auth/new/register', {
		body: { name: 'Karim Haddad', email, password: 'a-long-enough-password' },
		headers,
	})
	expect(answer.status).toBe(200)
	const message = (await pendingMessages()).find(
		(queued) => queued.to === email && queued.kind === 'verify-email',
	)!
	return {
		customerId: answer.json.customer_id as string,
		render: async () => (await renderMessage(message as Parameters<typeof renderMessage>[0]))!,
	}
}

describe('the sign-up’s language', () => {
	test('Accept-Language: ar at sign-up: the verification email is Arabic, right to left', async () => {
		const { render } = await signUp({ 'Accept-Language': 'ar-SA,ar;q=0.9' })
		const mail = await render()
		expect(mail.subject).not.toBe('Verify your email for Tagg')
		expect(mail.subject).toMatch(/\p{Script=Arabic}/u)
		expect(mail.html).toContain('lang="ar" dir="rtl"')
	})

	test('the owner’s own choice comes first; a client that asks for nothing gets English', async () => {
		const { customerId, render } = await signUp({ 'Accept-Language': 'es' })
		expect((await render()).html).toContain('lang="es"')
		await setCustomerLanguage(customerId, 'de')
		expect((await render()).html).toContain('lang="de"')
		const plain = await signUp({})
		expect((await plain.render()).subject).toBe('Verify your email for Tagg')
	})
})
