import { type Page, type Route } from '@playwright/test'
import { BLANK_HEAD } from '../blank-bodies'
import { allowConsoleError, expect, openBuilder, signUpByPost, test } from './helpers'

/** A Remix action call (single fetch POSTs to `<path>.data`). */
const isActionCall = (url: URL) => url.pathname.endsWith('.data')

/** Makes the page's next action calls fail as if the server were down; returns the undo. */
async function failActions(page: Page) {
	allowConsoleError(/the server responded with a status of 500 .*\.data/)
	const handler = (route: Route) =>
		route.request().method() === 'POST'
			? route.fulfill({ status: 500, contentType: 'text/plain', body: 'Forced failure' })
			: route.fallback()
	await page.route(isActionCall, handler)
	return () => page.unroute(isActionCall, handler)
}

/**
 * Submits an edit modal the way a person would. A toast of the last save may still show: toasts
 * let clicks through to what is under them.
 */
async function submit(modal: ReturnType<Page['getByRole']>) {
	await modal.getByRole('button', { name: 'Update' }).click()
}

type Head = {
	productName?: string
	company?: string
	role?: string
	projectSummary?: string
	duration?: string
	industries?: string[]
	categories?: string[]
}

const EMPTY_HEAD: Required<Head> = BLANK_HEAD

/** Creates an item through the /one API with the page's session cookie; returns its id. */
async function createItem(
	page: Page,
	head: Head,
	status: { active?: boolean; featured?: boolean },
) {
	const created = await page.request.post('/one/sites/portfolio/data/create/new/portfolio')
	expect(created.status()).toBe(200)
	const { url } = (await created.json()) as { url: string }
	const portfolioId = url.split('/').pop()!
	const post = async (path: string, data: object) =>
		expect((await page.request.post(path, { data: { portfolioId, ...data } })).status()).toBe(200)
	// The head is written whole: fields not given here are sent empty.
	await post('/one/sites/portfolio/data/update/head', { ...EMPTY_HEAD, ...head })
	// Always said: a named new project would otherwise turn active by itself.
	await post('/one/sites/portfolio/data/update/status', { active: Boolean(status.active) })
	if (status.featured) await post('/one/sites/portfolio/data/update/status', { featured: true })
	return portfolioId
}

