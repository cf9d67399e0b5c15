/**
 * An editor's unsaved text is never lost without the owner choosing to: leaving the page asks
 * first, and a save after the session ended keeps the draft until the owner has signed in again.
 * Runs once, on the phone: the steps are the same on every viewport (ONE_VIEWPORT).
 */
import { type Dialog, type Page } from '@playwright/test'
import sharp from 'sharp'
import {
	allowConsoleError,
	expect,
	logInByPost,
	ONE_VIEWPORT,
	openBuilder,
	openBuilderMenu,
	PASSWORD,
	signUpByPost,
	test,
} from './helpers'

/** From /builder, through the menu, to a new project's page: each step a client navigation. */
async function openNewProject(page: Page) {
	const nav = await openBuilderMenu(page)
	await nav.getByRole('link', { name: 'Manage Portfolio' }).click()
	await expect(page).toHaveURL(/\/builder\/portfolio$/)
	await page.getByRole('button', { name: 'Add New' }).first().click()
	await expect(page).toHaveURL(/\/builder\/portfolio\/[\w-]+$/)
	// Something saved to it: a new project left untouched is removed when left.
	const portfolioId = page.url().split('/').pop()!
	const saved = await page.request.post('/one/sites/portfolio/data/update/status', {
		data: { portfolioId, featured: false },
	})
	expect(saved.status()).toBe(200)
	return new URL(page.url()).pathname
}

/** A new project made through the /one API, something saved to it: its builder page's path. */
async function newProject(page: Page) {
	const created = await page.request.post('/one/sites/portfolio/data/create/new/portfolio')
	expect(created.status()).toBe(200)
	const portfolioId = ((await created.json()) as { url: string }).url.split('/').pop()!
	const saved = await page.request.post('/one/sites/portfolio/data/update/status', {
		data: { portfolioId, featured: false },
	})
	expect(saved.status()).toBe(200)
	return `/builder/portfolio/${portfolioId}`
}

/**
 * Whether the page, were it left now, would ask first: a beforeunload event sent to it comes back
 * cancelled (the handler calls preventDefault and sets returnValue, as browsers require).
 */
async function leavingIsStopped(page: Page) {
	return page.evaluate(() => {
		const event = new Event('beforeunload', { cancelable: true })
		window.dispatchEvent(event)
		return event.defaultPrevented
	})
}

async function openChallenges(page: Page) {
	await page.getByRole('button', { name: 'Edit challenges' }).click()
	const dialog = page.getByRole('dialog', { name: 'Edit Challenges' })
	await expect(dialog).toBeVisible()
	return dialog
}

