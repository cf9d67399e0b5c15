/**
 * A portfolio that respects the work. Images of several ratios (made here by sharp) are
 * stored whole, the gallery shows them whole, a full-screen viewer opens them (keyboard, swipe,
 * Escape, focus returned; its code loads on first use) and without a script each image links to
 * its large rendition. A project page says whose work it is on its first screen, with the cover.
 * New projects left untouched: tests/e2e/abandoned-projects.spec.ts.
 */
import { type Page, type Request } from '@playwright/test'
import zlib from 'node:zlib'
import sharp from 'sharp'
import {
	allowConsoleError,
	expect,
	ONE_VIEWPORT,
	openBuilder,
	reviewShot,
	signUpByPost,
	test,
} from './helpers'

/** A picture of the given size with a title band at its top and a caption band at its bottom. */
async function picture(name: string, width: number, height: number, background: string) {
	const band = Math.max(8, Math.round(height * 0.08))
	const buffer = await sharp({ create: { width, height, channels: 3, background } })
		.composite([
			{
				input: await sharp({
					create: { width, height: band, channels: 3, background: '#111111' },
				})
					.png()
					.toBuffer(),
				top: 0,
				left: 0,
			},
			{
				input: await sharp({
					create: { width, height: band, channels: 3, background: '#fafafa' },
				})
					.png()
					.toBuffer(),
				top: height - band,
				left: 0,
			},
		])
		.png()
		.toBuffer()
	return { name, mimeType: 'image/png', buffer }
}

const RATIOS = [
	{ name: 'phone-9x16.png', width: 900, height: 1600, colour: '#ef4444' },
	{ name: 'portrait-4x5.png', width: 1080, height: 1350, colour: '#22c55e' },
	{ name: 'square.png', width: 1200, height: 1200, colour: '#3b82f6' },
	{ name: 'panorama.png', width: 3200, height: 800, colour: '#a855f7' },
] as const

type ApiImage = {
	pProductImageId: string
	pProductImageUrl: string
	largeImageUrl: string
	cardImageUrl: string
	width: number
	height: number
	caption: string
	alt: string
}

async function sizeOf(page: Page, url: string) {
	const response = await page.request.get(url)
	expect(response.status()).toBe(200)
	expect(response.headers()['content-type']).toContain('image/webp')
	const metadata = await sharp(await response.body()).metadata()
	return { width: metadata.width, height: metadata.height }
}

/** Whether the element's box starts inside the first screen (the viewport, unscrolled). */
async function inFirstScreen(page: Page, selector: ReturnType<Page['locator']>) {
	const box = await selector.boundingBox()
	const viewport = page.viewportSize()!
	return box !== null && box.y >= 0 && box.y + Math.min(box.height, 40) <= viewport.height
}

