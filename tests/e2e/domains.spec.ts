/**
 * Your own domain, end to end on a phone: the owner opens Settings, adds a domain,
 * sees the exact records to publish, presses Verify before the TXT record exists (the error names
 * it), publishes it on the DNS server this spec runs (the app reads DNS_SERVERS, set by
 * playwright.config.ts), verifies, then removes the domain after confirming. The page
 * /builder/settings/domain does the same without JavaScript.
 */
import { startDnsServer, type TestDnsServer } from '../dns-server'
import {
	allowConsoleError,
	confirmItsYou,
	expect,
	PASSWORD,
	ONE_VIEWPORT,
	openBuilder,
	signUpByPost,
	test,
	uniqueName,
} from './helpers'

const PORT = Number(process.env.E2E_PORT ?? 3210)

let dns: TestDnsServer

// One DNS server on a fixed port: the tests of this file run one after the other, in one worker.
test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
	dns = await startDnsServer(PORT + 60)
})

test.afterAll(async () => {
	await dns?.close()
})

test('add a domain, see its records, verify it and remove it', ONE_VIEWPORT, async ({ page }) => {
	// Verify before the record is published is answered 409, which the browser logs.
	allowConsoleError(/status of 409 \(Conflict\) \(at .*\/builder\/settings\/domain/)
	await signUpByPost(page)
	const domain = `${uniqueName('jane').toLowerCase()}.test`
	await openBuilder(page, '/builder/settings')
	const section = page.getByRole('region', { name: 'Your own domain' })
	await section.getByRole('textbox', { name: 'Domain' }).fill(`https://${domain.toUpperCase()}/`)
	await section.getByRole('button', { name: 'Save domain' }).click()
	// A session alone cannot move the page to a domain: the password first (sudo mode).
	await confirmItsYou(page)
	await expect(section.getByText('Waiting for verification')).toBeVisible()
	await expect(section.getByText(`_tagg.${domain}`)).toBeVisible()
	const token = (await section.getByText(/^tagg-verify=/).textContent())!.trim()
	await expect(section.getByText('tagg-verify=')).toHaveCount(1)
	await expect(section.getByRole('button', { name: `Copy ${token}` })).toBeVisible()

	await section.getByRole('button', { name: 'Verify', exact: true }).click()
	await expect(section.getByRole('alert')).toContainText(`No TXT record named _tagg.${domain}`)

	dns.records.set(`_tagg.${domain}`, [token])
	await section.getByRole('button', { name: 'Verify', exact: true }).click()
	await expect(section.getByText('Verified', { exact: true })).toBeVisible()
	await expect(section.getByText(`Your page is now at https://${domain}/`)).toBeVisible()

	await section.getByRole('button', { name: 'Remove domain' }).click()
	await section.getByRole('button', { name: 'Yes, remove it' }).click()
	await expect(section.getByText('Your domain was removed.')).toBeVisible()
	await expect(section.getByText(`_tagg.${domain}`)).toHaveCount(0)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the domain page adds and verifies a domain', ONE_VIEWPORT, async ({ page }) => {
		await signUpByPost(page)
		const domain = `${uniqueName('nojs').toLowerCase()}.test`
		await page.goto('/builder/settings/domain')
		await page.getByRole('textbox', { name: 'Domain' }).fill(domain)
		// The page answered 403 (no proof yet), then 400 (a wrong password): the browser logs both.
		allowConsoleError(
			/status of 40[03] \((Forbidden|Bad Request)\) \(at .*\/builder\/settings\/domain/,
		)
		await page.getByRole('button', { name: 'Save domain' }).click()
		// Sudo mode without a dialog: the form asks for the password and keeps the domain typed.
		await expect(
			page.getByText('Confirm it’s you: enter your password to save this domain.'),
		).toBeVisible()
		await expect(page.getByRole('textbox', { name: 'Domain' })).toHaveValue(domain)
		await page.getByLabel('Password').fill('not-the-password')
		await page.getByRole('button', { name: 'Save domain' }).click()
		await expect(page.getByRole('alert')).toBeVisible()
		await expect(page.getByText(`_tagg.${domain}`)).toHaveCount(0)
		await page.getByLabel('Password').fill(PASSWORD)
		await page.getByRole('button', { name: 'Save domain' }).click()
		await expect(page.getByText(`_tagg.${domain}`)).toBeVisible()
		const token = (await page.getByText(/^tagg-verify=/).textContent())!.trim()
		dns.records.set(`_tagg.${domain}`, [token])
		await page.getByRole('button', { name: 'Verify', exact: true }).click()
		await expect(page.getByText('Verified', { exact: true })).toBeVisible()
	})
})
