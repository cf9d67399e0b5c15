/**
 * Insights end to end: a visitor's clicks on LinkedIn and 'Download vCard' reach the owner's
 * Insights page; the page passes axe, light and dark, on a phone and a desktop (screenshots in
 * /tmp/insights-shots/ for a person to look at).
 */
import { type APIRequestContext, type Browser } from '@playwright/test'
import { DEMO_OWNER } from '../fixtures/demo-owner'
import { expectNoSeriousA11yViolations } from './axe'
import {
	expect,
	logInByPost,
	ONE_VIEWPORT,
	openBuilder,
	openBuilderMenu,
	openPublicDialog,
	registerAndClaim,
	reviewShot,
	test,
} from './helpers'

/** Headless Chromium says so in its user agent, and bots are not counted: look like a person. */
const VISITOR_AGENT =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

async function createOwner(request: APIRequestContext) {
	const { path, email, headers } = await registerAndClaim(request, 'Insight')
	const links = await request.post('/one/sites/info/general/social-links/update', {
		headers,
		data: {
			linkedInUrl: 'https://www.linkedin.com/in/ina-sight',
			xUrl: null,
			igUrl: null,
			fbUrl: null,
			ytUrl: null,
			whatAppBusUrl: null,
			mobileNumber: null,
			companySite: null,
			email: null,
		},
	})
	expect(links.status(), await links.text()).toBe(200)
	return { path, email }
}

async function visitorPage(browser: Browser) {
	const context = await browser.newContext({ userAgent: VISITOR_AGENT })
	// LinkedIn itself is not part of this test.
	await context.route('https://www.linkedin.com/**', (route) =>
		route.fulfill({ status: 200, contentType: 'text/html', body: '<title>LinkedIn</title>' }),
	)
	return { context, page: await context.newPage() }
}

test(
	'a visitor’s LinkedIn click and vCard download show on the owner’s Insights page',
	ONE_VIEWPORT,
	async ({ browser, page, request }, testInfo) => {
		test.setTimeout(60_000)
		const owner = await createOwner(request)
		const visitor = await visitorPage(browser)
		await visitor.page.goto(`/${owner.path}`)
		await openPublicDialog(visitor.page, visitor.page.getByRole('button', { name: 'Find Me' }))
		const findMe = visitor.page.getByRole('dialog', { name: 'Find Me' })
		const popup = visitor.page.waitForEvent('popup')
		await findMe.getByRole('link', { name: 'LinkedIn' }).click()
		await (await popup).close()
		await visitor.page.keyboard.press('Escape')
		await openPublicDialog(
			visitor.page,
			visitor.page.getByRole('button', { name: 'Share', exact: true }).first(),
		)
		const share = visitor.page.getByRole('dialog', { name: 'Share Your Tagg' })
		const download = visitor.page.waitForEvent('download')
		await share.getByRole('link', { name: 'Download vCard' }).click()
		expect((await download).suggestedFilename()).toBe('contact.vcf')
		await visitor.context.close()

		await logInByPost(page, owner.email)
		// Counts are written every few seconds, the click and the download maybe in different writes:
		// the owner's export (a request, no page) says when both are in.
		const written = async () => {
			const csv = await (await page.request.get('/builder/insights.csv?range=7d')).text()
			const rows = csv.split('\r\n')
			return rows.includes('LinkedIn,1') && rows.some((row) => row.startsWith('vcardDownloads,1,'))
		}
		await expect.poll(written, { timeout: 20_000 }).toBe(true)
		await openBuilder(page)
		const nav = await openBuilderMenu(page)
		await nav.getByRole('link', { name: 'Insights' }).click()
		await expect(page).toHaveURL(/\/builder\/insights$/)
		await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible()
		const linkedIn = page
			.getByRole('region', { name: 'Top links' })
			.getByRole('listitem')
			.filter({ hasText: 'LinkedIn' })
		const vcard = page.getByRole('listitem').filter({ hasText: 'vCard downloads' })
		await expect(linkedIn).toContainText('1')
		await expect(vcard).toContainText('1')
		await expect(page.getByRole('listitem').filter({ hasText: /^Views/ })).toContainText('1')
		// The CSV names links and pages as the page does, not by the keys they are counted under.
		const csv = await (await page.request.get('/builder/insights.csv?range=7d')).text()
		const rows = csv.split('\r\n')
		expect(rows).toContain('LinkedIn,1')
		expect(rows).toContain(`Profile (/${owner.path}),1`)
		expect(csv).not.toContain('linkedInUrl')
		await expect(
			page.getByRole('table', { name: /Views and visitors per day/ }).getByRole('row'),
		).toHaveCount(8)
		// Days are UTC days; the owner is told when one starts in their time (the desktop browser is
		// in New York, the phone in Tokyo: playwright.config.ts). The server's HTML says it too once
		// the builder has kept the zone (its cookie); without that cookie, it says UTC alone.
		const dayStart =
			testInfo.project.name === 'phone'
				? 'Days are counted in UTC: each starts at 9:00 AM your time.'
				: /^Days are counted in UTC: each starts at [78]:00 PM the day before, your time\.$/
		await expect(page.getByTestId('day-start')).toHaveText(dayStart)
		const served = async () => {
			const html = await (await page.request.get('/builder/insights')).text()
			return /data-testid="day-start">([^<]*)</.exec(html)?.[1]
		}
		expect(await served()).toMatch(dayStart)
		await page.context().clearCookies({ name: 'tagg_tz' })
		expect(await served()).toBe('Days are counted in UTC.')
		await expectNoSeriousA11yViolations(page)
	},
)