test('images of four ratios are kept whole, shown whole, opened full screen, and linked without a script', async ({
	page,
	browser,
}, testInfo) => {
	test.setTimeout(300_000)
	const { path } = await signUpByPost(page, { name: 'Ada Lovelace' })
	const me = (await (await page.request.get('/one/auth/new/session')).json()) as {
		data: { customer_id: string }
	}
	const customerId = me.data.customer_id

	// The owner's picture, and a project made through the builder's list.
	const avatar = await sharp({
		create: { width: 400, height: 400, channels: 3, background: '#f59e0b' },
	})
		.png()
		.toBuffer()
	const pictured = await page.request.post('/one/sites/images/update/display-picture', {
		multipart: { display_picture: { name: 'me.png', mimeType: 'image/png', buffer: avatar } },
	})
	expect(pictured.status()).toBe(200)
	await openBuilder(page, '/builder/portfolio')
	await page.getByRole('button', { name: 'Add New' }).first().click()
	await expect(page).toHaveURL(/\/builder\/portfolio\/[\w-]+$/)
	const portfolioId = page.url().split('/').pop()!
	await page.getByRole('button', { name: 'Edit product details' }).click()
	const head = page.getByRole('dialog', { name: 'Edit Product Details' })
	await head.getByLabel('Product Name').fill('Tide tables app')
	await head.getByLabel('Agency Name').fill('Harbour Studio')
	await head.getByLabel('Project link').fill('tides.example.com')
	await head.getByRole('button', { name: 'Update' }).click()
	await expect(head).toBeHidden()
	// Named: it shows to visitors without another switch.
	await expect(page.getByRole('switch', { name: 'Is Active' })).toBeChecked()

	// Four ratios through the upload dialog.
	await page.goto(`/builder/portfolio/manage-images/${portfolioId}`)
	await page.getByRole('button', { name: 'Update Product Images' }).first().click()
	const modal = page.getByRole('dialog', { name: 'Edit Display Picture' })
	await modal
		.getByLabel('Product images')
		.setInputFiles(
			await Promise.all(RATIOS.map((r) => picture(r.name, r.width, r.height, r.colour))),
		)
	await modal.getByRole('button', { name: 'Upload' }).click()
	await expect(modal).toBeHidden({ timeout: 60_000 })
	await expect(
		page.getByRole('list', { name: 'Product images' }).getByRole('listitem'),
	).toHaveCount(4)

	// Stored dimensions keep each ratio: the gallery rendition and the large one.
	const listed = (await (
		await page.request.get(
			`/one/sites/images/get/portfolio-images?customer_id=${customerId}&productId=${portfolioId}`,
		)
	).json()) as { data: { images: ApiImage[] } }
	const images = listed.data.images
	expect(images).toHaveLength(4)
	for (const [index, source] of RATIOS.entries()) {
		const image = images[index]!
		const ratio = source.width / source.height
		expect(Math.abs(image.width / image.height - ratio)).toBeLessThan(0.01)
		const gallery = await sizeOf(page, image.pProductImageUrl)
		expect(gallery).toEqual({ width: image.width, height: image.height })
		expect(Math.max(gallery.width!, gallery.height!)).toBeLessThanOrEqual(1600)
		const large = await sizeOf(page, image.largeImageUrl)
		expect(Math.max(large.width!, large.height!)).toBe(
			Math.min(2560, Math.max(source.width, source.height)),
		)
		expect(Math.abs(large.width! / large.height! - ratio)).toBeLessThan(0.01)
	}

	// The owner writes a caption and alt text for the first image, and moves its focal point.
	await page.getByRole('button', { name: 'Details of image 1' }).click()
	const details = page.getByRole('dialog', { name: 'Image details' })
	await details.getByLabel('Caption').fill('The tide chart on a phone, at dawn')
	await details.getByLabel('Alt text').fill('A phone screen with a red tide chart')
	await details.getByRole('slider', { name: 'Down' }).fill('20')
	await details.getByRole('button', { name: 'Save details' }).click()
	await expect(details).toBeHidden()
	await expect(page.getByText('The tide chart on a phone, at dawn')).toBeVisible()

	// A visitor on the phone.
	const visitorContext = await browser.newContext({ ...testInfo.project.use })
	const visitor = await visitorContext.newPage()
	const viewerChunks: string[] = []
	visitor.on('request', (request) => {
		if (/\/assets\/image-viewer-[\w-]+\.js$/.test(request.url())) viewerChunks.push(request.url())
	})
	await visitor.goto(`/${path}/portfolio/${portfolioId}`)

	// Whose work it is, and the work itself, on the first screen.
	const byline = visitor.getByRole('link', { name: /A project by Ada Lovelace/ })
	await expect(byline).toHaveAttribute('href', `/${path}`)
	expect(await inFirstScreen(visitor, byline)).toBe(true)
	const photo = byline.locator('img')
	await expect(photo).toHaveAttribute('src', /display-picture-small\.webp\?v=1$/)
	expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
	const cover = visitor.locator('a[data-viewer-cover] img')
	await expect(cover).toHaveAttribute('alt', 'A phone screen with a red tide chart')
	expect(await inFirstScreen(visitor, cover)).toBe(true)
	// Whole: shown at the image's own ratio.
	const coverBox = (await cover.boundingBox())!
	expect(Math.abs(coverBox.width / coverBox.height - 900 / 1600)).toBeLessThan(0.02)
	await expect(visitor.getByRole('link', { name: /Visit project/ })).toHaveAttribute(
		'href',
		'https://tides.example.com/',
	)
	await reviewShot(visitor, 'project-first-screen')

	// The gallery: each image whole, its ratio kept, in one grid.
	const gallery = visitor.getByRole('list', { name: 'Images of Tide tables app' })
	const links = gallery.locator('a[data-viewer]')
	await expect(links).toHaveCount(4)
	for (const [index, source] of RATIOS.entries()) {
		const box = (await links.nth(index).locator('img').boundingBox())!
		expect(Math.abs(box.width / box.height - source.width / source.height)).toBeLessThan(0.05)
		await expect(links.nth(index)).toHaveAttribute('href', images[index]!.largeImageUrl)
	}
	// Every image loads (each is fetched as it nears the screen), then the gallery is shown whole.
	for (const index of [0, 1, 2, 3]) {
		const image = links.nth(index).locator('img')
		await image.scrollIntoViewIfNeeded()
		await expect
			.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
			.toBeGreaterThan(0)
	}
	await gallery.scrollIntoViewIfNeeded()
	await reviewShot(visitor, 'gallery')
	expect(viewerChunks).toEqual([])

	// The viewer: opened by a tap, its code fetched only then.
	await links.nth(0).click()
	const viewer = visitor.getByRole('dialog', { name: 'Image viewer' })
	await expect(viewer).toBeVisible()
	expect(viewerChunks).toHaveLength(1)
	await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused()
	const shown = viewer.locator('img')
	await expect(shown).toHaveAttribute('src', images[0]!.largeImageUrl)
	await expect(shown).toHaveAttribute('alt', 'A phone screen with a red tide chart')
	await expect(viewer.getByText('The tide chart on a phone, at dawn')).toBeVisible()
	await expect(viewer.getByText('Image 1 of 4')).toBeVisible()
	await expect
		.poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
		.toBeGreaterThan(0)
	// Whole on a portrait screen: the 9:16 image fits the viewport.
	const shownBox = (await shown.boundingBox())!
	const viewport = visitor.viewportSize()!
	expect(shownBox.height).toBeLessThanOrEqual(viewport.height)
	expect(shownBox.width).toBeLessThanOrEqual(viewport.width)
	await reviewShot(visitor, 'viewer')

	// Arrow keys move between images, and wrap.
	await visitor.keyboard.press('ArrowRight')
	await expect(viewer.getByText('Image 2 of 4')).toBeVisible()
	await expect(shown).toHaveAttribute('src', images[1]!.largeImageUrl)
	await visitor.keyboard.press('ArrowLeft')
	await visitor.keyboard.press('ArrowLeft')
	await expect(viewer.getByText('Image 4 of 4')).toBeVisible()
	await expect(shown).toHaveAttribute('src', images[3]!.largeImageUrl)

	// A swipe to the left shows the next image; to the right, the previous one.
	const swipe = async (from: number, to: number) => {
		const y = viewport.height / 2
		await shown.dispatchEvent('pointerdown', { clientX: from, clientY: y, bubbles: true })
		await shown.dispatchEvent('pointerup', { clientX: to, clientY: y, bubbles: true })
	}
	await swipe(300, 80)
	await expect(viewer.getByText('Image 1 of 4')).toBeVisible()
	await swipe(80, 300)
	await expect(viewer.getByText('Image 4 of 4')).toBeVisible()
	// The buttons do the same.
	await viewer.getByRole('button', { name: 'Next image' }).click()
	await expect(viewer.getByText('Image 1 of 4')).toBeVisible()

	// Tab stays inside; Escape closes and gives the focus back to the image that opened it.
	for (let i = 0; i < 4; i++) {
		await visitor.keyboard.press('Tab')
		expect(await viewer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
	}
	await visitor.keyboard.press('Escape')
	await expect(viewer).toBeHidden()
	await expect(links.nth(0)).toBeFocused()
	// Open again from the keyboard, close with the button.
	await visitor.keyboard.press('Enter')
	await expect(viewer).toBeVisible()
	await viewer.getByRole('button', { name: 'Close' }).click()
	await expect(viewer).toBeHidden()
	await expect(links.nth(0)).toBeFocused()
	expect(viewerChunks).toHaveLength(1)
	await visitorContext.close()

	// Without JavaScript each image is a link to its large rendition.
	// Chromium asks for /favicon.ico when it shows a bare image (the pages name favicon.svg).
	allowConsoleError(/favicon\.ico/)
	const noScript = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false })
	const plain = await noScript.newPage()
	await plain.goto(`/${path}/portfolio/${portfolioId}`)
	const plainLink = plain
		.getByRole('list', { name: 'Images of Tide tables app' })
		.locator('a')
		.nth(1)
	await expect(plainLink).toHaveAttribute('href', images[1]!.largeImageUrl)
	const [opened] = await Promise.all([
		plain.waitForResponse((response) => response.url() === images[1]!.largeImageUrl),
		plainLink.click(),
	])
	expect(opened.status()).toBe(200)
	await expect(plain).toHaveURL(images[1]!.largeImageUrl)
	await noScript.close()

	// The portfolio list shows the owner's photo; its card crops the cover at display time only.
	const list = await browser.newPage()
	await list.goto(`/${path}/portfolio`)
	await expect(list.getByRole('img', { name: "Ada Lovelace's display picture" })).toHaveAttribute(
		'src',
		/display-picture-small\.webp\?v=1$/,
	)
	const cardImage = list.locator('[data-cards] img').first()
	await expect(cardImage).toHaveAttribute('src', images[0]!.cardImageUrl)
	await expect(cardImage).toHaveCSS('object-position', '50% 20%')
	await list.close()
})

