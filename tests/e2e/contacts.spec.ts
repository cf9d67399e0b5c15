/**
 * Contact exchange, end to end on a phone: a visitor taps 'Exchange contact' on an
 * owner's profile, with JavaScript (a dialog: the form, its refusals, the thank-you state with the
 * owner's vCard) and without (the same form as the page `/{pname}/connect`, posted, then its
 * thank-you page); the owner finds both in Contacts (newest first, new ones marked), opens one
 * (read), searches, deletes one after confirming, and closes the form (the button goes from the
 * page). Axe on the form, the thank-you state and the Contacts page; the form in Arabic is mirrored.
 */
import { type APIRequestContext, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
	allowConsoleError,
	expect,
	logInByPost,
	openBuilderMenu,
	ONE_VIEWPORT,
	registerAndClaim,
	test,
} from './helpers'

type Headers = { Authorization: string }

async function owner(request: APIRequestContext, language = 'en') {
	const created = await registerAndClaim(request, 'Connect')
	for (const [field, data] of [
		['name', { firstName: 'Ada', lastName: 'Lovelace' }],
		['designation', { designation: 'Engineer' }],
		['language', { language }],
	] as const) {
		const response = await request.post(`/one/sites/info/general/${field}/update`, {
			headers: created.headers,
			data,
		})
		expect(response.status(), await response.text()).toBe(200)
	}
	return created
}

async function contacts(request: APIRequestContext, headers: Headers) {
	const response = await request.get('/one/contacts', { headers })
	expect(response.status()).toBe(200)
	return ((await response.json()) as { data: { contacts: Array<{ name: string; read: boolean }> } })
		.data.contacts
}

/** Fills the form (a person takes more than the form's minimum time). */
async function fill(scope: Page | ReturnType<Page['locator']>, name: string) {
	await scope.getByLabel('Your name').fill(name)
	await scope
		.getByLabel('Email', { exact: true })
		.fill(`${name.split(' ')[0]!.toLowerCase()}@example.com`)
	await scope.getByLabel('Note (optional)').fill('Great talk, let us keep in touch.')
	await scope
		.getByRole('checkbox', { name: /I agree that Ada Lovelace receives these details/ })
		.check()
}

