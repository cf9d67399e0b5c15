/**
 * Owners help themselves, in Chromium, against a server of this file's own: images in an
 * S3-compatible bucket (s3rver), mail to a real SMTP server (smtp-server + mailparser), and a
 * PostgreSQL the test can read. Forgot password → email → link → new password → builder with
 * the old session gone; a new email confirmed from its link; 'Download my data' (after the
 * password) equals `npm run export` without the password hash; deleting an account leaves no row
 * and no object.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test'
import pg from 'pg'
import sharp from 'sharp'
import { readTarGz } from '../../app/utils/tar.server'
import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '../../server/embedded-db'
import { migrate } from '../../server/migrations'
import { startAppServer, type AppServer } from '../app-server'
import { runScript } from '../run-script'
import { startS3rver, type S3rver } from '../s3rver'
import { linkIn, startTestSmtpServer, type TestSmtpServer } from '../smtp-server'
import { expectNoSeriousA11yViolations } from './axe'
import { openBuilder, openBuilderMenu, PASSWORD, uniqueName } from './helpers'

// One server set per project: the tests of this file run in order in one worker.
test.describe.configure({ mode: 'default' })

let dataDir: string
let dbDir: string
let db: EmbeddedDatabase
let s3: S3rver
let smtp: TestSmtpServer
let app: AppServer
let serverEnv: Record<string, string>

test.beforeAll(async () => {
	test.setTimeout(120_000)
	dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-e2e-selfserve-'))
	dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-e2e-selfserve-db-'))
	;[db, s3, smtp] = await Promise.all([
		freePort().then((port) => startEmbeddedDatabase({ dataDir: dbDir, port, durable: false })),
		startS3rver(),
		startTestSmtpServer(),
	])
	await migrate(db.url)
	serverEnv = {
		DATABASE_URL: db.url,
		DATA_DIR: path.join(dataDir, 'app'),
		STORAGE_DRIVER: 's3',
		S3_BUCKET: s3.bucket,
		S3_REGION: s3.region,
		S3_ENDPOINT: s3.endpoint,
		S3_FORCE_PATH_STYLE: 'true',
		AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
		AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
		SMTP_URL: smtp.url,
	}
	app = await startAppServer(serverEnv)
})

test.afterAll(async () => {
	await app?.stop()
	await Promise.all([smtp?.stop(), s3?.stop(), db?.stop()])
	fs.rmSync(dataDir, { recursive: true, force: true })
	fs.rmSync(dbDir, { recursive: true, force: true })
})

const url = (pathname: string) => `${app.url}${pathname}`

/** A new owner with a claimed path, made through the API (signup itself is tested elsewhere). */
async function registerOwner() {
	const name = uniqueName('Selfserve')
	const email = `${name.toLowerCase()}@example.com`
	const registered = await fetch(url('/one/auth/new/register'), {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ email, password: PASSWORD, name: 'Ada Lovelace' }),
	})
	expect(registered.status).toBe(200)
	const { access_token } = (await registered.json()) as { access_token: string }
	const claimed = await fetch(url('/one/path-name/update'), {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access_token}` },
		body: JSON.stringify({ path: name }),
	})
	expect(claimed.status).toBe(200)
	await verifyAddress(email)
	return { email, path: name }
}

/**
 * Opens the link sent at sign-up (its button, posted as a page without JavaScript would): the
 * address is verified, so the notices these tests read are sent to it.
 */
async function verifyAddress(email: string) {
	const mail = await smtp.waitFor(
		(message) => message.to.includes(email) && message.subject === 'Verify your email for Tagg',
	)
	const token = new URL(linkIn(mail.text, '/confirm-email?verify=')).searchParams.get('verify')!
	const verified = await fetch(url(`/confirm-email?verify=${token}`), {
		method: 'POST',
		redirect: 'manual',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ intent: 'verify', token }).toString(),
	})
	expect(verified.status).toBe(302)
}

/** A new owner, signed in on `page` and looking at the builder. */
async function signUp(page: Page) {
	const owner = await registerOwner()
	await logInByPost(page, owner.email)
	await openBuilder(page, url('/builder'))
	return owner
}

async function logIn(page: Page, email: string, password = PASSWORD) {
	await page.goto(url('/login'))
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill(password)
	await page.getByRole('button', { name: 'Log In' }).click()
}

/**
 * Logs in by the login form's post from `page`'s browser context, without showing the page (a
 * session of its own, its cookies in the context's jar), as helpers.ts's `logInByPost` does on
 * the suite's server.
 */
async function logInByPost(page: Page, email: string, password = PASSWORD) {
	const loggedIn = await page.request.post(url('/login'), {
		form: { email, password },
		maxRedirects: 0,
	})
	expect(loggedIn.status(), await loggedIn.text()).toBe(302)
	expect(loggedIn.headers()['location']).toBe('/builder')
}

/** Opens the settings from the sidebar (desktop) or the drawer (phone). */
async function openSettings(page: Page) {
	const nav = await openBuilderMenu(page)
	await nav.getByRole('link', { name: 'Settings' }).click()
	await expect(page).toHaveURL(/\/builder\/settings$/)
	await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
}

/**
 * With SCREENSHOT_DIR set, a full-page screenshot at 390 px (phone project) or 1280 px (desktop)
 * is written there, to look at the pages as people see them.
 */
async function screenshot(page: Page, testInfo: TestInfo, name: string) {
	const dir = process.env.SCREENSHOT_DIR
	if (!dir) return
	const phone = testInfo.project.name === 'phone'
	const viewport = page.viewportSize()
	await page.setViewportSize(phone ? { width: 390, height: 844 } : { width: 1280, height: 800 })
	await page.screenshot({
		path: path.join(dir, `${name}-${phone ? 390 : 1280}.png`),
		fullPage: true,
	})
	if (viewport) await page.setViewportSize(viewport)
}

const png = (background: string) =>
	sharp({ create: { width: 800, height: 450, channels: 3, background } })
		.png()
		.toBuffer()

/** A display picture and a portfolio image, uploaded with the page's own session. */
async function addImages(page: Page) {
	const picture = await page.request.post(url('/one/sites/images/update/display-picture'), {
		multipart: {
			display_picture: { name: 'me.png', mimeType: 'image/png', buffer: await png('#d6246e') },
		},
	})
	expect(picture.status()).toBe(200)
	const created = await page.request.post(url('/one/sites/portfolio/data/create/new/portfolio'))
	const portfolioId = ((await created.json()) as { url: string }).url.split('/').pop()!
	const images = await page.request.post(
		url(`/one/sites/images/update/portfolio-images?productId=${portfolioId}`),
		{
			multipart: {
				product_images: { name: 'shot.png', mimeType: 'image/png', buffer: await png('#3b82f6') },
			},
		},
	)
	expect(images.status()).toBe(200)
}

async function customerIdOf(pname: string) {
	const response = await fetch(url(`/one/auth/new/get/customer_id/${pname}`))
	return ((await response.json()) as { data: { customer_id: string } }).data.customer_id
}

/** The keys under the owner's prefix in the bucket (s3rver lists without signatures). */
async function storedObjects(customerId: string) {
	const listing = await fetch(
		`${s3.endpoint}/${s3.bucket}?list-type=2&prefix=${encodeURIComponent(`${customerId}/`)}`,
	)
	expect(listing.status).toBe(200)
	return [...(await listing.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1])
}

/** Every row that names the customer, in every table, by id or by email. */
async function rowsOf(customerId: string, email: string) {
	const client = new pg.Client({ connectionString: db.url })
	await client.connect()
	try {
		const counts: Record<string, number> = {}
		const tables = await client.query<{ table_name: string }>(
			`SELECT table_name FROM information_schema.columns
			 WHERE table_schema = 'public' AND column_name = 'customerId'`,
		)
		for (const { table_name } of tables.rows) {
			const { rows } = await client.query<{ count: string }>(
				`SELECT count(*) FROM ${client.escapeIdentifier(table_name)} WHERE "customerId" = $1`,
				[customerId],
			)
			counts[table_name] = Number(rows[0]!.count)
		}
		const extra = await client.query<{ customers: string; outbox: string; limits: string }>(
			`SELECT (SELECT count(*) FROM "Customer" WHERE "id" = $1 OR "email" = $2) AS customers,
			        (SELECT count(*) FROM "OutboxMessage" WHERE "to" = $2) AS outbox,
			        (SELECT count(*) FROM "RateLimit" WHERE strpos("key", $2) > 0) AS limits`,
			[customerId, email],
		)
		counts.Customer = Number(extra.rows[0]!.customers)
		counts.OutboxMessage = Number(extra.rows[0]!.outbox)
		counts.RateLimit = Number(extra.rows[0]!.limits)
		return counts
	} finally {
		await client.end()
	}
}

async function documentOf(file: string) {
	const entries = readTarGz(fs.readFileSync(file))
	const document = JSON.parse(entries[0]!.data.toString('utf8')) as Record<string, unknown>
	delete document.exportedAt
	return {
		first: entries[0]!.name,
		document,
		images: Object.fromEntries(entries.slice(1).map((entry) => [entry.name, entry.data])),
	}
}

async function newDevice(browser: Browser) {
	const context = await browser.newContext()
	return { context, page: await context.newPage() }
}

/** What the tests of one flow hand on to the next (they run in order, in one worker). */
const flow = {
	reset: null as null | {
		email: string
		link: string
		other: Awaited<ReturnType<typeof newDevice>>
	},
	spentLink: '',
	emailChange: null as null | { email: string; newEmail: string; link: string },
}

test("'Forgot password?' → the same answer for anyone → an email with a link", async ({
	page,
	browser,
}, testInfo) => {
	const { email } = await registerOwner()
	// The owner is still signed in on another device.
	const other = await newDevice(browser)
	await logInByPost(other.page, email)

	await page.goto(url('/login'))
	await page.getByRole('link', { name: 'Forgot password?' }).click()
	await expect(page).toHaveURL(/\/forgot-password$/)
	await expectNoSeriousA11yViolations(page)
	await screenshot(page, testInfo, 'forgot-password')
	await page.getByLabel('Email').fill(email.toUpperCase())
	await page.getByRole('button', { name: 'Send reset link' }).click()
	await expect(page.getByRole('status')).toContainText(
		'If an account exists for that email, we have sent a link to reset the password.',
	)
	await screenshot(page, testInfo, 'forgot-password-sent')

	// (The first email this address got was its verification link.)
	const mail = await smtp.waitFor(
		(message) => message.to.includes(email) && message.subject === 'Reset your Tagg password',
	)
	expect(mail.html).toContain('Choose a new password')
	const link = linkIn(mail.text, '/reset-password?token=')
	expect(link.startsWith(url('/reset-password?token='))).toBe(true)
	flow.reset = { email, link, other }
})

test('the link → a new password typed twice → the builder; the old session is gone', async ({
	page,
}, testInfo) => {
	expect(flow.reset, 'the test above ran first').toBeTruthy()
	const { email, link, other } = flow.reset!
	await page.goto(link)
	await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
	await expectNoSeriousA11yViolations(page)
	await screenshot(page, testInfo, 'reset-password')
	// The signup rules and messages.
	await page.getByLabel('New password').fill('new-password-1')
	await page.getByLabel('Re-enter Password').fill('new-password-2')
	await page.getByRole('button', { name: 'Save new password' }).click()
	await expect(
		page.getByText('The passwords you entered do not match. Please try again.'),
	).toBeVisible()
	await page.getByLabel('New password').fill('a-brand-new-password')
	await page.getByLabel('Re-enter Password').fill('a-brand-new-password')
	await page.getByRole('button', { name: 'Save new password' }).click()
	await expect(page).toHaveURL(/\/builder$/)
	await expect(page.getByText('Edit Mode')).toBeVisible()

	// The other device is signed out at once, and the old password is refused.
	await other.page.goto(url('/builder'))
	await expect(other.page).toHaveURL(/\/login$/)
	await logIn(other.page, email)
	await expect(other.page.getByRole('alert')).toHaveText('Invalid email or password')
	await other.context.close()
	flow.spentLink = link
})

test('a spent reset link shows a clear page with a link to ask again', async ({
	page,
}, testInfo) => {
	expect(flow.spentLink, 'the reset test above ran first').toBeTruthy()
	await page.goto(flow.spentLink)
	await expect(page.getByRole('heading', { name: 'This link can’t be used' })).toBeVisible()
	await expectNoSeriousA11yViolations(page)
	await screenshot(page, testInfo, 'reset-password-spent')
	await page.getByRole('link', { name: 'Ask for a new link' }).click()
	await expect(page).toHaveURL(/\/forgot-password$/)
	// A forged link gets the same page.
	await page.goto(url(`/reset-password?token=${'x'.repeat(43)}`))
	await expect(page.getByRole('heading', { name: 'This link can’t be used' })).toBeVisible()
})

test('Settings: a new email asks for the password and sends a link to it', async ({
	page,
}, testInfo) => {
	const { email } = await signUp(page)
	await openSettings(page)
	await expectNoSeriousA11yViolations(page)
	await screenshot(page, testInfo, 'settings')

	// A wrong current password: the Password section says so...
	const passwordForm = page.getByRole('region', { name: 'Password' })
	await passwordForm.getByLabel('Current password').fill('not-my-password')
	await passwordForm.getByLabel('New password', { exact: true }).fill('a-new-password-1')
	await passwordForm.getByLabel('Re-enter new password').fill('a-new-password-1')
	await passwordForm.getByRole('button', { name: 'Change password' }).click()
	const wrongPassword = passwordForm.getByText('Your current password is not correct.')
	await expect(wrongPassword).toBeVisible()

	const newEmail = `${uniqueName('moved').toLowerCase()}@example.com`
	const emailForm = page.getByRole('region', { name: 'Email' })
	await emailForm.getByLabel('New email').fill(newEmail)
	await emailForm.getByLabel('Your password').fill(PASSWORD)
	await emailForm.getByRole('button', { name: 'Send confirmation link' }).click()
	await expect(emailForm.getByRole('status')).toContainText(`We sent a link to ${newEmail}`)
	// ...until another setting is sent: then that form starts afresh, as without JavaScript.
	await expect(wrongPassword).toBeHidden()
	await expect(passwordForm.getByLabel('New password', { exact: true })).toHaveValue('')

	const mail = await smtp.waitFor((message) => message.to.includes(newEmail))
	expect(mail.subject).toBe('Confirm your new email for Tagg')
	flow.emailChange = { email, newEmail, link: linkIn(mail.text, '/confirm-email?token=') }
})

test('the new email is confirmed from its link; the old address is told', async ({
	page,
}, testInfo) => {
	expect(flow.emailChange, 'the test above ran first').toBeTruthy()
	const { email, newEmail, link } = flow.emailChange!
	await page.goto(link)
	await expect(page.getByRole('heading', { name: 'Confirm your new email' })).toBeVisible()
	await expect(page.getByText(newEmail)).toBeVisible()
	await expectNoSeriousA11yViolations(page)
	await screenshot(page, testInfo, 'confirm-email')
	const refused: string[] = []
	page.on('response', (response) => {
		if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`)
	})
	await page.getByRole('button', { name: 'Confirm new email' }).click()
	await expect(page.getByRole('heading', { name: 'Your email is changed' })).toBeVisible()
	// The spent link is not read again after the change (that answer was a 400).
	await page.waitForLoadState('networkidle')
	expect(refused).toEqual([])
	await screenshot(page, testInfo, 'confirm-email-done')

	const notice = await smtp.waitFor(
		(message) => message.to.includes(email) && message.subject === 'Your Tagg email was changed',
	)
	expect(notice.text).toContain(newEmail)
	await logInByPost(page, newEmail)
})

