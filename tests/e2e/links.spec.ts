/**
 * Links of your own, end to end on a phone: the owner adds links in the builder,
 * reorders them by keyboard, hides one, highlights one and schedules one (typed in the browser's
 * time zone, the browser's clock pinned with Playwright's `page.clock`); visitors see the live
 * ones as labelled buttons in the first screen at 390 px, with JavaScript and without, axe-clean;
 * a click is counted in Insights under the link's title; in Arabic the section is mirrored.
 *
 * The server's clock is the real one: what a visitor sees of a schedule is checked with windows
 * around the real time (not yet started, started, ended); the page cache's part in it (a start or
 * an end changes the cached page) is tested on the server (app/utils/cache-key.test.ts and the
 * links' model tests).
 */
import { type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { DEMO_PROFILE } from '../fixtures/demo-owner'
import { expectNoSeriousA11yViolations } from './axe'
import {
	allowConsoleError,
	expect,
	logInByPost,
	ONE_VIEWPORT,
	openBuilderMenu,
	PASSWORD,
	registerAndClaim,
	reviewShot,
	test,
} from './helpers'

/** Headless Chromium says so in its user agent, and bots are not counted: look like a person. */
const VISITOR_AGENT =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
/** The owner's browser is in New York: what they type is New York time. */
const ZONE = 'America/New_York'
const PHONE = { width: 390, height: 844 }
const HOUR = 3_600_000
const DAY = 24 * HOUR

type Headers = { Authorization: string }

/** An owner with a profile of realistic length (the demo owner's card, no picture). */
async function realisticOwner(request: APIRequestContext) {
	const owner = await registerAndClaim(request, 'Linker')
	const fields: Array<[string, object]> = [
		['name', { firstName: DEMO_PROFILE.firstName, lastName: DEMO_PROFILE.lastName }],
		['designation', { designation: DEMO_PROFILE.designation }],
		['city', { city: DEMO_PROFILE.city }],
		['country', { country: DEMO_PROFILE.country }],
		['tagline', { tagline: DEMO_PROFILE.tagline }],
	]
	for (const [field, data] of fields) {
		const response = await request.post(`/one/sites/info/general/${field}/update`, {
			headers: owner.headers,
			data,
		})
		expect(response.status(), await response.text()).toBe(200)
	}
	return owner
}

async function setLinks(request: APIRequestContext, headers: Headers, links: object[]) {
	const response = await request.post('/one/sites/links/update', { headers, data: { links } })
	expect(response.status(), await response.text()).toBe(200)
}

async function ownLinks(request: APIRequestContext, headers: Headers, customerId: string) {
	const response = await request.get(`/one/sites/links/get?customer_id=${customerId}`, { headers })
	expect(response.status()).toBe(200)
	const body = (await response.json()) as {
		data: {
			links: Array<{
				title: string
				icon: string
				active: boolean
				highlight: boolean
				startsAt: string | null
				endsAt: string | null
			}>
		}
	}
	return body.data.links
}

/** The customer id of a token (the API names owners by it). */
async function customerIdOf(request: APIRequestContext, headers: Headers) {
	const response = await request.get('/one/auth/new/session', { headers })
	const body = (await response.json()) as { customer_id?: string; data?: { customer_id?: string } }
	return body.customer_id ?? body.data?.customer_id ?? ''
}

/** A moment as `<input type="datetime-local">` shows it in `zone` ('2026-05-01T09:30'). */
const localIn = (ms: number, zone = ZONE) =>
	new Date(ms)
		.toLocaleString('sv-SE', { timeZone: zone, hour12: false })
		.replace(' ', 'T')
		.slice(0, 16)

/** A visitor's browser: a person's user agent, the links' own sites answered here. */
async function visitor(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
	const context = await browser.newContext({
		userAgent: VISITOR_AGENT,
		viewport: PHONE,
		isMobile: true,
		hasTouch: true,
		...options,
	})
	await context.route(/^https:\/\/[a-z.]*example\.com\//, (route) =>
		route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Elsewhere</title>' }),
	)
	return { context, page: await context.newPage() }
}

/** The titles of the visitors' 'Links' section, in order (none: no section). */
async function shownTitles(page: Page, path: string) {
	await page.goto(`/${path}`)
	const section = page.getByRole('region', { name: 'Links' })
	if (!(await section.count())) return []
	return section.getByRole('link').allInnerTexts()
}

test(
	'the owner adds, reorders by keyboard, hides, highlights and schedules links in the builder',
	ONE_VIEWPORT,
	async ({ browser, request }) => {
		test.setTimeout(120_000)
		const owner = await realisticOwner(request)
		const customerId = await customerIdOf(request, owner.headers)
		const context = await browser.newContext({
			viewport: { width: 412, height: 915 },
			isMobile: true,
			hasTouch: true,
			timezoneId: ZONE,
		})
		const page = await context.newPage()
		// The owner's clock, pinned: the schedule typed below is relative to it.
		const now = Date.now()
		await page.clock.setFixedTime(now)
		await logInByPost(page, owner.email)
		await page.goto('/builder')

		// No links yet: the section prompts for them.
		const section = page.getByRole('region', { name: 'Links' })
		await section.getByRole('button', { name: 'Add your links' }).click()
		const dialog = page.getByRole('dialog', { name: 'Edit links' })
		await expect(dialog).toBeVisible()
		await expect(dialog).toContainText(`Dates and times are in your time zone: ${ZONE}`)
		// Each link is a group named by its title ('Link 2' until it has one).
		const rows = dialog.getByRole('group')
		const add = async (title: string, url: string) => {
			await dialog.getByRole('button', { name: 'Add link' }).click()
			const count = await rows.count()
			const fresh = dialog.getByRole('group', { name: `Link ${count}`, exact: true })
			await expect(fresh.getByLabel('Title')).toBeFocused()
			await fresh.getByLabel('Title').fill(title)
			const row = dialog.getByRole('group', { name: title, exact: true })
			await row.getByLabel('URL').fill(url)
			return row
		}
		await add('Newsletter', 'https://news.example.com/jane')
		const github = await add('My code', 'https://github.com/jane-e2e')
		// 'Automatic' names the icon the URL calls for as it is typed.
		await expect(github.getByLabel('Icon').locator('option[value=""]')).toHaveText(
			'Automatic (GitHub)',
		)
		const old = await add('Old site', 'https://old.example.com')
		await old.getByLabel('Visible', { exact: true }).uncheck()
		await expect(old).toContainText('Hidden')
		const talk = await add('Talk at Config', 'https://talks.example.com/config')
		const start = localIn(now + 2 * DAY)
		const end = localIn(now + 3 * DAY)
		await talk.getByLabel('Visible from').fill(start)
		await talk.getByLabel('Visible until').fill(end)
		await expect(talk).toContainText('Scheduled')
		const mail = await add('Email me', 'mailto:jane@example.com')
		await expect(mail.getByLabel('Icon').locator('option[value=""]')).toHaveText(
			'Automatic (Email)',
		)
		// One highlighted link: choosing another unchooses the first.
		await github.getByLabel('Highlight this link').check()
		await rows.first().getByLabel('Highlight this link').check()
		await expect(github.getByLabel('Highlight this link')).not.toBeChecked()
		await expect(rows.first()).toContainText('Highlighted')

		// By keyboard: 'My code' picked up, moved up one place, dropped.
		const handle = dialog.getByRole('button', { name: 'Reorder My code' })
		await handle.focus()
		await page.keyboard.press('Space')
		await page.keyboard.press('ArrowUp')
		await page.keyboard.press('Space')
		await expect(dialog.getByText('My code dropped at position 1 of 5.')).toBeAttached()
		await expect(rows.first()).toContainText('My code')
		await expectNoSeriousA11yViolations(page)

		await dialog.getByRole('button', { name: 'Update' }).click()
		await expect(page.getByText('Links updated')).toBeVisible()
		await expect(dialog).toBeHidden()

		const saved = await ownLinks(request, owner.headers, customerId)
		expect(saved.map((link) => [link.title, link.icon, link.active, link.highlight])).toEqual([
			['My code', 'github', true, false],
			['Newsletter', 'link', true, true],
			['Old site', 'link', false, false],
			['Talk at Config', 'link', true, false],
			['Email me', 'mail', true, false],
		])
		// Stored as instants, which read in New York as what the owner typed.
		const scheduled = saved[3]!
		expect(scheduled.startsAt).toMatch(/Z$/)
		expect(localIn(Date.parse(scheduled.startsAt!))).toBe(start)
		expect(localIn(Date.parse(scheduled.endsAt!))).toBe(end)
		// The builder shows every link, marking those visitors do not see now.
		await expect(section.getByRole('link')).toHaveText([
			'My code',
			'Newsletter',
			/Old site\s*Hidden/,
			/Talk at Config\s*Scheduled/,
			'Email me',
		])

		// Visitors: the live links only, in the owner's order.
		const guest = await visitor(browser)
		expect(await shownTitles(guest.page, owner.path)).toEqual(['My code', 'Newsletter', 'Email me'])

		// Inside its window (the owner's clock two days on), the editor no longer says 'Scheduled'.
		await page.clock.setFixedTime(now + 2 * DAY + HOUR)
		await section.getByRole('button', { name: 'Edit links' }).click()
		await expect(rows.nth(3)).toContainText('Talk at Config')
		await expect(rows.nth(3)).not.toContainText('Scheduled')
		await expect(rows.nth(3)).toContainText('Visible from')
		// A window around the real time: the visitors' page shows the link.
		await page.clock.setFixedTime(now)
		await rows.nth(3).getByRole('button', { name: 'Edit Talk at Config' }).click()
		await rows
			.nth(3)
			.getByLabel('Visible from')
			.fill(localIn(now - DAY))
		await rows
			.nth(3)
			.getByLabel('Visible until')
			.fill(localIn(now + DAY))
		await dialog.getByRole('button', { name: 'Update' }).click()
		await expect(dialog).toBeHidden()
		expect(await shownTitles(guest.page, owner.path)).toEqual([
			'My code',
			'Newsletter',
			'Talk at Config',
			'Email me',
		])
		// Ended: gone again.
		await section.getByRole('button', { name: 'Edit links' }).click()
		await rows.nth(3).getByRole('button', { name: 'Edit Talk at Config' }).click()
		await rows
			.nth(3)
			.getByLabel('Visible until')
			.fill(localIn(now - HOUR))
		await expect(rows.nth(3)).toContainText('Ended')
		await dialog.getByRole('button', { name: 'Update' }).click()
		await expect(dialog).toBeHidden()
		expect(await shownTitles(guest.page, owner.path)).toEqual(['My code', 'Newsletter', 'Email me'])
		await guest.context.close()
		await context.close()
	},
)

test(
	'a refused save names the item next to its field; a stale tab keeps its draft',
	ONE_VIEWPORT,
	async ({ page, request }) => {
		// The refused save (400) and the stale one (412), as the browser logs them.
		allowConsoleError(/status of 4(00|12)/)
		const owner = await realisticOwner(request)
		await setLinks(request, owner.headers, [
			{ title: 'Portfolio', url: 'https://jane.example.com' },
		])
		await logInByPost(page, owner.email)
		await page.goto('/builder')
		const section = page.getByRole('region', { name: 'Links' })
		await section.getByRole('button', { name: 'Edit links' }).click()
		const dialog = page.getByRole('dialog', { name: 'Edit links' })
		await dialog.getByRole('button', { name: 'Add link' }).click()
		await dialog.getByRole('group', { name: 'Link 2' }).getByLabel('Title').fill('Script')
		const row = dialog.getByRole('group', { name: 'Script' })
		await row.getByLabel('URL').fill('javascript:alert(1)')
		await dialog.getByRole('button', { name: 'Update' }).click()
		const url = row.getByLabel('URL')
		await expect(url).toHaveAttribute('aria-invalid', 'true')
		await expect(url).toBeFocused()
		await expect(row).toContainText('Enter a link starting with https://, http://, mailto: or tel:')

		// Meanwhile the list changes elsewhere (another tab, the API): this save is refused whole.
		await setLinks(request, owner.headers, [
			{ title: 'Elsewhere', url: 'https://else.example.com' },
		])
		await url.fill('https://script.example.com')
		await dialog.getByRole('button', { name: 'Update' }).click()
		await expect(dialog.getByRole('alert')).toContainText(
			'This was changed in another tab or device.',
		)
		await expect(row.getByLabel('Title')).toHaveValue('Script')
		const saved = await ownLinks(request, owner.headers, await customerIdOf(request, owner.headers))
		expect(saved.map((link) => link.title)).toEqual(['Elsewhere'])
	},
)

test(
	'visitors: labelled buttons in the first screen at 390 px, with and without JavaScript; a click counted by title',
	ONE_VIEWPORT,
	async ({ browser, page, request }) => {
		test.setTimeout(90_000)
		const owner = await realisticOwner(request)
		await setLinks(request, owner.headers, [
			{ title: 'Book a call', url: 'https://cal.com/jane-e2e', highlight: true },
			{ title: 'Newsletter', url: 'https://news.example.com/jane' },
			{ title: 'Dribbble', url: 'https://dribbble.com/jane-e2e' },
			{ title: 'Call me', url: 'tel:+351912345678' },
		])
		for (const javaScriptEnabled of [false, true]) {
			const guest = await visitor(browser, { javaScriptEnabled })
			await guest.page.goto(`/${owner.path}`)
			const section = guest.page.getByRole('region', { name: 'Links' })
			const links = section.getByRole('link')
			await expect(links).toHaveText(['Book a call', 'Newsletter', 'Dribbble', 'Call me'])
			// Directly under the profile card, before the career highlights.
			const order = await guest.page.evaluate(() =>
				[...document.querySelectorAll('main section')].map(
					(element) =>
						element.getAttribute('aria-label') ?? element.getAttribute('aria-labelledby'),
				),
			)
			expect(order.slice(0, 2)).toEqual(['Profile', 'links'])
			const first = links.first()
			await expect(first).toHaveAttribute('rel', 'me noopener')
			await expect(first).toHaveAttribute('href', 'https://cal.com/jane-e2e')
			await expect(first).toHaveAttribute('class', /\bu-url\b/)
			await expect(links.last()).toHaveAttribute('href', 'tel:+351912345678')
			// The first link whole in the first screen, nothing wider than the screen.
			const box = (await first.boundingBox())!
			expect(box.y).toBeGreaterThan(0)
			expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height)
			expect(
				await guest.page.evaluate(() => document.documentElement.scrollWidth),
			).toBeLessThanOrEqual(PHONE.width)
			if (javaScriptEnabled) {
				await expectNoSeriousA11yViolations(guest.page)
				// The page's beacon counts the click; the link still opens its page.
				await section.getByRole('link', { name: 'Newsletter' }).click()
				await expect(guest.page).toHaveURL('https://news.example.com/jane')
			} else {
				await section.getByRole('link', { name: 'Newsletter' }).click()
				await expect(guest.page).toHaveURL('https://news.example.com/jane')
			}
			await guest.context.close()
		}

		await logInByPost(page, owner.email)
		await page.goto('/builder')
		const nav = await openBuilderMenu(page)
		await nav.getByRole('link', { name: 'Insights' }).click()
		await expect(page).toHaveURL(/\/builder\/insights$/)
		const newsletter = page
			.getByRole('region', { name: 'Top links' })
			.getByRole('listitem')
			.filter({ hasText: 'Newsletter' })
		// Counts are written every few seconds.
		await expect(async () => {
			await page.reload()
			await expect(newsletter).toContainText('1', { timeout: 500 })
		}).toPass({ timeout: 20_000 })
	},
)

