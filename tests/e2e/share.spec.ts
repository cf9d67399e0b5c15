import fs from 'node:fs/promises'
import { type Browser, type Page } from '@playwright/test'
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import { expectNoSeriousA11yViolations } from './axe'
import { expect, ONE_VIEWPORT, openBuilder, openPublicDialog, signUpByPost, test } from './helpers'

/** The toast (bottom-right, react-hot-toast) that contains `text`. */
const toast = (page: Page, text: string) =>
	page.locator('[data-rht-toaster] [role="status"]').filter({ hasText: text })

/** Signs an owner up and names them through the /one API; answers their public path. */
async function ownerNamed(page: Page, firstName: string, lastName: string) {
	const { path } = await signUpByPost(page)
	const response = await page.request.post('/one/sites/info/general/name/update', {
		data: { firstName, lastName },
	})
	expect(response.status()).toBe(200)
	return path
}

/** A signed-out visitor whose browser has no Web Share API and may use the clipboard. */
async function visitorWithoutWebShare(browser: Browser, baseURL: string) {
	const context = await browser.newContext()
	await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
	await context.addInitScript(() => {
		// Chromium on Linux has no Web Share; make sure of it wherever the tests run.
		delete (Navigator.prototype as Partial<Navigator>).share
		delete (Navigator.prototype as Partial<Navigator>).canShare
	})
	return context
}

async function openShare(page: Page) {
	// The top bar's Share button (the profile card has another one).
	await openPublicDialog(page, page.getByRole('button', { name: 'Share', exact: true }).first())
	const dialog = page.getByRole('dialog', { name: 'Share Your Tagg' })
	await expect(dialog).toBeVisible()
	return dialog
}

test(
	'a visitor shares a profile: QR code, its download, the vCard and the copied link',
	ONE_VIEWPORT,
	async ({ page, browser, baseURL }) => {
		test.setTimeout(90_000)
		const path = await ownerNamed(page, 'Ada', 'Lovelace')
		const profileUrl = `${baseURL}/${path}`

		const context = await visitorWithoutWebShare(browser, baseURL!)
		const visitor = await context.newPage()
		await visitor.goto(`/${path}`)
		const dialog = await openShare(visitor)

		// The QR code is drawn 256 px wide from the 512 px PNG, beside the URL text and the buttons.
		const qr = dialog.getByRole('img', { name: /QR code/ })
		await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(512)
		// The code itself is 256 px (any frame is around it, not inside it).
		const drawn = await qr.evaluate((image: HTMLImageElement) => {
			const style = getComputedStyle(image)
			return [image.clientWidth, image.clientHeight, style.paddingLeft, style.borderLeftWidth]
		})
		expect(drawn).toEqual([256, 256, '0px', '0px'])
		await expect(dialog.getByText(profileUrl, { exact: true })).toBeVisible()
		for (const name of ['Download QR Code', 'Share Profile']) {
			await expect(dialog.getByRole('button', { name })).toBeVisible()
		}
		await expect(dialog.getByRole('link', { name: 'Download vCard' })).toBeVisible()
		await expectNoSeriousA11yViolations(visitor)

		// The QR download starts after a short delay and holds exactly the profile URL.
		const clickedAt = Date.now()
		const [qrDownload] = await Promise.all([
			visitor.waitForEvent('download'),
			dialog.getByRole('button', { name: 'Download QR Code' }).click(),
		])
		expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(100)
		expect(qrDownload.suggestedFilename()).toBe('Tagg-profile.png')
		// The accent is in the URL, so a new colour is never an old cached code.
		expect(qrDownload.url()).toBe(`${profileUrl}/qr.png?download=1&v=d6246e`)
		const png = PNG.sync.read(await fs.readFile((await qrDownload.path())!))
		expect([png.width, png.height]).toEqual([512, 512])
		expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(profileUrl)

		// The contact card.
		const [vcard] = await Promise.all([
			visitor.waitForEvent('download'),
			dialog.getByRole('link', { name: 'Download vCard' }).click(),
		])
		expect(vcard.suggestedFilename()).toBe('contact.vcf')
		const card = (await fs.readFile((await vcard.path())!, 'utf8')).replace(/\r\n[ \t]/g, '')
		const lines = card.split(/\r?\n/)
		expect(lines[0]).toBe('BEGIN:VCARD')
		expect(lines).toContain('VERSION:3.0')
		expect(lines).toContain('FN:Ada Lovelace')
		expect(lines).toContain('N:Lovelace;Ada;;;')

		// No Web Share API: the link is copied to the clipboard.
		await dialog.getByRole('button', { name: 'Share Profile' }).click()
		await expect(toast(visitor, 'Link copied to clipboard!')).toBeVisible()
		expect(await visitor.evaluate(() => navigator.clipboard.readText())).toBe(profileUrl)

		// The clipboard refuses: the spec's error toast.
		await visitor.evaluate(() => {
			navigator.clipboard.writeText = () =>
				Promise.reject(new DOMException('Denied', 'NotAllowedError'))
		})
		await dialog.getByRole('button', { name: 'Share Profile' }).click()
		await expect(toast(visitor, 'Unable to copy the link.')).toBeVisible()

		// The X closes the modal and focus returns to the Share button.
		await dialog.getByRole('button', { name: 'Close' }).click()
		await expect(dialog).toBeHidden()
		await expect(visitor.getByRole('button', { name: 'Share', exact: true }).first()).toBeFocused()
		await context.close()
	},
)

