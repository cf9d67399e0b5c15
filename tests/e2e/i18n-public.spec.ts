/**
 * A visitor's pages speak their owner's language, whatever the visitor's browser asks
 * for: Arabic right to left at a phone's width with nothing off the screen and no serious axe
 * violation, German with its own labels and month names, and the modals that load at first use
 * in the page's language too.
 */
import { type APIRequestContext, type Page } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { expect, ONE_VIEWPORT, openPublicDialog, PASSWORD, test, uniqueName } from './helpers'

const PHONE = { width: 390, height: 844 }

async function post(request: APIRequestContext, token: string, url: string, data: object) {
	const response = await request.post(url, {
		data,
		headers: { Authorization: `Bearer ${token}` },
	})
	expect(response.status(), `${url}: ${await response.text()}`).toBe(200)
	return (await response.json()) as { url?: string }
}

/** An owner with every section filled in and a featured project, in `language`, via the API. */
async function ownerIn(request: APIRequestContext, language: string) {
	const path = uniqueName('Lang')
	const registered = await request.post('/one/auth/new/register', {
		data: { email: `${path.toLowerCase()}@example.com`, password: PASSWORD, name: 'Lina Haddad' },
	})
	expect(registered.status()).toBe(200)
	const { access_token: token } = (await registered.json()) as { access_token: string }
	await post(request, token, '/one/path-name/update', { path })
	const general = '/one/sites/info/general'
	await post(request, token, `${general}/name/update`, { firstName: 'Lina', lastName: 'Haddad' })
	await post(request, token, `${general}/designation/update`, { designation: 'Product designer' })
	await post(request, token, `${general}/city/update`, { city: 'Beirut' })
	await post(request, token, `${general}/tagline/update`, { tagline: 'Calm software.' })
	await post(request, token, `${general}/social-links/update`, {
		xUrl: null,
		igUrl: null,
		fbUrl: null,
		ytUrl: null,
		whatAppBusUrl: null,
		companySite: null,
		linkedInUrl: 'https://www.linkedin.com/in/lina-haddad',
		mobileNumber: '+96170123456',
		email: 'lina@example.com',
	})
	await post(request, token, `${general}/highlights/update`, {
		highOne: 'Led a checkout redesign',
		highTwo: 'Grew a design team',
		highThree: null,
	})
	await post(request, token, `${general}/bio/update`, { bio: 'I design calm software.' })
	const resume = '/one/sites/resume/work-exp/update'
	await post(request, token, `${resume}/workexp`, {
		workExp: [
			{
				company: 'Cedar Pay',
				role: 'Lead designer',
				startDate: 'Mar 2021',
				endDate: 'Ongoing',
				experience: ['Designed the checkout'],
			},
		],
	})
	await post(request, token, `${resume}/education`, {
		education: [
			{ eduName: 'BA Design', eduInstitution: 'AUB', eduStartYear: 2010, eduEndYear: 2014 },
		],
	})
	await post(request, token, `${resume}/skills`, {
		skills: [{ skillName: 'Interaction Design', rating: 3.5 }],
	})
	await post(request, token, `${resume}/certificates`, {
		certificates: [{ crtName: 'UX', crtPlat: 'Coursera', crtUrl: null, crtYear: 2020 }],
	})
	await post(request, token, `${resume}/achievements`, { achievements: ['A design award'] })
	const created = await post(request, token, '/one/sites/portfolio/data/create/new/portfolio', {})
	const projectId = created.url!.split('/').pop()!
	await post(request, token, '/one/sites/portfolio/data/update/head', {
		portfolioId: projectId,
		productName: 'Cedar Checkout',
		company: 'Cedar Pay',
		role: 'Lead',
		projectSummary: 'A one-page checkout.',
		duration: '6 months',
		industries: ['Agriculture'],
		categories: ['Web Development'],
	})
	for (const status of [{ active: true }, { featured: true }]) {
		await post(request, token, '/one/sites/portfolio/data/update/status', {
			portfolioId: projectId,
			...status,
		})
	}
	await post(request, token, `${general}/language/update`, { language })
	return { path, projectId }
}