test(
	'in Arabic the section reads right to left: the icon at the start, on the right',
	ONE_VIEWPORT,
	async ({ browser, request }) => {
		const owner = await realisticOwner(request)
		const longUrl = 'https://calendly.com/karimm/30min-a-first-conversation-about-your-product'
		await setLinks(request, owner.headers, [
			{ title: 'GitHub', url: 'https://github.com/jane-e2e', highlight: true },
			{ title: 'Newsletter', url: 'https://news.example.com/jane' },
			{ title: 'احجز موعدًا', url: longUrl },
		])
		// A place written in Arabic is joined with the Arabic comma.
		for (const [field, data] of [
			['city', { city: 'الرياض' }],
			['country', { country: 'السعودية' }],
		] as const) {
			const response = await request.post(`/one/sites/info/general/${field}/update`, {
				headers: owner.headers,
				data,
			})
			expect(response.status()).toBe(200)
		}
		const language = await request.post('/one/sites/info/general/language/update', {
			headers: owner.headers,
			data: { language: 'ar' },
		})
		expect(language.status()).toBe(200)
		const guest = await visitor(browser)
		await guest.page.goto(`/${owner.path}`)
		await expect(guest.page.locator('html')).toHaveAttribute('dir', 'rtl')
		await expect(guest.page.getByText('الرياض، السعودية', { exact: true })).toBeVisible()
		const first = guest.page.getByRole('region', { name: 'الروابط' }).getByRole('link').first()
		await expect(first).toHaveText('GitHub')
		const icon = (await first.locator('svg').boundingBox())!
		const title = (await first.getByText('GitHub').boundingBox())!
		expect(icon.x).toBeGreaterThan(title.x + title.width)
		expect(
			await guest.page.evaluate(() => document.documentElement.scrollWidth),
		).toBeLessThanOrEqual(PHONE.width)
		await expectNoSeriousA11yViolations(guest.page)
		await guest.context.close()

		// The builder in Arabic: the same section, its editor's rows mirrored too.
		const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
		await context.addCookies([
			{ name: 'tagg_lang', value: 'ar', url: test.info().project.use.baseURL! },
		])
		const page = await context.newPage()
		await logInByPost(page, owner.email)
		await page.goto('/builder')
		await page.getByRole('button', { name: 'تعديل الروابط' }).click()
		const row = page.getByRole('dialog', { name: 'تعديل الروابط' }).getByRole('group').first()
		const handle = (await row.getByRole('button', { name: 'إعادة ترتيب GitHub' }).boundingBox())!
		const name = (await row.locator('p > bdi').first().boundingBox())!
		expect(handle.x).toBeGreaterThan(name.x + name.width)
		// A long address reads left to right and is cut at its end: its beginning stays in view.
		const address = page.getByText(longUrl, { exact: true })
		await expect(address).toHaveAttribute('dir', 'ltr')
		const cut = await address.evaluate((element) => {
			const box = element.getBoundingClientRect()
			const range = document.createRange()
			range.setStart(element.firstChild!, 0)
			range.setEnd(element.firstChild!, 1)
			const firstLetter = range.getBoundingClientRect()
			return {
				overflows: element.scrollWidth > element.clientWidth,
				ellipsis: getComputedStyle(element).textOverflow,
				firstInView: firstLetter.left >= box.left - 1 && firstLetter.right <= box.right + 1,
			}
		})
		expect(cut).toEqual({ overflows: true, ellipsis: 'ellipsis', firstInView: true })
		await expectNoSeriousA11yViolations(page)
		await context.close()

		// An owner not verified yet, with a long address: the banner breaks it at '@' or after a
		// '.', never inside a word, on a phone in Arabic.
		const email = `karim.mansour.al-haddad.${Date.now()}@studio-mansour.example.com`
		const registered = await request.post('/one/auth/new/register', {
			data: { email, password: PASSWORD, name: 'Karim Mansour' },
		})
		expect(registered.status()).toBe(200)
		const { access_token: token } = (await registered.json()) as { access_token: string }
		const claimed = await request.post('/one/path-name/update', {
			headers: { Authorization: `Bearer ${token}` },
			data: { path: `karim-${Date.now()}` },
		})
		expect(claimed.status()).toBe(200)
		const unverified = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
		await unverified.addCookies([
			{ name: 'tagg_lang', value: 'ar', url: test.info().project.use.baseURL! },
		])
		const fresh = await unverified.newPage()
		await logInByPost(fresh, email)
		await fresh.goto('/builder')
		const shown = fresh.locator('strong', { hasText: 'karim.mansour' })
		await expect(shown).toBeVisible()
		await reviewShot(fresh, 'verify-banner-ar')
		const breaks = await shown.evaluate((element) => {
			// Where each line starts: the text before and after each break.
			const text = element.textContent ?? ''
			const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
			const letters: Array<{ char: string; top: number }> = []
			for (let node = walker.nextNode(); node; node = walker.nextNode()) {
				for (let index = 0; index < node.textContent!.length; index++) {
					const range = document.createRange()
					range.setStart(node, index)
					range.setEnd(node, index + 1)
					letters.push({ char: node.textContent![index]!, top: range.getBoundingClientRect().top })
				}
			}
			const lines: string[] = []
			letters.forEach((letter, index) => {
				if (index && letter.top > letters[index - 1]!.top + 2)
					lines.push(`${letters[index - 1]!.char}|${letter.char}`)
			})
			return { text, lines }
		})
		expect(breaks.text).toBe(email)
		expect(breaks.lines.length).toBeGreaterThan(0)
		for (const at of breaks.lines) expect(at.endsWith('|@') || at.startsWith('.|'), at).toBe(true)
		await unverified.close()
	},
)