test(
	'Share Profile uses the Web Share API where the browser has one',
	ONE_VIEWPORT,
	async ({ page, browser, baseURL }) => {
		const path = await ownerNamed(page, 'Grace', 'Hopper')
		const context = await browser.newContext()
		await context.addInitScript(() => {
			const calls: ShareData[] = []
			Object.assign(window, { shareCalls: calls })
			Object.defineProperty(Navigator.prototype, 'share', {
				configurable: true,
				value: (data: ShareData) => {
					calls.push(data)
					return Promise.resolve()
				},
			})
			Object.defineProperty(Navigator.prototype, 'canShare', {
				configurable: true,
				value: () => true,
			})
		})
		const visitor = await context.newPage()
		await visitor.goto(`/${path}`)
		const dialog = await openShare(visitor)
		await dialog.getByRole('button', { name: 'Share Profile' }).click()
		await expect
			.poll(() =>
				visitor.evaluate(() => (window as unknown as { shareCalls: ShareData[] }).shareCalls),
			)
			.toEqual([expect.objectContaining({ url: `${baseURL}/${path}` })])
		await expect(toast(visitor, 'Link copied to clipboard!')).toHaveCount(0)
		await context.close()
	},
)

test(
	'without a clipboard API (plain http on a LAN address) the link is still copied',
	ONE_VIEWPORT,
	async ({ page, browser, baseURL }) => {
		const path = await ownerNamed(page, 'Alan', 'Turing')
		const context = await browser.newContext()
		await context.addInitScript(() => {
			delete (Navigator.prototype as Partial<Navigator>).share
			// Insecure origins have no navigator.clipboard.
			Object.defineProperty(Navigator.prototype, 'clipboard', {
				configurable: true,
				get: () => undefined,
			})
			// What the page put on the clipboard: the selected text when the copy happened.
			document.addEventListener('copy', () => {
				const field = document.activeElement as HTMLTextAreaElement | null
				const copied =
					field && typeof field.selectionStart === 'number'
						? field.value.slice(field.selectionStart, field.selectionEnd ?? undefined)
						: String(document.getSelection())
				Object.assign(window, { copied })
			})
		})
		const visitor = await context.newPage()
		await visitor.goto(`/${path}`)
		const dialog = await openShare(visitor)
		await dialog.getByRole('button', { name: 'Share Profile' }).click()
		await expect(toast(visitor, 'Link copied to clipboard!')).toBeVisible()
		expect(await visitor.evaluate(() => (window as unknown as { copied?: string }).copied)).toBe(
			`${baseURL}/${path}`,
		)
		await context.close()
	},
)

test(
	'the owner opens the same share modal from the builder',
	ONE_VIEWPORT,
	async ({ page, baseURL }) => {
		const path = await ownerNamed(page, 'Katherine', 'Johnson')
		await openBuilder(page)
		const dialog = await openShare(page)
		await expect(dialog.getByText(`${baseURL}/${path}`, { exact: true })).toBeVisible()
		const qr = dialog.getByRole('img', { name: /QR code/ })
		await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(512)
		const [download] = await Promise.all([
			page.waitForEvent('download'),
			dialog.getByRole('button', { name: 'Download QR Code' }).click(),
		])
		expect(download.suggestedFilename()).toBe('Tagg-profile.png')
		await expect(dialog.getByRole('link', { name: 'Download vCard' })).toHaveAttribute(
			'href',
			`/${path}/contact.vcf`,
		)
	},
)
