/**
 * The owner is told and heard: the builder says whether the resume is public and which
 * lists keep it hidden (at the resume, in its editors, in the import preview and after an
 * import), asks before removing a last entry hides it, takes the owner's own skills and
 * categories, turns a handle into a link, puts the keyboard on the field a save was refused for,
 * and keeps the Appearance preview in view while choosing. Runs on a phone and a desktop
 * (screenshots for a person to look at with E2E_SCREENSHOTS set: helpers.ts reviewShot).
 */
import { type APIRequestContext, type Page } from '@playwright/test'
import {
	allowConsoleError,
	expect,
	logInByPost,
	ONE_VIEWPORT,
	openBuilder,
	registerAndClaim,
	reviewShot,
	test,
} from './helpers'

const RESUME_API = '/one/sites/resume/work-exp/update'

/** An owner (through the API) whose resume has all five lists, signed in on `at`. */
async function ownerWithFullResume(page: Page, request: APIRequestContext, at = '/builder') {
	const owner = await registerAndClaim(request, 'Avery')
	const sections = {
		workexp: { workExp: [{ company: 'Northwind', role: 'Designer', startDate: 'Jan 2020' }] },
		education: { education: [{ eduName: 'BA Design', eduInstitution: 'RCA' }] },
		skills: { skills: [{ skillName: 'Figma', rating: 4 }] },
		certificates: { certificates: [{ crtName: 'Google UX', crtPlat: 'Coursera' }] },
		achievements: { achievements: ['Shipped a calm checkout'] },
	}
	for (const [section, body] of Object.entries(sections)) {
		const answer = await request.post(`${RESUME_API}/${section}`, {
			data: body,
			headers: owner.headers,
		})
		expect(answer.status()).toBe(200)
	}
	await logInByPost(page, owner.email)
	await openBuilder(page, at)
	return owner
}

const notice = (page: Page) => page.getByRole('region', { name: 'Resume' }).getByRole('status')

test(
	'removing the last certificate asks first, then the builder names the list that hides the resume',
	ONE_VIEWPORT,
	async ({ page, request }) => {
		const owner = await ownerWithFullResume(page, request)
		await expect(notice(page)).toHaveText('Your resume is public: visitors see all five lists.')

		await page.getByRole('button', { name: 'Edit certificates' }).click()
		const editor = page.getByRole('dialog', { name: 'Edit certificates' })
		await editor.getByRole('button', { name: 'Remove Google UX' }).click()
		const ask = page.getByRole('alertdialog', { name: 'Remove the last certificate?' })
		await expect(ask).toContainText(
			'Your resume is hidden from visitors until Certificates has an entry.',
		)
		await reviewShot(page, '1-confirm-last-certificate')
		// The safe answer has the focus: Enter keeps the entry.
		await expect(ask.getByRole('button', { name: 'Keep it' })).toBeFocused()
		await page.keyboard.press('Enter')
		await expect(ask).toBeHidden()
		await expect(editor.getByRole('group', { name: 'Google UX' })).toBeVisible()

		await editor.getByRole('button', { name: 'Remove Google UX' }).click()
		await ask.getByRole('button', { name: 'Remove and hide resume' }).click()
		await expect(editor.getByRole('group', { name: 'Google UX' })).toHaveCount(0)
		await expect(editor.getByRole('status').first()).toHaveText(
			'Your resume is hidden from visitors until Certificates has an entry.',
		)
		await editor.getByRole('button', { name: 'Update' }).click()
		await expect(editor).toBeHidden()
		await expect(notice(page)).toHaveText(
			'Your resume is hidden from visitors until Certificates has an entry.',
		)
		await notice(page).scrollIntoViewIfNeeded()
		await reviewShot(page, '2-resume-hidden-notice')

		// Emptying a second list: the notice names both, in the resume's order.
		await page.getByRole('button', { name: 'Edit achievements' }).click()
		const achievements = page.getByRole('dialog', { name: 'Edit achievements' })
		await achievements.getByLabel('Achievements').fill('')
		await expect(achievements.getByRole('status').first()).toHaveText(
			'Your resume is hidden from visitors until Certificates and Achievements have an entry.',
		)
		// The resume is hidden already: no question this time.
		await achievements.getByRole('button', { name: 'Update' }).click()
		await expect(achievements).toBeHidden()
		await expect(notice(page)).toHaveText(
			'Your resume is hidden from visitors until Certificates and Achievements have an entry.',
		)

		// SPEC.md's rule stays: visitors see no resume.
		await page.goto(`/${owner.path}`)
		await expect(page.getByRole('region', { name: 'Resume' })).toHaveCount(0)
	},
)

