/**
 * The language switcher of the signed-out pages works without JavaScript: plain links
 * (`?lang=`), the choice kept in a cookie for the next page, each language named in its own words,
 * and Arabic laid out right to left at a phone's width with nothing running off the screen.
 */
import { expectNoSeriousA11yViolations } from './axe'
import { expect, ONE_VIEWPORT, test } from './helpers'

const PHONE = { width: 390, height: 844 }

test(
	'the switcher works without JavaScript and keeps the language for the next page',
	ONE_VIEWPORT,
	async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE })
		const page = await context.newPage()
		await page.goto('/login')
		await expect(page.locator('html')).toHaveAttribute('lang', 'en')
		const languages = page.getByRole('navigation', { name: 'Language' })
		await expect(languages.getByRole('link')).toHaveText([
			'English',
			'Español',
			'Français',
			'Deutsch',
			'Português (Brasil)',
			'العربية',
		])
		await expect(languages.getByRole('link', { name: 'English' })).toHaveAttribute(
			'aria-current',
			'true',
		)

		await languages.getByRole('link', { name: 'Español' }).click()
		await expect(page).toHaveURL(/[?&]lang=es/)
		await expect(page.locator('html')).toHaveAttribute('lang', 'es')
		await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(0)

		// The next page, opened without ?lang=, speaks Spanish too (the cookie).
		await page.goto('/forgot-password')
		await expect(page.locator('html')).toHaveAttribute('lang', 'es')

		await page.getByRole('link', { name: 'العربية' }).click()
		await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
		await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')

		// Back to English from Arabic: English is named in English wherever it is listed.
		await page.getByRole('link', { name: 'English' }).click()
		await expect(page.locator('html')).toHaveAttribute('lang', 'en')
		await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
		await context.close()
	},
)

test(
	'the signed-out pages in Arabic: right to left, nothing off the screen, no serious axe violation',
	ONE_VIEWPORT,
	async ({ page }) => {
		await page.setViewportSize(PHONE)
		for (const path of ['/login', '/signup', '/forgot-password', '/privacy']) {
			await page.goto(`${path}?lang=ar`)
			await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
			)
			expect(overflow, path).toBeLessThanOrEqual(0)
			await expectNoSeriousA11yViolations(page)
		}
	},
)