test(
	'leaving the page with a changed draft asks first: Back, reload and closing the tab',
	ONE_VIEWPORT,
	async ({ page }) => {
		test.setTimeout(90_000)
		// Every browser dialog (the beforeunload prompt) is recorded and accepted.
		const prompts: string[] = []
		const onDialog = (dialog: Dialog) => {
			prompts.push(dialog.type())
			void dialog.accept()
		}
		page.on('dialog', onDialog)
		await signUpByPost(page)
		await openBuilder(page)
		const project = await openNewProject(page)
		// The URL changes at once; the page once its data has loaded.
		const managePortfolio = page.getByRole('heading', { name: 'Manage Portfolio' })

		// Back (the phone's Back button) with a changed draft asks the editor's own question.
		let dialog = await openChallenges(page)
		await dialog.getByLabel('Challenges').fill('Typed, not saved')
		await page.goBack()
		const discard = page.getByRole('alertdialog', { name: 'Discard your changes?' })
		await expect(discard).toBeVisible()
		await expect(discard.getByRole('button', { name: 'Keep editing' })).toBeFocused()
		// Keeping on: the page, the editor and the draft stay.
		await discard.getByRole('button', { name: 'Keep editing' }).click()
		await expect(discard).toBeHidden()
		await expect(page).toHaveURL(new RegExp(`${project}$`))
		await expect(dialog).toBeVisible()
		await expect(dialog.getByLabel('Challenges')).toHaveValue('Typed, not saved')
		// Asked again, discarding goes back.
		await page.goBack()
		await discard.getByRole('button', { name: 'Discard changes' }).click()
		await expect(page).toHaveURL(/\/builder\/portfolio$/)
		await expect(managePortfolio).toBeVisible()
		await expect(dialog).toBeHidden()
		expect(prompts).toEqual([])

		// Nothing changed: Back goes without a question.
		await page.goForward()
		await expect(page).toHaveURL(new RegExp(`${project}$`))
		await expect(managePortfolio).toBeHidden()
		await openChallenges(page)
		await page.goBack()
		await expect(page).toHaveURL(/\/builder\/portfolio$/)
		await expect(managePortfolio).toBeVisible()
		await expect(discard).toHaveCount(0)

		// A reload (or closing the tab) with a changed draft gets the browser's own prompt: the
		// page cancels its beforeunload event, which is what makes a browser ask. That is checked
		// in the page: whether Chrome then shows its prompt on a reload also depends on the page
		// answering Chrome within half a second, which a busy machine does not always do.
		await page.goForward()
		await expect(managePortfolio).toBeHidden()
		dialog = await openChallenges(page)
		expect(await leavingIsStopped(page)).toBe(false)
		await dialog.getByLabel('Challenges').fill('Typed again')
		expect(await leavingIsStopped(page)).toBe(true)
		await page.reload()
		await expect(dialog).toBeHidden()

		// Nothing changed, or saved: no prompt.
		await openChallenges(page)
		expect(await leavingIsStopped(page)).toBe(false)
		await page.reload()
		await expect(page.getByRole('button', { name: 'Edit challenges' })).toBeVisible()
		dialog = await openChallenges(page)
		await dialog.getByLabel('Challenges').fill('Saved for good')
		await dialog.getByRole('button', { name: 'Update', exact: true }).click()
		await expect(dialog).toBeHidden()
		await expect(page.getByText('Saved for good', { exact: true })).toBeVisible()
		expect(await leavingIsStopped(page)).toBe(false)
		await page.reload()
		await expect(page.getByText('Saved for good', { exact: true })).toBeVisible()
		// Prompts accepted while reloading (the browser's own) are all there was.
		expect(prompts.filter((type) => type !== 'beforeunload')).toEqual([])
		page.off('dialog', onDialog)
	},
)

test(
	'a save after the session ended keeps the draft; signed in again in a new tab, Update saves',
	ONE_VIEWPORT,
	async ({ page, browser }) => {
		test.setTimeout(90_000)
		const { email } = await signUpByPost(page)
		const project = await newProject(page)
		await openBuilder(page, project)

		// The same owner on another device.
		const otherDevice = await browser.newContext()
		const other = await otherDevice.newPage()
		await logInByPost(other, email)

		// This device has an editor open with typed text when the other one signs it out.
		const dialog = await openChallenges(page)
		await dialog.getByLabel('Challenges').fill('Written on the train')
		await openBuilder(other, '/builder/settings')
		await other.getByRole('button', { name: 'Sign out of all other devices' }).click()
		await expect(other.getByText('Every other device was signed out.')).toBeVisible()

		// Update: refused, and the editor stays with the draft and a way to sign in again.
		allowConsoleError(/status of 401/)
		await dialog.getByRole('button', { name: 'Update', exact: true }).click()
		await expect(dialog.getByRole('alert')).toHaveText(
			'You were signed out. Your changes are still here: sign in again, then press Update.Sign in again (opens in a new tab)',
		)
		await expect(page).toHaveURL(new RegExp(`${project}$`))
		await expect(dialog.getByLabel('Challenges')).toHaveValue('Written on the train')
		const signIn = dialog.getByRole('link', { name: 'Sign in again' })
		await expect(signIn).toHaveAttribute('target', '_blank')
		await expect(signIn).toHaveAttribute(
			'href',
			`/login?${new URLSearchParams({ redirectTo: project, session: 'ended' })}`,
		)

		// The new tab says why, and after logging in shows the page that was being edited.
		const [tab] = await Promise.all([page.waitForEvent('popup'), signIn.click()])
		await expect(tab.getByRole('status')).toHaveText(
			'You were signed out. Log in again to carry on.',
		)
		await tab.getByLabel('Email').fill(email)
		await tab.getByLabel('Password', { exact: true }).fill(PASSWORD)
		await tab.getByRole('button', { name: 'Log In' }).click()
		await expect(tab).toHaveURL(new RegExp(`${project}$`))
		await tab.close()

		// Back in the first tab, Update saves the draft.
		await dialog.getByRole('button', { name: 'Update', exact: true }).click()
		await expect(dialog).toBeHidden()
		await expect(page.getByRole('status').filter({ hasText: 'Challenges updated' })).toBeVisible()
		await expect(page.getByText('Written on the train', { exact: true })).toBeVisible()
		await otherDevice.close()
	},
)