test(
	'the import preview names the lists that stay empty, and the builder says so after the import',
	ONE_VIEWPORT,
	async ({ page, request }) => {
		const owner = await registerAndClaim(request, 'Avery')
		await logInByPost(page, owner.email)
		await openBuilder(page)
		await expect(notice(page)).toHaveText(
			'Your resume is hidden from visitors until Work Experience, Education, Skills, Certificates and Achievements have an entry.',
		)
		// The JSON Resume schema's own sample has no certificates.
		const sample = {
			basics: { name: 'Richard Hendriks', label: 'Programmer' },
			work: [{ name: 'Pied Piper', position: 'CEO/President', startDate: '2013-12-01' }],
			education: [
				{ institution: 'University', area: 'Software Development', studyType: 'Bachelor' },
			],
			awards: [{ title: 'Digital Compression Pioneer Award', date: '2014-11-01' }],
			skills: [{ name: 'Web Development', level: 'Master', keywords: ['HTML', 'CSS'] }],
		}
		await page.goto('/builder/import')
		await page.getByLabel('Resume file').setInputFiles({
			name: 'sample.json',
			mimeType: 'application/json',
			buffer: Buffer.from(JSON.stringify(sample)),
		})
		await page.getByRole('button', { name: 'Preview' }).click()
		const preview = page.getByRole('region', { name: '2. Choose what to import' })
		const before = preview.getByRole('status')
		await expect(before).toHaveText(
			'After this import: your resume is hidden from visitors until Certificates has an entry.',
		)
		// Unticking a section is counted at once.
		await preview.getByRole('checkbox', { name: /^Skills/ }).uncheck()
		await expect(before).toHaveText(
			'After this import: your resume is hidden from visitors until Skills and Certificates have an entry.',
		)
		await preview.getByRole('checkbox', { name: /^Skills/ }).check()
		await before.scrollIntoViewIfNeeded()
		await reviewShot(page, '3-import-preview-notice')
		await preview.getByRole('button', { name: 'Import the ticked sections' }).click()
		const imported = page.getByRole('status', { name: 'Resume imported' })
		await expect(imported).toContainText(
			'Your resume is hidden from visitors until Certificates has an entry.',
		)
		await page.getByRole('link', { name: 'See your profile' }).click()
		await expect(notice(page)).toHaveText(
			'Your resume is hidden from visitors until Certificates has an entry.',
		)
	},
)

