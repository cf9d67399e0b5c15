/**
 * The public pages as visitors use them: the demo owner's profile, portfolio and a
 * project, each opened three times in one browser (the second and third views revalidated from
 * its HTTP cache), back and forward, with JavaScript off, and with `Save-Data: on`. Every view
 * comes alive with JavaScript (the modals open, the carousel moves), every link works without,
 * and nothing logs an error.
 */
import fs from 'node:fs/promises'
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { PNG } from 'pngjs'
import { expectNoSeriousA11yViolations } from './axe'
import { ONE_VIEWPORT, openPublicDialog } from './helpers'

/** `npm run seed`'s demo owner, seeded by tests/e2e/server.ts. */
const OWNER = '/maya-torres'
const EMAIL = 'hello@mayatorres.design'
const LINKEDIN = 'https://www.linkedin.com/in/maya-torres-design'

// A visitor who has not asked for less motion (the suite's default, playwright.config.ts): the
// carousel moves by itself, the modals fade in and out.
test.use({ reducedMotion: 'no-preference' })

type Pages = { profile: string; list: string; project: string }

/** The three public pages (the project: the first one on the list). */
async function publicPages(page: Page): Promise<Pages> {
	// The server seeds the demo owner once it listens: wait for the page.
	await expect
		.poll(async () => (await page.request.get(OWNER)).status(), { timeout: 60_000 })
		.toBe(200)
	const list = await (await page.request.get(`${OWNER}/portfolio`)).text()
	const project = new RegExp(`${OWNER}/portfolio/[A-Za-z0-9_-]+`).exec(list)?.[0]
	expect(project).toBeTruthy()
	return { profile: OWNER, list: `${OWNER}/portfolio`, project: project! }
}

/**
 * Fails the test on any console error or uncaught exception (a refused script included), but
 * for the display picture these tests break on purpose.
 */
function watchForErrors(context: BrowserContext) {
	const errors: string[] = []
	context.on('console', (message) => {
		if (message.type() !== 'error') return
		if (/display-picture\.webp/.test(message.location().url)) return // the 404 routed below
		errors.push(`${message.page()?.url()}: ${message.text()} (${message.location().url})`)
	})
	context.on('weberror', (error) => errors.push(`${error.page()?.url()}: ${error.error().message}`))
	return () => expect(errors, 'console errors').toEqual([])
}

const shareButton = (page: Page) => page.getByRole('button', { name: 'Share', exact: true }).first()

/** With JavaScript: Share opens the modal (its QR code loads), Escape closes it. */
async function shareModalOpens(page: Page) {
	await openPublicDialog(page, shareButton(page))
	const dialog = page.getByRole('dialog', { name: 'Share Your Tagg' })
	await expect(dialog).toBeVisible()
	const qr = dialog.getByRole('img', { name: /QR code/ })
	await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(512)
	await expect(dialog.getByRole('button', { name: 'Share Profile' })).toBeVisible()
	await page.keyboard.press('Escape')
	await expect(dialog).toBeHidden()
}

/**
 * With JavaScript the carousel moves by itself (every 3 s) while it is on screen. It says whether
 * it is playing (the track's `aria-live` is 'off' while it moves by itself, 'polite' while it
 * waits), which shows that it rests off screen without waiting 3 s for nothing to happen.
 */
function carouselOf(page: Page) {
	const carousel = page.getByRole('region', { name: 'Featured projects' })
	return { carousel, track: carousel.getByRole('group').first().locator('..') }
}

/** A page just opened shows its top: on a phone the carousel is further down, and rests. */
async function carouselRests(page: Page) {
	const { carousel, track } = carouselOf(page)
	await expect(carousel.getByRole('button', { name: 'Next slide' })).toBeVisible()
	const top = await carousel.evaluate((element) => element.getBoundingClientRect().top)
	expect(top).toBeGreaterThan(page.viewportSize()!.height)
	await expect(track).toHaveAttribute('aria-live', 'polite')
}

