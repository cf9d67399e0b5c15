import { type Page, type Route } from '@playwright/test'
import sharp from 'sharp'
import { expectNoSeriousA11yViolations } from './axe'
import { allowConsoleError, expect, ONE_VIEWPORT, openBuilder, signUpByPost, test } from './helpers'

/** A solid-colour picture, as a file the page's file input can take. */
async function picture(
	name: string,
	background: string,
	size: { width: number; height: number } = { width: 1280, height: 720 },
) {
	const buffer = await sharp({ create: { ...size, channels: 3, background } })
		.png()
		.toBuffer()
	return { name, mimeType: 'image/png', buffer }
}

/** The toast (bottom-right, react-hot-toast) that contains `text`. */
const toast = (page: Page, text: string) =>
	page.locator('[data-rht-toaster] [role="status"]').filter({ hasText: text })

/**
 * Waits until no toast is showing, before a step whose toast has the words of one shown before
 * (toasts let clicks through to what is under them, so no other step waits for them to go).
 */
async function noToasts(page: Page) {
	await page.mouse.move(1, 1)
	await expect(page.locator('[data-rht-toaster] [role="status"]')).toHaveCount(0, {
		timeout: 10_000,
	})
}

/** Answers every POST to `pattern` with `status` (or a network error) until the undo is called. */
async function failPosts(page: Page, pattern: string, how: number | 'network') {
	allowConsoleError(
		how === 'network'
			? /net::ERR_FAILED/
			: new RegExp(`the server responded with a status of ${how}`),
	)
	const handler = (route: Route) =>
		route.request().method() !== 'POST'
			? route.fallback()
			: how === 'network'
				? route.abort('failed')
				: route.fulfill({
						status: how,
						contentType: 'application/json',
						body: JSON.stringify({ status: how, message: 'Forced failure' }),
					})
	await page.route(pattern, handler)
	return () => page.unroute(pattern, handler)
}

/** Holds POSTs to `pattern` until `release()` is called (to see the busy state). */
async function holdPosts(page: Page, pattern: string) {
	let release: () => void = () => {}
	const gate = new Promise<void>((resolve) => (release = resolve))
	const handler = async (route: Route) => {
		await gate
		await route.fallback()
	}
	await page.route(pattern, handler)
	return {
		release: async () => {
			release()
			await page.unroute(pattern, handler)
		},
	}
}

test(
	'the display picture: preview, validation, failures, then a new picture everywhere at once',
	ONE_VIEWPORT,
	async ({ page, browser }) => {
		test.setTimeout(90_000)
		const { path } = await signUpByPost(page, { name: 'Jane Doe' })
		await openBuilder(page)
		const avatar = page.getByRole('img', { name: "Jane Doe's display picture" })
		await expect(avatar).toHaveAttribute('src', '/images/default-avatar.svg')

		await page.getByRole('button', { name: 'Edit display picture' }).click()
		const modal = page.getByRole('dialog', { name: 'Edit Display Picture' })
		await expect(modal).toBeVisible()

		// No file chosen: the spec's message, no call, the modal stays.
		await modal.getByRole('button', { name: 'Update' }).click()
		await expect(modal.getByRole('alert')).toHaveText('Please select a file before submitting.')

		// The chosen picture is previewed before anything is sent.
		await modal
			.getByLabel('Choose a picture')
			.setInputFiles(await picture('me.png', '#e0457b', { width: 600, height: 600 }))
		const preview = modal.getByRole('img', { name: /Preview/ })
		await expect(preview).toHaveAttribute('src', /^blob:/)
		await expect(modal.getByRole('alert')).toHaveCount(0)

		// The server refuses: inline message and error toast; the modal stays open.
		const undoRefusal = await failPosts(page, '**/one/sites/images/update/display-picture', 500)
		await modal.getByRole('button', { name: 'Update' }).click()
		await expect(toast(page, 'Failed to update display picture.')).toBeVisible()
		await expect(modal.getByRole('alert')).toContainText('Failed to update display picture.')
		await expect(modal).toBeVisible()
		await undoRefusal()

		// The network fails: 'Something went wrong.' inline and as a toast.
		const undoNetwork = await failPosts(
			page,
			'**/one/sites/images/update/display-picture',
			'network',
		)
		await modal.getByRole('button', { name: 'Update' }).click()
		await expect(toast(page, 'Something went wrong.')).toBeVisible()
		await expect(modal.getByRole('alert')).toHaveText('Something went wrong.')
		await undoNetwork()

		// While the call runs the button is disabled and reads 'Updating...'.
		const hold = await holdPosts(page, '**/one/sites/images/update/display-picture')
		await modal.getByRole('button', { name: 'Update' }).click()
		await expect(modal.getByRole('button', { name: 'Updating...' })).toBeDisabled()
		await hold.release()
		await expect(toast(page, 'Display picture updated successfully.')).toBeVisible()
		await expect(modal).toBeHidden()

		// The new picture shows at once, from a versioned URL, and loads.
		await expect(avatar).toHaveAttribute('src', /\/display-picture\.webp\?v=\d+$/)
		const firstVersion = await avatar.getAttribute('src')
		await expect
			.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth))
			.toBeGreaterThan(0)

		// A second picture gets a new URL (no stale cached picture).
		await noToasts(page)
		await page.getByRole('button', { name: 'Edit display picture' }).click()
		await modal.getByLabel('Choose a picture').setInputFiles(await picture('me-2.png', '#3b82f6'))
		await modal.getByRole('button', { name: 'Update' }).click()
		await expect(toast(page, 'Display picture updated successfully.')).toBeVisible()
		await expect(avatar).not.toHaveAttribute('src', firstVersion!)
		await expect(avatar).toHaveAttribute('src', /\/display-picture\.webp\?v=\d+$/)
		const current = await avatar.getAttribute('src')

		// Visitors see the same picture.
		const context = await browser.newContext()
		const visitor = await context.newPage()
		await visitor.goto(`/${path}`)
		const shown = visitor.getByRole('img', { name: "Jane Doe's display picture" })
		await expect(shown).toHaveAttribute('src', current!)
		await expect
			.poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth))
			.toBe(512)
		await context.close()
	},
)

