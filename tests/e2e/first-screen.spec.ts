/**
 * The first screen in one round trip: each visitor page of the demo owner looks the
 * same with every stylesheet request refused (`**\/*.css` aborted) as with the app's whole
 * stylesheet added to it (before its inline CSS), so it paints from its document alone and its
 * inline CSS misses nothing it shows (docs/decisions/036-first-screen.md). Compared as
 * screenshots of the first screen, pixel by pixel with a small tolerance, JavaScript off so that
 * nothing moves between the two (the carousel, the beacon).
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { PNG } from 'pngjs'
import { openPublicDialog } from './helpers'

const OWNER = '/maya-torres'

/** The share of pixels that differ by more than a little between two screenshots. */
function differingShare(a: Buffer, b: Buffer) {
	const first = PNG.sync.read(a)
	const second = PNG.sync.read(b)
	expect([second.width, second.height]).toEqual([first.width, first.height])
	let differing = 0
	for (let i = 0; i < first.data.length; i += 4) {
		const delta = Math.max(
			Math.abs(first.data[i]! - second.data[i]!),
			Math.abs(first.data[i + 1]! - second.data[i + 1]!),
			Math.abs(first.data[i + 2]! - second.data[i + 2]!),
		)
		if (delta > 24) differing++
	}
	return differing / (first.width * first.height)
}

/** The page at `url` with the stylesheet `sheet` linked in its head, before its inline CSS. */
async function linkSheetFirst(page: Page, url: string, sheet: string) {
	await page.route(
		(address) => address.pathname === new URL(url, 'http://x').pathname,
		async (route) => {
			const response = await route.fetch()
			const headers = response.headers()
			delete headers['content-encoding']
			delete headers['content-length']
			const body = (await response.text()).replace(
				'<style',
				`<link rel="stylesheet" href="${sheet}"/><style`,
			)
			await route.fulfill({ response, headers, body })
		},
	)
}

/**
 * A screenshot of the first screen of `url`: with every stylesheet request refused, or with the
 * app's stylesheet `addSheet` linked in the document's head before its inline CSS.
 */
async function firstScreen(
	browser: Browser,
	url: string,
	viewport: { width: number; height: number },
	how: { blockCss: true } | { addSheet: string },
) {
	const context = await browser.newContext({
		javaScriptEnabled: false,
		viewport,
		reducedMotion: 'reduce',
	})
	const page = await context.newPage()
	const refused: string[] = []
	if ('blockCss' in how) {
		await page.route('**/*.css', (route) => {
			refused.push(route.request().url())
			return route.abort()
		})
	} else {
		await linkSheetFirst(page, url, how.addSheet)
	}
	const response = await page.goto(url, { waitUntil: 'load' })
	expect(response?.status()).toBeLessThan(500)
	// Fonts ready and every image decoded: a picture loaded but not yet drawn would differ from
	// the same picture drawn in the other screenshot, whatever the CSS.
	await page.evaluate(async () => {
		await document.fonts.ready
		await Promise.all([...document.images].map((image) => image.decode().catch(() => {})))
	})
	const shot = await page.screenshot()
	await context.close()
	return { shot, refused }
}

test('each visitor page looks the same with its stylesheet requests refused', async ({
	browser,
	page,
	request,
}) => {
	test.setTimeout(120_000)
	await expect.poll(async () => (await request.get(OWNER)).status(), { timeout: 60_000 }).toBe(200)
	// The app's whole stylesheet, as the signed-out pages link it.
	const login = await (await request.get('/login')).text()
	const sheet = /<link rel="stylesheet" href="(\/assets\/tailwind-[^"]+\.css)"/.exec(login)?.[1]
	expect(sheet).toBeTruthy()
	const list = await (await request.get(`${OWNER}/portfolio`)).text()
	const project = new RegExp(`${OWNER}/portfolio/[A-Za-z0-9_-]+`).exec(list)?.[0]
	expect(project).toBeTruthy()
	const pages = {
		profile: OWNER,
		portfolio: `${OWNER}/portfolio`,
		project: project!,
		resume: `${OWNER}/resume`,
		connect: `${OWNER}/connect`,
		'not found': '/no-such-owner-41',
	}
	const viewport = page.viewportSize() ?? { width: 412, height: 915 }
	for (const [name, url] of Object.entries(pages)) {
		const styled = await firstScreen(browser, url, viewport, { addSheet: sheet! })
		const bare = await firstScreen(browser, url, viewport, { blockCss: true })
		// Only the resume's print stylesheet is requested at all (media="print": it never blocks).
		expect(
			bare.refused.filter((href) => !/resume-print/.test(href)),
			name,
		).toEqual([])
		expect(differingShare(styled.shot, bare.shot), name).toBeLessThan(0.01)
	}
})

