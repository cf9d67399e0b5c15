/**
 * The owner's appearance as visitors and the owner see it: every preset accent in light and dark
 * passes axe, the theme is in the first paint (the server's HTML, with or without JavaScript),
 * and the builder's Appearance editor previews and saves it.
 */
import { type APIRequestContext, type Page } from '@playwright/test'
import { ACCENT_PRESETS, accentPalettes, checkAccent, NEUTRALS } from '../../app/utils/appearance'
import { expectNoSeriousA11yViolations } from './axe'
import {
	expect,
	ONE_VIEWPORT,
	openBuilder,
	openBuilderMenu,
	PASSWORD,
	signUpByPost,
	test,
	uniqueName,
} from './helpers'

type Owner = { path: string; token: string; projectId: string }

async function post(
	request: APIRequestContext,
	owner: { token: string },
	url: string,
	data: object,
) {
	const response = await request.post(url, {
		data,
		headers: { Authorization: `Bearer ${owner.token}` },
	})
	expect(response.status(), `${url}: ${await response.text()}`).toBe(200)
	return (await response.json()) as { data?: unknown; url?: string }
}

/** An owner with a full profile, resume and an active featured project, through the API. */
async function createOwner(request: APIRequestContext): Promise<Owner> {
	const email = `${uniqueName('theme').toLowerCase()}@example.com`
	const registered = await request.post('/one/auth/new/register', {
		data: { email, password: PASSWORD, name: 'Rosa Theme' },
	})
	expect(registered.status()).toBe(200)
	const { access_token: token } = (await registered.json()) as { access_token: string }
	const path = uniqueName('Theme')
	const owner = { token }
	await post(request, owner, '/one/path-name/update', { path })
	const general = '/one/sites/info/general'
	await post(request, owner, `${general}/name/update`, { firstName: 'Rosa', lastName: 'Theme' })
	await post(request, owner, `${general}/designation/update`, { designation: 'Type designer' })
	await post(request, owner, `${general}/city/update`, { city: 'Porto' })
	await post(request, owner, `${general}/tagline/update`, { tagline: 'Letters that read well.' })
	await post(request, owner, `${general}/highlights/update`, {
		highOne: 'Drew a typeface read by millions',
		highTwo: 'Taught lettering for ten years',
		highThree: null,
	})
	await post(request, owner, `${general}/bio/update`, { bio: 'I draw letters.\n\nAnd teach.' })
	const resume = '/one/sites/resume/work-exp/update'
	await post(request, owner, `${resume}/workexp`, {
		workExp: [
			{
				company: 'Foundry',
				role: 'Designer',
				startDate: 'Jan 2020',
				endDate: 'Ongoing',
				experience: ['Drew letters'],
			},
		],
	})
	await post(request, owner, `${resume}/skills`, {
		skills: [
			{ skillName: 'JavaScript', rating: 4.5 },
			{ skillName: 'TypeScript', rating: 3 },
		],
	})
	await post(request, owner, `${resume}/achievements`, { achievements: ['A prize'] })
	const created = await post(request, owner, '/one/sites/portfolio/data/create/new/portfolio', {})
	const projectId = created.url!.split('/').pop()!
	await post(request, owner, '/one/sites/portfolio/data/update/head', {
		portfolioId: projectId,
		productName: 'Sans for signs',
		company: 'City',
		role: 'Lead',
		projectSummary: 'A typeface for the city signs.',
		duration: '1 year',
		industries: ['Agriculture'],
		categories: ['Web Development'],
	})
	await post(request, owner, '/one/sites/portfolio/data/update/skills', {
		portfolioId: projectId,
		skills: ['JavaScript'],
	})
	for (const status of [{ active: true }, { featured: true }]) {
		await post(request, owner, '/one/sites/portfolio/data/update/status', {
			portfolioId: projectId,
			...status,
		})
	}
	return { path, token, projectId }
}

const setAppearance = (request: APIRequestContext, owner: Owner, appearance: object) =>
	post(request, owner, '/one/sites/info/general/appearance/update', appearance)

/** Computed colours of the page as drawn: background, the Find Me button, a heading's font. */
const drawn = (page: Page) =>
	page.evaluate(() => {
		const style = (selector: string) => getComputedStyle(document.querySelector(selector)!)
		return {
			theme: document.documentElement.dataset.theme,
			canvas: style('body').backgroundColor,
			button: style('a[data-dialog="find-me"]').backgroundColor,
			heading: style('h1').fontFamily,
		}
	})

/** Picks an option of the editor the way a person does: a click on its label (or swatch). */
async function choose(page: Page, name: string | RegExp) {
	const radio = page.getByRole('radio', { name })
	await page.locator('label', { has: radio }).click()
	await expect(radio).toBeChecked()
}

