/**
 * Another site shows an owner's public images: a page served from a second local
 * origin (127.0.0.1, another site than localhost for the browser) reads the demo owner's
 * resume.json, as a JSON Resume theme does, and shows `basics.image`, the link card and the QR
 * code. With `Cross-Origin-Resource-Policy: same-site` Chromium blocked them
 * (ERR_BLOCKED_BY_RESPONSE.NotSameSite, a console error that fails the test too).
 */
import http from 'node:http'
import { type AddressInfo } from 'node:net'
import { expect, test, ONE_VIEWPORT } from './helpers'

const OWNER = 'maya-torres'

/** The other site's page: fetches resume.json and shows the images it names. */
const themePage = (appOrigin: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A JSON Resume theme</title></head>
<body>
<h1>Resume</h1>
<p id="status">Loading...</p>
<script>
fetch(${JSON.stringify(`${appOrigin}/${OWNER}/resume.json`)})
	.then((response) => response.json())
	.then((resume) => {
		const show = (src, alt) => {
			const image = document.createElement('img')
			image.alt = alt
			image.src = src
			document.body.append(image)
		}
		show(resume.basics.image, 'Photo of ' + resume.basics.name)
		show(${JSON.stringify(`${appOrigin}/${OWNER}/og.png`)}, 'Link card')
		show(${JSON.stringify(`${appOrigin}/${OWNER}/qr.png`)}, 'QR code')
		document.getElementById('status').textContent = resume.basics.name
	})
	.catch((error) => {
		document.getElementById('status').textContent = 'Failed: ' + error
	})
</script>
</body></html>`

let site: http.Server | undefined

test.afterEach(async () => {
	await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()))
	site = undefined
})

test(
	'a page on another site shows the owner’s photo from resume.json, the card and the QR code',
	ONE_VIEWPORT,
	async ({ page, baseURL }, testInfo) => {
		test.setTimeout(90_000)
		// The server seeds the demo owner once it listens, the picture last: wait for it.
		await expect
			.poll(
				async () => {
					const response = await page.request.get(`/${OWNER}/resume.json`)
					if (!response.ok()) return null
					return ((await response.json()) as { basics: { image?: string } }).basics.image ?? null
				},
				{ timeout: 60_000 },
			)
			.toContain('/cdn/')
		const appOrigin = new URL(baseURL!).origin
		// A port of this run's own range: the app's port plus one per parallel worker.
		const port = new URL(baseURL!).port
			? Number(new URL(baseURL!).port) + 1 + testInfo.parallelIndex
			: 0
		const html = themePage(appOrigin)
		site = http.createServer((_request, response) => {
			response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
			response.end(html)
		})
		await new Promise<void>((resolve, reject) => {
			site!.once('error', reject)
			site!.listen(port, '127.0.0.1', () => resolve())
		})
		const themeOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
		expect(new URL(themeOrigin).hostname).not.toBe(new URL(appOrigin).hostname)

		await page.goto(`${themeOrigin}/`)
		await expect(page.locator('#status')).toHaveText('Maya Torres')
		for (const name of ['Photo of Maya Torres', 'Link card', 'QR code']) {
			const image = page.getByRole('img', { name })
			await expect(image).toBeVisible()
			// Loaded and decoded: a blocked image has no natural width.
			await expect
				.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth), {
					message: name,
				})
				.toBeGreaterThan(0)
		}
		const photo = await page
			.getByRole('img', { name: 'Photo of Maya Torres' })
			.evaluate((element: HTMLImageElement) => element.currentSrc)
		expect(photo).toContain(`${appOrigin}/cdn/`)
	},
)