/** Scrolled into view, the carousel leaves where it was by itself. */
async function carouselMoves(page: Page) {
	const { carousel, track } = carouselOf(page)
	await expect(carousel.getByRole('button', { name: 'Next slide' })).toBeVisible()
	await carousel.scrollIntoViewIfNeeded()
	await expect(track).toHaveAttribute('aria-live', 'off')
	const scrollLeft = () => track.evaluate((element) => element.scrollLeft)
	const start = await scrollLeft()
	await expect.poll(scrollLeft, { timeout: 4_500 }).not.toBe(start)
}

/** With JavaScript: Find Me opens its modal. */
async function findMeOpens(page: Page) {
	await openPublicDialog(page, page.getByRole('button', { name: 'Find Me' }))
	const findMe = page.getByRole('dialog', { name: 'Find Me' })
	await expect(findMe.getByRole('link', { name: EMAIL })).toHaveAttribute('href', `mailto:${EMAIL}`)
	await page.keyboard.press('Escape')
	await expect(findMe).toBeHidden()
}

/**
 * The view is alive: its modals open (and on the profile, Find Me and the carousel work).
 * `loaded`: the page was just opened at its top (not brought back at the place it was left).
 */
async function comesAlive(page: Page, pages: Pages, { loaded = false } = {}) {
	const profile = new URL(page.url()).pathname === pages.profile
	if (profile && loaded) await carouselRests(page)
	if (profile) await findMeOpens(page)
	await shareModalOpens(page)
	if (profile) await carouselMoves(page)
}

