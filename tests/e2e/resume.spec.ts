/**
 * Resume interchange in the browser: an owner imports a JSON Resume file in the builder
 * (preview, then apply), and a visitor reads the resume page, prints it and downloads the PDF.
 * The resume page is a visitor's page like the profile (docs/decisions/010-visitor-pages.md):
 * it works on every view from the browser's cache, with JavaScript off, and with Save-Data.
 * Runs on a desktop and a phone viewport (the import, a flow, on the phone only).
 */
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { ONE_VIEWPORT, openBuilder, PASSWORD, signUpByPost, uniqueName } from './helpers'

const RESUME = {
	basics: {
		name: 'Zoë Ørsted',
		label: 'Staff Engineer',
		summary: 'I build reliable systems.\n\nAnd I mentor new engineers.',
		location: { city: 'Copenhagen', countryCode: 'DK' },
		profiles: [{ network: 'GitHub', url: 'https://github.com/zoe' }],
	},
	work: [
		{
			name: 'Nordlys',
			position: 'Staff Engineer',
			startDate: '2021-03',
			highlights: ['Led the platform team', 'Cut deploy time by 80%'],
		},
		{ name: 'Fjord Labs', position: 'Senior Engineer', startDate: '2017-01', endDate: '2021-02' },
	],
	education: [
		{
			institution: 'Technical University of Denmark',
			studyType: 'MSc',
			area: 'Computer Science',
			startDate: '2010',
			endDate: '2015',
		},
	],
	skills: [
		{ name: 'Python', level: 'Expert' },
		{ name: 'Kubernetes', level: '3.5/5' },
		{ name: 'Knitting' },
	],
	certificates: [{ name: 'AWS Solutions Architect', issuer: 'Amazon Web Services', date: '2022' }],
	awards: [{ title: 'Engineer of the Year', date: '2023-12' }],
}

/** An owner made through the /one API, whose resume is imported from RESUME (all sections). */
async function ownerWithResume(request: APIRequestContext) {
	const path = uniqueName('Zoe')
	const register = await request.post('/one/auth/new/register', {
		data: { email: `${path.toLowerCase()}@example.com`, password: PASSWORD, name: 'Jane Doe' },
	})
	expect(register.status()).toBe(200)
	const headers = { Authorization: `Bearer ${(await register.json()).access_token}` }
	expect((await request.post('/one/path-name/update', { headers, data: { path } })).status()).toBe(
		200,
	)
	const applied = await request.post('/one/sites/resume/import/apply', {
		headers,
		multipart: {
			file: {
				name: 'resume.json',
				mimeType: 'application/json',
				buffer: Buffer.from(JSON.stringify(RESUME)),
			},
			sections: 'profile,workExp,education,skills,certificates,achievements',
			mode: 'replace',
		},
	})
	expect(applied.status()).toBe(200)
	return path
}

