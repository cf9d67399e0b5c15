import { expect, test } from './helpers'

test('the login screen opens at / and /login', async ({ page }) => {
	for (const path of ['/', '/login']) {
		await page.goto(path)
		await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible()
		await expect(page.getByLabel('Email')).toBeVisible()
	}
})

test('health check reports the database', async ({ request }) => {
	const response = await request.get('/healthz')
	expect(response.status()).toBe(200)
	expect(await response.json()).toEqual({ status: 'ok', database: 'up' })
})
