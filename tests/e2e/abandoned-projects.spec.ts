/**
 * A new project shows once its owner names it, and one left untouched is removed, however the
 * owner leaves it (Back, closing the tab, another page), while a reload, another tab on it or a
 * save keeps it. The server removes it once a short grace has passed: these tests wait for it, so
 * they run early in the suite (files run in name order), beside others, not last and alone.
 */
import { type Page } from '@playwright/test'
import { allowConsoleError, expect, ONE_VIEWPORT, openBuilder, signUpByPost, test } from './helpers'

test(
	'a new project: left untouched it is removed; named it shows unless its owner hid it',
	ONE_VIEWPORT,
	async ({ page, browser }) => {
		test.setTimeout(120_000)
		const { path } = await signUpByPost(page, { name: 'Grace Hopper' })
		const me = (await (await page.request.get('/one/auth/new/session')).json()) as {
			data: { customer_id: string }
		}
		const listAll = async () =>
			(
				(await (
					await page.request.get(
						`/one/sites/portfolio/data/get/all?customer_id=${me.data.customer_id}`,
					)
				).json()) as { data: { portfoliosData: Array<{ portfolioId: string }> } }
			).data.portfoliosData

		// 'Add New', then Back: nothing is left behind.
		await openBuilder(page, '/builder/portfolio')
		await expect(page.getByText('No projects yet')).toBeVisible()
		await page.getByRole('button', { name: 'Add New' }).first().click()
		await expect(page).toHaveURL(/\/builder\/portfolio\/[\w-]+$/)
		const leftId = page.url().split('/').pop()!
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add Product Name')
		await page.getByRole('link', { name: 'Back to Manage Portfolio' }).click()
		await expect(page).toHaveURL(/\/builder\/portfolio$/)
		await expect(page.getByText('No projects yet')).toBeVisible()
		// Removed once the few seconds a reload or another tab has to claim it have passed.
		await expect
			.poll(async () => (await page.request.get(`/builder/portfolio/${leftId}`)).status(), {
				timeout: 20_000,
			})
			.toBe(404)
		expect(await listAll()).toEqual([])

		// Its images page belongs to it: going there is not leaving it.
		await page.getByRole('button', { name: 'Add New' }).first().click()
		await expect(page).toHaveURL(/\/builder\/portfolio\/[\w-]+$/)
		const keptId = page.url().split('/').pop()!
		await page.getByRole('link', { name: 'Manage Images' }).click()
		await expect(page).toHaveURL(new RegExp(`/manage-images/${keptId}$`))
		await page.getByRole('link', { name: '← Back to the project' }).click()
		await expect(page).toHaveURL(new RegExp(`/builder/portfolio/${keptId}$`))
		// Named: saved, listed, and active without touching a switch.
		await page.getByRole('button', { name: 'Edit product details' }).click()
		const head = page.getByRole('dialog', { name: 'Edit Product Details' })
		await head.getByLabel('Product Name').fill('Compiler notes')
		await head.getByRole('button', { name: 'Update' }).click()
		await expect(head).toBeHidden()
		await expect(page.getByRole('switch', { name: 'Is Active' })).toBeChecked()
		await page.getByRole('link', { name: 'Back to Manage Portfolio' }).click()
		await expect(page.getByRole('heading', { name: 'Compiler notes' })).toBeVisible()
		expect((await listAll()).map((item) => item.portfolioId)).toEqual([keptId])
		const visitor = await browser.newPage()
		const shown = await visitor.goto(`/${path}/portfolio/${keptId}`)
		expect(shown?.status()).toBe(200)
		await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Compiler notes')

		// Hidden by its owner before it had a name: naming it keeps it hidden.
		const created = await page.request.post('/one/sites/portfolio/data/create/new/portfolio')
		const hiddenId = ((await created.json()) as { url: string }).url.split('/').pop()!
		for (const active of [true, false]) {
			const status = await page.request.post('/one/sites/portfolio/data/update/status', {
				data: { portfolioId: hiddenId, active },
			})
			expect(status.status()).toBe(200)
		}
		const named = await page.request.post('/one/sites/portfolio/data/update/head', {
			data: {
				portfolioId: hiddenId,
				productName: 'Secret draft',
				company: '',
				role: '',
				projectSummary: '',
				duration: '',
				industries: [],
				categories: [],
			},
		})
		expect(
			((await named.json()) as { data: { portfoliosData: [{ active: boolean }] } }).data
				.portfoliosData[0].active,
		).toBe(false)
		allowConsoleError(/status of 404/)
		expect((await visitor.goto(`/${path}/portfolio/${hiddenId}`))?.status()).toBe(404)
		await visitor.close()
	},
)