test(
	'every view comes alive: three views of each page in one browser, then back and forward',
	ONE_VIEWPORT,
	async ({ context, page }) => {
		test.setTimeout(120_000)
		const expectNoErrors = watchForErrors(context)
		const pages = await publicPages(page)

		for (const path of [pages.profile, pages.list, pages.project]) {
			for (let view = 1; view <= 3; view++) {
				const response = await page.goto(path)
				expect(response?.status(), `${path}, view ${view}`).toBe(200)
				// After the first view the browser revalidates its cached page (a 304 from the server).
				const validator = await response!.request().headerValue('if-none-match')
				if (view === 1) expect(validator).toBeNull()
				else expect(validator, `${path}, view ${view}`).toMatch(/^W\/"/)
				await comesAlive(page, pages, { loaded: true })
			}
		}

		// Through the links, then back and forward (from the back/forward cache or the HTTP cache).
		await page.goto(pages.profile)
		await page.getByRole('link', { name: 'View All' }).click()
		await expect(page).toHaveURL(pages.list)
		await page
			.getByRole('link', { name: /^Know More/ })
			.first()
			.click()
		await expect(page).toHaveURL(pages.project)
		await comesAlive(page, pages)
		for (const [move, path] of [
			['back', pages.list],
			['back', pages.profile],
			['forward', pages.list],
			['forward', pages.project],
		] as const) {
			await (move === 'back' ? page.goBack() : page.goForward())
			await expect(page, `${move} to ${path}`).toHaveURL(path)
			await comesAlive(page, pages)
		}
		expectNoErrors()
	},
)

/** The colour of the middle pixel of an element, as drawn. */
async function middlePixel(locator: Locator) {
	const png = PNG.sync.read(await locator.screenshot({ animations: 'disabled' }))
	const index = (Math.floor(png.height / 2) * png.width + Math.floor(png.width / 2)) * 4
	return [...png.data.subarray(index, index + 3)]
}

/**
 * Everything but native sharing works without a script: Share and Find Me lead to their
 * content, the downloads are links, the carousel scrolls by keyboard, View All goes to the list.
 */
async function worksWithoutScripts(page: Page, pages: Pages, baseURL: string) {
	for (const path of [pages.profile, pages.list, pages.project]) {
		for (let view = 1; view <= 3; view++) {
			await page.goto(path)
			await page.getByRole('link', { name: 'Share', exact: true }).first().click()
			await expect(page).toHaveURL(`${path}#share`)
			const sheet = page.getByRole('region', { name: 'Share Your Tagg' })
			await expect(sheet).toBeVisible()
			const qr = sheet.getByRole('img', { name: /QR code/ })
			await expect
				.poll(() => qr.evaluate((image: HTMLImageElement) => image.naturalWidth))
				.toBe(512)
			await expect(sheet.getByText(`${baseURL}${OWNER}`, { exact: true })).toBeVisible()
			if (view === 1) {
				const [qrFile] = await Promise.all([
					page.waitForEvent('download'),
					sheet.getByRole('link', { name: 'Download QR Code' }).click(),
				])
				expect(qrFile.suggestedFilename()).toBe('Tagg-profile.png')
				const [card] = await Promise.all([
					page.waitForEvent('download'),
					sheet.getByRole('link', { name: 'Download vCard' }).click(),
				])
				expect(card.suggestedFilename()).toBe('contact.vcf')
				expect(await fs.readFile(await card.path(), 'utf8')).toContain(
					`EMAIL;TYPE=INTERNET,WORK:${EMAIL}`,
				)
			}
			await sheet.getByRole('link', { name: 'Close' }).click()
			await expect(sheet).toBeHidden()
		}
	}

	await page.goto(pages.profile)
	await page.getByRole('link', { name: 'Find Me' }).click()
	const findMe = page.getByRole('region', { name: 'Find Me' })
	await expect(findMe.getByRole('link', { name: EMAIL })).toHaveAttribute('href', `mailto:${EMAIL}`)
	await expect(findMe.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', LINKEDIN)
	await findMe.getByRole('link', { name: 'Close' }).click()
	await expect(findMe).toBeHidden()

	// The carousel has no buttons without a script; its cards scroll by keyboard (and touch).
	const carousel = page.getByRole('region', { name: 'Featured projects' })
	await expect(carousel.getByRole('button', { name: 'Next slide' })).toBeHidden()
	const track = carousel.getByRole('group').first().locator('..')
	const knowMore = carousel.getByRole('link', { name: /^Know More/ })
	await knowMore.first().focus()
	await page.keyboard.press('ArrowRight')
	await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
	// More presses reach the last card.
	await expect(async () => {
		await page.keyboard.press('ArrowRight')
		await expect(knowMore.last()).toBeInViewport({ ratio: 1, timeout: 1_000 })
	}).toPass()
	await page.getByRole('link', { name: 'View All' }).click()
	await expect(page).toHaveURL(pages.list)
	await page
		.getByRole('link', { name: /^Know More/ })
		.first()
		.click()
	await expect(page).toHaveURL(pages.project)

	// A display picture that fails to load shows the default picture.
	await page.goto(pages.profile)
	const picture = page.getByRole('img', { name: "Maya Torres's display picture" })
	const drawn = await middlePixel(picture)
	await page.route(/display-picture\.webp/, (route) => route.fulfill({ status: 404, body: '' }))
	await page.reload()
	await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete)).toBe(true)
	expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(0)
	// The default picture's head (#f8a5c8) is in the middle; the owner's picture is not pink there.
	const fallback = await middlePixel(picture)
	expect(fallback).not.toEqual(drawn)
	for (const [channel, value] of fallback.entries()) {
		expect(Math.abs(value - [0xf8, 0xa5, 0xc8][channel]!)).toBeLessThanOrEqual(6)
	}
	await page.unroute(/display-picture\.webp/)
}

test.describe('with JavaScript off', () => {
	test.use({ javaScriptEnabled: false })

	test(
		'a visitor can still do everything but native sharing',
		ONE_VIEWPORT,
		async ({ context, page, baseURL }) => {
			test.setTimeout(120_000)
			const expectNoErrors = watchForErrors(context)
			await worksWithoutScripts(page, await publicPages(page), baseURL!)
			expectNoErrors()
		},
	)
})