test(
	'an own skill and an own project category are saved and shown as typed',
	ONE_VIEWPORT,
	async ({ page, request }) => {
		const owner = await ownerWithFullResume(page, request)
		await page.getByRole('button', { name: 'Edit skills' }).click()
		const skills = page.getByRole('dialog', { name: 'Edit skills' })
		await skills.getByRole('button', { name: 'Add skill' }).click()
		await skills.getByRole('combobox', { name: 'Skill', exact: true }).last().fill('UI/UX Design')
		await skills.getByRole('button', { name: 'Add skill' }).click()
		await skills.getByRole('combobox', { name: 'Skill', exact: true }).last().fill('Sketch')
		await skills.getByRole('button', { name: 'Update' }).click()
		await expect(skills).toBeHidden()
		const resume = page.getByRole('region', { name: 'Resume' })
		await expect(resume.getByText('UI/UX Design', { exact: true })).toBeVisible()
		await expect(resume.getByText('Sketch', { exact: true })).toBeVisible()

		// A project's category of the owner's own, added with the picker's Add button.
		const created = await request.post('/one/sites/portfolio/data/create/new/portfolio', {
			headers: owner.headers,
		})
		const { url } = (await created.json()) as { url: string }
		await page.goto(url)
		await page.getByRole('button', { name: 'Edit product details' }).click()
		const head = page.getByRole('dialog', { name: /product details/i })
		const categories = head.getByRole('group', { name: 'Project Categories' })
		await categories.getByRole('searchbox').fill('Zine layout')
		await categories.getByRole('button', { name: 'Add “Zine layout”' }).click()
		await expect(categories.getByRole('button', { name: 'Remove Zine layout' })).toBeVisible()
		await categories.getByRole('searchbox').fill('ui/ux design')
		await categories.getByRole('searchbox').press('Enter')
		await expect(categories.getByRole('button', { name: 'Remove UI/UX Design' })).toBeVisible()
		await head.getByRole('button', { name: 'Update' }).click()
		await expect(head).toBeHidden()
		await expect(page.getByRole('listitem').filter({ hasText: /^Zine layout$/ })).toBeVisible()
		await expect(page.getByRole('listitem').filter({ hasText: /^UI\/UX Design$/ })).toBeVisible()

		// Visitors see the own skills as typed.
		await page.goto(`/${owner.path}`)
		const publicResume = page.getByRole('region', { name: 'Resume' })
		await expect(publicResume.getByText('UI/UX Design', { exact: true })).toBeVisible()
		await expect(publicResume.getByText('Sketch', { exact: true })).toBeVisible()
	},
)

test(
	'a handle becomes a link; a refused field takes the focus with its error next to it',
	ONE_VIEWPORT,
	async ({ page, request }) => {
		// The refused save answers 400, which the browser logs.
		allowConsoleError(/status of 400 \(Bad Request\)/)
		await ownerWithFullResume(page, request)
		await page.getByRole('button', { name: /Edit social/i }).click()
		const links = page.getByRole('dialog', { name: 'Edit social and contact links' })
		await links.getByLabel('Instagram').fill('@avery.makes')
		await links.getByLabel('LinkedIn').fill('in/avery-lee')
		await links.getByLabel('X', { exact: true }).fill('@not a handle!')
		await links.getByRole('button', { name: 'Update' }).click()

		// 'Please try again' stays, and the keyboard is at the refused field, its error beside it.
		await expect(links.getByText('Please try again')).toBeVisible()
		const x = links.getByLabel('X', { exact: true })
		await expect(x).toBeFocused()
		await expect(x).toBeInViewport()
		const error = links.getByText(
			'Enter your X handle (such as @name) or a link starting with https://',
		)
		await expect(error).toBeInViewport()
		await expect(x).toHaveAccessibleDescription(/^Enter your X handle \(such as @name\)/)
		await reviewShot(page, '4-field-error-focused')

		await x.fill('@avery_m')
		await links.getByRole('button', { name: 'Update' }).click()
		await expect(links).toBeHidden()
		await page.getByRole('button', { name: /Edit social/i }).click()
		await expect(links.getByLabel('Instagram')).toHaveValue('https://www.instagram.com/avery.makes')
		await expect(links.getByLabel('LinkedIn')).toHaveValue('https://www.linkedin.com/in/avery-lee')
		await expect(links.getByLabel('X', { exact: true })).toHaveValue('https://x.com/avery_m')
		// Where a handle means nothing, the field stays a link field.
		await expect(links.getByLabel('Website')).toHaveAttribute('type', 'url')
	},
)

test('the Appearance preview stays in view while the owner chooses', async ({ page, request }) => {
	await ownerWithFullResume(page, request, '/builder/appearance')
	const preview = page.getByTestId('appearance-preview')
	// The last choices of the form (the header band), far down on a phone.
	const solid = page.getByRole('radio', { name: /Solid/ })
	await solid.scrollIntoViewIfNeeded()
	await solid.check({ force: true })
	await expect(preview).toHaveAttribute('data-header', 'solid')
	await expect(preview).toBeInViewport({ ratio: 0.3 })
	// The chosen band is what the owner sees, not covered by the builder's bar.
	const band = preview.locator('.header-band')
	await expect(band).toBeInViewport()
	const bar = await page.locator('header').first().boundingBox()
	const box = await band.boundingBox()
	expect(box!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height - 1)
	await reviewShot(page, '5-appearance-preview-pinned')
})