const rgb = (hex: string) =>
	`rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`

let owner: Owner
test.beforeAll(async ({ request }) => {
	owner = await createOwner(request)
})

for (const mode of ['light', 'dark'] as const) {
	test(
		`every preset accent in ${mode} mode passes axe on the profile`,
		ONE_VIEWPORT,
		async ({ page, request }) => {
			for (const [index, preset] of ACCENT_PRESETS.entries()) {
				const font = (['modern', 'classic', 'friendly'] as const)[index % 3]
				const header = (['gradient', 'solid', 'none'] as const)[index % 3]
				await setAppearance(request, owner, { accent: preset.hex, mode, font, header })
				await page.goto(`/${owner.path}`)
				const colours = await drawn(page)
				const palette = accentPalettes(preset.hex)[mode]
				expect(colours).toMatchObject({
					theme: mode,
					canvas: rgb(NEUTRALS[mode].canvas),
					button: rgb(palette.brand),
				})
				// Each font and header is scanned whole once; the other accents change only the
				// colours, which is what axe's contrast rule reads.
				await expectNoSeriousA11yViolations(page, index < 3 ? undefined : ['color-contrast'])
			}
		},
	)
}

test('the portfolio list and a project page pass axe in dark and light', async ({
	page,
	request,
}) => {
	for (const mode of ['dark', 'light'] as const) {
		await setAppearance(request, owner, {
			accent: '#ffff00',
			mode,
			font: 'classic',
			header: 'gradient',
		})
		for (const url of [`/${owner.path}/portfolio`, `/${owner.path}/portfolio/${owner.projectId}`]) {
			await page.goto(url)
			await expect(page.locator('html')).toHaveAttribute('data-theme', mode)
			await expectNoSeriousA11yViolations(page)
		}
	}
})

test(
	'follow the device: the same page is light or dark by the device setting, with no script',
	ONE_VIEWPORT,
	async ({ browser, request }) => {
		await setAppearance(request, owner, {
			accent: '#6d28d9',
			mode: 'system',
			font: 'modern',
			header: 'solid',
		})
		const palettes = accentPalettes('#6d28d9')
		for (const colorScheme of ['light', 'dark'] as const) {
			const context = await browser.newContext({ colorScheme, javaScriptEnabled: false })
			const page = await context.newPage()
			await page.goto(`/${owner.path}`)
			expect(await drawn(page)).toMatchObject({
				theme: 'system',
				canvas: rgb(NEUTRALS[colorScheme].canvas),
				button: rgb(palettes[colorScheme].brand),
			})
			await context.close()
			// axe runs in the page: with JavaScript on, the same scheme.
			const checked = await browser.newContext({ colorScheme })
			const withScript = await checked.newPage()
			await withScript.goto(`/${owner.path}`)
			await expectNoSeriousA11yViolations(withScript)
			await checked.close()
		}
	},
)

test(
	'no flash: the theme is in the HTML; with JavaScript off the page looks the same as with it',
	ONE_VIEWPORT,
	async ({ browser, request }) => {
		await setAppearance(request, owner, {
			accent: '#047857',
			mode: 'dark',
			font: 'classic',
			header: 'solid',
		})
		// The server's HTML carries the theme: attributes and the accent's colours in the head.
		const html = await (await request.get(`/${owner.path}`)).text()
		expect(html).toContain(
			'<html lang="en" dir="ltr" data-theme="dark" data-font="classic" data-header="solid">',
		)
		const head = html.slice(0, html.indexOf('</head>'))
		expect(head).toContain(`--color-brand:${accentPalettes('#047857').dark.brand};`)

		const shots: Buffer[] = []
		for (const javaScriptEnabled of [false, true]) {
			const context = await browser.newContext({
				javaScriptEnabled,
				viewport: { width: 390, height: 844 },
				colorScheme: 'light',
			})
			const page = await context.newPage()
			await page.goto(`/${owner.path}`)
			// With no script at all the page has its theme: nothing but the HTML and CSS decides it.
			expect(await drawn(page)).toMatchObject({
				theme: 'dark',
				canvas: rgb(NEUTRALS.dark.canvas),
				button: rgb(accentPalettes('#047857').dark.brand),
				heading: expect.stringMatching(/^"Fraunces Variable", "Fraunces Fallback"/),
			})
			await page.evaluate(() => document.fonts.ready.then(() => undefined))
			shots.push(await page.locator('section[aria-label="Profile"]').screenshot())
			await context.close()
		}
		expect(shots[0]!.equals(shots[1]!)).toBe(true)
	},
)