test(
	'a new project left untouched is removed however its owner leaves; a reload, another tab or a save keeps it',
	ONE_VIEWPORT,
	async ({ page }) => {
		test.setTimeout(150_000)
		await signUpByPost(page, { name: 'Katherine Johnson' })
		const context = page.context()
		const status = async (portfolioId: string) =>
			(await page.request.get(`/builder/portfolio/${portfolioId}`)).status()
		const removed = (portfolioId: string) =>
			expect.poll(() => status(portfolioId), { timeout: 25_000 }).toBe(404)
		/** The page says it has the project open (it runs). */
		const opened = (tab: Page) =>
			tab.waitForResponse(
				(response) =>
					response.url().endsWith('/one/sites/portfolio/data/presence') &&
					response.request().postDataJSON()?.here === true,
			)
		/** 'Add New' in the builder's list of a tab: the new project's id, its page running. */
		const addNew = async (tab: Page) => {
			await openBuilder(tab, '/builder/portfolio')
			const running = opened(tab)
			await tab.getByRole('button', { name: 'Add New' }).first().click()
			await expect(tab).toHaveURL(/\/builder\/portfolio\/[\w-]+$/)
			await running
			return tab.url().split('/').pop()!
		}

		// Closing the tab.
		const closing = await context.newPage()
		const closedId = await addNew(closing)
		await closing.close({ runBeforeUnload: true })

		// The browser's Back out of the builder (to the page before it).
		const created = await page.request.post('/one/sites/portfolio/data/create/new/portfolio')
		const backedId = ((await created.json()) as { url: string }).url.split('/').pop()!
		const backing = await context.newPage()
		await backing.goto('about:blank')
		const backRunning = opened(backing)
		await backing.goto(`/builder/portfolio/${backedId}`)
		await backRunning
		await backing.goBack()
		await expect(backing).toHaveURL('about:blank')

		// A reload keeps it: the reloaded page has it open again.
		const reloading = await context.newPage()
		const reloadedId = await addNew(reloading)
		const reopened = opened(reloading)
		await reloading.reload()
		await reopened

		// Two tabs on one project: leaving the first keeps it for the second.
		const first = await context.newPage()
		const sharedId = await addNew(first)
		const second = await context.newPage()
		const secondRunning = opened(second)
		await second.goto(`/builder/portfolio/${sharedId}`)
		await secondRunning
		// The first tab leaves for the list; the second says it still has the project.
		const claimed = opened(second)
		await first.getByRole('link', { name: 'Back to Manage Portfolio' }).click()
		await expect(first).toHaveURL(/\/builder\/portfolio$/)
		await claimed

		// Typed into and saved, then the tab closed at once: it stays.
		const typing = await context.newPage()
		const typedId = await addNew(typing)
		await typing.getByRole('button', { name: 'Edit product details' }).click()
		const head = typing.getByRole('dialog', { name: 'Edit Product Details' })
		await head.getByLabel('Agency Name').fill('Langley')
		await head.getByRole('button', { name: 'Update' }).click()
		await expect(head).toBeHidden()
		await typing.close({ runBeforeUnload: true })

		// A project left now, after every leave above: the server removes it once the grace has
		// passed, by a sweep that removes every project left before it too.
		const last = await page.request.post('/one/sites/portfolio/data/create/new/portfolio')
		const lastId = ((await last.json()) as { url: string }).url.split('/').pop()!
		const left = await page.request.post('/one/sites/portfolio/data/presence', {
			data: { portfolioId: lastId, view: 'left-last-of-all', here: false },
		})
		expect(left.status()).toBe(200)
		await removed(closedId)
		await removed(backedId)
		await removed(lastId)
		// Past the grace, those still open or saved are there.
		expect(await status(reloadedId)).toBe(200)
		await expect(reloading.getByRole('heading', { level: 1 })).toHaveText('Add Product Name')
		expect(await status(sharedId)).toBe(200)
		await expect(second.getByRole('heading', { level: 1 })).toHaveText('Add Product Name')
		expect(await status(typedId)).toBe(200)
		// Never shown while untouched: the list has only the one the owner typed into.
		await page.goto('/builder/portfolio')
		await expect(page.getByRole('heading', { name: 'Add Product Name' })).toHaveCount(1)

		// The last tabs close: both untouched projects go.
		await second.close({ runBeforeUnload: true })
		await reloading.close({ runBeforeUnload: true })
		await removed(sharedId)
		await removed(reloadedId)
		await first.close()
		await backing.close()
	},
)