test.describe('with Save-Data: on', () => {
	test.use({ extraHTTPHeaders: { 'Save-Data': 'on' } })

	test(
		'the pages come without any script, and work',
		ONE_VIEWPORT,
		async ({ context, page, baseURL }) => {
			test.setTimeout(120_000)
			const expectNoErrors = watchForErrors(context)
			const scripts: string[] = []
			page.on('request', (request) => {
				if (request.resourceType() === 'script') scripts.push(request.url())
			})
			const pages = await publicPages(page)
			for (const path of [pages.profile, pages.list, pages.project]) {
				const response = await page.goto(path)
				expect(response?.headers()['vary']).toContain('Save-Data')
				expect(response?.headers()['content-security-policy']).toContain("script-src 'none'")
				await expect(page.locator('script:not([type="application/ld+json"])')).toHaveCount(0)
			}
			await worksWithoutScripts(page, pages, baseURL!)
			expect(scripts, 'scripts loaded with Save-Data').toEqual([])
			expectNoErrors()
		},
	)
})

test('the sheets a visitor gets without a script are accessible', async ({ page }) => {
	const pages = await publicPages(page)
	for (const [id, name] of [
		['share', 'Share Your Tagg'],
		['find-me', 'Find Me'],
	]) {
		await page.goto(`${pages.profile}#${id}`)
		await expect(page.getByRole('region', { name })).toBeVisible()
		await expectNoSeriousA11yViolations(page)
	}
})

test(
	'on a slow connection a tap is answered at once by the sheet; Escape closes a sheet',
	ONE_VIEWPORT,
	async ({ page }) => {
		const pages = await publicPages(page)
		// The modal's code is held back until the test lets it through.
		let release = () => {}
		const held = new Promise<void>((resolve) => (release = resolve))
		await page.route(/\/assets\/public-dialogs-[\w-]+\.js$/, async (route) => {
			await held
			await route.continue()
		})
		await page.goto(pages.profile)
		await shareButton(page).click()
		const sheet = page.getByRole('region', { name: 'Share Your Tagg' })
		await expect(sheet).toBeVisible()
		await expect(page.getByRole('dialog', { name: 'Share Your Tagg' })).toHaveCount(0)
		await page.keyboard.press('Escape')
		await expect(sheet).toBeHidden()
		await expect(shareButton(page)).toBeFocused()

		// Once the code is in, the next tap opens the modal.
		release()
		await shareModalOpens(page)

		// An address that names a sheet shows it; Escape closes it and goes back to its button.
		await page.goto(`${pages.profile}#find-me`)
		const findMe = page.getByRole('region', { name: 'Find Me' })
		await expect(findMe).toBeVisible()
		await page.keyboard.press('Escape')
		await expect(findMe).toBeHidden()
		await expect(page.getByRole('button', { name: 'Find Me' })).toBeFocused()
	},
)

// At a phone's width on either project: run once, on the phone.
test(
	'with the text at 200% (a browser setting) no page reaches past a phone screen',
	ONE_VIEWPORT,
	async ({ page }) => {
		const pages = await publicPages(page)
		await page.setViewportSize({ width: 390, height: 844 })
		for (const path of [pages.profile, pages.list, pages.project, `${pages.profile}/resume`]) {
			await page.goto(path)
			// Through the CSSOM: the page's policy refuses an added `<style>` (its hashes only,
			// docs/decisions/036-first-screen.md).
			await page.evaluate(() =>
				document.documentElement.style.setProperty('font-size', '200%', 'important'),
			)
			const { scrollWidth, clientWidth, widest } = await page.evaluate(() => {
				const clientWidth = document.documentElement.clientWidth
				const past = [...document.querySelectorAll<HTMLElement>('body *')]
					.filter((element) => element.getBoundingClientRect().right > clientWidth + 1)
					.filter((element) => {
						// What a scrolling box holds (the carousel's cards) may reach past it.
						for (let box = element.parentElement; box; box = box.parentElement) {
							if (getComputedStyle(box).overflowX !== 'visible') return false
						}
						return true
					})
				return {
					scrollWidth: document.documentElement.scrollWidth,
					clientWidth,
					widest: past.slice(0, 3).map((element) => element.textContent?.slice(0, 40)),
				}
			})
			expect(widest, path).toEqual([])
			expect(scrollWidth, path).toBeLessThanOrEqual(clientWidth)
		}
	},
)