test('an owner creates a project, edits every section and publishes it; visitors read it', async ({
	page,
	browser,
}) => {
	test.setTimeout(120_000)
	const { path } = await signUpByPost(page)

	await openBuilder(page, '/builder/portfolio')
	await expect(page.getByRole('heading', { name: 'Manage Portfolio' })).toBeVisible()
	await expect(page.getByText('No projects yet')).toBeVisible()
	await page.getByRole('button', { name: 'Add New' }).first().click()
	await expect(page).toHaveURL(/\/builder\/portfolio\/[\w-]+$/)
	const portfolioId = page.url().split('/').pop()!

	// An empty project shows the owner placeholder prompts and the placeholder gallery.
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add Product Name')
	await expect(page.getByRole('button', { name: 'Add Product Description' })).toBeVisible()
	await expect(page.getByRole('button', { name: 'Add project challenges here...' })).toBeVisible()
	await expect(page.getByRole('group', { name: 'Placeholder gallery' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Manage Images' })).toHaveAttribute(
		'href',
		`/builder/portfolio/manage-images/${portfolioId}`,
	)

	// Head: text fields, one paragraph per line, and two tag pickers.
	await page.getByRole('button', { name: 'Edit product details' }).click()
	const head = page.getByRole('dialog', { name: 'Edit Product Details' })
	await head.getByLabel('Product Name').fill('Checkout redesign')
	await head.getByLabel('Agency Name').fill('Northwind Studio')
	await head.getByLabel('Role').fill('Lead designer')
	await head
		.getByLabel('Project Summary')
		.fill('One calm page instead of five.\n\nShipped in 6 weeks.')
	await head.getByLabel('Duration').fill('6 months')
	const industries = head.getByRole('group', { name: 'Industries', exact: true })
	await industries.getByRole('searchbox').fill('renew')
	await industries.getByRole('checkbox', { name: 'Renewable Energy' }).check()
	await industries.getByRole('searchbox').fill('')
	await industries.getByRole('checkbox', { name: 'E-commerce' }).check()
	const categories = head.getByRole('group', { name: 'Project Categories', exact: true })
	await categories.getByRole('checkbox', { name: 'UI/UX Design' }).check()
	await categories.getByRole('checkbox', { name: 'Web Development' }).check()
	await categories.getByRole('button', { name: 'Remove Web Development' }).click()
	await expect(categories.getByRole('checkbox', { name: 'Web Development' })).not.toBeChecked()

	// While the call runs the button is disabled and says so.
	let release: () => void = () => {}
	const gate = new Promise<void>((resolve) => (release = resolve))
	const hold = async (route: Route) => {
		await gate
		await route.fallback()
	}
	await page.route(isActionCall, hold)
	await head.getByRole('button', { name: 'Update' }).click()
	await expect(head.getByRole('button', { name: 'Update In Progress' })).toBeDisabled()
	release()
	await expect(head).toBeHidden()
	await page.unroute(isActionCall, hold)

	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout redesign')
	await expect(page.getByText('Northwind Studio')).toBeVisible()
	await expect(page.getByText('Lead designer')).toBeVisible()
	await expect(page.getByText('One calm page instead of five.')).toBeVisible()
	await expect(page.getByText('Shipped in 6 weeks.')).toBeVisible()
	await expect(page.getByText('6 months')).toBeVisible()
	await expect(page.getByText('Renewable Energy, E-commerce')).toBeVisible()
	await expect(page.getByRole('listitem').filter({ hasText: /^UI\/UX Design$/ })).toBeVisible()

	// Skills: Enter in the filter picks the first match; an empty Enter is ignored.
	await page.getByRole('button', { name: 'Edit skills and expertise' }).click()
	const skills = page.getByRole('dialog', { name: 'Edit Skills And Expertise' })
	const filter = skills.getByRole('searchbox')
	await filter.press('Enter')
	await expect(skills).toBeVisible()
	await filter.fill('typescr')
	await filter.press('Enter')
	await filter.fill('typescript')
	await filter.press('Enter')
	await expect(skills.getByRole('button', { name: 'Remove TypeScript' })).toHaveCount(1)
	await skills.getByRole('checkbox', { name: 'React', exact: true }).check()
	await expect(skills.getByText('2 selected')).toBeVisible()
	await submit(skills)
	await expect(skills).toBeHidden()
	const skillsSection = page.getByRole('region', { name: 'Skills And Expertise' })
	await expect(skillsSection.getByRole('listitem')).toHaveText(['TypeScript', 'React'])

	// Challenges, solutions and result: one item per line.
	for (const [button, dialog, text, shown] of [
		['Edit challenges', 'Edit Challenges', 'Slow checkout\nLegacy form', 'Legacy form'],
		['Edit solutions', 'Edit Solutions', 'Guest checkout\n\nDesign system', 'Design system'],
		['Edit result', 'Edit Result', '+18% conversion', '+18% conversion'],
	] as const) {
		await page.getByRole('button', { name: button, exact: true }).click()
		const modal = page.getByRole('dialog', { name: dialog })
		await modal.getByRole('textbox').fill(text)
		await submit(modal)
		await expect(modal).toBeHidden()
		await expect(page.getByText(shown, { exact: true })).toBeVisible()
	}

	// A failed edit keeps the modal open with 'Please try again'.
	const undoEditFailure = await failActions(page)
	await page.getByRole('button', { name: 'Edit result', exact: true }).click()
	const result = page.getByRole('dialog', { name: 'Edit Result' })
	await result.getByRole('textbox').fill('+25% conversion')
	await submit(result)
	await expect(result.getByRole('alert')).toHaveText('Please try again')
	await expect(result).toBeVisible()
	await undoEditFailure()
	await submit(result)
	await expect(result).toBeHidden()
	await expect(page.getByText('+25% conversion', { exact: true })).toBeVisible()

	// Both switches change at once and toast; a failing call toasts and reverts. Named, the new
	// project is already active.
	const active = page.getByRole('switch', { name: 'Is Active: Checkout redesign' })
	const featured = page.getByRole('switch', { name: 'Is Featured: Checkout redesign' })
	await expect(active).toHaveAttribute('aria-checked', 'true')
	await active.click()
	await expect(page.getByText('Is Active disabled')).toBeVisible()
	await expect(active).toHaveAttribute('aria-checked', 'false')
	await active.click()
	await expect(page.getByText('Is Active enabled')).toBeVisible()
	await expect(active).toHaveAttribute('aria-checked', 'true')
	await featured.press('Space')
	await expect(page.getByText('Is Featured enabled')).toBeVisible()
	await expect(featured).toHaveAttribute('aria-checked', 'true')

	await openBuilder(page, '/builder/portfolio')
	const listFeatured = page.getByRole('switch', { name: 'Is Featured: Checkout redesign' })
	await expect(listFeatured).toHaveAttribute('aria-checked', 'true')
	const undoToggleFailure = await failActions(page)
	await listFeatured.click()
	await expect(page.getByText('Failed to update status')).toBeVisible()
	await expect(listFeatured).toHaveAttribute('aria-checked', 'true')
	await undoToggleFailure()
	await page.reload()
	await expect(listFeatured).toHaveAttribute('aria-checked', 'true')
	await listFeatured.click()
	await expect(page.getByText('Is Featured disabled')).toBeVisible()
	await expect(listFeatured).toHaveAttribute('aria-checked', 'false')
	await listFeatured.click()
	await expect(listFeatured).toHaveAttribute('aria-checked', 'true')
	await expect(page.getByText('Is Featured enabled')).toBeVisible()

	// A signed-out visitor reads the list, the project and the profile carousel.
	const visitorContext = await browser.newContext()
	const visitor = await visitorContext.newPage()
	await visitor.goto(`/${path}/portfolio`)
	await expect(visitor.getByRole('heading', { name: 'Portfolio', level: 1 })).toBeVisible()
	await expect(visitor.getByRole('heading', { name: 'Checkout redesign' })).toBeVisible()
	await expect(visitor.getByText('One calm page instead of five.')).toBeVisible()
	await visitor.getByRole('link', { name: 'Know More' }).click()
	await expect(visitor).toHaveURL(new RegExp(`/${path}/portfolio/${portfolioId}$`))
	await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Checkout redesign')
	for (const text of ['Agency Name', 'Role', 'Duration', 'Industries', 'Project Categories']) {
		await expect(visitor.getByText(text, { exact: true })).toBeVisible()
	}
	for (const heading of ['Skills And Expertise', 'Challenges', 'Solutions', 'Result']) {
		await expect(visitor.getByRole('heading', { name: heading })).toBeVisible()
	}
	await expect(visitor.getByText('Guest checkout', { exact: true })).toBeVisible()
	await expect(visitor.getByRole('button', { name: /Edit/ })).toHaveCount(0)
	await expect(visitor.getByRole('link', { name: 'Manage Images' })).toHaveCount(0)

	await visitor.goto(`/${path}`)
	const carousel = visitor.getByRole('region', { name: 'Featured projects' })
	await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel')
	await expect(carousel.getByRole('group', { name: '1 of 1' })).toContainText('Checkout redesign')
	await expect(visitor.getByRole('link', { name: 'View All' })).toHaveCount(0)
	await visitorContext.close()
})

test('the list adds, reorders and deletes projects; inactive ones stay hidden from visitors', async ({
	page,
	browser,
}) => {
	test.setTimeout(90_000)
	const { path } = await signUpByPost(page)
	const first = await createItem(page, { productName: 'Alpha' }, { active: true })
	await createItem(page, { productName: 'Bravo' }, { active: true })
	const draft = await createItem(page, { productName: 'Draft idea' }, {})

	await openBuilder(page, '/builder/portfolio')
	const rows = page.getByRole('list', { name: 'Your projects' }).getByRole('heading', { level: 2 })
	await expect(rows).toHaveText(['Alpha', 'Bravo', 'Draft idea'])

	// Add New failing: the spec's toast, and no navigation.
	const undo = await failActions(page)
	await page.getByRole('button', { name: 'Add New' }).click()
	await expect(
		page.getByText("Sorry, we couldn't add a new product. Please try again later."),
	).toBeVisible()
	await expect(page).toHaveURL(/\/builder\/portfolio$/)
	await undo()

	// Reorder with the keyboard (the drag handle): each drop is one call with the whole order.
	const bravo = page.getByRole('button', { name: 'Reorder Bravo' })
	await bravo.focus()
	await page.keyboard.press('Space')
	await page.keyboard.press('ArrowUp')
	const firstSaved = page.waitForResponse(
		(response) => response.request().method() === 'POST' && isActionCall(new URL(response.url())),
	)
	await page.keyboard.press('Space')
	await expect(rows).toHaveText(['Bravo', 'Alpha', 'Draft idea'])
	// The handles wait while an order is being saved.
	expect((await firstSaved).status()).toBe(200)
	const handle = page.getByRole('button', { name: 'Reorder Draft idea' })
	await expect(handle).not.toHaveAttribute('aria-disabled', 'true')
	await handle.focus()
	await page.keyboard.press('Enter')
	await page.keyboard.press('ArrowUp')
	await expect(handle).toBeFocused()
	const saved = page.waitForResponse(
		(response) => response.request().method() === 'POST' && isActionCall(new URL(response.url())),
	)
	await page.keyboard.press('Enter')
	// The new order shows at once; a reload waits until it is saved.
	await expect(rows).toHaveText(['Bravo', 'Draft idea', 'Alpha'])
	expect((await saved).status()).toBe(200)
	await page.reload()
	await expect(rows).toHaveText(['Bravo', 'Draft idea', 'Alpha'])

	// Visitors: active items only, in the owner's order; the draft's URL is a 404 page.
	allowConsoleError(/status of 404 .*\/portfolio\//)
	const visitorContext = await browser.newContext()
	const visitor = await visitorContext.newPage()
	await visitor.goto(`/${path}/portfolio`)
	await expect(visitor.getByRole('heading', { level: 2 })).toHaveText(['Bravo', 'Alpha'])
	const response = await visitor.goto(`/${path}/portfolio/${draft}`)
	expect(response?.status()).toBe(404)
	await expect(visitor.getByRole('heading', { name: 'Page not found' })).toBeVisible()
	const api = await visitor.request.get(
		`/one/sites/portfolio/data/get/individual/data?customer_id=${await customerId(page)}&portfolioId=${draft}`,
	)
	expect(api.status()).toBe(404)

	// Delete asks first; Cancel keeps the project.
	await page.getByRole('button', { name: 'Delete Alpha' }).click()
	const confirm = page.getByRole('dialog', { name: 'Delete this project?' })
	await expect(confirm).toContainText('Alpha')
	await confirm.getByRole('button', { name: 'Cancel' }).click()
	await expect(confirm).toBeHidden()
	await expect(rows).toHaveText(['Bravo', 'Draft idea', 'Alpha'])
	await page.getByRole('button', { name: 'Delete Alpha' }).click()
	await confirm.getByRole('button', { name: 'Delete' }).click()
	await expect(page.getByText('Project deleted')).toBeVisible()
	await expect(rows).toHaveText(['Bravo', 'Draft idea'])
	expect((await visitor.goto(`/${path}/portfolio/${first}`))?.status()).toBe(404)
	await visitorContext.close()
})

/** The signed-in owner's customer id (the builder's session check). */
async function customerId(page: Page) {
	const response = await page.request.get('/one/auth/new/session')
	return ((await response.json()) as { data: { customer_id: string } }).data.customer_id
}

test('the profile carousel: 3 featured items, auto-advance with wrap, pause, reduced motion', async ({
	page,
	browser,
}) => {
	test.setTimeout(90_000)
	const { path } = await signUpByPost(page)
	const long = 'A very long project name that keeps going'
	await createItem(
		page,
		{ productName: long, projectSummary: 'x'.repeat(120) },
		{
			active: true,
			featured: true,
		},
	)
	await createItem(page, { productName: 'Second' }, { active: true, featured: true })
	await createItem(page, { productName: 'Third' }, { active: true, featured: true })
	await createItem(page, { productName: 'Fourth (featured)' }, { active: true, featured: true })
	await createItem(page, { productName: 'Hidden one' }, { featured: true })

	const context = await browser.newContext({
		viewport: { width: 390, height: 844 },
		reducedMotion: 'no-preference',
	})
	const visitor = await context.newPage()
	// The page's timers run on a clock that only the test moves: 3 seconds pass when it says so.
	await visitor.clock.install()
	await visitor.clock.pauseAt(Date.now() + 1000)
	await visitor.goto(`/${path}`)
	const carousel = visitor.getByRole('region', { name: 'Featured projects' })
	await expect(carousel.getByRole('group')).toHaveCount(3)
	await expect(carousel.getByRole('group', { name: '3 of 3' })).toContainText('Third')
	// Names over 30 characters are shortened on the profile.
	await expect(carousel.getByRole('heading', { level: 3 }).first()).toHaveText(
		`${long.slice(0, 30)}...`,
	)
	await expect(carousel).not.toContainText('Fourth')
	await expect(carousel).not.toContainText('Hidden one')

	// The track: the element that scrolls, around the slides.
	const track = carousel.getByRole('group').first().locator('..')
	const scrollLeft = () => track.evaluate((element) => Math.round(element.scrollLeft))
	/** Which card is at the start of the track (the last may stop short: it counts as 2). */
	const position = () =>
		track.evaluate((element) => {
			const [first, second] = [...element.children] as HTMLElement[]
			return Math.round(element.scrollLeft / (second!.offsetLeft - first!.offsetLeft))
		})
	// Advances one card width every 3 seconds and wraps to the start after the last card.
	await expect(carousel.getByRole('button', { name: 'Next slide' })).toBeVisible()
	expect(await position()).toBe(0)
	await visitor.clock.runFor(2_900)
	expect(await position()).toBe(0)
	/**
	 * Waits until the track stops moving. The smooth scroll runs on the browser's own time, not on
	 * the test's clock: a move started while the last one is still under way lands elsewhere (in a
	 * CI run, halfway back from the wrap, the next move snapped to the end).
	 */
	const settled = async () => {
		let last = -1
		await expect
			.poll(async () => {
				const [before, now] = [last, await scrollLeft()]
				last = now
				return now === before
			})
			.toBe(true)
	}
	for (const next of [1, 2, 0, 1]) {
		await visitor.clock.runFor(3_000)
		await expect.poll(position).toBe(next)
		await settled()
		expect(await position()).toBe(next)
	}
	// Hovering pauses it.
	await carousel.hover()
	await settled()
	const paused = await scrollLeft()
	await visitor.clock.runFor(9_000)
	expect(await scrollLeft()).toBe(paused)

	// 'View All' shows because more than 3 items are active; the list cuts long names at 30.
	await visitor.getByRole('link', { name: 'View All' }).click()
	await expect(visitor).toHaveURL(new RegExp(`/${path}/portfolio$`))
	await expect(visitor.getByRole('heading', { level: 2 })).toHaveText([
		`${long.slice(0, 30)}...`,
		'Second',
		'Third',
		'Fourth (featured)',
	])
	await expect(visitor.getByText(`${'x'.repeat(92)}...`)).toBeVisible()
	await context.close()

	// With reduced motion the carousel does not move by itself.
	const calm = await browser.newContext({
		viewport: { width: 390, height: 844 },
		reducedMotion: 'reduce',
	})
	const still = await calm.newPage()
	await still.clock.install()
	await still.clock.pauseAt(Date.now() + 1000)
	await still.goto(`/${path}`)
	const stillTrack = still
		.getByRole('region', { name: 'Featured projects' })
		.getByRole('group')
		.first()
		.locator('..')
	await expect(stillTrack).toBeVisible()
	await expect(still.getByRole('button', { name: 'Next slide' })).toBeVisible()
	await still.clock.runFor(9_000)
	expect(await stillTrack.evaluate((element) => element.scrollLeft)).toBe(0)
	await still.getByRole('button', { name: 'Next slide' }).click()
	await expect.poll(() => stillTrack.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
	await calm.close()
})
