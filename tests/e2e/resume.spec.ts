/**
 * Resume interchange in the browser: an owner imports a JSON Resume file in the builder
 * (preview, then apply), and a visitor reads the resume page, prints it and downloads the PDF.
 * Runs on a desktop and a phone viewport.
 */
import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import { signUpAndClaim } from './helpers'

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

test('an owner imports a JSON Resume in the builder, a visitor reads, prints and downloads it', async ({
	page,
	browser,
}) => {
	const { path } = await signUpAndClaim(page, { name: 'Jane Doe' })

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

	// The real file: a preview per section, nothing saved yet.
	await fileInput.setInputFiles({
		name: 'resume.json',
		mimeType: 'application/json',
		buffer: Buffer.from(JSON.stringify(RESUME)),
	})
	await expect(page.getByRole('alert')).toBeHidden()
	await page.getByRole('button', { name: 'Preview' }).click()
	const preview = page.getByRole('region', { name: '2. Choose what to import' })
	await expect(preview).toBeVisible()
	await expect(preview.getByText('From the JSON Resume file resume.json')).toBeVisible()
	await expect(preview.getByRole('checkbox', { name: /^Profile/ })).toBeChecked()
	await expect(preview.getByText('Staff Engineer · Nordlys · Mar 2021 – Present')).toBeVisible()
	await expect(preview.getByText('Python (5/5), Kubernetes (3.5/5)')).toBeVisible()
	await preview.getByText('Not imported (2)').click()
	await expect(preview.getByText('Knitting')).toBeVisible()
	await expectNoSeriousA11yViolations(page)

	// Leave the profile alone, import the rest.
	await preview.getByRole('checkbox', { name: /^Profile/ }).uncheck()
	await preview.getByRole('radio', { name: /Add to what I have/ }).check()
	await preview.getByRole('button', { name: 'Import the ticked sections' }).click()
	await expect(
		page.getByRole('status').filter({ hasText: 'Resume imported' }).first(),
	).toBeVisible()
	await expect(
		page.getByText('Added to: Work Experience, Education, Skills, Certificates, Achievements'),
	).toBeVisible()
	await page.getByRole('link', { name: 'See your profile' }).click()
	await expect(page).toHaveURL(/\/builder$/)
	const builderResume = page.getByRole('region', { name: 'Resume' })
	await expect(builderResume.getByText('MSc in Computer Science')).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Jane Doe', level: 1 })).toBeVisible()

	// A signed-out visitor: the profile links the resume page and its PDF.
	const visitor = await browser.newContext()
	const guest = await visitor.newPage()
	await guest.goto(`/${path}`)
	await expect(guest.locator('link[rel="alternate"][type="application/json"]')).toHaveAttribute(
		'href',
		new RegExp(`/${path}/resume\\.json$`),
	)
	const resumeSection = guest.getByRole('region', { name: 'Resume' })
	await expect(resumeSection.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
		'href',
		`/${path}/resume.pdf`,
	)
	await resumeSection.getByRole('link', { name: 'Resume page' }).click()
	await expect(guest).toHaveURL(new RegExp(`/${path}/resume$`))
	await expect(guest.getByRole('heading', { name: 'Jane Doe', level: 1 })).toBeVisible()
	await expect(guest.getByRole('heading', { name: 'Staff Engineer', level: 3 })).toBeVisible()
	await expect(guest.getByText('Mar 2021 – Present')).toBeVisible()
	await expect(guest.getByText('Engineer of the Year, 2023')).toBeVisible()
	// One column that fits the screen, at phone width too.
	const overflow = await guest.evaluate(
		() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
	)
	expect(overflow).toBeLessThanOrEqual(0)
	await expectNoSeriousA11yViolations(guest)

	// On paper: no navigation, and no entry split across two pages.
	await guest.emulateMedia({ media: 'print' })
	await expect(guest.getByRole('navigation', { name: 'Resume' })).toBeHidden()
	await expect(guest.getByRole('link', { name: 'Download PDF' })).toBeHidden()
	const breaks = await guest
		.getByRole('region', { name: 'Work Experience' })
		.getByRole('listitem')
		.first()
		.evaluate((item) => getComputedStyle(item).breakInside)
	expect(breaks).toBe('avoid')
	await guest.emulateMedia({ media: 'screen' })

	// The PDF behind 'Download PDF'.
	const download = guest.waitForEvent('download')
	await guest.getByRole('link', { name: 'Download PDF' }).click()
	expect((await download).suggestedFilename()).toBe('Jane Doe - Resume.pdf')
	const pdf = await guest.request.get(`/${path}/resume.pdf`)
	expect(pdf.headers()['content-type']).toBe('application/pdf')
	expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
	await visitor.close()
})
