/**
 * Passkeys and authenticator codes as an owner uses them, in Chromium with its virtual
 * authenticator (the DevTools protocol's WebAuthn domain): a passkey added in Settings, then the
 * only thing typed at the login; authenticator codes set up from the QR code's key, the code step
 * of the login, a recovery code, and a password reset that waits for the second step. Codes are
 * computed here as an app does (tests/totp-code.ts). Against a server of this file's own, with a
 * real SMTP server for the reset email.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { freePort, startEmbeddedDatabase, type EmbeddedDatabase } from '../../server/embedded-db'
import { migrate } from '../../server/migrations'
import { startAppServer, type AppServer } from '../app-server'
import { linkIn, startTestSmtpServer, type TestSmtpServer } from '../smtp-server'
import { codeAt, currentStep } from '../totp-code'
import { expectNoSeriousA11yViolations } from './axe'
import { allowConsoleError, confirmItsYou, ONE_VIEWPORT, PASSWORD, uniqueName } from './helpers'

// One server set; the tests of this file run in order in one worker, on the phone.
test.describe.configure({ mode: 'default' })

let dataDir: string
let dbDir: string
let db: EmbeddedDatabase
let smtp: TestSmtpServer
let app: AppServer

test.beforeAll(async () => {
	test.setTimeout(120_000)
	dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-e2e-factors-'))
	dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagg-e2e-factors-db-'))
	;[db, smtp] = await Promise.all([
		freePort().then((port) => startEmbeddedDatabase({ dataDir: dbDir, port, durable: false })),
		startTestSmtpServer(),
	])
	await migrate(db.url)
	app = await startAppServer({
		DATABASE_URL: db.url,
		DATA_DIR: path.join(dataDir, 'app'),
		SMTP_URL: smtp.url,
	})
})

test.afterAll(async () => {
	await app?.stop()
	await Promise.all([smtp?.stop(), db?.stop()])
	fs.rmSync(dataDir, { recursive: true, force: true })
	fs.rmSync(dbDir, { recursive: true, force: true })
})

const url = (pathname: string) => `${app.url}${pathname}`

/** A new owner with a claimed path, signed in in `page`'s browser by the sign-up form's posts. */
async function newOwner(page: Page) {
	const path = uniqueName('Factor')
	const email = `${path.toLowerCase()}@example.com`
	const signedUp = await page.request.post(url('/signup'), {
		form: { name: 'Sam Key', email, password: PASSWORD, confirmPassword: PASSWORD },
		maxRedirects: 0,
	})
	expect(signedUp.status()).toBe(302)
	const claimed = await page.request.post(url('/set-path'), { form: { path }, maxRedirects: 0 })
	expect(claimed.status()).toBe(302)
	return { email, path }
}

/** Chromium's virtual authenticator: a platform authenticator that verifies its user at once. */
async function virtualAuthenticator(page: Page) {
	const cdp = await page.context().newCDPSession(page)
	await cdp.send('WebAuthn.enable')
	const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
		options: {
			protocol: 'ctap2',
			transport: 'internal',
			hasResidentKey: true,
			hasUserVerification: true,
			isUserVerified: true,
			automaticPresenceSimulation: true,
		},
	})
	const credentials = async () =>
		(await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials
	return { credentials }
}

/**
 * The virtual authenticator answers every request at once, the email field's autofill request
 * too, so a login page would sign in by itself: the browser here says it offers no passkey
 * autofill, unless the page's address ends in `#autofill`.
 */
async function autofillOnlyWhenAsked(page: Page) {
	await page.addInitScript(() => {
		if (location.hash !== '#autofill' && window.PublicKeyCredential) {
			PublicKeyCredential.isConditionalMediationAvailable = async () => false
		}
	})
}

/** The signed-in session of this browser ends (as on a new visit after signing out). */
async function signOut(page: Page) {
	await page.context().clearCookies()
}

async function logInWithPassword(page: Page, email: string) {
	await page.goto(url('/login'))
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill(PASSWORD)
	await page.getByRole('button', { name: 'Log In' }).click()
}

/** The code step of a login or reset: its heading, then the code typed and sent. */
async function enterCode(page: Page, code: string) {
	await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
	await page.getByLabel('Code').fill(code)
	await page.getByRole('button', { name: 'Verify' }).click()
}

/** A time step later than `used` and still accepted now (a code is accepted once). */
const freshStep = (used: number) => Math.max(currentStep(), used + 1)

/**
 * The step before now, for a first code: the steps after it (now, then the next) stay fresh for
 * the codes that follow. Not in the last two seconds of a step, which could end before the code
 * reaches the server.
 */
async function firstStep() {
	const intoStep = Date.now() % 30_000
	if (intoStep > 28_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - intoStep))
	return currentStep() - 1
}

