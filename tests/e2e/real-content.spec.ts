/**
 * The builder with real content on a real phone: the longest values the limits allow on every
 * builder and public page and in every editor (no sideways scrolling at 320, 390 and 1280 px),
 * two tabs editing one section, a 12 MB picture and a batch with bad files, drafts kept,
 * drag-and-drop reordering, the drawer's focus and a deep link through login.
 *
 * Owners are created through the /one API (fast) and log in by the login form's post (the deep
 * link test logs in through the form itself). Set
 * E2E_SCREENSHOTS=<dir> to also save phone screenshots (390 px) of every page and editor.
 */
import fs from 'node:fs'
import path from 'node:path'
import { type APIRequestContext, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { INDUSTRIES, PROJECT_CATEGORIES, SKILLS } from '../../app/data/options'
import { PORTFOLIO_LIMITS, PROFILE_LIMITS, RESUME_LIMITS } from '../../app/utils/field-limits'
import { expectNoSeriousA11yViolations } from './axe'
import {
	allowConsoleError,
	expect,
	logInByPost,
	ONE_VIEWPORT,
	openBuilder,
	openPublicDialog,
	PASSWORD,
	test,
	uniqueName,
} from './helpers'

// ---------------------------------------------------------------- the longest values

/** `text` repeated or cut to exactly `length` characters. */
const exactly = (text: string, length: number) =>
	text.repeat(Math.ceil(length / text.length)).slice(0, length)
/** A text of `length` characters that ends in an unbreakable URL (the worst case for a line). */
const endingInUrl = (length: number) => {
	const url = `https://example.com/${'a-really-long-unbroken-path-segment-'.repeat(20)}`
	const head = 'Shipped it, details at '
	return (head + url).slice(0, length)
}
const LONG_WORD = 'Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaft'
const LONG_PLACE = 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch'
const longLink = (site: string) =>
	exactly(`https://${site}/${'x'.repeat(40)}/`, PROFILE_LIMITS.link)

const LONGEST = {
	name: {
		firstName: exactly(LONG_WORD, PROFILE_LIMITS.firstName),
		lastName: exactly(LONG_WORD.toUpperCase(), PROFILE_LIMITS.lastName),
	},
	designation: exactly('PrincipalEngineer', PROFILE_LIMITS.designation),
	city: exactly(LONG_PLACE, PROFILE_LIMITS.city),
	country: exactly(LONG_PLACE.toUpperCase(), PROFILE_LIMITS.country),
	tagline: endingInUrl(PROFILE_LIMITS.tagline),
	highlights: {
		highOne: endingInUrl(PROFILE_LIMITS.highlight),
		highTwo: exactly(LONG_WORD, PROFILE_LIMITS.highlight),
		highThree: endingInUrl(PROFILE_LIMITS.highlight),
	},
	bio: [exactly(LONG_WORD, 900), endingInUrl(PROFILE_LIMITS.bioParagraph)].join('\n\n'),
	social: {
		linkedInUrl: longLink('linkedin.com'),
		xUrl: longLink('x.com'),
		igUrl: longLink('instagram.com'),
		fbUrl: longLink('facebook.com'),
		ytUrl: longLink('youtube.com'),
		whatAppBusUrl: longLink('wa.me'),
		mobileNumber: '+123456789012345',
		companySite: longLink('dana.design'),
		email: `${'a'.repeat(60)}@${'b'.repeat(60)}.example`,
	},
}

const LONGEST_RESUME = {
	workExp: Array.from({ length: 2 }, () => ({
		company: exactly(LONG_WORD, RESUME_LIMITS.company),
		role: exactly(LONG_WORD.toUpperCase(), RESUME_LIMITS.role),
		startDate: '2019-01',
		endDate: 'Ongoing',
		experience: [endingInUrl(RESUME_LIMITS.experienceLine), exactly(LONG_WORD, 300)],
	})),
	education: [
		{
			eduName: exactly(LONG_WORD, RESUME_LIMITS.eduName),
			eduInstitution: exactly(LONG_PLACE, RESUME_LIMITS.eduInstitution),
			eduStartYear: 2001,
			eduEndYear: 2005,
		},
	],
	skills: [...SKILLS]
		.sort((a, b) => b.length - a.length)
		.slice(0, 6)
		.map((skillName) => ({ skillName, rating: 4.5 })),
	certificates: [
		{
			crtName: exactly(LONG_WORD, RESUME_LIMITS.crtName),
			crtPlat: exactly(LONG_PLACE, RESUME_LIMITS.crtPlat),
			crtUrl: longLink('coursera.org'),
			crtYear: 2020,
		},
	],
	achievements: [endingInUrl(RESUME_LIMITS.achievementLine), exactly(LONG_WORD, 300)],
}

const LONGEST_PROJECT = {
	productName: exactly(LONG_WORD, PORTFOLIO_LIMITS.productName),
	company: exactly(LONG_PLACE, PORTFOLIO_LIMITS.company),
	role: exactly(LONG_WORD.toUpperCase(), PORTFOLIO_LIMITS.role),
	projectSummary: [endingInUrl(1500), exactly(LONG_WORD, 600)],
	duration: exactly('Eighteen-months-', PORTFOLIO_LIMITS.duration),
	industries: [...INDUSTRIES].sort((a, b) => b.length - a.length).slice(0, 8),
	categories: [...PROJECT_CATEGORIES].sort((a, b) => b.length - a.length).slice(0, 8),
}

type Owner = { email: string; path: string; token: string }

/** A new owner with a claimed address, through the /one API. */
async function createOwner(request: APIRequestContext, name = 'Long Values'): Promise<Owner> {
	const email = `${uniqueName('long').toLowerCase()}@example.com`
	const registered = await request.post('/one/auth/new/register', {
		data: { email, password: PASSWORD, name },
	})
	expect(registered.status()).toBe(200)
	const { access_token: token } = (await registered.json()) as { access_token: string }
	const path = uniqueName('Long')
	const claimed = await request.post('/one/path-name/update', {
		data: { path },
		headers: { Authorization: `Bearer ${token}` },
	})
	expect(claimed.status()).toBe(200)
	return { email, path, token }
}

async function post(request: APIRequestContext, owner: Owner, url: string, data: object) {
	const response = await request.post(url, {
		data,
		headers: { Authorization: `Bearer ${owner.token}` },
	})
	expect(response.status(), `${url}: ${await response.text()}`).toBe(200)
	return (await response.json()) as { data?: unknown; url?: string }
}

/** Fills every field of the owner's profile and resume with its longest allowed value. */
async function fillLongestProfile(request: APIRequestContext, owner: Owner) {
	const general = '/one/sites/info/general'
	await post(request, owner, `${general}/name/update`, LONGEST.name)
	await post(request, owner, `${general}/designation/update`, { designation: LONGEST.designation })
	await post(request, owner, `${general}/city/update`, { city: LONGEST.city })
	await post(request, owner, `${general}/country/update`, { country: LONGEST.country })
	await post(request, owner, `${general}/tagline/update`, { tagline: LONGEST.tagline })
	await post(request, owner, `${general}/highlights/update`, LONGEST.highlights)
	await post(request, owner, `${general}/bio/update`, { bio: LONGEST.bio })
	await post(request, owner, `${general}/social-links/update`, LONGEST.social)
	const resume = '/one/sites/resume/work-exp/update'
	await post(request, owner, `${resume}/workexp`, { workExp: LONGEST_RESUME.workExp })
	await post(request, owner, `${resume}/education`, { education: LONGEST_RESUME.education })
	await post(request, owner, `${resume}/skills`, { skills: LONGEST_RESUME.skills })
	await post(request, owner, `${resume}/certificates`, {
		certificates: LONGEST_RESUME.certificates,
	})
	await post(request, owner, `${resume}/achievements`, {
		achievements: LONGEST_RESUME.achievements,
	})
}

/** A project with every field at its longest, active and featured; returns its id. */
async function createLongestProject(request: APIRequestContext, owner: Owner) {
	const { url } = await post(request, owner, '/one/sites/portfolio/data/create/new/portfolio', {})
	const portfolioId = url!.split('/').pop()!
	const update = (section: string, data: object) =>
		post(request, owner, `/one/sites/portfolio/data/update/${section}`, { portfolioId, ...data })
	await update('head', LONGEST_PROJECT)
	await update('skills', { skills: [...SKILLS].sort((a, b) => b.length - a.length).slice(0, 10) })
	const lines = [endingInUrl(PORTFOLIO_LIMITS.listLine), exactly(LONG_WORD, 400)]
	await update('challenges', { challenges: lines })
	await update('solutions', { solution: lines })
	await update('result', { results: lines })
	await post(request, owner, '/one/sites/portfolio/data/update/status', {
		portfolioId,
		active: true,
	})
	await post(request, owner, '/one/sites/portfolio/data/update/status', {
		portfolioId,
		featured: true,
	})
	return portfolioId
}

// ---------------------------------------------------------------- checks

/**
 * Fails when the page scrolls sideways, naming the widest elements. Measured against the layout
 * width (`clientWidth`): a phone browser widens `innerWidth` (zooms out) to show overflowing
 * content, which would hide the very problem.
 */
async function expectNoSidewaysScroll(page: Page, what: string) {
	const { scrollWidth, width, innerWidth, widest } = await page.evaluate(() => {
		const width = document.documentElement.clientWidth
		// Elements reaching past the screen, or whose own content does (text that does not wrap).
		const widest = [...document.querySelectorAll<HTMLElement>('body *')]
			.map((element) => {
				const rect = element.getBoundingClientRect()
				const clipped = getComputedStyle(element).overflowX !== 'visible'
				const spill = clipped ? 0 : element.scrollWidth - element.clientWidth
				return { element, right: rect.right + Math.max(0, spill) }
			})
			.filter(({ right }) => right > width + 1)
			.sort((a, b) => b.right - a.right)
			.slice(0, 4)
			.map(
				({ element, right }) =>
					`<${element.tagName.toLowerCase()} class="${String(element.className).slice(0, 80)}"> right=${Math.round(right)}`,
			)
		return {
			scrollWidth: document.documentElement.scrollWidth,
			width,
			innerWidth: window.innerWidth,
			widest,
		}
	})
	const expected = page.viewportSize()!.width
	expect(
		{ overflow: Math.max(0, scrollWidth - width), innerWidth },
		`${what} is ${scrollWidth} px wide on a ${expected} px screen:\n${widest.join('\n')}`,
	).toEqual({ overflow: 0, innerWidth: expected })
}

/** An editor fits: nothing sideways, its X visible, its main button reachable. */
async function expectDialogFits(page: Page, dialog: Locator, what: string, button?: string) {
	await expect(dialog).toBeVisible()
	const { scrollWidth, clientWidth } = await dialog.evaluate((element) => ({
		scrollWidth: element.scrollWidth,
		clientWidth: element.clientWidth,
	}))
	expect(scrollWidth, `${what}: the dialog scrolls sideways`).toBeLessThanOrEqual(clientWidth)
	await expectNoSidewaysScroll(page, what)
	const close = dialog.getByRole('button', { name: 'Close', exact: true })
	await expect(close, `${what}: the X is on screen`).toBeInViewport({ ratio: 1 })
	if (button) {
		const submit = dialog.getByRole('button', { name: button, exact: true })
		await submit.scrollIntoViewIfNeeded()
		await expect(submit, `${what}: its button is reachable`).toBeInViewport({ ratio: 1 })
	}
}

const shotsDir = process.env.E2E_SCREENSHOTS
async function shot(page: Page, name: string) {
	if (!shotsDir) return
	fs.mkdirSync(shotsDir, { recursive: true })
	const width = page.viewportSize()?.width
	if (width !== 390) return
	// Pages whole; dialogs as the screen shows them.
	const dialog = /^(editor|dialog)-|find-me/.test(name)
	await page.screenshot({ path: path.join(shotsDir, `${name}-390.png`), fullPage: !dialog })
}

/** The widths each project checks: phones on the phone project, a desktop on the desktop one. */
const widthsFor = (project: string) => (project === 'phone' ? [320, 390] : [1280])

async function openEditor(page: Page, button: string, title: string) {
	await page.getByRole('button', { name: button, exact: true }).first().click()
	const dialog = page.getByRole('dialog', { name: title })
	await expect(dialog).toBeVisible()
	return dialog
}

// ---------------------------------------------------------------- tests

/** An owner whose every field holds its longest value, logged in; and their project's id. */
async function longestOwner(page: Page, request: APIRequestContext) {
	const owner = await createOwner(request)
	await fillLongestProfile(request, owner)
	const portfolioId = await createLongestProject(request, owner)
	await logInByPost(page, owner.email)
	return { owner, portfolioId }
}

async function setWidth(page: Page, width: number) {
	await page.setViewportSize({ width, height: width < 1000 ? 844 : 800 })
}

test('the longest values fit every builder and public page', async ({
	page,
	request,
}, testInfo) => {
	test.setTimeout(120_000)
	const { owner, portfolioId } = await longestOwner(page, request)
	const pages = [
		['builder', '/builder'],
		['builder-portfolio', '/builder/portfolio'],
		['builder-project', `/builder/portfolio/${portfolioId}`],
		['builder-images', `/builder/portfolio/manage-images/${portfolioId}`],
		['public-profile', `/${owner.path}`],
		['public-resume', `/${owner.path}/resume`],
		['public-portfolio', `/${owner.path}/portfolio`],
		['public-project', `/${owner.path}/portfolio/${portfolioId}`],
	] as const
	for (const width of widthsFor(testInfo.project.name)) {
		await setWidth(page, width)
		for (const [name, url] of pages) {
			// Each width asks for the public pages afresh (not a conditional request of the
			// browser's cache, which another issue's page-cache work covers).
			await page.goto(url.startsWith('/builder') ? url : `${url}?w=${width}`)
			await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
			await expectNoSidewaysScroll(page, `${url} at ${width} px`)
			await shot(page, name)
			if (name === 'public-profile') {
				// The public dialogs too: Find Me.
				await openPublicDialog(page, page.getByRole('button', { name: 'Find Me' }))
				const findMe = page.getByRole('dialog', { name: 'Find Me' })
				await expectDialogFits(page, findMe, `Find Me at ${width} px`)
				await shot(page, 'public-find-me')
				await page.keyboard.press('Escape')
				await expect(findMe).toBeHidden()
				// Owner text reads in its own direction (mixed scripts render in order).
				await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('dir', 'auto')
			}
		}
	}
})

test('the longest values fit every profile editor', async ({ page, request }, testInfo) => {
	test.setTimeout(120_000)
	await longestOwner(page, request)
	const editors = [
		['Edit name, designation and location', 'Edit name and location'],
		['Edit tagline', 'Edit tagline'],
		['Edit social and contact links', 'Edit social and contact links'],
		['Edit career highlights', 'Edit career highlights'],
		['Edit bio', 'Edit bio'],
		['Edit work experience', 'Edit work experience'],
		['Edit education', 'Edit education'],
		['Edit skills', 'Edit skills'],
		['Edit certificates', 'Edit certificates'],
		['Edit achievements', 'Edit achievements'],
		['Edit display picture', 'Edit Display Picture'],
	] as const
	for (const width of widthsFor(testInfo.project.name)) {
		await setWidth(page, width)
		await openBuilder(page)
		for (const [button, title] of editors) {
			const dialog = await openEditor(page, button, title)
			await expectDialogFits(page, dialog, `${title} at ${width} px`, 'Update')
			await shot(page, `editor-${title.toLowerCase().replace(/\W+/g, '-')}`)
			await dialog.getByRole('button', { name: 'Close', exact: true }).click()
			await expect(dialog).toBeHidden()
		}
	}
})

test('the longest values fit every project editor and dialog', async ({
	page,
	request,
}, testInfo) => {
	test.setTimeout(120_000)
	const { portfolioId } = await longestOwner(page, request)
	const editors = [
		['Edit product details', 'Edit Product Details'],
		['Edit skills and expertise', 'Edit Skills And Expertise'],
		['Edit challenges', 'Edit Challenges'],
		['Edit solutions', 'Edit Solutions'],
		['Edit result', 'Edit Result'],
	] as const
	for (const width of widthsFor(testInfo.project.name)) {
		await setWidth(page, width)
		await openBuilder(page, `/builder/portfolio/${portfolioId}`)
		for (const [button, title] of editors) {
			const dialog = await openEditor(page, button, title)
			await expectDialogFits(page, dialog, `${title} at ${width} px`, 'Update')
			await shot(page, `editor-${title.toLowerCase().replace(/\W+/g, '-')}`)
			await dialog.getByRole('button', { name: 'Close', exact: true }).click()
			await expect(dialog).toBeHidden()
		}

		await page.goto(`/builder/portfolio/manage-images/${portfolioId}`)
		const upload = await openEditor(page, 'Update Product Images', 'Edit Display Picture')
		await upload.getByLabel('Product images').setInputFiles({
			name: `${exactly(LONG_WORD, 200)}.pdf`,
			mimeType: 'application/pdf',
			buffer: Buffer.from('%PDF'),
		})
		await expectDialogFits(page, upload, `Project images at ${width} px`, 'Upload')
		await shot(page, 'editor-project-images')
		await upload.getByRole('button', { name: 'Close', exact: true }).click()
		await expect(upload).toBeHidden()

		await page.goto('/builder/portfolio')
		await page
			.getByRole('button', { name: /^Delete / })
			.first()
			.click()
		const confirm = page.getByRole('dialog', { name: 'Delete this project?' })
		await expectDialogFits(page, confirm, `Delete project at ${width} px`, 'Delete')
		await shot(page, 'dialog-delete-project')
		await confirm.getByRole('button', { name: 'Cancel' }).click()
		await expect(confirm).toBeHidden()
	}
})

// No page: the same requests on either project.
test(
	'the link preview card of the longest name is a 1200 x 630 PNG',
	ONE_VIEWPORT,
	async ({ request }) => {
		const owner = await createOwner(request)
		await fillLongestProfile(request, owner)
		const response = await request.get(`/${owner.path}/og.png`)
		expect(response.status()).toBe(200)
		const meta = await sharp(await response.body()).metadata()
		expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630])
	},
)

