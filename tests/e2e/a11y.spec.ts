/**
 * Every page of the product, builder included, passes axe-core with no serious or critical
 * violation (the modals, switches and carousel are checked in their own specs too).
 */
import { expectNoSeriousA11yViolations } from './axe'
import { allowConsoleError, PASSWORD, uniqueName, expect, test } from './helpers'

test('signed-out pages: login, signup, set-path, contact and the 404 page', async ({ page }) => {
	// Six pages scanned whole by axe, each a few seconds on a busy machine.
	test.setTimeout(60_000)
	// The 404 page is a 404 answer (which Chromium reports), and logs nothing itself.
	allowConsoleError(/status of 404 \(Not Found\) \(at http:\/\/[^/]+\/no-such-person-here\)$/)
	for (const path of ['/', '/login', '/signup', '/contact', '/no-such-person-here']) {
		await page.goto(path)
		await expectNoSeriousA11yViolations(page)
	}
	const name = uniqueName('Axe')
	await page.goto('/signup')
	await page.getByLabel('Full Name').fill('Axe Tester')
	await page.getByLabel('Enter Email').fill(`${name.toLowerCase()}@example.com`)
	await page.getByLabel('Enter password', { exact: true }).fill(PASSWORD)
	await page.getByLabel('Re-enter Password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page).toHaveURL(/\/set-path$/)
	await expectNoSeriousA11yViolations(page)
})

test('builder portfolio pages and the public portfolio pages', async ({ page, browser }) => {
	// Six pages scanned whole by axe, each a few seconds on a busy machine.
	test.setTimeout(60_000)
	const name = uniqueName('Axe')
	await page.goto('/signup')
	await page.getByLabel('Full Name').fill('Axe Owner')
	await page.getByLabel('Enter Email').fill(`${name.toLowerCase()}@example.com`)
	await page.getByLabel('Enter password', { exact: true }).fill(PASSWORD)
	await page.getByLabel('Re-enter Password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Create Account' }).click()
	await page.getByLabel('Your Tagg name').fill(name)
	await page.getByRole('button', { name: 'Claim my space' }).click()
	await expect(page).toHaveURL(/\/builder$/)

	await page.goto('/builder/portfolio')
	await expectNoSeriousA11yViolations(page)
	await page.getByRole('button', { name: 'Add New' }).first().click()
	await expect(page).toHaveURL(/\/builder\/portfolio\/[\w-]+$/)
	const portfolioId = page.url().split('/').pop()!
	await expectNoSeriousA11yViolations(page)
	await page.goto(`/builder/portfolio/manage-images/${portfolioId}`)
	await expectNoSeriousA11yViolations(page)
	await page.goto('/builder/portfolio')
	await expectNoSeriousA11yViolations(page)

	const activate = await page.request.post('/one/sites/portfolio/data/update/status', {
		data: { portfolioId, active: true },
	})
	expect(activate.status()).toBe(200)
	const visitor = await browser.newPage()
	for (const path of [`/${name}/portfolio`, `/${name}/portfolio/${portfolioId}`]) {
		await visitor.goto(path)
		await expectNoSeriousA11yViolations(visitor)
	}
	await visitor.close()
})