test(
	'an owner adds a passkey in Settings, renames it, and signs in with it alone',
	ONE_VIEWPORT,
	async ({ page }) => {
		const authenticator = await virtualAuthenticator(page)
		await newOwner(page)
		await page.goto(url('/builder/settings'), { waitUntil: 'networkidle' })
		const passkeys = page.getByRole('region', { name: 'Passkeys' })
		await expect(passkeys.getByText('No passkeys yet.')).toBeVisible()
		await passkeys.getByRole('button', { name: 'Add a passkey' }).click()
		// A session alone cannot add one: the password first (sudo mode).
		await expectNoSeriousA11yViolations(page)
		await confirmItsYou(page)
		await expect(passkeys.getByText('Passkey 1')).toBeVisible()
		await expect(passkeys.getByText(/Added .* · Never used/)).toBeVisible()
		expect(await authenticator.credentials()).toHaveLength(1)

		await passkeys.getByRole('button', { name: 'Rename Passkey 1' }).click()
		await passkeys.getByLabel('Passkey name').fill('My phone')
		await passkeys.getByRole('button', { name: 'Save' }).click()
		await expect(passkeys.getByText('My phone')).toBeVisible()
		await expectNoSeriousA11yViolations(page)

		// Signed out: the passkey is all it takes, no email typed.
		await signOut(page)
		await autofillOnlyWhenAsked(page)
		await page.goto(url('/login'), { waitUntil: 'networkidle' })
		await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'email webauthn')
		await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
		await expect(page).toHaveURL(/\/builder$/)

		// Where the browser offers passkeys in the email field's suggestions, picking one signs in
		// (Chromium's virtual authenticator picks it at once).
		await signOut(page)
		await page.goto(url('/login#autofill'))
		await expect(page).toHaveURL(/\/builder$/)
		await page.goto(url('/builder/settings'))
		await expect(
			page.getByRole('region', { name: 'Passkeys' }).getByText(/Added .* · Last used /),
		).toBeVisible()

		// This session (a passkey's) has proved nothing yet: setting up codes asks, and the
		// passkey answers.
		allowConsoleError(/status of 403 \(Forbidden\)/)
		const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' })
		await twoFactor.getByRole('button', { name: 'Set up authenticator app' }).click()
		const confirm = page.getByRole('dialog', { name: 'Confirm it’s you' })
		await confirm.getByRole('button', { name: 'Use a passkey' }).click()
		await expect(confirm).toBeHidden()
		await expect(
			twoFactor.getByRole('img', { name: 'QR code for your authenticator app' }),
		).toBeVisible()

		// Removing it asks for the password; a wrong one changes nothing.
		await page.getByRole('button', { name: 'Remove My phone' }).click()
		const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' })
		await dialog.getByLabel('Current password').fill('not-the-password')
		await dialog.getByRole('button', { name: 'Remove passkey' }).click()
		await expect(dialog.getByRole('alert')).toBeVisible()
		await expectNoSeriousA11yViolations(page)
		await dialog.getByLabel('Current password').fill(PASSWORD)
		await dialog.getByRole('button', { name: 'Remove passkey' }).click()
		await expect(dialog).toBeHidden()
		await expect(
			page.getByRole('region', { name: 'Passkeys' }).getByText('No passkeys yet.'),
		).toBeVisible()
	},
)