test(
	'a new owner sees how to share; the switch and the CSV work without JavaScript',
	ONE_VIEWPORT,
	async ({ browser, request }) => {
		const owner = await createOwner(request)
		const context = await browser.newContext({ javaScriptEnabled: false })
		const page = await context.newPage()
		await logInByPost(page, owner.email)
		await page.goto('/builder/insights')
		await expect(page.getByRole('heading', { name: 'No visits yet' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Open your page to share it' })).toHaveAttribute(
			'href',
			`/${owner.path}`,
		)
		await page.getByRole('link', { name: '30 days' }).click()
		await expect(page).toHaveURL(/range=30d/)
		await expect(page.getByRole('link', { name: '30 days' })).toHaveAttribute(
			'aria-current',
			'page',
		)
		const csv = await page.request.get('/builder/insights.csv?range=30d')
		expect(csv.status()).toBe(200)
		expect(csv.headers()['content-type']).toContain('text/csv')
		// A byte order mark first (spreadsheets opened by double-click then read UTF-8).
		const body = await csv.body()
		expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
		const lines = body.subarray(3).toString('utf8').split('\r\n')
		expect(lines[0]).toBe('date,views,visitors')
		expect(lines.filter((line) => /^\d{4}-\d{2}-\d{2},/.test(line))).toHaveLength(30)
		await context.close()
	},
)

test('screenshots of the dashboard: phone and desktop, light and dark', async ({
	browser,
}, testInfo) => {
	test.setTimeout(90_000)
	// Each project takes its own: the phone at 390x844, the desktop at 1280x800.
	const device = testInfo.project.name === 'phone' ? 'phone' : 'desktop'
	const viewport = device === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 }
	{
		for (const colorScheme of ['light', 'dark'] as const) {
			const context = await browser.newContext({ viewport, colorScheme })
			const page = await context.newPage()
			await logInByPost(page, DEMO_OWNER.email, DEMO_OWNER.password)
			await page.goto('/builder/insights?range=90d')
			await expect(page.getByRole('heading', { name: 'Top sources' })).toBeVisible()
			await expectNoSeriousA11yViolations(page)
			await reviewShot(page, `insights-${colorScheme}`, { fullPage: true })
			await context.close()
		}
	}
})