test("'Download my data' is the archive npm run export writes", async ({ page }) => {
	const { path: pname } = await signUp(page)
	await addImages(page)
	await openSettings(page)
	const data = page.getByRole('region', { name: 'Your data' })
	// A wrong password downloads nothing and says why.
	await data.getByLabel('Your password').fill('not-my-password')
	await data.getByRole('button', { name: 'Download my data' }).click()
	await expect(page).toHaveURL(/\/builder\/settings\?export=wrong#data$/)
	await expect(data.getByText('Your password is not correct.').first()).toBeVisible()
	await data.getByLabel('Your password').fill(PASSWORD)
	const [download] = await Promise.all([
		page.waitForEvent('download'),
		data.getByRole('button', { name: 'Download my data' }).click(),
	])
	expect(download.suggestedFilename()).toBe(`${pname}-tagg-export.tar.gz`)
	const downloaded = path.join(dataDir, `${pname}-download.tar.gz`)
	await download.saveAs(downloaded)

	const exported = path.join(dataDir, `${pname}-cli.tar.gz`)
	const cli = await runScript('export.ts', [pname, '--out', exported], serverEnv)
	expect(cli.code, cli.stderr).toBe(0)

	const fromPage = await documentOf(downloaded)
	const fromCli = await documentOf(exported)
	expect(fromPage.first).toBe('document.json')
	// The same archive, but the owner's own download never holds the password hash.
	const cliAccount = fromCli.document.account as Record<string, unknown>
	expect(cliAccount.passwordHash).toMatch(/^\$2/)
	delete cliAccount.passwordHash
	expect(fromPage.document.account).not.toHaveProperty('passwordHash')
	expect(fromPage.document).toEqual(fromCli.document)
	expect(fromPage.document).toMatchObject({ profile: { path: pname } })
	expect(Object.keys(fromPage.images).sort()).toEqual(Object.keys(fromCli.images).sort())
	// Stored by content: the small image's large rendition is its gallery file, kept once.
	expect(Object.keys(fromPage.images)).toHaveLength(4)
	for (const [name, data] of Object.entries(fromPage.images)) {
		expect(data.equals(fromCli.images[name]!)).toBe(true)
	}
})

test('deleting the account leaves no row and no object, and the page 404s at once', async ({
	page,
}, testInfo) => {
	const { email, path: pname } = await signUp(page)
	await addImages(page)
	const customerId = await customerIdOf(pname)
	// The picture (large and small) and the project image (gallery, card and large renditions).
	expect((await storedObjects(customerId)).length).toBe(5)
	// The public page, rendered and cached.
	for (let i = 0; i < 2; i++) expect((await fetch(url(`/${pname}`))).status).toBe(200)

	await openSettings(page)
	const danger = page.getByRole('region', { name: 'Delete account' })
	await danger.getByLabel(`Type ${pname} to confirm`).fill('not-my-address')
	await danger.getByLabel('Your password').fill(PASSWORD)
	await danger.getByRole('button', { name: 'Delete my account' }).click()
	await expect(danger.getByText('Type your address exactly as shown to confirm.')).toBeVisible()
	expect((await fetch(url(`/${pname}`))).status).toBe(200)

	await danger.getByLabel(`Type ${pname} to confirm`).fill(pname)
	await danger.getByLabel('Your password').fill(PASSWORD)
	await danger.getByRole('button', { name: 'Delete my account' }).click()
	await expect(page).toHaveURL(/\/builder\/goodbye$/)
	await expect(page.getByRole('heading', { name: 'Your Tagg is deleted' })).toBeVisible()
	await expectNoSeriousA11yViolations(page)
	await screenshot(page, testInfo, 'goodbye')

	expect((await fetch(url(`/${pname}`))).status).toBe(404)
	expect((await fetch(url(`/${pname}/portfolio`))).status).toBe(404)
	expect(await storedObjects(customerId)).toEqual([])
	const rows = await rowsOf(customerId, email)
	expect(Object.entries(rows).filter(([, count]) => count > 0)).toEqual([])
	await page.goto(url('/builder'))
	await expect(page).toHaveURL(/\/login$/)
	await logIn(page, email)
	await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
})
