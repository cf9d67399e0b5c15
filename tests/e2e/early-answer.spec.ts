/**
 * The server's early answer ends the browser's request at once: a display picture over the
 * 10 MB limit is refused with 413 while Chromium is still sending it, and the page sees that
 * answer within 2 s (not after the whole upload stalls on a connection nobody reads), then the
 * next calls on the same browser are answered as usual. The builder's own size check is
 * bypassed on purpose: this is the server's side.
 */
import { expect, test } from '@playwright/test'
import { signUpByPost } from './helpers'

test('a 12 MB display picture gets its 413 within 2 s, and the next calls are answered', async ({
	page,
}) => {
	await signUpByPost(page)
	// A page of the site, signed in, to send the calls from (a light one: the contact page).
	await page.goto('/contact')

	const result = await page.evaluate(async () => {
		const timed = async (input: string, init?: RequestInit) => {
			const started = performance.now()
			const response = await fetch(input, init)
			const text = await response.text()
			return { status: response.status, text, ms: Math.round(performance.now() - started) }
		}
		const bytes = new Uint8Array(12 * 1024 * 1024)
		bytes.set([0xff, 0xd8, 0xff, 0xe0]) // a JPEG's first bytes; the size is what matters
		const form = new FormData()
		form.append('display_picture', new File([bytes], 'huge.jpg', { type: 'image/jpeg' }))
		const upload = await timed('/one/sites/images/update/display-picture', {
			method: 'POST',
			body: form,
		})
		const session = await timed('/one/auth/new/session')
		const second = await timed('/one/sites/images/update/display-picture', {
			method: 'POST',
			body: form,
		})
		return { upload, session, second }
	})

	expect(result.upload.status).toBe(413)
	expect(JSON.parse(result.upload.text)).toMatchObject({
		status: 413,
		message: 'Each image must be 10 MB or smaller.',
	})
	expect(result.upload.ms).toBeLessThan(2000)
	expect(result.session.status).toBe(200)
	expect(result.session.ms).toBeLessThan(2000)
	expect(result.second.status).toBe(413)
	expect(result.second.ms).toBeLessThan(2000)
	console.log(
		`12 MB upload: 413 in ${result.upload.ms} ms; session ${result.session.ms} ms; again 413 in ${result.second.ms} ms`,
	)
})