test(
	'two tabs edit one section: the stale save is refused, its draft kept, the section reloads',
	ONE_VIEWPORT,
	async ({ page, browser, request }) => {
		test.setTimeout(120_000)
		const owner = await createOwner(request)
		await post(request, owner, '/one/sites/resume/work-exp/update/workexp', {
			workExp: [{ company: 'First Co', role: 'Designer', experience: 'Drew things' }],
		})
		await logInByPost(page, owner.email)
		await openBuilder(page)
		const otherContext = await browser.newContext()
		const tabB = await otherContext.newPage()
		await logInByPost(tabB, owner.email)
		await openBuilder(tabB)

		// Tab A adds a position and saves.
		let dialog = await openEditor(page, 'Edit work experience', 'Edit work experience')
		await dialog.getByRole('button', { name: 'Add position' }).click()
		await dialog.getByLabel('Company').nth(1).fill('Second Co')
		await dialog.getByRole('button', { name: 'Update', exact: true }).click()
		await expect(dialog).toBeHidden()

		// Tab B, not reloaded, edits the first position's experience and saves: refused.
		allowConsoleError(/status of 412/)
		const stale = await openEditor(tabB, 'Edit work experience', 'Edit work experience')
		await stale.getByLabel('Experience').first().fill('Drew things\nMy unsaved words')
		await stale.getByRole('button', { name: 'Update', exact: true }).click()
		const conflict = stale
			.getByRole('alert')
			.filter({ hasText: 'This was changed in another tab or device' })
		await expect(conflict).toBeVisible()
		await expect(stale).toBeVisible()
		await expect(stale.getByLabel('Experience').first()).toHaveValue(
			'Drew things\nMy unsaved words',
		)
		await expectNoSeriousA11yViolations(tabB)
		// Tab A's position is still there.
		await page.reload()
		await expect(page.getByText('Second Co')).toBeVisible()

		// Reloading the section shows tab A's save; saving from there works.
		await stale.getByRole('button', { name: 'Reload section' }).click()
		await expect(stale.getByLabel('Company')).toHaveCount(2)
		await expect(stale.getByLabel('Company').nth(1)).toHaveValue('Second Co')
		await expect(conflict).toBeHidden()
		await stale.getByLabel('Experience').first().fill('Drew things\nMy words, again')
		await stale.getByRole('button', { name: 'Update', exact: true }).click()
		await expect(stale).toBeHidden()
		await expect(tabB.getByText('My words, again')).toBeVisible()
		await expect(tabB.getByText('Second Co')).toBeVisible()

		// A changed draft asks before the backdrop throws it away.
		dialog = await openEditor(page, 'Edit tagline', 'Edit tagline')
		await dialog.getByLabel('Tagline').fill('Half-typed')
		await page.mouse.click(5, 5)
		const discard = page.getByRole('alertdialog', { name: 'Discard your changes?' })
		await expect(discard).toBeVisible()
		await expectNoSeriousA11yViolations(page)
		await discard.getByRole('button', { name: 'Keep editing' }).click()
		await expect(dialog.getByLabel('Tagline')).toHaveValue('Half-typed')
		await otherContext.close()
	},
)