test("the owner's own project page opens the viewer as a visitor's does, by keyboard too", async ({
	page,
}) => {
	test.setTimeout(180_000)
	await signUpByPost(page, { name: 'Mary Somerville' })
	const created = await page.request.post('/one/sites/portfolio/data/create/new/portfolio')
	const portfolioId = ((await created.json()) as { url: string }).url.split('/').pop()!
	const named = await page.request.post('/one/sites/portfolio/data/update/head', {
		data: {
			portfolioId,
			productName: 'Night ferry',
			company: '',
			role: '',
			projectSummary: '',
			duration: '',
			industries: [],
			categories: [],
		},
	})
	expect(named.status()).toBe(200)
	for (const source of RATIOS.slice(0, 3)) {
		const uploaded = await page.request.post(
			`/one/sites/images/update/portfolio-images?productId=${portfolioId}`,
			{
				multipart: {
					product_images: await picture(source.name, source.width, source.height, source.colour),
				},
			},
		)
		expect(uploaded.status()).toBe(200)
	}

	await openBuilder(page, `/builder/portfolio/${portfolioId}`)
	// The page is running once its editor opens (the viewer's links are wired then too).
	await page.getByRole('button', { name: 'Edit product details' }).click()
	const head = page.getByRole('dialog', { name: 'Edit Product Details' })
	await expect(head).toBeVisible()
	await page.keyboard.press('Escape')
	await expect(head).toBeHidden()
	// The dialog gives the focus back to its button a moment after it is gone: until then a
	// focus moved elsewhere would be taken back, and Enter would open the editor again.
	await expect(page.getByRole('button', { name: 'Edit product details' })).toBeFocused()

	const links = page.getByRole('list', { name: 'Images of Night ferry' }).locator('a[data-viewer]')
	await expect(links).toHaveCount(3)
	const viewer = page.getByRole('dialog', { name: 'Image viewer' })
	const shown = viewer.locator('img')

	// Enter on the second image opens it; the arrows move and wrap.
	await links.nth(1).focus()
	await page.keyboard.press('Enter')
	await expect(viewer).toBeVisible()
	await expect(viewer.getByText('Image 2 of 3')).toBeVisible()
	await expect(viewer.getByRole('button', { name: 'Close' })).toBeFocused()
	await expect(shown).toHaveAttribute('src', (await links.nth(1).getAttribute('href'))!)
	await expect
		.poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
		.toBeGreaterThan(0)
	await reviewShot(page, 'builder-viewer')
	await page.keyboard.press('ArrowRight')
	await expect(viewer.getByText('Image 3 of 3')).toBeVisible()
	await page.keyboard.press('ArrowRight')
	await expect(viewer.getByText('Image 1 of 3')).toBeVisible()
	await page.keyboard.press('ArrowLeft')
	await expect(viewer.getByText('Image 3 of 3')).toBeVisible()
	await expect(shown).toHaveAttribute('src', (await links.nth(2).getAttribute('href'))!)
	// Escape closes it and gives the focus back to the image that opened it.
	await page.keyboard.press('Escape')
	await expect(viewer).toBeHidden()
	await expect(links.nth(1)).toBeFocused()
	expect(page.url()).toMatch(new RegExp(`/builder/portfolio/${portfolioId}$`))

	// Space opens it too (not a scroll of the page), and the close button closes it.
	const scrolled = await page.evaluate(() => window.scrollY)
	await page.keyboard.press('Space')
	await expect(viewer).toBeVisible()
	await expect(viewer.getByText('Image 2 of 3')).toBeVisible()
	await page.keyboard.press('Enter')
	await expect(viewer).toBeHidden()
	await expect(links.nth(1)).toBeFocused()
	expect(await page.evaluate(() => window.scrollY)).toBe(scrolled)

	// The cover at the head of the page opens the viewer at its own image.
	const cover = page.locator('a[data-viewer-cover]')
	await cover.focus()
	await page.keyboard.press('Space')
	await expect(viewer.getByText('Image 1 of 3')).toBeVisible()
	await page.keyboard.press('Escape')
	await expect(viewer).toBeHidden()
	await expect(cover).toBeFocused()
})

