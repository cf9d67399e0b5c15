/**
 * Every page of the product, builder included, passes axe-core with no serious or critical
 * violation (the modals, switches and carousel are checked in their own specs too).
 */
import { expectNoSeriousA11yViolations } from './axe'
import { allowConsoleError, expect, openBuilder, signUpByPost, test, uniqueName } from './helpers'

test('signed-out pages: login, signup, set-path, contact and the 404 page', async ({ page }) => {
	// Six pages scanned whole by axe, each a few seconds on a busy machine.
	test.setTimeout(60_000)
	// The 404 page is a 404 answer (which Chromium reports), and logs nothing itself.
	allowConsoleError(/status of 404 \(Not Found\) \(at http:\/\/[^/]+\/no-such-person-here\)$/)
	for (const path of ['/', '/login', '/signup', '/contact', '/no-such-person-here']) {
		await page.goto(path)
		await expectNoSeriousA11yViolations(page)
	}
	// Signed up (by the form's post: the form itself is checked above), a path still to claim.
	await signUpByPost(page, { name: 'Axe Tester', path: uniqueName('Axe'), claim: false })
	await page.goto('/set-path')
	await expect(page.getByRole('heading', { name: 'Claim your space' })).toBeVisible()
	await expectNoSeriousA11yViolations(page)
})

test('builder portfolio pages and the public portfolio pages', async ({ page, browser }) => {
	// Six pages scanned whole by axe, each a few seconds on a busy machine.
	test.setTimeout(60_000)
	const { path: name } = await signUpByPost(page, { name: 'Axe Owner', path: uniqueName('Axe') })

	await openBuilder(page, '/builder/portfolio')
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
