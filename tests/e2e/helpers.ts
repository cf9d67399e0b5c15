import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import {
	test as base,
	expect,
	type APIRequestContext,
	type Browser,
	type BrowserContext,
	type Locator,
	type Page,
} from '@playwright/test'

export { expect }

/**
 * With E2E_SCREENSHOTS set to a folder, writes a screenshot of `target` (a page or an element)
 * there as `{name}-{project}.png`, to look at the pages as people see them. Nothing otherwise:
 * a screenshot costs a browser a good part of a second, and no test asserts on these.
 */
export async function reviewShot(
	target: Page | Locator,
	name: string,
	options: { fullPage?: boolean } = {},
) {
	const dir = process.env.E2E_SCREENSHOTS
	if (!dir) return
	fs.mkdirSync(dir, { recursive: true })
	const file = path.join(dir, `${name}-${test.info().project.name}.png`)
	if ('goto' in target) await target.screenshot({ path: file, fullPage: options.fullPage })
	else await target.screenshot({ path: file })
}

const ALLOWED = 'allowed console error'

/**
 * Marks console errors matching `pattern` as expected in the running test (a forced 500, the
 * 404 of a page that does not exist): Chromium logs every failed response as a console error.
 */
export function allowConsoleError(pattern: RegExp) {
	test.info().annotations.push({ type: ALLOWED, description: pattern.source })
}

/**
 * Every end-to-end test fails on a console error (console.error, a failed response) or an
 * uncaught exception in any of its pages (the page fixture's context, and contexts or pages the
 * test opens with `browser`), unless the test said it expects it ({@link allowConsoleError}).
 */
export const test = base.extend<{ consoleErrors: void }>({
	consoleErrors: [
		async ({ context, browser }, use, testInfo) => {
			const errors: string[] = []
			const watched = new WeakSet<BrowserContext>()
			const watch = (watchedContext: BrowserContext) => {
				if (watched.has(watchedContext)) return
				watched.add(watchedContext)
				watchedContext.on('console', (message) => {
					if (message.type() !== 'error') return
					const where = message.location().url
					errors.push(`${message.text()}${where ? ` (at ${where})` : ''}`)
				})
				watchedContext.on('weberror', (error) => {
					// Which page threw: a test often has several open (another device, a popup).
					const page = error.page()
					errors.push(
						`Uncaught ${error.error().stack ?? error.error().message}${page ? ` (on ${page.url()})` : ''}`,
					)
				})
			}
			watch(context)
			const original = { newContext: browser.newContext, newPage: browser.newPage }
			const patched = browser as Browser
			patched.newContext = async (...args) => {
				const created = await original.newContext.apply(browser, args)
				watch(created)
				return created
			}
			patched.newPage = async (...args) => {
				const created = await original.newPage.apply(browser, args)
				watch(created.context())
				return created
			}
			try {
				await use()
			} finally {
				patched.newContext = original.newContext
				patched.newPage = original.newPage
			}
			const allowed = [
				// Playwright's trace recorder (trace: 'retain-on-failure') fetches the page's blob:
				// images (upload previews) for its snapshots, which the app's Content-Security-Policy
				// (connect-src 'self') refuses and reports. The app itself never fetches a blob.
				/^Connecting to 'blob:[^']*' violates the following Content Security Policy directive: "connect-src 'self'"/,
				...testInfo.annotations
					.filter((annotation) => annotation.type === ALLOWED)
					.map((annotation) => new RegExp(annotation.description ?? '')),
			]
			const unexpected = errors.filter((error) => !allowed.some((pattern) => pattern.test(error)))
			expect(unexpected, 'console errors in the browser').toEqual([])
		},
		{ auto: true },
	],
})

/**
 * For a test whose pages and steps do not change with the viewport (a flow: drafts kept, a stale
 * save refused, an import): it runs once, on the phone (the product is mobile-first), instead of
 * once per project (playwright.config.ts). A test that looks at a layout never takes it.
 */
export const ONE_VIEWPORT = { tag: '@one-viewport' }

export const PASSWORD = 'correct-horse-battery'

/**
 * 'Confirm it’s you' (sudo mode): the dialog a change that needs it opens, answered with the
 * password, then gone. The refused post before it is logged by the browser (403).
 */
export async function confirmItsYou(page: Page, password = PASSWORD) {
	allowConsoleError(/status of 403 \(Forbidden\)/)
	const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' })
	await expect(dialog.getByLabel('Password')).toBeFocused()
	await reviewShot(page, 'confirm-its-you')
	await dialog.getByLabel('Password').fill(password)
	await dialog.getByRole('button', { name: 'Continue' }).click()
	await expect(dialog).toBeHidden()
}

export function uniqueName(prefix = 'Owner') {
	return `${prefix}-${crypto.randomBytes(4).toString('hex')}`
}

/** Signs up through the UI and claims a path; leaves the page on /builder. */
export async function signUpAndClaim(page: Page, options: { name?: string; path?: string } = {}) {
	const path = options.path ?? uniqueName('Jane')
	const email = `${path.toLowerCase()}@example.com`
	await page.goto('/signup')
	await page.getByLabel('Full Name').fill(options.name ?? 'Jane Doe')
	await page.getByLabel('Enter Email').fill(email)
	await page.getByLabel('Enter password', { exact: true }).fill(PASSWORD)
	await page.getByLabel('Re-enter Password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Create Account' }).click()
	await expect(page).toHaveURL(/\/set-path$/)
	await page.getByLabel('Your Tagg name').fill(path)
	await page.getByRole('button', { name: 'Claim my space' }).click()
	await expect(page).toHaveURL(/\/builder$/)
	return { email, path, password: PASSWORD }
}