/** docs/decisions/010-visitor-pages.md: gzip -9 KB of script on a first view (`npm run bench`). */
const SCRIPT_BUDGET_KB = { profile: 90, portfolio: 100, project: 100 }

test(
	"a visitor's pages stay within their script budget; the viewer's code comes only when opened",
	ONE_VIEWPORT,
	async ({ page, browser }, testInfo) => {
		test.setTimeout(150_000)
		const { path } = await signUpByPost(page, { name: 'Hedy Lamarr' })
		const created = await page.request.post('/one/sites/portfolio/data/create/new/portfolio')
		const portfolioId = ((await created.json()) as { url: string }).url.split('/').pop()!
		await page.request.post('/one/sites/portfolio/data/update/head', {
			data: {
				portfolioId,
				productName: 'Frequency hopping',
				company: '',
				role: '',
				projectSummary: '',
				duration: '',
				industries: [],
				categories: [],
			},
		})
		for (const source of RATIOS.slice(0, 2)) {
			const uploaded = await page.request.post(
				`/one/sites/images/update/portfolio-images?productId=${portfolioId}`,
				{
					multipart: {
						product_images: await picture(source.name, source.width, source.height, source.colour),
					},
				},
			)
			expect(uploaded.status()).toBe(200)
		}

		const measured: Record<string, number> = {}
		const context = await browser.newContext({ ...testInfo.project.use })
		try {
			for (const [name, url] of Object.entries({
				profile: `/${path}`,
				portfolio: `/${path}/portfolio`,
				project: `/${path}/portfolio/${portfolioId}`,
			})) {
				const tab = await context.newPage()
				const sizes = new Map<string, Promise<number>>()
				// Scripts only, until none has come for 750 ms (as `npm run bench`: the insights beacon,
				// a keepalive fetch, never counts as finished, so the network is never idle).
				let inFlight = 0
				let lastAt = Date.now()
				tab.on('request', (request) => {
					if (request.resourceType() !== 'script') return
					inFlight++
					lastAt = Date.now()
				})
				const done = (request: Request) => {
					if (request.resourceType() !== 'script') return
					inFlight--
					lastAt = Date.now()
				}
				tab.on('requestfinished', done)
				tab.on('requestfailed', done)
				const scriptsQuiet = () =>
					expect
						.poll(() => inFlight === 0 && Date.now() - lastAt >= 750, { timeout: 30_000 })
						.toBe(true)
				tab.on('response', (response) => {
					if (response.request().resourceType() !== 'script') return
					sizes.set(
						new URL(response.url()).pathname,
						response.body().then((body) => zlib.gzipSync(body, { level: 9 }).length),
					)
				})
				await tab.goto(url, { waitUntil: 'load' })
				await scriptsQuiet()
				const kb = async (files: string[]) =>
					Math.round(
						((await Promise.all(files.map((file) => sizes.get(file)!))).reduce(
							(sum, size) => sum + size,
							0,
						) /
							1024) *
							10,
					) / 10
				const firstView = [...sizes.keys()]
				measured[name] = await kb(firstView)
				expect(firstView.some((file) => file.includes('/image-viewer-'))).toBe(false)
				expect(measured[name]).toBeLessThanOrEqual(
					SCRIPT_BUDGET_KB[name as keyof typeof SCRIPT_BUDGET_KB],
				)
				if (name === 'project') {
					await tab
						.getByRole('list', { name: 'Images of Frequency hopping' })
						.locator('a[data-viewer]')
						.first()
						.click()
					await expect(tab.getByRole('dialog', { name: 'Image viewer' })).toBeVisible()
					await scriptsQuiet()
					const added = [...sizes.keys()].filter((file) => !firstView.includes(file))
					expect(added).toEqual([expect.stringMatching(/^\/assets\/image-viewer-[\w-]+\.js$/)])
					measured.viewer = await kb(added)
					// A few KB: no React, no library.
					expect(measured.viewer).toBeLessThanOrEqual(5)
				}
				await tab.close()
			}
		} finally {
			await context.close()
		}
		testInfo.annotations.push({
			type: 'script KB (gzip -9)',
			description: JSON.stringify(measured),
		})
		console.log(`script KB (gzip -9): ${JSON.stringify(measured)}`)
	},
)
