import { devices } from '@playwright/test'
import {
	expect,
	logIn,
	openBuilderMenu,
	PASSWORD,
	registerAndClaim,
	signUpAndClaim,
	test,
	uniqueName,
} from './helpers'

test('signup → set-path → builder → logout → login', async ({ page }) => {
	const { email, path } = await signUpAndClaim(page)
	await expect(page.getByText('Edit Mode')).toBeVisible()
	const viewLive = page.getByRole('link', { name: 'View Live' })
	await expect(viewLive).toHaveAttribute('href', `/${path}`)

	// Logout from the sidebar (desktop) or the drawer (phone).
	await openBuilderMenu(page)
	await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click()
	await expect(page).toHaveURL(/\/login$/)

	// Signed out, builder URLs end on /login.
	await page.goto('/builder')
	await expect(page).toHaveURL(/\/login$/)

	await logIn(page, email)
	await expect(page).toHaveURL(/\/builder$/)
	await expect(page.getByText('Portfolio Home').first()).toBeAttached()
})

test('login failure reads Invalid email or password', async ({ page }) => {
	await logIn(page, `${uniqueName('nobody')}@example.com`, 'wrong-password')
	await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
	await expect(
		page.getByRole('link', { name: "Don't have an account? Create one" }),
	).toHaveAttribute('href', '/signup')
})

test('signup with different passwords stops before any call', async ({ page }) => {
	await page.goto('/signup')
	let posted = false
	page.on('request', (request) => {
		if (request.method() === 'POST') posted = true
	})
	await page.getByLabel('Full Name').fill('Mismatch Person')
	await page.getByLabel('Enter Email').fill(`${uniqueName('mm')}@example.com`)
	await page.getByLabel('Enter password', { exact: true }).fill(PASSWORD)
	await page.getByLabel('Re-enter Password').fill(`${PASSWORD}-other`)
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(
		page.getByText('The passwords you entered do not match. Please try again.'),
	).toBeVisible()
	expect(posted).toBe(false)
	await expect(page.getByRole('link', { name: 'Already have an account? Login' })).toHaveAttribute(
		'href',
		'/login',
	)
})

test('signup with a taken email shows the spec message', async ({ page, request }) => {
	// The account that has the email (made through the API: signing up is the first test's).
	const { email } = await registerAndClaim(request)
	await page.goto('/signup')
	await page.getByLabel('Full Name').fill('Copy Cat')
	await page.getByLabel('Enter Email').fill(email)
	await page.getByLabel('Enter password', { exact: true }).fill(PASSWORD)
	await page.getByLabel('Re-enter Password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page.getByRole('alert')).toHaveText(
		"Sorry, we couldn't create your account right now. Please try again later.",
	)
})

test('a taken or reserved Tagg name is refused with the spec wording', async ({
	page: other,
	request,
}) => {
	// The owner of the taken name (made through the API: signing up is the first test's).
	const { path } = await registerAndClaim(request)
	const otherName = uniqueName('Other')
	await other.goto('/signup')
	await other.getByLabel('Full Name').fill('Other Person')
	await other.getByLabel('Enter Email').fill(`${otherName.toLowerCase()}@example.com`)
	await other.getByLabel('Enter password', { exact: true }).fill(PASSWORD)
	await other.getByLabel('Re-enter Password').fill(PASSWORD)
	await other.getByRole('button', { name: 'Create Account' }).click()
	await expect(other).toHaveURL(/\/set-path$/)
	await expect(other.getByRole('heading', { name: 'Claim your space' })).toBeVisible()
	await other.getByLabel('Your Tagg name').fill(path.toUpperCase())
	await other.getByRole('button', { name: 'Claim my space' }).click()
	await expect(other.getByRole('alert')).toHaveText(
		'Sorry, this Tagg name is already taken. Please try something else.',
	)
	await other.getByLabel('Your Tagg name').fill('builder')
	await other.getByRole('button', { name: 'Claim my space' }).click()
	await expect(other.getByRole('alert')).toHaveText(
		'Sorry, this Tagg name is already taken. Please try something else.',
	)
	await other.getByLabel('Your Tagg name').fill('no spaces allowed')
	await other.getByRole('button', { name: 'Claim my space' }).click()
	// The rule is said once, as the error (the hint under the field says the same words).
	const rule = other.getByText(
		'Only letters, numbers, and hyphens are allowed. No spaces or special characters.',
	)
	await expect(rule).toHaveCount(1)
	await expect(other.getByLabel('Your Tagg name')).toHaveAttribute('aria-invalid', 'true')
})

test('the contact page shows a heading', async ({ page }) => {
	await page.goto('/contact')
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('on a phone without JavaScript the builder menu still reaches every page, and Logout works', async ({
	browser,
	request,
}) => {
	const { email } = await registerAndClaim(request)
	const { defaultBrowserType: _, ...phone } = devices['Pixel 7']!
	const context = await browser.newContext({ ...phone, javaScriptEnabled: false })
	const page = await context.newPage()
	await logIn(page, email)
	await expect(page).toHaveURL(/\/builder$/)
	const nav = await openBuilderMenu(page)
	await nav.getByRole('link', { name: 'Settings' }).click()
	await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
	await (await openBuilderMenu(page)).getByRole('link', { name: 'Insights' }).click()
	await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible()
	await openBuilderMenu(page)
	await page.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click()
	await expect(page).toHaveURL(/\/login$/)
	await context.close()
})
