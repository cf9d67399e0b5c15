import crypto from 'node:crypto'
import { expect, type Page } from '@playwright/test'

export const PASSWORD = 'correct-horse-battery'

export function uniqueName(prefix = 'Owner') {
	return `${prefix}-${crypto.randomBytes(4).toString('hex')}`
}

/** Signs up through the UI and claims a path; leaves the page on /builder. */
export async function signUpAndClaim(page: Page, options: { name?: string; path?: string } = {}) {
	const path = options.path ?? uniqueName('Jane')
	const email = `${path.toLowerCase()}@example.com`
	await page.goto('/signup')
	await page.getByLabel('Full Name').fill(options.name ?? 'Jane Doe')
	await page.getByLabel('Enter Email').fill(email)
	await page.getByLabel('Enter password', { exact: true }).fill(PASSWORD)
	await page.getByLabel('Re-enter Password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page).toHaveURL(/\/set-path$/)
	await page.getByLabel('Your Tagg name').fill(path)
	await page.getByRole('button', { name: 'Claim my space' }).click()
	await expect(page).toHaveURL(/\/builder$/)
	return { email, path, password: PASSWORD }
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
	await page.goto('/login')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Log In' }).click()
}