/**
 * Signs up and claims a path as {@link signUpAndClaim} does, by the same two form posts (those a
 * browser without JavaScript sends to /signup and /set-path), sent from `page`'s browser context
 * without showing either page: their session cookies land in the context's jar. The page stays
 * where it was; open the builder with `page.goto('/builder')`. With `claim: false` the path is
 * left to claim (the owner is sent to /set-path). For tests that are not about signing up
 * (accounts.spec.ts signs up through the pages).
 */
export async function signUpByPost(
	page: Page,
	options: { name?: string; path?: string; claim?: boolean } = {},
) {
	const path = options.path ?? uniqueName('Jane')
	const email = `${path.toLowerCase()}@example.com`
	const signedUp = await page.request.post('/signup', {
		form: {
			name: options.name ?? 'Jane Doe',
			email,
			password: PASSWORD,
			confirmPassword: PASSWORD,
		},
		maxRedirects: 0,
	})
	expect(signedUp.status(), await signedUp.text()).toBe(302)
	expect(signedUp.headers()['location']).toBe('/set-path')
	if (options.claim === false) return { email, path, password: PASSWORD }
	const claimed = await page.request.post('/set-path', { form: { path }, maxRedirects: 0 })
	expect(claimed.status(), await claimed.text()).toBe(302)
	expect(claimed.headers()['location']).toBe('/builder')
	return { email, path, password: PASSWORD }
}

/**
 * Logs in as {@link logIn} does, by the login form's post, from `page`'s browser context without
 * showing the page: a new session (as on another device), its cookies in the context's jar. The
 * page stays where it was.
 */
export async function logInByPost(page: Page, email: string, password = PASSWORD) {
	const loggedIn = await page.request.post('/login', {
		form: { email, password },
		maxRedirects: 0,
	})
	expect(loggedIn.status(), await loggedIn.text()).toBe(302)
	expect(loggedIn.headers()['location']).toBe('/builder')
}

/**
 * Opens a builder page as a new document and waits until its script has hydrated it: the network
 * quiet, so the lazily loaded parts are in too. A tap before then can reach a part React is still
 * hydrating, which it reports as an uncaught error (#421). (Signed up through the pages, an owner
 * reached the builder by a client navigation, in a page long running.)
 */
export async function openBuilder(page: Page, path = '/builder') {
	await page.goto(path, { waitUntil: 'networkidle' })
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
	await page.goto('/login')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Log In' }).click()
}

/**
 * Shows the builder's menu: on a phone it opens it (a plain link to the menu until the page's
 * script runs, a drawer after); on a desktop the sidebar is always there. Answers the visible
 * navigation, whose links the caller clicks.
 */
export async function openBuilderMenu(page: Page) {
	const menu = page
		.getByRole('button', { name: 'Open menu' })
		.or(page.getByRole('link', { name: 'Open menu' }))
	const nav = page.getByRole('navigation', { name: 'Builder' }).filter({ visible: true }).first()
	// isVisible() does not wait: first wait for the page to show the opener or the sidebar.
	await expect(menu.or(nav).first()).toBeVisible()
	if (await menu.isVisible()) await menu.click()
	await expect(nav).toBeVisible()
	return nav
}

/** Registers an owner and claims a path through the API (faster than the forms). */
export async function registerAndClaim(request: APIRequestContext, prefix = 'Owner') {
	const path = uniqueName(prefix)
	const email = `${path.toLowerCase()}@example.com`
	const registered = await request.post('/one/auth/new/register', {
		data: { email, password: PASSWORD, name: 'Jane Doe' },
	})
	expect(registered.status()).toBe(200)
	const { access_token: token } = (await registered.json()) as { access_token: string }
	const headers = { Authorization: `Bearer ${token}` }
	const claimed = await request.post('/one/path-name/update', { data: { path }, headers })
	expect(claimed.status()).toBe(200)
	return { path, email, headers }
}

/**
 * Taps a visitor page's Share or Find Me button once the modal's code is in, as a visitor's
 * reaching for it (focus, hover) fetches it: a tap that waits more than a moment for the code
 * gets the page's own sheet instead (app/entry.public.ts), which a busy test machine could
 * otherwise cause. Other buttons are just clicked.
 */
export async function openPublicDialog(page: Page, opener: Locator) {
	if ((await opener.getAttribute('data-dialog')) !== null) {
		await opener.focus()
		const loaded = () =>
			page.evaluate(() => {
				const names = performance.getEntriesByType('resource').map((entry) => entry.name)
				// The app's stylesheet too, which the modals wait for (app/utils/page-styles.ts).
				const stylesheet = document.body.dataset.stylesheet
				return (
					['public-dialogs-', 'share-modal-', 'find-me-modal-', 'react-'].every((chunk) =>
						names.some((name) => name.includes(`/assets/${chunk}`)),
					) &&
					(!stylesheet || [...document.styleSheets].some((s) => s.href?.endsWith(stylesheet)))
				)
			})
		await expect.poll(loaded).toBe(true)
	}
	await opener.click()
}