test(
	'the editors: every error at once, https:// added, counters, and which email visitors see',
	ONE_VIEWPORT,
	async ({ page, request }) => {
		test.setTimeout(90_000)
		const owner = await createOwner(request)
		await logInByPost(page, owner.email)
		await openBuilder(page)

		// Three fields over their limits: three errors after one save.
		allowConsoleError(/status of 400/)
		let dialog = await openEditor(
			page,
			'Edit name, designation and location',
			'Edit name and location',
		)
		await dialog.getByLabel('First name').fill('x'.repeat(PROFILE_LIMITS.firstName + 1))
		await dialog.getByLabel('Designation').fill('y'.repeat(PROFILE_LIMITS.designation + 1))
		await dialog.getByLabel('Country').fill('z'.repeat(PROFILE_LIMITS.country + 1))
		await expect(
			dialog.getByText(`${PROFILE_LIMITS.firstName + 1}/${PROFILE_LIMITS.firstName} · 1 too many`),
		).toBeVisible()
		await dialog.getByRole('button', { name: 'Update', exact: true }).click()
		await expect(dialog.getByText('First name must be at most 60 characters')).toBeVisible()
		await expect(dialog.getByText('Designation must be at most 100 characters')).toBeVisible()
		await expect(dialog.getByText('Country must be at most 80 characters')).toBeVisible()
		await dialog.getByRole('button', { name: 'Close', exact: true }).click()
		await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click()
		await expect(dialog).toBeHidden()

		// Links typed without https:// get it; the links editor says which email visitors see.
		dialog = await openEditor(
			page,
			'Edit social and contact links',
			'Edit social and contact links',
		)
		await expect(dialog.getByText(`Visitors see: ${owner.email}`)).toBeVisible()
		await expect(
			dialog.getByText('(your login email, because the contact email is empty)'),
		).toBeVisible()
		await dialog.getByLabel('LinkedIn').fill('linkedin.com/in/dana')
		await dialog.getByLabel('Website').fill('www.dana.design')
		await dialog.getByLabel('Contact email').focus()
		await expect(dialog.getByLabel('LinkedIn')).toHaveValue('https://linkedin.com/in/dana')
		await expect(dialog.getByText('0/500').first()).toBeVisible()
		await dialog.getByLabel('Hide my email from visitors').check()
		await expect(dialog.getByText('Visitors see no email address.')).toBeVisible()
		await dialog.getByRole('button', { name: 'Update', exact: true }).click()
		await expect(dialog).toBeHidden()

		// Visitors see neither address, anywhere.
		const publicPage = await request.get(`/${owner.path}`)
		expect(await publicPage.text()).not.toContain(owner.email)
		const card = await request.get(`/${owner.path}/contact.vcf`)
		expect(await card.text()).not.toContain('EMAIL')
	},
)

