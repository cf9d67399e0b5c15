import { expect, request as playwrightRequest, test, type Page } from '@playwright/test'
import { PASSWORD, signUpByPost, uniqueName } from './helpers'

/** One owner with 21 active projects (made through the API) for the 'Load more' tests. */
let path: string

test.beforeAll(async ({ baseURL }) => {
	const api = await playwrightRequest.newContext({ baseURL })
	path = uniqueName('Many')
	const registered = await api.post('/one/auth/new/register', {
		data: { email: `${path.toLowerCase()}@example.com`, password: PASSWORD, name: 'Mia Many' },
	})
	const { access_token: token } = (await registered.json()) as { access_token: string }
	const headers = { Authorization: `Bearer ${token}` }
	expect((await api.post('/one/path-name/update', { headers, data: { path } })).status()).toBe(200)
	await Promise.all(
		Array.from({ length: 21 }, async () => {
			const created = await api.post('/one/sites/portfolio/data/create/new/portfolio', { headers })
			const portfolioId = ((await created.json()) as { url: string }).url.split('/').pop()!
			const status = await api.post('/one/sites/portfolio/data/update/status', {
				headers,
				data: { portfolioId, active: true },
			})
			expect(status.status()).toBe(200)
		}),
	)
	await api.dispose()
})

const cards = (page: Page) => page.getByRole('link', { name: /^Know More about/ })

test("the public list shows 20 projects; 'Load more' adds the rest in place", async ({ page }) => {
	await page.goto(`/${path}/portfolio`)
	await expect(cards(page)).toHaveCount(20)
	await page.getByRole('link', { name: 'Load more' }).click()
	await expect(cards(page)).toHaveCount(21)
	await expect(page).toHaveURL(new RegExp(`/${path}/portfolio$`))
	await expect(page.getByRole('link', { name: 'Load more' })).toHaveCount(0)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test("'Load more' opens the next page, which links back to the first", async ({ page }) => {
		await page.goto(`/${path}/portfolio`)
		await expect(cards(page)).toHaveCount(20)
		await page.getByRole('link', { name: 'Load more' }).click()
		await expect(page).toHaveURL(/\?cursor=/)
		await expect(cards(page)).toHaveCount(1)
		await page.getByRole('link', { name: 'Back to the first projects' }).click()
		await expect(cards(page)).toHaveCount(20)
	})
})

test('a changed address: the old one redirects until the owner releases it', async ({ page }) => {
	const { path: old } = await signUpByPost(page)
	const renamed = uniqueName('Moved')
	await page.goto('/set-path')
	await page.getByLabel('Your Tagg name').fill(renamed)
	await page.getByRole('button', { name: 'Change my address' }).click()
	await expect(page).toHaveURL(/\/builder$/)

	await page.goto(`/${old}`)
	await expect(page).toHaveURL(new RegExp(`/${renamed}$`))

	await page.goto('/set-path')
	await expect(page.getByRole('heading', { name: 'Previous addresses' })).toBeVisible()
	await page.getByRole('button', { name: new RegExp(`Release .*/${old}$`) }).click()
	await expect(page.getByRole('heading', { name: 'Previous addresses' })).toHaveCount(0)
	const gone = await page.goto(`/${old}`)
	expect(gone?.status()).toBe(404)
})