/** The page is laid out in `dir` and nothing runs off the side of the screen. */
async function expectLaidOut(page: Page, lang: string, dir: 'ltr' | 'rtl') {
	await expect(page.locator('html')).toHaveAttribute('lang', lang)
	await expect(page.locator('html')).toHaveAttribute('dir', dir)
	const [scrollWidth, innerWidth] = await page.evaluate(() => [
		document.scrollingElement!.scrollWidth,
		window.innerWidth,
	])
	expect(scrollWidth, page.url()).toBeLessThanOrEqual(innerWidth)
}

test(
	'an owner’s pages in Arabic: right to left at 390 px, Arabic labels, axe clean, also for a French browser',
	ONE_VIEWPORT,
	async ({ browser, request }) => {
		test.setTimeout(90_000)
		const { path, projectId } = await ownerIn(request, 'ar')
		// The visitor's browser asks for French: the page speaks its owner's language.
		const context = await browser.newContext({
			viewport: PHONE,
			locale: 'fr-FR',
			extraHTTPHeaders: { 'Accept-Language': 'fr-FR,fr;q=0.9' },
		})
		const page = await context.newPage()
		await page.goto(`/${path}`)
		await expectLaidOut(page, 'ar', 'rtl')
		const main = page.getByRole('main')
		await expect(main.getByRole('button', { name: 'تواصل معي' })).toBeVisible()
		await expect(main.getByRole('button', { name: 'مشاركة' })).toBeVisible()
		await expect(page.getByRole('button', { name: 'Find Me' })).toHaveCount(0)
		await expect(page.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0)
		for (const title of ['أبرز الإنجازات المهنية', 'نبذة عني', 'معرض أعمالي', 'السيرة الذاتية']) {
			await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible()
		}
		await expect(page.getByRole('heading', { name: 'الخبرة العملية' })).toBeVisible()
		// The logo reads left to right; the page's start is on the right.
		const logo = await page.getByRole('banner').getByRole('link').first().boundingBox()
		expect(logo!.x).toBeGreaterThan(PHONE.width / 2)
		await expectNoSeriousA11yViolations(page)

		// The Share modal, whose code loads at first use, speaks Arabic too.
		await openPublicDialog(page, main.getByRole('button', { name: 'مشاركة' }))
		const share = page.getByRole('dialog', { name: 'شارك صفحتك على Tagg' })
		await expect(share).toBeVisible()
		await expect(share.getByRole('button', { name: 'إغلاق' })).toBeVisible()
		await expectNoSeriousA11yViolations(page)
		await page.keyboard.press('Escape')

		for (const [url, heading] of [
			[`/${path}/portfolio`, 'معرض الأعمال'],
			[`/${path}/portfolio/${projectId}`, 'Cedar Checkout'],
			[`/${path}/resume`, 'Lina Haddad'],
		] as const) {
			await page.goto(url)
			await expectLaidOut(page, 'ar', 'rtl')
			await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
			await expectNoSeriousA11yViolations(page)
		}
		await expect(page.getByRole('heading', { name: 'المهارات' })).toBeVisible()
		// The phone number stays left to right inside the Arabic line.
		await expect(page.locator('bdi[dir="ltr"]', { hasText: '+96170123456' })).toBeVisible()
		await context.close()
	},
)

test(
	'the same pages in German: German labels and month names, whatever the browser asks for',
	ONE_VIEWPORT,
	async ({ browser, request }) => {
		test.setTimeout(60_000)
		const { path } = await ownerIn(request, 'de')
		const context = await browser.newContext({
			viewport: PHONE,
			locale: 'fr-FR',
			extraHTTPHeaders: { 'Accept-Language': 'fr-FR,fr;q=0.9' },
		})
		const page = await context.newPage()
		await page.goto(`/${path}`)
		await expectLaidOut(page, 'de', 'ltr')
		const main = page.getByRole('main')
		await expect(main.getByRole('button', { name: 'Finde mich' })).toBeVisible()
		await expect(main.getByRole('button', { name: 'Teilen' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Karriere-Highlights' })).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Mein Portfolio' })).toBeVisible()
		await expect(page.getByText('März 2021 – Heute')).toBeVisible()

		await page.goto(`/${path}/resume`)
		await expectLaidOut(page, 'de', 'ltr')
		await expect(page.getByRole('heading', { name: 'Berufserfahrung' })).toBeVisible()
		await expect(page.getByText('März 2021 – Heute')).toBeVisible()
		await expect(page.getByRole('img', { name: '3,5 von 5' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'PDF herunterladen' })).toBeVisible()
		await context.close()
	},
)