/**
 * What the page's script adds (the Share and Find Me modals, the contact dialog, the image
 * viewer) uses classes the page's HTML does not, so its inline CSS (cut to that HTML: app/utils/
 * css-prune.ts) has none of them: the script loads the app's stylesheet before it shows them
 * (app/utils/page-styles.ts). Each looks the same as on the page with that stylesheet linked from
 * the start.
 */
test('what the script adds is styled: modals, the contact dialog, the image viewer', async ({
	browser,
	page,
	request,
}) => {
	test.setTimeout(120_000)
	await expect.poll(async () => (await request.get(OWNER)).status(), { timeout: 60_000 }).toBe(200)
	const login = await (await request.get('/login')).text()
	const sheet = /<link rel="stylesheet" href="(\/assets\/tailwind-[^"]+\.css)"/.exec(login)![1]!
	const list = await (await request.get(`${OWNER}/portfolio`)).text()
	const project = new RegExp(`${OWNER}/portfolio/[A-Za-z0-9_-]+`).exec(list)![0]
	const viewport = page.viewportSize() ?? { width: 412, height: 915 }

	const shown = async (url: string, open: string, dialogName: RegExp, linked: boolean) => {
		const context = await browser.newContext({ viewport, reducedMotion: 'reduce' })
		const visitor = await context.newPage()
		const stylesheets: string[] = []
		visitor.on('request', (sent) => {
			if (sent.resourceType() === 'stylesheet') stylesheets.push(new URL(sent.url()).pathname)
		})
		if (linked) {
			await linkSheetFirst(visitor, url, sheet)
		}
		await visitor.goto(url)
		await visitor.evaluate(() => document.fonts.ready)
		// Nothing but the page itself before a visitor reaches for something.
		expect(stylesheets).toEqual(linked ? [sheet] : [])
		await openPublicDialog(visitor, visitor.locator(open).first())
		const dialog = visitor.getByRole('dialog', { name: dialogName })
		await expect(dialog).toBeVisible()
		await expect
			.poll(() =>
				visitor.evaluate(
					(href) => [...document.styleSheets].some((applied) => applied.href?.endsWith(href)),
					sheet,
				),
			)
			.toBe(true)
		await visitor.evaluate(async () => {
			await document.fonts.ready
			const images = [
				...document.querySelectorAll<HTMLImageElement>('dialog img, [role="dialog"] img'),
			]
			await Promise.all(images.map((image) => image.decode().catch(() => {})))
		})
		const shot = await visitor.screenshot({ animations: 'disabled' })
		expect(stylesheets).toEqual([sheet])
		await context.close()
		return shot
	}

	const cases: Array<[string, string, RegExp]> = [
		[OWNER, 'header [data-dialog="share"]', /Share Your Tagg/],
		[OWNER, '[data-dialog="find-me"]', /Find Me/],
		[OWNER, '[data-contact-dialog]', /Exchange contact/],
		[project, 'a[data-viewer-cover], a[data-viewer]', /./],
	]
	for (const [url, open, name] of cases) {
		const linked = await shown(url, open, name, true)
		const loaded = await shown(url, open, name, false)
		expect(differingShare(linked, loaded), `${url} ${open}`).toBeLessThan(0.01)
	}
})

/**
 * A cover's `sizes` says the width it is shown at (within 12%), so a phone fetches the rendition
 * it needs: the profile's carousel (a slide is 85% of the section on a phone) and the portfolio
 * list's cards.
 */
test("covers' sizes match the width they are shown at", async ({ page }) => {
	for (const url of [OWNER, `${OWNER}/portfolio`]) {
		await page.goto(url)
		const covers = page.locator('article img[sizes]')
		expect(await covers.count(), url).toBeGreaterThan(0)
		const widths = await covers.evaluateAll((images) =>
			(images as HTMLImageElement[]).map((image) => {
				const slot = image
					.getAttribute('sizes')!
					.split(/,\s*(?![^()]*\))/)
					.map((part) => /^(\(.*\))?\s*(.+)$/.exec(part.trim())!)
					.find(([, media]) => !media || matchMedia(media).matches)![2]!
				const probe = document.createElement('div')
				probe.style.width = slot
				document.body.append(probe)
				const said = probe.getBoundingClientRect().width
				probe.remove()
				return { said, shown: image.getBoundingClientRect().width }
			}),
		)
		for (const { said, shown } of widths) {
			expect(said / shown, `${url}: sizes ${said} px, shown ${shown} px`).toBeGreaterThan(0.88)
			expect(said / shown, `${url}: sizes ${said} px, shown ${shown} px`).toBeLessThan(1.12)
		}
	}
})