test(
	'uploads fail fast and per file: a 12 MB picture at once, a batch keeps its good files',
	ONE_VIEWPORT,
	async ({ page, request }, testInfo) => {
		test.setTimeout(90_000)
		// Large files are handed to the browser by path: as bytes they would cross the test's
		// connection to it base64-encoded, megabytes the page never sees any differently.
		const file = (name: string, bytes: Buffer) => {
			const where = testInfo.outputPath(name)
			fs.writeFileSync(where, bytes)
			return where
		}
		const owner = await createOwner(request)
		const { url } = await post(request, owner, '/one/sites/portfolio/data/create/new/portfolio', {})
		const portfolioId = url!.split('/').pop()!
		await logInByPost(page, owner.email)
		await openBuilder(page)
		const sent: string[] = []
		page.on('request', (request) => {
			if (request.url().includes('/one/sites/images/')) sent.push(request.url())
		})

		// A 12 MB display picture: refused within 2 s of being chosen, nothing sent.
		const picture = await openEditor(page, 'Edit display picture', 'Edit Display Picture')
		await picture
			.getByLabel('Choose a picture')
			.setInputFiles(file('holiday.png', Buffer.alloc(12 * 1024 * 1024, 1)))
		await expect(picture.getByRole('alert')).toContainText('Each image must be 10 MB or smaller.', {
			timeout: 2_000,
		})
		await expect(picture.getByRole('alert')).toContainText('holiday.png')
		await picture.getByRole('button', { name: 'Update', exact: true }).click()
		await expect(picture.getByRole('alert')).toContainText('10 MB or smaller')
		expect(sent).toEqual([])
		await picture.getByRole('button', { name: 'Close', exact: true }).click()

		// A batch: two good pictures, a PDF, an 11 MB picture and a damaged one. The good ones are
		// uploaded; each refused one is named with its reason and stays selected.
		const png = (color: string) =>
			sharp({ create: { width: 320, height: 180, channels: 3, background: color } })
				.png()
				.toBuffer()
		// The damaged file is refused by the server (415: its content is no picture).
		allowConsoleError(/status of 415 .*portfolio-images/)
		await page.goto(`/builder/portfolio/manage-images/${portfolioId}`)
		const modal = await openEditor(page, 'Update Product Images', 'Edit Display Picture')
		await modal
			.getByLabel('Product images')
			.setInputFiles([
				file('good-one.png', await png('#ef4444')),
				file('notes.pdf', Buffer.from('%PDF-1.4')),
				file('huge.png', Buffer.alloc(11 * 1024 * 1024, 1)),
				file('damaged.png', Buffer.from('not really a png')),
				file('good-two.png', await png('#22c55e')),
			])
		const selected = modal.getByRole('list', { name: 'Selected images' }).getByRole('listitem')
		await expect(selected).toHaveCount(5)
		await expect(selected.filter({ hasText: 'notes.pdf' })).toContainText(
			'Only JPEG, PNG, WebP or AVIF images are allowed.',
		)
		await expect(selected.filter({ hasText: 'huge.png' })).toContainText(
			'Each image must be 10 MB or smaller.',
		)
		await modal.getByRole('button', { name: 'Upload 3 images' }).click()
		await expect(modal.getByRole('alert')).toContainText(
			'Not uploaded: “notes.pdf”, “huge.png”, “damaged.png”',
		)
		await expect(selected).toHaveCount(3)
		await expect(selected.filter({ hasText: 'damaged.png' })).toContainText(
			'Only JPEG, PNG, WebP or AVIF images are allowed.',
		)
		await expectNoSeriousA11yViolations(page)
		await modal.getByRole('button', { name: 'Close', exact: true }).click()
		await expect(modal).toBeHidden()
		await expect(
			page.getByRole('list', { name: 'Product images' }).getByRole('listitem'),
		).toHaveCount(2)
		// Only the three files that could be pictures were sent, one request each.
		expect(sent.filter((url) => url.includes('portfolio-images'))).toHaveLength(3)
	},
)

