/**
 * Visitors' pages admit their inline `<style>` elements by hash
 * (docs/decisions/036-first-screen.md): what their script adds at run time must not need any other.
 * On a phone, the demo owner's profile with Share (the modal), its copied link (a toast), Find Me,
 * 'Exchange contact' (the contact dialog) and a project's image viewer: no
 * `securitypolicyviolation` at all, the toasts styled (goober's rules in an adopted stylesheet, no
 * `<style id="_goober">`), and the modals still lock the page's scroll (their own lock, no
 * injected `<style>`) and close by Escape and by a tap outside.
 */
import { type Page } from '@playwright/test'
import { expect, ONE_VIEWPORT, openPublicDialog, test } from './helpers'

/** `npm run seed`'s demo owner, seeded by tests/e2e/server.ts. */
const OWNER = '/maya-torres'

type Violation = { directive: string; blocked: string; sample: string; where: string }

/** The violations the page has reported since its document started. */
const violations = (page: Page) =>
	page.evaluate(() => (window as unknown as { violations: Violation[] }).violations)

/** Whether the page scrolls when the visitor swipes up on it (not programmatically). */
async function swipeScrolls(page: Page) {
	const before = await page.evaluate(() => window.scrollY)
	await page.mouse.move(200, 400)
	await page.mouse.wheel(0, 400)
	// A wheel scroll is smooth: give it its frames.
	await page.waitForTimeout(400)
	return (await page.evaluate(() => window.scrollY)) !== before
}

test.describe("visitors' pages' policy", ONE_VIEWPORT, () => {
	test.beforeEach(async ({ context, baseURL }) => {
		await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! })
		await context.addInitScript(() => {
			const seen: Violation[] = []
			;(window as unknown as { violations: Violation[] }).violations = seen
			// Fired at the element refused (it bubbles), or at the document.
			document.addEventListener('securitypolicyviolation', (event) =>
				seen.push({
					directive: event.effectiveDirective,
					blocked: event.blockedURI,
					sample: event.sample,
					where: `${event.sourceFile}:${event.lineNumber}`,
				}),
			)
			// No Web Share API (Chromium on Linux has none): Share Profile copies the link.
			delete (Navigator.prototype as Partial<Navigator>).share
			delete (Navigator.prototype as Partial<Navigator>).canShare
		})
	})

	test('the profile, Share, a copied link, Find Me and Exchange contact: no violation', async ({
		page,
	}) => {
		test.setTimeout(60_000)
		const response = await page.goto(OWNER)
		expect(response?.status()).toBe(200)
		const policy = response!.headers()['content-security-policy']!
		expect(policy).toMatch(/style-src-elem 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+(;|$)/)
		expect(policy).toContain("style-src-attr 'unsafe-inline'")
		// The page scrolls: the control for the lock below.
		expect(await swipeScrolls(page)).toBe(true)
		await page.evaluate(() => window.scrollTo(0, 0))

		// Share: the modal (React, Radix) locks the scroll without a `<style>` of its own.
		const share = page.getByRole('button', { name: 'Share', exact: true }).first()
		await openPublicDialog(page, share)
		const shareDialog = page.getByRole('dialog', { name: 'Share Your Tagg' })
		await expect(shareDialog).toBeVisible()
		expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
			'hidden',
		)
		expect(await swipeScrolls(page)).toBe(false)

		// The copied link's toast: goober's rules apply (the toast's own rounded corners and
		// padding), from an adopted stylesheet, with no `<style>` element added.
		await shareDialog.getByRole('button', { name: 'Share Profile' }).click()
		const toast = page
			.locator('[data-rht-toaster] [role="status"]')
			.filter({ hasText: 'Link copied to clipboard!' })
		await expect(toast).toBeVisible()
		const bar = toast.locator('..')
		await expect
			.poll(() => bar.evaluate((element) => getComputedStyle(element).borderRadius))
			.toBe('8px')
		expect(
			await page.evaluate(() => ({
				goober: document.getElementById('_goober') !== null,
				adopted: document.adoptedStyleSheets.some((sheet) =>
					[...sheet.cssRules].some((rule) => rule.cssText.startsWith('.go')),
				),
			})),
		).toEqual({ goober: false, adopted: true })

		// Escape closes it, the focus goes back, the page scrolls again.
		await page.keyboard.press('Escape')
		await expect(shareDialog).toBeHidden()
		await expect(share).toBeFocused()
		expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('')
		expect(await swipeScrolls(page)).toBe(true)
		await page.evaluate(() => window.scrollTo(0, 0))

		// Find Me: locked too; a tap above the bottom sheet (on the overlay) closes it.
		const findMe = page.getByRole('button', { name: 'Find Me' })
		await openPublicDialog(page, findMe)
		const findMeDialog = page.getByRole('dialog', { name: 'Find Me' })
		await expect(findMeDialog).toBeVisible()
		// The rest of the page is hidden from assistive technology while it is open (Radix).
		await expect(page.locator('body > footer')).toHaveAttribute('aria-hidden', 'true')
		expect(await swipeScrolls(page)).toBe(false)
		const sheet = (await findMeDialog.boundingBox())!
		expect(sheet.y).toBeGreaterThan(40)
		await page.mouse.click(200, sheet.y / 2)
		await expect(findMeDialog).toBeHidden()
		await expect(findMe).toBeFocused()
		expect(await swipeScrolls(page)).toBe(true)

		// 'Exchange contact': the native dialog with the form fetched from the contact page.
		const exchange = page.getByRole('button', { name: 'Exchange contact' })
		await exchange.click()
		const contact = page.getByRole('dialog', { name: 'Exchange contact' })
		await expect(contact).toBeVisible()
		await expect(contact.getByLabel('Your name')).toBeFocused()
		await page.keyboard.press('Escape')
		await expect(contact).toBeHidden()

		expect(await violations(page)).toEqual([])
	})

	test("a project's image viewer: no violation", async ({ page }) => {
		const list = await (await page.request.get(`${OWNER}/portfolio`)).text()
		const project = new RegExp(`${OWNER}/portfolio/[A-Za-z0-9_-]+`).exec(list)?.[0]
		expect(project).toBeTruthy()
		await page.goto(project!)
		const cover = page.locator('a[data-viewer-cover]')
		await cover.click()
		const viewer = page.locator('dialog[data-image-viewer]')
		await expect(viewer).toBeVisible()
		await expect(viewer.locator('img')).toHaveJSProperty('complete', true)
		await page.keyboard.press('Escape')
		await expect(viewer).toBeHidden()
		expect(await violations(page)).toEqual([])
	})
})