test(
	'an owner previews and imports a JSON Resume file in the builder',
	ONE_VIEWPORT,
	async ({ page }) => {
		await signUpByPost(page, { name: 'Jane Doe' })
		await openBuilder(page)

		// From the Resume section of the builder to the import page.
		await page.getByRole('region', { name: 'Resume' }).getByRole('link', { name: 'Import' }).click()
		await expect(page).toHaveURL(/\/builder\/import$/)
		await expect(page.getByRole('heading', { name: 'Import your resume' })).toBeVisible()

		// A file that is no resume: a clear message.
		const fileInput = page.getByLabel('Resume file')
		await fileInput.setInputFiles({
			name: 'notes.txt',
			mimeType: 'text/plain',
			buffer: Buffer.from('just some notes'),
		})
		await page.getByRole('button', { name: 'Preview' }).click()
		await expect(page.getByRole('alert')).toHaveText(
			'This file is neither a JSON Resume file (.json) nor a LinkedIn data export (.zip).',
		)
		// The keyboard is at the message, not back at the top of the page.
		await expect(page.getByRole('alert')).toBeFocused()

		// The real file: a preview per section, nothing saved yet.
		await fileInput.setInputFiles({
			name: 'resume.json',
			mimeType: 'application/json',
			buffer: Buffer.from(JSON.stringify(RESUME)),
		})
		await expect(page.getByRole('alert')).toBeHidden()
		await page.getByRole('button', { name: 'Preview' }).click()
		const preview = page.getByRole('region', { name: '2. Choose what to import' })
		await expect(preview.getByText('From the JSON Resume file resume.json')).toBeVisible()
		await expect(preview.getByRole('checkbox', { name: /^Profile/ })).toBeChecked()
		await expect(preview.getByText('Staff Engineer · Nordlys · Mar 2021 – Present')).toBeVisible()
		// A skill of the owner's own ('Knitting', not on Tagg's list) comes along as written.
		await expect(
			preview.getByText('Python (5/5), Kubernetes (3.5/5), Knitting (3/5)'),
		).toBeVisible()
		// A profile elsewhere that none of the eight social fields holds: one of the owner's links.
		await expect(preview.getByRole('checkbox', { name: /^Links/ })).toBeChecked()
		await expect(preview.getByText(/^GitHub.*https:\/\/github\.com\/zoe/)).toBeVisible()
		await expectNoSeriousA11yViolations(page)

		// Nothing ticked: said by the button, and the preview stays.
		const ticks = preview.getByRole('checkbox')
		for (let i = 0; i < (await ticks.count()); i++) await ticks.nth(i).uncheck()
		await preview.getByRole('button', { name: 'Import the ticked sections' }).click()
		await expect(preview.getByRole('alert')).toHaveText('Choose at least one section to import.')
		await expect(preview.getByRole('alert')).toBeFocused()
		for (let i = 0; i < (await ticks.count()); i++) await ticks.nth(i).check()
		await expect(preview.getByRole('alert')).toBeHidden()

		// Leave the profile alone, add the rest.
		await preview.getByRole('checkbox', { name: /^Profile/ }).uncheck()
		await preview.getByRole('radio', { name: /Add to what I have/ }).check()
		await preview.getByRole('button', { name: 'Import the ticked sections' }).click()
		await expect(
			page.getByText(
				'Added to: Links, Work Experience, Education, Skills, Certificates, Achievements',
			),
		).toBeVisible()
		await page.getByRole('link', { name: 'See your profile' }).click()
		await expect(page).toHaveURL(/\/builder$/)
		await expect(
			page.getByRole('region', { name: 'Resume' }).getByText('MSc in Computer Science'),
		).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Jane Doe', level: 1 })).toBeVisible()
	},
)

test('a visitor finds the resume page and the PDF, and prints the page', async ({
	page,
	request,
}) => {
	const path = await ownerWithResume(request)
	await page.goto(`/${path}`)
	await expect(page.locator('link[rel="alternate"][type="application/json"]')).toHaveAttribute(
		'href',
		new RegExp(`/${path}/resume\\.json$`),
	)
	const resumeSection = page.getByRole('region', { name: 'Resume' })
	await expect(resumeSection.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
		'href',
		`/${path}/resume.pdf`,
	)
	await resumeSection.getByRole('link', { name: 'Resume page' }).click()
	await expect(page).toHaveURL(new RegExp(`/${path}/resume$`))
	await expect(page.getByRole('heading', { name: 'Zoë Ørsted', level: 1 })).toBeVisible()
	await expect(page.getByText('Staff Engineer').first()).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Senior Engineer', level: 3 })).toBeVisible()
	await expect(page.getByText('Mar 2021 – Present')).toBeVisible()
	await expect(page.getByText('Copenhagen, Denmark')).toBeVisible()
	await expect(page.getByText('Engineer of the Year, 2023')).toBeVisible()
	await expect(page.getByRole('img', { name: '3.5 of 5' })).toBeVisible()
	// One column that fits the screen, at phone width too.
	const overflow = await page.evaluate(
		() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
	)
	expect(overflow).toBeLessThanOrEqual(0)
	await expectNoSeriousA11yViolations(page)

	// On paper: no navigation, and no entry split across two pages.
	await page.emulateMedia({ media: 'print' })
	await expect(page.getByRole('navigation', { name: 'Resume' })).toBeHidden()
	await expect(page.getByRole('link', { name: 'Download PDF' })).toBeHidden()
	const entry = page.getByRole('region', { name: 'Work Experience' }).getByRole('listitem').first()
	expect(await entry.evaluate((item) => getComputedStyle(item).breakInside)).toBe('avoid')
	await page.emulateMedia({ media: 'screen' })

	// 'Download PDF' downloads the PDF, named after the owner.
	const download = page.waitForEvent('download')
	await page.getByRole('link', { name: 'Download PDF' }).click()
	expect((await download).suggestedFilename()).toBe('Zoë Ørsted - Resume.pdf')
	const pdf = await page.request.get(`/${path}/resume.pdf`)
	expect(pdf.headers()['content-type']).toBe('application/pdf')
	expect(pdf.headers()['content-disposition']).toContain("filename*=UTF-8''Zo%C3%AB%20%C3%98rsted")
	expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
})

