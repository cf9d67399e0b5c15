/**
 * Public images are usable from any origin: an owner's uploaded pictures under /cdn,
 * the link card (og.png) and the QR code (qr.png) carry `Cross-Origin-Resource-Policy:
 * cross-origin`, so a JSON Resume theme on another site can show `basics.image` from resume.json
 * (itself served with `Access-Control-Allow-Origin: *`). The builder, the API and the pages keep
 * `same-site`. The browser's side is tests/e2e/cross-origin.spec.ts.
 */
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createOwner, createPortfolio } from '#tests/factories'
import { startAppServer, type AppServer } from '#tests/app-server'

let server: AppServer
let owner: Awaited<ReturnType<typeof createOwner>>
let projectId: string

beforeAll(async () => {
	owner = await createOwner({ name: 'Ada Lovelace' })
	projectId = (await createPortfolio(owner.id, { productName: 'Engine', active: true })).portfolioId
	server = await startAppServer({})
}, 90_000)

afterAll(async () => {
	await server?.stop()
})

const policy = async (path: string, headers: Record<string, string> = {}) => {
	const response = await fetch(path.startsWith('http') ? path : `${server.url}${path}`, {
		headers,
		redirect: 'manual',
	})
	await response.arrayBuffer()
	return { status: response.status, corp: response.headers.get('cross-origin-resource-policy') }
}

const upload = async (path: string, field: string) => {
	const png = await sharp({
		create: { width: 320, height: 240, channels: 3, background: '#d6246e' },
	})
		.png()
		.toBuffer()
	const body = new FormData()
	body.append(field, new Blob([new Uint8Array(png)], { type: 'image/png' }), 'picture.png')
	const response = await fetch(`${server.url}${path}`, {
		method: 'POST',
		headers: { Authorization: `Bearer ${owner.token}` },
		body,
	})
	expect(response.status).toBe(200)
	return (await response.json()) as { data: Record<string, unknown> }
}

describe('Cross-Origin-Resource-Policy', () => {
	test('public images, the link card and the QR code: cross-origin', async () => {
		const picture = await upload('/one/sites/images/update/display-picture', 'display_picture')
		const pictureUrl = picture.data.url as string
		expect(pictureUrl).toMatch(/\/cdn\//)
		const item = await upload(
			`/one/sites/images/update/portfolio-images?productId=${projectId}`,
			'product_images',
		)
		const images = item.data.displayImages as Array<{ pProductImageUrl: string }>
		expect(images).toHaveLength(1)

		// resume.json names the picture for other sites, and lets any origin read it.
		const resume = await fetch(`${server.url}/${owner.path}/resume.json`)
		expect(resume.headers.get('access-control-allow-origin')).toBe('*')
		const image = ((await resume.json()) as { basics: { image?: string } }).basics.image
		expect(image).toBeTruthy()

		for (const url of [
			new URL(image!).pathname + new URL(image!).search,
			new URL(pictureUrl, server.url).pathname,
			new URL(images[0]!.pProductImageUrl, server.url).pathname,
			`/${owner.path}/og.png`,
			`/${owner.path}/qr.png`,
			`/${owner.path}/qr.png?download=1`,
		]) {
			expect(await policy(url), url).toEqual({ status: 200, corp: 'cross-origin' })
		}
	})

	test('the builder, the API, sign-in and the pages: same-site', async () => {
		const bearer = { authorization: `Bearer ${owner.token}` }
		for (const [url, headers] of [
			['/builder', bearer],
			['/builder/import', bearer],
			['/builder/settings', bearer],
			['/one/auth/new/session', bearer],
			['/one/path-name/get', bearer],
			[`/one/sites/info/general/name?customer_id=${owner.id}`, {}],
			['/login', {}],
			[`/${owner.path}`, {}],
			[`/${owner.path}/resume`, {}],
			[`/${owner.path}/contact.vcf`, {}],
		] as Array<[string, Record<string, string>]>) {
			expect(await policy(url, headers), url).toEqual({ status: 200, corp: 'same-site' })
		}
		// A path that only starts like a public image is none.
		expect((await policy(`/${owner.path}/og.png.txt`)).corp).toBe('same-site')
		expect((await policy(`/${owner.path}/portfolio/og.png`)).corp).toBe('same-site')
	})
})