/** Creates an item through the /one API with the page's session cookie; returns its id. */
async function createItem(page: Page, head: { productName: string; projectSummary: string }) {
	const created = await page.request.post('/one/sites/portfolio/data/create/new/portfolio')
	expect(created.status()).toBe(200)
	const { url } = (await created.json()) as { url: string }
	const portfolioId = url.split('/').pop()!
	const response = await page.request.post('/one/sites/portfolio/data/update/head', {
		// The head is written whole: the fields not given here are sent empty.
		data: {
			portfolioId,
			company: '',
			role: '',
			duration: '',
			industries: [],
			categories: [],
			...head,
		},
	})
	expect(response.status()).toBe(200)
	return portfolioId
}

/** The srcset candidates of an image: `[url, descriptor]` pairs. */
async function srcset(image: ReturnType<Page['getByRole']>) {
	const value = (await image.getAttribute('srcset')) ?? ''
	return value
		.split(',')
		.map((candidate) => candidate.trim().split(/\s+/))
		.filter((parts) => parts[0])
}

test(
	'project images: upload several, toggle, reorder and delete; visitors see only active ones, with srcset',
	ONE_VIEWPORT,
	async ({ page, browser }, testInfo) => {
		test.setTimeout(120_000)
		const { path } = await signUpByPost(page)
		const portfolioId = await createItem(page, {
			productName: 'Harbour ferry app',
			projectSummary: 'Tickets for the harbour ferries, on the phone.',
		})

		await openBuilder(page, `/builder/portfolio/${portfolioId}`)
		await page.getByRole('link', { name: 'Manage Images' }).click()
		await expect(page).toHaveURL(new RegExp(`/builder/portfolio/manage-images/${portfolioId}$`))
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Product Images')
		await expect(page.getByText('Active Product: Harbour ferry app')).toBeVisible()

		// No file chosen: inline and as a toast; nothing is sent.
		await page.getByRole('button', { name: 'Update Product Images' }).first().click()
		const modal = page.getByRole('dialog', { name: 'Edit Display Picture' })
		await modal.getByRole('button', { name: 'Upload' }).click()
		await expect(modal.getByRole('alert')).toHaveText('Please select at least one file.')
		await expect(toast(page, 'Please select at least one file.')).toBeVisible()
		await expect(modal).toBeVisible()

		// Three at once (field product_images), previewed first.
		await modal
			.getByLabel('Product images')
			.setInputFiles([
				await picture('one.png', '#ef4444'),
				await picture('two.png', '#22c55e', { width: 800, height: 600 }),
				await picture('three.png', '#3b82f6', { width: 2400, height: 1350 }),
			])
		await expect(modal.getByRole('list', { name: 'Selected images' }).getByRole('img')).toHaveCount(
			3,
		)
		// One multipart request per file (field product_images), in the order chosen: a refused file
		// never sinks the others.
		const uploads: string[] = []
		const count = (request: { url: () => string }) => {
			if (request.url().includes('/one/sites/images/update/portfolio-images')) {
				uploads.push(request.url())
			}
		}
		page.on('request', count)
		await modal.getByRole('button', { name: 'Upload' }).click()
		await expect(toast(page, 'Images uploaded!')).toBeVisible()
		await expect(modal).toBeHidden()
		page.off('request', count)
		expect(uploads).toEqual(Array(3).fill(expect.stringContaining(`?productId=${portfolioId}`)))

		const grid = page.getByRole('list', { name: 'Product images' })
		const cards = grid.getByRole('listitem')
		await expect(cards).toHaveCount(3)
		// Three columns on a desktop, one on a phone.
		const columns = await grid.evaluate(
			(element) => getComputedStyle(element).gridTemplateColumns.split(' ').length,
		)
		expect(columns).toBe(testInfo.project.name === 'phone' ? 1 : 3)
		const srcOf = async (n: number) =>
			(await grid.getByRole('img', { name: `Project image ${n}` }).getAttribute('src'))!
		const ids = [await srcOf(1), await srcOf(2), await srcOf(3)].map(
			(src) => src.match(/\/([\w-]+?)(?:-card)?\.webp$/)![1]!,
		)
		expect(new Set(ids).size).toBe(3)
		for (let n = 1; n <= 3; n++) {
			const image = grid.getByRole('img', { name: `Project image ${n}` })
			await image.scrollIntoViewIfNeeded()
			await expect
				.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
				.toBeGreaterThan(0)
		}

		await expectNoSeriousA11yViolations(page)

		// New images are active and not featured.
		for (let n = 1; n <= 3; n++) {
			await expect(page.getByRole('switch', { name: `Is Active: image ${n}` })).toBeChecked()
			await expect(page.getByRole('switch', { name: `Is Featured: image ${n}` })).not.toBeChecked()
		}

		// Toggles change at once and toast.
		await page.getByRole('switch', { name: 'Is Active: image 2' }).click()
		await expect(toast(page, 'Is Active disabled')).toBeVisible()
		await expect(page.getByRole('switch', { name: 'Is Active: image 2' })).not.toBeChecked()
		await page.getByRole('switch', { name: 'Is Featured: image 3' }).click()
		await expect(toast(page, 'Is Featured enabled')).toBeVisible()
		await expect(page.getByRole('switch', { name: 'Is Featured: image 3' })).toBeChecked()

		// A failing toggle reverts and says so.
		const undo = await failPosts(page, '**/one/sites/images/update/image/status?*', 500)
		const featureOne = page.getByRole('switch', { name: 'Is Featured: image 1' })
		await featureOne.click()
		await expect(toast(page, 'Failed to update status')).toBeVisible()
		await expect(featureOne).not.toBeChecked()
		await undo()

		// The state is kept after a reload.
		await page.reload()
		await expect(page.getByRole('switch', { name: 'Is Active: image 2' })).not.toBeChecked()
		await expect(page.getByRole('switch', { name: 'Is Featured: image 3' })).toBeChecked()
		await expect(featureOne).not.toBeChecked()

		// Reorder: image 3 moves one place earlier, kept after a reload.
		const saved = page.waitForResponse('**/one/sites/images/reorder?*')
		await page.getByRole('button', { name: 'Move image 3 earlier' }).click()
		await expect(grid.getByRole('img', { name: 'Project image 2' })).toHaveAttribute(
			'src',
			new RegExp(ids[2]!),
		)
		expect((await saved).status()).toBe(200)
		await page.reload()
		await expect(grid.getByRole('img', { name: 'Project image 2' })).toHaveAttribute(
			'src',
			new RegExp(ids[2]!),
		)
		// Now: 1 = first upload, 2 = third (featured), 3 = second (inactive).

		// Delete asks first; Cancel keeps the image.
		await page.getByRole('button', { name: 'Delete image 1' }).click()
		const confirm = page.getByRole('dialog', { name: 'Delete this image?' })
		await confirm.getByRole('button', { name: 'Cancel' }).click()
		await expect(confirm).toBeHidden()
		await expect(cards).toHaveCount(3)
		await page.getByRole('button', { name: 'Delete image 1' }).click()
		await confirm.getByRole('button', { name: 'Delete' }).click()
		await expect(toast(page, 'Image deleted')).toBeVisible()
		await expect(cards).toHaveCount(2)
		await expect(grid.getByRole('img', { name: 'Project image 1' })).toHaveAttribute(
			'src',
			new RegExp(ids[2]!),
		)

		// A file that is not a picture is refused in the browser, named at once, and nothing is sent.
		let sent = 0
		const countUploads = (request: { url: () => string }) => {
			if (request.url().includes('/one/sites/images/update/portfolio-images')) sent++
		}
		page.on('request', countUploads)
		await page.getByRole('button', { name: 'Update Product Images' }).first().click()
		await modal.getByLabel('Product images').setInputFiles({
			name: 'logo.svg',
			mimeType: 'image/svg+xml',
			buffer: Buffer.from(
				'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
			),
		})
		const selected = modal.getByRole('list', { name: 'Selected images' }).getByRole('listitem')
		await expect(selected).toHaveCount(1)
		await expect(selected).toContainText('logo.svg')
		await expect(selected).toContainText('Only JPEG, PNG, WebP or AVIF images are allowed.')
		await modal.getByRole('button', { name: 'Upload' }).click()
		await expect(modal.getByRole('alert')).toContainText(
			'None of the selected files can be uploaded',
		)
		expect(sent).toBe(0)
		await modal.getByRole('button', { name: 'Remove logo.svg' }).click()
		await expect(selected).toHaveCount(0)
		page.off('request', countUploads)

		// The network fails: 'Something went wrong.'; the modal stays open with the file still chosen.
		const undoNetwork = await failPosts(
			page,
			'**/one/sites/images/update/portfolio-images?*',
			'network',
		)
		await modal.getByLabel('Product images').setInputFiles(await picture('four.png', '#a855f7'))
		await modal.getByRole('button', { name: 'Upload' }).click()
		await expect(toast(page, 'Something went wrong.')).toBeVisible()
		await expect(modal).toBeVisible()
		await expect(selected).toContainText('four.png')
		await expect(selected).toContainText('Something went wrong. Try again.')
		await undoNetwork()
		await modal.getByRole('button', { name: 'Close' }).click()
		await expect(modal).toBeHidden()
		await expect(cards).toHaveCount(2)

		// Publish the project; a signed-out visitor sees only the active image, with srcset.
		const published = await page.request.post('/one/sites/portfolio/data/update/status', {
			data: { portfolioId, active: true },
		})
		expect(published.status()).toBe(200)
		const context = await browser.newContext({
			viewport: testInfo.project.name === 'phone' ? { width: 390, height: 844 } : undefined,
		})
		const visitor = await context.newPage()
		await visitor.goto(`/${path}/portfolio/${portfolioId}`)
		const gallery = visitor.getByRole('region', { name: 'Gallery' })
		const shown = gallery.getByRole('img')
		await expect(shown).toHaveCount(1)
		await expect(shown).toHaveAttribute('src', new RegExp(`${ids[2]}\\.webp$`))
		const candidates = await srcset(shown)
		expect(candidates).toHaveLength(2)
		expect(candidates.find(([url]) => url!.endsWith(`${ids[2]}-card.webp`))?.[1]).toMatch(/^\d+w$/)
		expect(candidates.find(([url]) => url!.endsWith(`${ids[2]}.webp`))?.[1]).toMatch(/^\d+w$/)
		expect(await shown.getAttribute('sizes')).toBeTruthy()
		await expect
			.poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth))
			.toBeGreaterThan(0)
		await expect(gallery.locator(`img[src*="${ids[1]}"]`)).toHaveCount(0)
		await expectNoSeriousA11yViolations(visitor)

		// The featured image is the cover on the portfolio list card, also with srcset.
		await visitor.goto(`/${path}/portfolio`)
		const card = visitor.getByRole('article').filter({ hasText: 'Harbour ferry app' })
		const cover = card.locator('img').first()
		await expect(cover).toHaveAttribute('src', new RegExp(`${ids[2]}-card\\.webp$`))
		const coverCandidates = (await srcset(cover)).map(([url]) => url)
		expect(coverCandidates.some((url) => url!.endsWith(`${ids[2]}-card.webp`))).toBe(true)
		expect(coverCandidates.some((url) => url!.endsWith(`${ids[2]}.webp`))).toBe(true)
		await context.close()
	},
)