test(
	'authenticator codes: set up from the key, the login asks for a code, a recovery code works once',
	ONE_VIEWPORT,
	async ({ page }) => {
		const { email } = await newOwner(page)
		await page.goto(url('/builder/settings'), { waitUntil: 'networkidle' })
		const section = page.getByRole('region', { name: 'Two-factor authentication' })
		await expect(section.getByText('Off. You log in with your password alone.')).toBeVisible()
		await section.getByRole('button', { name: 'Set up authenticator app' }).click()
		await confirmItsYou(page)
		await expect(
			section.getByRole('img', { name: 'QR code for your authenticator app' }),
		).toBeVisible()
		const secret = (await section.locator('code').innerText()).replace(/\s/g, '')
		expect(secret).toMatch(/^[A-Z2-7]{32}$/)
		await expectNoSeriousA11yViolations(page)

		// A wrong first code is refused; the right one turns codes on and shows 10 recovery codes.
		await section.getByLabel('Code').fill('000000' === codeAt(secret) ? '111111' : '000000')
		await section.getByRole('button', { name: 'Turn on' }).click()
		await expect(section.getByRole('alert')).toHaveText('This code is not correct.')
		const enabledAt = await firstStep()
		await section.getByLabel('Code').fill(codeAt(secret, enabledAt))
		await section.getByRole('button', { name: 'Turn on' }).click()
		const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
		await expect(codes).toHaveCount(10)
		const recoveryCodes = await codes.allInnerTexts()
		const download = page.waitForEvent('download')
		await section.getByRole('button', { name: 'Download codes' }).click()
		const file = await (await download).path()
		const saved = fs.readFileSync(file, 'utf8')
		for (const code of recoveryCodes) expect(saved).toContain(code)
		await expectNoSeriousA11yViolations(page)
		await section.getByRole('button', { name: 'I have saved them' }).click()
		await expect(
			section.getByText('On. Every login asks for a code from your authenticator app.'),
		).toBeVisible()
		await expect(section.getByText('10 recovery codes left')).toBeVisible()

		// The password alone no longer signs in: the code step, a wrong code, then the right one.
		await signOut(page)
		await logInWithPassword(page, email)
		await expectNoSeriousA11yViolations(page)
		await enterCode(page, '999999' === codeAt(secret) ? '888888' : '999999')
		await expect(page.getByRole('alert')).toHaveText('This code is not correct.')
		const loginStep = freshStep(enabledAt)
		await enterCode(page, codeAt(secret, loginStep))
		await expect(page).toHaveURL(/\/builder$/)

		// A recovery code (typed in lower case, without its dashes) signs in once.
		await signOut(page)
		await logInWithPassword(page, email)
		const recovery = recoveryCodes[0]!
		await enterCode(page, recovery.toLowerCase().replace(/-/g, ' '))
		await expect(page).toHaveURL(/\/builder$/)
		await signOut(page)
		await logInWithPassword(page, email)
		await enterCode(page, recovery)
		await expect(page.getByRole('alert')).toHaveText('This code is not correct.')
		await enterCode(page, recoveryCodes[1]!)
		await expect(page).toHaveURL(/\/builder$/)
		await page.goto(url('/builder/settings'))
		await expect(page.getByText('8 recovery codes left')).toBeVisible()

		// Turning codes off asks for the password and a code.
		await page.getByRole('button', { name: 'Turn off' }).click()
		const dialog = page.getByRole('dialog', { name: 'Turn off two-factor authentication?' })
		await dialog.getByLabel('Current password').fill(PASSWORD)
		await dialog.getByLabel('Code').fill(codeAt(secret, freshStep(loginStep)))
		await dialog.getByRole('button', { name: 'Turn off' }).click()
		await expect(dialog).toBeHidden()
		await expect(page.getByText('Off. You log in with your password alone.')).toBeVisible()
		await signOut(page)
		await logInWithPassword(page, email)
		await expect(page).toHaveURL(/\/builder$/)
	},
)

test(
	'a password reset with codes on changes nothing until the code step; a passkey can be that step',
	ONE_VIEWPORT,
	async ({ page }) => {
		await virtualAuthenticator(page)
		await autofillOnlyWhenAsked(page)
		const { email } = await newOwner(page)
		await page.goto(url('/builder/settings'), { waitUntil: 'networkidle' })
		// A passkey, then authenticator codes.
		await page.getByRole('button', { name: 'Add a passkey' }).click()
		await confirmItsYou(page)
		await expect(page.getByText('Passkey 1')).toBeVisible()
		const section = page.getByRole('region', { name: 'Two-factor authentication' })
		await section.getByRole('button', { name: 'Set up authenticator app' }).click()
		const secret = (await section.locator('code').innerText()).replace(/\s/g, '')
		const enabledAt = await firstStep()
		await section.getByLabel('Code').fill(codeAt(secret, enabledAt))
		await section.getByRole('button', { name: 'Turn on' }).click()
		await section.getByRole('button', { name: 'I have saved them' }).click()
		await signOut(page)

		// The reset email's link, a new password: then the code step, and nothing changed yet.
		await page.goto(url('/forgot-password'))
		await page.getByLabel('Email').fill(email)
		await page.getByRole('button', { name: 'Send reset link' }).click()
		const mail = await smtp.waitFor(
			(message) => message.to.includes(email) && message.subject === 'Reset your Tagg password',
		)
		const link = linkIn(mail.text, '/reset-password?token=')
		await page.goto(link)
		const newPassword = 'a-whole-new-password-42'
		await page.getByLabel('New password', { exact: true }).fill(newPassword)
		await page.getByLabel('Re-enter Password').fill(newPassword)
		await page.getByRole('button', { name: 'Save new password' }).click()
		await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
		await expectNoSeriousA11yViolations(page)
		// In another browser meanwhile, the old password still signs in up to its code step.
		const other = await page.context().browser()!.newContext()
		const otherPage = await other.newPage()
		await logInWithPassword(otherPage, email)
		await expect(
			otherPage.getByRole('heading', { name: 'Two-factor authentication' }),
		).toBeVisible()
		await other.close()

		// The passkey as the second step: the new password is set, this browser signed in.
		await page.getByRole('button', { name: 'Use a passkey instead' }).click()
		await expect(page).toHaveURL(/\/builder$/)
		// The new password, then a code.
		await signOut(page)
		await page.goto(url('/login'))
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Password').fill(newPassword)
		await page.getByRole('button', { name: 'Log In' }).click()
		await enterCode(page, codeAt(secret, freshStep(enabledAt)))
		await expect(page).toHaveURL(/\/builder$/)
	},
)