test(
	'the Appearance editor previews live, says when it adjusts a colour, and saves',
	ONE_VIEWPORT,
	async ({ page, browser }) => {
		// A sign-up, two axe scans, a save and a visitor's page: past 30 s when the suite starts
		// on a busy two-core machine (twice in full runs; 15 s on its own).
		test.setTimeout(60_000)
		const { path } = await signUpByPost(page, { name: 'Eda Editor' })
		await openBuilder(page)
		// The sidebar link (in the menu on phones).
		const nav = await openBuilderMenu(page)
		await nav.getByRole('link', { name: 'Appearance' }).click()
		await expect(page).toHaveURL(/\/builder\/appearance$/)
		await expect(page.getByRole('heading', { name: 'Appearance', level: 1 })).toBeVisible()
		const preview = page.getByTestId('appearance-preview')
		const previewButton = preview.locator('.btn-primary')
		await expect(previewButton).toHaveCSS('background-color', rgb('#d6246e'))
		await expectNoSeriousA11yViolations(page)

		// A preset, dark, Classic and a solid header: the preview follows at once.
		await choose(page, 'Emerald (#047857)')
		await choose(page, 'Dark')
		await choose(page, /Classic/)
		await choose(page, 'Solid')
		await expect(preview).toHaveAttribute('data-theme', 'dark')
		await expect(previewButton).toHaveCSS('background-color', rgb(checkAccent('#047857').dark))
		await expect(preview.locator('h3').first()).toHaveCSS('font-family', /^"Fraunces Variable"/)

		// A colour too light for AA: the editor says which shade the pages will use.
		const yellow = checkAccent('#ffff00')
		await page.getByLabel('Or any colour').fill('#ffff00')
		await expect(page.getByRole('status').filter({ hasText: 'is too light' })).toContainText(
			`#ffff00 is too light for text and buttons (WCAG AA). Your pages use ${yellow.accent}`,
		)
		await expect(previewButton).toHaveCSS('background-color', rgb(yellow.dark))
		await page.getByLabel('Or any colour').fill('#12')
		await expect(page.getByText('Enter a colour such as #d6246e')).toBeVisible()
		await page.getByLabel('Or any colour').fill('#ffff00')
		await expectNoSeriousA11yViolations(page)

		await page.getByRole('button', { name: 'Save appearance' }).click()
		await expect(
			page
				.getByRole('status')
				.filter({ hasText: `Appearance saved, with the accent ${yellow.accent}` }),
		).toBeVisible()

		// Visitors get it; a second save from the same page is no conflict.
		const visitor = await browser.newPage()
		await visitor.goto(`/${path}`)
		await expect(visitor.locator('html')).toHaveAttribute('data-theme', 'dark')
		await expect(visitor.locator('html')).toHaveAttribute('data-font', 'classic')
		await expect(visitor.locator('a[data-dialog="find-me"]')).toHaveCSS(
			'background-color',
			rgb(yellow.dark),
		)
		await choose(page, 'Follow the device')
		// The first save's toast may still be up: wait for this save's own answer.
		const secondSave = page.waitForResponse(
			(response) =>
				response.request().method() === 'POST' && response.url().includes('/builder/appearance'),
		)
		await page.getByRole('button', { name: 'Save appearance' }).click()
		expect((await secondSave).ok()).toBe(true)
		await expect(
			page.getByRole('status').filter({ hasText: 'Appearance saved' }).last(),
		).toBeVisible()
		await visitor.reload()
		await expect(visitor.locator('html')).toHaveAttribute('data-theme', 'system')
		await visitor.close()
	},
)

test('the builder follows the device: dark on a dark device', ONE_VIEWPORT, async ({ browser }) => {
	const context = await browser.newContext({ colorScheme: 'dark' })
	const page = await context.newPage()
	await signUpByPost(page, { name: 'Dee Dark' })
	await openBuilder(page)
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'system')
	await expect(page.locator('body')).toHaveCSS('background-color', rgb(NEUTRALS.dark.canvas))
	await expectNoSeriousA11yViolations(page)
	await page.goto('/builder/appearance')
	await expectNoSeriousA11yViolations(page)
	// Toasts wear the page's colours: dark on the dark builder, not a white card.
	await page.getByRole('button', { name: 'Save appearance' }).click()
	// The message has role status; the card around it carries the colours.
	const toast = page.getByRole('status').filter({ hasText: 'Appearance saved' }).locator('..')
	await expect(toast).toHaveCSS('background-color', rgb(NEUTRALS.dark.surface))
	await expect(toast).toHaveCSS('color', rgb(NEUTRALS.dark.ink))
	await context.close()
})