test.describe('exchange contact', ONE_VIEWPORT, () => {
	test('with JavaScript: a dialog on the profile, its refusals, then thanks and the vCard', async ({
		page,
		request,
	}) => {
		// The refused post is a 400 the dialog shows (Chromium logs it).
		allowConsoleError(/status of 400/)
		const ada = await owner(request)
		await page.goto(`/${ada.path}`)
		const button = page.getByRole('button', { name: 'Exchange contact' })
		// In the first screen, before Find Me and Share.
		await expect(button).toBeInViewport()
		await button.click()
		// Named by its heading: 'Exchange contact', then 'Thank you!'.
		const dialog = page.getByRole('dialog')
		await expect(page.getByRole('dialog', { name: 'Exchange contact' })).toBeVisible()
		await expect(dialog.getByLabel('Your name')).toBeFocused()
		await expect(dialog.getByRole('link', { name: 'How my details are kept' })).toHaveAttribute(
			'href',
			'/privacy',
		)
		await expectNoSeriousA11yViolations(page)

		await dialog.getByRole('button', { name: 'Send my details' }).click()
		await expect(dialog.getByText('Enter your name')).toBeVisible()
		await expect(dialog.getByText('Enter your email or your phone number')).toBeVisible()
		await expect(dialog.getByText('Tick the box to agree to share your details')).toBeVisible()
		await expect(dialog.getByLabel('Your name')).toBeFocused()

		await fill(dialog, 'Grace Hopper')
		await page.waitForTimeout(2_100)
		await dialog.getByRole('button', { name: 'Send my details' }).click()
		await expect(dialog.getByRole('heading', { name: 'Thank you!' })).toBeVisible()
		await expect(dialog.getByText('Your details were sent to Ada Lovelace.')).toBeVisible()
		const vcard = dialog.getByRole('link', { name: 'Save Ada Lovelace’s contact card' })
		await expect(vcard).toHaveAttribute('href', `/${ada.path}/contact.vcf`)
		await expectNoSeriousA11yViolations(page)
		// Escape closes it; the focus is back on the button.
		await page.keyboard.press('Escape')
		await expect(dialog).toBeHidden()
		await expect(button).toBeFocused()

		expect((await contacts(request, ada.headers)).map((contact) => contact.name)).toEqual([
			'Grace Hopper',
		])
		// The page the button leads to without a script, and its thank-you state (axe runs as a
		// script: checked here, with JavaScript on).
		await page.goto(`/${ada.path}/connect`)
		await expect(page.getByRole('heading', { name: 'Exchange contact' })).toBeVisible()
		await expectNoSeriousA11yViolations(page)
		await page.goto(`/${ada.path}/connect?sent=1`)
		await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible()
		await expectNoSeriousA11yViolations(page)
	})

	test('without JavaScript: the page, posted, then its thank-you page', async ({
		browser,
		request,
	}) => {
		// The refused post is answered 400 (Chromium logs it).
		allowConsoleError(/status of 400/)
		const ada = await owner(request)
		const context = await browser.newContext({
			javaScriptEnabled: false,
			viewport: { width: 412, height: 915 },
			isMobile: true,
			hasTouch: true,
		})
		const page = await context.newPage()
		await page.goto(`/${ada.path}`)
		await page.getByRole('link', { name: 'Exchange contact' }).click()
		await expect(page).toHaveURL(new RegExp(`/${ada.path}/connect$`))
		await expect(page.getByRole('heading', { name: 'Exchange contact' })).toBeVisible()
		// A refusal keeps what was typed.
		await page.getByLabel('Your name').fill('Alan Turing')
		await page.getByLabel('Phone').fill('12')
		await page.getByRole('button', { name: 'Send my details' }).click()
		await expect(page.getByText('Enter a phone number of 7 to 15 digits')).toBeVisible()
		await expect(page.getByLabel('Your name')).toHaveValue('Alan Turing')
		await page.getByLabel('Phone').fill('+44 20 7946 0000')
		await page.getByRole('checkbox').check()
		await page.waitForTimeout(2_100)
		await page.getByRole('button', { name: 'Send my details' }).click()
		await expect(page).toHaveURL(/\/connect\?sent=1$/)
		await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Save Ada Lovelace’s contact card' })).toBeVisible()
		await context.close()
		expect((await contacts(request, ada.headers)).map((contact) => contact.name)).toEqual([
			'Alan Turing',
		])
	})

	test('a bot that fills the hidden field is thanked and nothing is kept', async ({ request }) => {
		const ada = await owner(request)
		const page = await request.get(`/${ada.path}/connect`)
		const started = /name="started" value="([^"]+)"/.exec(await page.text())![1]!
		await new Promise((resolve) => setTimeout(resolve, 2_100))
		const posted = await request.post(`/${ada.path}/connect`, {
			form: {
				name: 'Spam Bot',
				email: 'bot@example.com',
				consent: 'on',
				website: 'http://spam.example',
				started,
			},
			maxRedirects: 0,
		})
		expect(posted.status()).toBe(303)
		expect(posted.headers()['location']).toBe(`/${ada.path}/connect?sent=1`)
		expect(await contacts(request, ada.headers)).toEqual([])
	})

	test('in Arabic the form reads right to left', async ({ page, request }) => {
		const layla = await owner(request, 'ar')
		await page.goto(`/${layla.path}/connect`)
		await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
		const form = page.locator('#contact-panel')
		const box = (await form.boundingBox())!
		const heading = (await page.locator('#contact-title').boundingBox())!
		// The heading starts at the right edge of the card.
		expect(box.x + box.width - (heading.x + heading.width)).toBeLessThan(40)
		await expect(page.locator('input[name="email"]')).toHaveAttribute('dir', 'ltr')
		const overflow = await page.evaluate(
			() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
		)
		expect(overflow).toBeLessThanOrEqual(0)
	})

	test('the owner’s Contacts: newest first, opened, searched, deleted, and the form closed', async ({
		page,
		request,
	}) => {
		const ada = await owner(request)
		for (const name of ['Katherine Johnson', 'Grace Hopper']) {
			const response = await request.post(`/one/contacts/${ada.path}`, {
				data: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com`, consent: true },
			})
			expect(response.status()).toBe(201)
		}
		await logInByPost(page, ada.email)
		await page.goto('/builder/contacts', { waitUntil: 'networkidle' })
		await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible()
		const rows = page.locator('details summary')
		await expect(rows).toHaveCount(2)
		await expect(rows.nth(0)).toContainText('Grace Hopper')
		await expect(rows.nth(0)).toContainText('New')
		// When each came, in the owner's zone (the browser's; the server runs in another), with
		// no hydration error on the way (the console is checked after every test).
		const received = rows.nth(0).locator('time')
		const shown = await received.evaluate((time: HTMLTimeElement) =>
			new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
				new Date(time.dateTime),
			),
		)
		await expect(received).toHaveText(shown)
		// The builder keeps the owner's zone in a cookie: from the next page on the server's HTML
		// shows the same local time. Without that cookie (the first page ever, or with no script)
		// it shows UTC and says so.
		const html = async () => (await (await page.request.get('/builder/contacts')).text()).trim()
		expect(await html()).toContain(`>${shown}</time>`)
		await page.context().clearCookies({ name: 'tagg_tz' })
		expect(await html()).toMatch(/<time [^>]*>[^<]*UTC<\/time>/)
		await expectNoSeriousA11yViolations(page)
		// The sidebar counts the contacts not opened yet.
		const sidebar = await openBuilderMenu(page)
		await expect(sidebar.getByRole('link', { name: 'Contacts 2 unread' })).toBeVisible()
		await page.keyboard.press('Escape')

		await rows.nth(0).click()
		await expect(page.getByRole('link', { name: 'grace@example.com' })).toBeVisible()
		await expect
			.poll(
				async () =>
					(await contacts(request, ada.headers)).find((c) => c.name === 'Grace Hopper')?.read,
			)
			.toBe(true)
		await expect(
			(await openBuilderMenu(page)).getByRole('link', { name: 'Contacts 1 unread' }),
		).toBeVisible()
		await page.keyboard.press('Escape')

		await page.getByRole('searchbox', { name: 'Search contacts' }).fill('katherine')
		await page.getByRole('button', { name: 'Search' }).click()
		await expect(rows).toHaveCount(1)
		await expect(rows.first()).toContainText('Katherine Johnson')

		await rows.first().click()
		await page.getByRole('button', { name: 'Delete Katherine Johnson' }).click()
		const confirm = page.getByRole('dialog', { name: 'Delete this contact?' })
		await confirm.getByRole('button', { name: 'Delete' }).click()
		await expect(page.getByText('Contact deleted')).toBeVisible()
		await expect(rows).toHaveCount(0)
		expect((await contacts(request, ada.headers)).map((contact) => contact.name)).toEqual([
			'Grace Hopper',
		])

		await page.goto('/builder/contacts', { waitUntil: 'networkidle' })
		await page
			.getByRole('switch', { name: 'Visitors can leave their details on your page' })
			.click()
		await expect(page.getByText('The form is closed')).toBeVisible()
		await expect
			.poll(async () => (await request.get(`/${ada.path}`)).text())
			.not.toContain('Exchange contact')
		expect((await request.get(`/${ada.path}/connect`)).status()).toBe(404)
	})
})