/** Fails the test on any console error or uncaught exception (a script refused by the CSP too). */
function watchForErrors(context: BrowserContext) {
	const errors: string[] = []
	context.on('console', (message) => {
		if (message.type() === 'error') errors.push(`${message.page()?.url()}: ${message.text()}`)
	})
	context.on('weberror', (error) => errors.push(`${error.page()?.url()}: ${error.error().message}`))
	return () => expect(errors, 'console errors').toEqual([])
}

test(
	'the resume page on three views in one browser: revalidated, the same page, no error',
	ONE_VIEWPORT,
	async ({ context, page, request }) => {
		const expectNoErrors = watchForErrors(context)
		const path = await ownerWithResume(request)
		for (let view = 1; view <= 3; view++) {
			const response = await page.goto(`/${path}/resume`)
			expect(response?.status(), `view ${view}`).toBe(200)
			// After the first view the browser revalidates its copy (a 304 from the page cache).
			const validator = await response!.request().headerValue('if-none-match')
			if (view === 1) expect(validator).toBeNull()
			else expect(validator, `view ${view}`).toMatch(/^W\/"/)
			// A cached page: its script admitted by hash, never by a nonce another response had.
			const policy = (await response!.allHeaders())['content-security-policy']
			expect(policy).toMatch(/script-src 'strict-dynamic' 'sha256-[^']+'/)
			expect(policy).not.toContain('nonce-')
			await expect(page.getByRole('heading', { name: 'Zoë Ørsted', level: 1 })).toBeVisible()
			// The public pages' own script, not the Remix runtime.
			expect(await page.evaluate(() => '__remixContext' in window)).toBe(false)
		}
		await page.getByRole('link', { name: 'Profile', exact: true }).click()
		await expect(page).toHaveURL(new RegExp(`/${path}$`))
		await page.goBack()
		await expect(page).toHaveURL(new RegExp(`/${path}/resume$`))
		await expect(page.getByRole('heading', { name: 'Senior Engineer', level: 3 })).toBeVisible()
		expectNoErrors()
	},
)

test.describe('with JavaScript off', () => {
	test.use({ javaScriptEnabled: false })

	test(
		'the profile leads to the resume page and the PDF, and back',
		ONE_VIEWPORT,
		async ({ context, page, request }) => {
			const expectNoErrors = watchForErrors(context)
			const path = await ownerWithResume(request)
			await page.goto(`/${path}`)
			const section = page.getByRole('region', { name: 'Resume' })
			const [fromProfile] = await Promise.all([
				page.waitForEvent('download'),
				section.getByRole('link', { name: 'Download PDF' }).click(),
			])
			expect(fromProfile.suggestedFilename()).toBe('Zoë Ørsted - Resume.pdf')
			await section.getByRole('link', { name: 'Resume page' }).click()
			await expect(page).toHaveURL(new RegExp(`/${path}/resume$`))
			await expect(page.getByRole('heading', { name: 'Work Experience' })).toBeVisible()
			await expect(page.getByText('Engineer of the Year, 2023')).toBeVisible()
			const [fromResume] = await Promise.all([
				page.waitForEvent('download'),
				page.getByRole('link', { name: 'Download PDF' }).click(),
			])
			expect(fromResume.suggestedFilename()).toBe('Zoë Ørsted - Resume.pdf')
			await page.getByRole('link', { name: 'Profile', exact: true }).click()
			await expect(page).toHaveURL(new RegExp(`/${path}$`))
			expectNoErrors()
		},
	)
})

test.describe('with Save-Data: on', () => {
	test.use({ extraHTTPHeaders: { 'Save-Data': 'on' } })

	test(
		'the resume page comes without any script',
		ONE_VIEWPORT,
		async ({ context, page, request }) => {
			const expectNoErrors = watchForErrors(context)
			const scripts: string[] = []
			page.on('request', (sent) => {
				if (sent.resourceType() === 'script') scripts.push(sent.url())
			})
			const path = await ownerWithResume(request)
			for (let view = 1; view <= 2; view++) {
				const response = await page.goto(`/${path}/resume`)
				expect(response?.status()).toBe(200)
				const headers = await response!.allHeaders()
				expect(headers['vary']).toContain('Save-Data')
				expect(headers['content-security-policy']).toContain("script-src 'none'")
				await expect(page.locator('script:not([type="application/ld+json"])')).toHaveCount(0)
				await expect(page.getByRole('img', { name: '3.5 of 5' })).toBeVisible()
			}
			expect(scripts, 'scripts loaded with Save-Data').toEqual([])
			expectNoErrors()
		},
	)
})