test('portfolio order by drag and drop in one call; a note when more than 3 are featured', async ({
	page,
	request,
}, testInfo) => {
	test.setTimeout(90_000)
	const owner = await createOwner(request)
	const names = ['Alpha', 'Bravo', 'Charlie', 'Delta']
	for (const productName of names) {
		const { url } = await post(request, owner, '/one/sites/portfolio/data/create/new/portfolio', {})
		const portfolioId = url!.split('/').pop()!
		// The head is written whole (the presence rule): fields not given are sent empty.
		await post(request, owner, '/one/sites/portfolio/data/update/head', {
			portfolioId,
			productName,
			company: '',
			role: '',
			projectSummary: '',
			duration: '',
			industries: [],
			categories: [],
		})
		for (const flag of [{ active: true }, { featured: true }]) {
			await post(request, owner, '/one/sites/portfolio/data/update/status', {
				portfolioId,
				...flag,
			})
		}
	}
	await logInByPost(page, owner.email)
	await openBuilder(page, '/builder/portfolio')
	const rows = page.getByRole('list', { name: 'Your projects' }).getByRole('heading', { level: 2 })
	await expect(rows).toHaveText(names)
	await expect(
		page.getByText('4 projects are featured, but your profile shows only the first 3.'),
	).toBeVisible()
	await expect(page.getByText('Not shown: Delta.', { exact: false })).toBeVisible()

	// Drag Delta (by its handle) above Alpha: one save for the whole move.
	const saves: string[] = []
	page.on('request', (request) => {
		if (request.method() === 'POST' && request.url().includes('.data')) saves.push(request.url())
	})
	const handle = page.getByRole('button', { name: 'Reorder Delta' })
	const target = page.getByRole('button', { name: 'Reorder Alpha' })
	await handle.scrollIntoViewIfNeeded()
	const from = (await handle.boundingBox())!
	const to = (await target.boundingBox())!
	await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
	await page.mouse.down()
	for (let step = 1; step <= 8; step++) {
		await page.mouse.move(from.x + from.width / 2, from.y + ((to.y - 40 - from.y) * step) / 8)
	}
	const saved = page.waitForResponse(
		(response) => response.request().method() === 'POST' && response.url().includes('.data'),
	)
	await page.mouse.up()
	await expect(rows).toHaveText(['Delta', 'Alpha', 'Bravo', 'Charlie'])
	await expect.poll(() => saves.length).toBe(1)
	await expect(page.getByText('Not shown: Charlie.', { exact: false })).toBeVisible()
	// A reload once the order is saved shows it again.
	expect((await saved).status()).toBe(200)
	await page.reload()
	await expect(rows).toHaveText(['Delta', 'Alpha', 'Bravo', 'Charlie'])
	await expectNoSeriousA11yViolations(page)

	// The phone drawer opens with the focus on its first link, not on Logout.
	if (testInfo.project.name === 'phone') {
		await page.getByRole('button', { name: 'Open menu' }).click()
		const drawer = page.getByRole('dialog', { name: 'Menu' })
		await expect(drawer.getByRole('link', { name: 'Portfolio Home' })).toBeFocused()
		await page.keyboard.press('Escape')
	} else {
		await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden()
	}
})

test(
	'a deep link opened signed out leads back to it after logging in (same site only)',
	ONE_VIEWPORT,
	async ({ page, request }) => {
		const owner = await createOwner(request)
		const { url } = await post(request, owner, '/one/sites/portfolio/data/create/new/portfolio', {})
		const portfolioId = url!.split('/').pop()!
		const deepLink = `/builder/portfolio/manage-images/${portfolioId}`
		await page.goto(deepLink)
		await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(deepLink)}$`))
		await page.getByLabel('Email').fill(owner.email)
		await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
		await page.getByRole('button', { name: 'Log In' }).click()
		await expect(page).toHaveURL(new RegExp(`${deepLink}$`))
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage Product Images')

		// Another site is never a destination: those go to /builder.
		await page.context().clearCookies()
		for (const hostile of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
			await page.goto(`/login?redirectTo=${encodeURIComponent(hostile)}`)
			await page.getByLabel('Email').fill(owner.email)
			await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
			await page.getByRole('button', { name: 'Log In' }).click()
			await expect(page).toHaveURL(/\/builder$/)
			await page.context().clearCookies()
		}
	},
)