test(
	'an upload after the session ended keeps the chosen images; signed in again, Upload sends them',
	ONE_VIEWPORT,
	async ({ page }) => {
		test.setTimeout(90_000)
		const { email } = await signUpByPost(page)
		const project = await newProject(page)
		await openBuilder(page, project.replace('/portfolio/', '/portfolio/manage-images/'))
		await page.getByRole('button', { name: 'Update Product Images' }).first().click()
		const modal = page.getByRole('dialog', { name: 'Edit Display Picture' })
		const png = async (name: string, background: string) => ({
			name,
			mimeType: 'image/png',
			buffer: await sharp({ create: { width: 640, height: 360, channels: 3, background } })
				.png()
				.toBuffer(),
		})
		await modal
			.getByLabel('Product images')
			.setInputFiles([await png('harbour.png', '#0ea5e9'), await png('tiles.png', '#f59e0b')])
		const chosen = modal.getByRole('list', { name: 'Selected images' }).getByRole('listitem')
		await expect(chosen).toHaveCount(2)

		// The session ends (the cookies are gone, as after "sign out of all other devices").
		await page.context().clearCookies()
		allowConsoleError(/status of 401/)
		await modal.getByRole('button', { name: 'Upload 2 images' }).click()
		await expect(modal.getByRole('alert')).toHaveText(
			'You were signed out. Your images are still chosen: sign in again, then press Upload.Sign in again (opens in a new tab)',
		)
		await expect(chosen).toHaveCount(2)
		await expect(chosen.first()).toContainText('Ready')

		// Signed in again (in this browser, as from another tab), the same button sends them.
		await logInByPost(page, email)
		await modal.getByRole('button', { name: 'Upload 2 images' }).click()
		await expect(modal).toBeHidden()
		await expect(page.getByRole('status').filter({ hasText: 'Images uploaded!' })).toBeVisible()
		await expect(page.getByRole('img', { name: /^Project image \d+$/ })).toHaveCount(2)
	},
)

test(
	'the Appearance page: leaving with a choice not saved asks first; saved, it does not',
	ONE_VIEWPORT,
	async ({ page }) => {
		await signUpByPost(page)
		await openBuilder(page)
		const nav = await openBuilderMenu(page)
		await nav.getByRole('link', { name: 'Appearance' }).click()
		await expect(page).toHaveURL(/\/builder\/appearance$/)
		const dark = page.getByRole('radio', { name: 'Dark' })
		await page.locator('label', { has: dark }).click()
		await expect(dark).toBeChecked()

		await page.goBack()
		const discard = page.getByRole('alertdialog', { name: 'Discard your changes?' })
		await expect(discard).toBeVisible()
		await discard.getByRole('button', { name: 'Keep editing' }).click()
		await expect(page).toHaveURL(/\/builder\/appearance$/)
		await expect(dark).toBeChecked()

		await page.getByRole('button', { name: 'Save appearance' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Appearance saved' })).toBeVisible()
		await page.goBack()
		await expect(page).toHaveURL(/\/builder$/)
		await expect(discard).toHaveCount(0)
	},
)
