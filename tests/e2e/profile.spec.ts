/**
 * The profile page end to end: the owner edits every block of /builder through its modal, then a
 * signed-out visitor reads /{path}. The flows run on the phone (mobile first, and the bottom
 * sheet is where the toasts and buttons meet); what is laid out differently runs on both.
 */
import sharp from 'sharp'
import { type Locator, type Page, type Route } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './axe'
import {
	allowConsoleError,
	expect,
	ONE_VIEWPORT,
	openBuilder,
	openPublicDialog,
	signUpByPost,
	test,
} from './helpers'

/** A Remix action call (single fetch POSTs to `<path>.data`). */
const isActionCall = (url: URL) => url.pathname.endsWith('.data')

/** Holds the page's next data calls until `release()` is called. */
async function holdActions(page: Page) {
	let release: () => void = () => {}
	const gate = new Promise<void>((resolve) => (release = resolve))
	const hold = async (route: Route) => {
		await gate
		await route.fallback()
	}
	await page.route(isActionCall, hold)
	return async () => {
		release()
		await page.unroute(isActionCall, hold)
	}
}

/** Makes the page's action calls fail as if the server were down; returns the undo. */
async function failActions(page: Page) {
	allowConsoleError(/the server responded with a status of 500 .*\.data/)
	const handler = (route: Route) =>
		route.request().method() === 'POST'
			? route.fulfill({ status: 500, contentType: 'text/plain', body: 'Forced failure' })
			: route.fallback()
	await page.route(isActionCall, handler)
	return () => page.unroute(isActionCall, handler)
}

type Box = { x: number; y: number; width: number; height: number }
const overlap = (a: Box, b: Box) =>
	a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Opens a block's editor by its edit button and returns the dialog. */
async function openEditor(page: Page, button: string, title: string) {
	await page.getByRole('button', { name: button, exact: true }).click()
	const dialog = page.getByRole('dialog', { name: title })
	await expect(dialog).toBeVisible()
	return dialog
}

/** Submits an editor and checks the modal closes with its success toast. */
async function saveEditor(page: Page, dialog: Locator, toastText: string) {
	await dialog.getByRole('button', { name: 'Update', exact: true }).click()
	await expect(dialog).toBeHidden()
	await expect(page.getByRole('status').filter({ hasText: toastText })).toBeVisible()
}

test(
	'an owner edits every block in the builder and a signed-out visitor sees it all',
	ONE_VIEWPORT,
	async ({ page, browser }) => {
		test.setTimeout(180_000)
		const dialogs: string[] = []
		page.on('dialog', (dialog) => {
			dialogs.push(dialog.message())
			void dialog.dismiss()
		})
		const { path } = await signUpByPost(page, { name: 'Jane Doe' })
		await openBuilder(page)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jane Doe')
		await expectNoSeriousA11yViolations(page)

		// Name, designation and location: one modal, the button reads 'Update In Progress' meanwhile.
		let dialog = await openEditor(
			page,
			'Edit name, designation and location',
			'Edit name and location',
		)
		await expect(dialog.getByLabel('First name')).toBeFocused()
		// A phone's keyboard offers the owner's own details.
		for (const [label, autocomplete] of [
			['First name', 'given-name'],
			['Last name', 'family-name'],
			['City', 'address-level2'],
			['Country', 'country-name'],
		]) {
			await expect(dialog.getByLabel(label!)).toHaveAttribute('autocomplete', autocomplete!)
		}
		await dialog.getByLabel('First name').fill('Ada')
		await dialog.getByLabel('Last name').fill('Lovelace')
		await dialog.getByLabel('Designation').fill('Analyst & Programmer')
		await dialog.getByLabel('City').fill('London')
		await dialog.getByLabel('Country').fill('United Kingdom')
		await expectNoSeriousA11yViolations(page)
		const release = await holdActions(page)
		await dialog.getByRole('button', { name: 'Update', exact: true }).click()
		await expect(dialog.getByRole('button', { name: 'Update In Progress' })).toBeDisabled()
		await release()
		await expect(dialog).toBeHidden()
		await expect(page.getByRole('status').filter({ hasText: 'Profile updated' })).toBeVisible()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ada Lovelace')
		await expect(page.getByText('Analyst & Programmer', { exact: true })).toBeVisible()
		await expect(page.getByText('London, United Kingdom', { exact: true })).toBeVisible()

		// A changed draft is never thrown away without asking: Escape (or X) asks first, and
		// 'Keep editing' (which has the focus) keeps it.
		dialog = await openEditor(page, 'Edit tagline', 'Edit tagline')
		await dialog.getByLabel('Tagline').fill('Never saved')
		await page.keyboard.press('Escape')
		const discard = page.getByRole('alertdialog', { name: 'Discard your changes?' })
		await expect(discard).toBeVisible()
		await expect(discard.getByRole('button', { name: 'Keep editing' })).toBeFocused()
		await expectNoSeriousA11yViolations(page)
		await page.keyboard.press('Enter')
		await expect(discard).toBeHidden()
		await expect(dialog.getByLabel('Tagline')).toHaveValue('Never saved')
		await dialog.getByRole('button', { name: 'Close' }).click()
		await discard.getByRole('button', { name: 'Discard changes' }).click()
		await expect(dialog).toBeHidden()
		await expect(page.getByRole('button', { name: 'Edit tagline' })).toBeFocused()
		// An editor with nothing changed closes at once.
		dialog = await openEditor(page, 'Edit tagline', 'Edit tagline')
		await expect(dialog.getByLabel('Tagline')).toHaveValue('')
		await page.keyboard.press('Escape')
		await expect(dialog).toBeHidden()
		await expect(page.getByText('Never saved')).toHaveCount(0)

		dialog = await openEditor(page, 'Edit tagline', 'Edit tagline')
		await dialog.getByLabel('Tagline').fill('I turn <b>numbers</b> into music.')
		await saveEditor(page, dialog, 'Tagline updated')

		// Social links (opened at once, while the tagline's toast still shows): a javascript: link is
		// refused next to its field and not saved.
		dialog = await openEditor(
			page,
			'Edit social and contact links',
			'Edit social and contact links',
		)

		// The toast of the last edit stays clear of this modal's button (on a phone the modal is a
		// bottom sheet), and hovering it does not keep it on screen. The toast lives 2 s: on a busy
		// machine the modal can take longer to open, and then there is nothing left to cover it.
		// Both boxes are read in one go, as a painted frame shows them (after the next frame's
		// layout and resize observers: a box read between a change and its frame is no frame's).
		const toast = page.getByRole('status').filter({ hasText: 'Tagline updated' })
		const toastHandle = await toast.elementHandle({ timeout: 500 }).catch(() => null)
		const buttonHandle = await dialog
			.getByRole('button', { name: 'Update', exact: true })
			.elementHandle()
		const boxes = toastHandle
			? await page.evaluate(
					async ([shown, button]) => {
						const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
						await frame()
						await frame()
						return shown.isConnected
							? [shown.getBoundingClientRect().toJSON(), button!.getBoundingClientRect().toJSON()]
							: null
					},
					[toastHandle, buttonHandle] as const,
				)
			: null
		if (boxes) {
			const [toastBox, buttonBox] = boxes as [Box, Box]
			expect(overlap(toastBox, buttonBox), 'the toast covers the Update button').toBe(false)
			await page.mouse.move(toastBox.x + toastBox.width / 2, toastBox.y + toastBox.height / 2)
		}
		await expect(toast).toBeHidden({ timeout: 5_000 })
		// Owner-typed text is shown as text, never as markup.
		await expect(page.getByText('I turn <b>numbers</b> into music.', { exact: true })).toBeVisible()
		await dialog.getByLabel('LinkedIn').fill('javascript:alert(1)')
		await dialog.getByLabel('X', { exact: true }).fill('https://x.com/ada')
		await expect(dialog.getByLabel('Mobile number')).toHaveAttribute('autocomplete', 'tel')
		await expect(dialog.getByLabel('Contact email')).toHaveAttribute('autocomplete', 'email')
		await dialog.getByLabel('Mobile number').fill('+44 20 7946 0958')
		await dialog.getByLabel('Contact email').fill('ada@example.com')
		// The server refuses the link: its answer is a 400 with the field's error.
		allowConsoleError(/status of 400 .*\/builder\.data/)
		await dialog.getByRole('button', { name: 'Update', exact: true }).click()
		await expect(dialog.getByLabel('LinkedIn')).toHaveAttribute('aria-invalid', 'true')
		await expect(
			dialog.getByText(
				'Enter your LinkedIn handle (such as in/name) or a link starting with https://',
				{ exact: true },
			),
		).toBeVisible()
		await expect(dialog.getByRole('alert').filter({ hasText: 'Please try again' })).toBeVisible()
		await expect(dialog).toBeVisible()
		const refused = await page.request.get(`/${path}`)
		expect(await refused.text()).not.toContain('javascript:')
		await dialog.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/ada')
		await saveEditor(page, dialog, 'Links updated')

		// Career highlights.
		dialog = await openEditor(page, 'Edit career highlights', 'Edit career highlights')
		await dialog.getByLabel('Highlight 1').fill('Wrote the first program')
		await dialog.getByLabel('Highlight 2').fill('Saw beyond arithmetic')
		await dialog.getByLabel('Highlight 3').fill('Translated Menabrea')
		await saveEditor(page, dialog, 'Highlights updated')
		const highlights = page.getByRole('region', { name: 'Career Highlights' })
		await expect(highlights.getByRole('listitem')).toHaveText([
			/Wrote the first program/,
			/Saw beyond arithmetic/,
			/Translated Menabrea/,
		])

		// Bio: two paragraphs separated by a blank line.
		dialog = await openEditor(page, 'Edit bio', 'Edit bio')
		await dialog.getByLabel('Bio').fill('I was born in London.\n\nI love the Analytical Engine.')
		await saveEditor(page, dialog, 'Bio updated')
		const about = page.getByRole('region', { name: 'About Me' })
		await expect(about.getByRole('paragraph')).toHaveText([
			'I was born in London.',
			'I love the Analytical Engine.',
		])

		// Work experience: add two, reorder, Ongoing blanks and disables the end date.
		dialog = await openEditor(page, 'Edit work experience', 'Edit work experience')
		await expect(dialog.getByText('Nothing here yet.')).toBeVisible()
		await dialog.getByRole('button', { name: 'Add position' }).click()
		await dialog.getByRole('button', { name: 'Add position' }).click()
		const positions = dialog.getByRole('group')
		await expect(positions).toHaveCount(2)
		// The keyboard is in the new entry's first field, not left on the button.
		await expect(positions.nth(1).getByLabel('Company')).toBeFocused()
		let position = positions.nth(0)
		await position.getByLabel('Company').fill('Babbage & Co')
		await position.getByLabel('Role').fill('Translator')
		await position.getByLabel('Start date').fill('2018-10')
		await position.getByLabel('End date').fill('2019-09')
		await position.getByLabel('Experience').fill('Translated the memoir\nAdded the notes')
		position = positions.nth(1)
		await position.getByLabel('Company').fill('Analytical Society')
		await position.getByLabel('Role').fill('Programmer')
		await position.getByLabel('Start date').fill('2019-09')
		await position.getByLabel('End date').fill('2020-01')
		await position.getByRole('checkbox', { name: /Ongoing/ }).check()
		await expect(position.getByLabel('End date')).toHaveValue('')
		await expect(position.getByLabel('End date')).toBeDisabled()
		await position.getByRole('button', { name: 'Move Programmer up' }).click()
		await expect(positions.nth(0).getByLabel('Role')).toHaveValue('Programmer')
		await expect(positions.nth(0).getByRole('button', { name: /up$/ })).toBeDisabled()
		await expectNoSeriousA11yViolations(page)
		await saveEditor(page, dialog, 'Work experience updated')
		const resume = page.getByRole('region', { name: 'Resume' })
		await expect(resume.getByText('Sep 2019 – Present')).toBeVisible()
		await expect(resume.getByText('Oct 2018 – Sep 2019')).toBeVisible()
		await expect(resume.getByText('Added the notes')).toBeVisible()
		const roles = resume.getByText(/^(Programmer|Translator)$/)
		await expect(roles).toHaveText(['Programmer', 'Translator'])

		// Education: add two, remove one.
		dialog = await openEditor(page, 'Edit education', 'Edit education')
		await dialog.getByRole('button', { name: 'Add education' }).click()
		await dialog.getByRole('button', { name: 'Add education' }).click()
		const schools = dialog.getByRole('group')
		await schools.nth(0).getByLabel('Degree').fill('Mathematics')
		await schools.nth(0).getByLabel('Institution').fill('Private tutors')
		await schools.nth(0).getByLabel('Start year').fill('2012')
		await schools.nth(0).getByLabel('End year').fill('2016')
		await schools.nth(1).getByLabel('Degree').fill('To be removed')
		await schools.nth(1).getByRole('button', { name: 'Remove To be removed' }).click()
		await expect(schools).toHaveCount(1)
		await saveEditor(page, dialog, 'Education updated')
		await expect(resume.getByText('Private tutors')).toBeVisible()
		await expect(resume.getByText('2012 – 2016')).toBeVisible()
		await expect(resume.getByText('To be removed')).toHaveCount(0)

		// Skills with a rating, shown as stars read out as text.
		dialog = await openEditor(page, 'Edit skills', 'Edit skills')
		await dialog.getByRole('button', { name: 'Add skill' }).click()
		await expect(dialog.getByLabel('Skill', { exact: true })).toBeFocused()
		await dialog.getByLabel('Skill', { exact: true }).fill('Python')
		await dialog.getByLabel('Rating').selectOption('3.5')
		await saveEditor(page, dialog, 'Skills updated')
		await expect(resume.getByText('Python', { exact: true })).toBeVisible()
		await expect(resume.getByRole('img', { name: '3.5 of 5' })).toBeVisible()

		// Certificates.
		dialog = await openEditor(page, 'Edit certificates', 'Edit certificates')
		await dialog.getByRole('button', { name: 'Add certificate' }).click()
		await dialog.getByLabel('Certificate', { exact: true }).fill('Difference Engine Operator')
		await dialog.getByLabel('Platform').fill('Royal Society')
		await dialog.getByLabel('Certificate URL').fill('https://example.com/cert')
		await dialog.getByLabel('Year').fill('2020')
		await saveEditor(page, dialog, 'Certificates updated')
		await expect(resume.getByText('Difference Engine Operator', { exact: true })).toBeVisible()
		await expect(resume.getByText('Royal Society · 2020')).toBeVisible()

		// Achievements, one per line.
		dialog = await openEditor(page, 'Edit achievements', 'Edit achievements')
		await dialog.getByLabel('Achievements').fill('First published algorithm\n\nNote G')
		await saveEditor(page, dialog, 'Achievements updated')
		await expect(resume.getByText('First published algorithm')).toBeVisible()
		await expect(resume.getByText('Note G', { exact: true })).toBeVisible()

		// An edit reopened shows what was saved.
		dialog = await openEditor(page, 'Edit work experience', 'Edit work experience')
		await expect(dialog.getByRole('group').nth(0).getByRole('checkbox')).toBeChecked()
		await expect(dialog.getByRole('group').nth(1).getByLabel('End date')).toHaveValue('2019-09')
		await page.keyboard.press('Escape')
		await expect(dialog).toBeHidden()
		await expectNoSeriousA11yViolations(page)

		// The saved data survives a reload.
		await page.reload()
		await expect(page.getByText('I love the Analytical Engine.')).toBeVisible()

		// A signed-out visitor sees everything, read-only.
		const visitorContext = await browser.newContext()
		const visitor = await visitorContext.newPage()
		visitor.on('dialog', (d) => {
			dialogs.push(d.message())
			void d.dismiss()
		})
		const response = await visitor.goto(`/${path}`)
		expect(response?.status()).toBe(200)
		await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Ada Lovelace')
		await expect(visitor.getByRole('banner').getByText('AL', { exact: true })).toBeVisible()
		for (const text of [
			'Analyst & Programmer',
			'London, United Kingdom',
			'I turn <b>numbers</b> into music.',
			'Wrote the first program',
			'I was born in London.',
			'I love the Analytical Engine.',
			'Babbage & Co',
			'Sep 2019 – Present',
			'Private tutors',
			'Difference Engine Operator',
			'Note G',
		]) {
			await expect(visitor.getByText(text, { exact: true }), text).toBeVisible()
		}
		for (const heading of ['Career Highlights', 'About Me', 'Resume']) {
			await expect(visitor.getByRole('heading', { name: heading })).toBeVisible()
		}
		await expect(visitor.getByRole('img', { name: '3.5 of 5' })).toBeVisible()
		await expect(visitor.getByRole('button', { name: /^Edit/ })).toHaveCount(0)
		await expect(visitor.getByText('Edit Mode')).toHaveCount(0)
		await expect(visitor.locator('b')).toHaveCount(0)
		const certificate = visitor.getByRole('link', {
			name: 'View certificate Difference Engine Operator',
		})
		await expect(certificate).toHaveAttribute('href', 'https://example.com/cert')
		await expect(certificate).toHaveAttribute('rel', /noopener/)
		await expectNoSeriousA11yViolations(visitor)

		// Find Me: greeting, the mailto link, 'OR', then the social buttons.
		await openPublicDialog(visitor, visitor.getByRole('button', { name: 'Find Me' }))
		const findMe = visitor.getByRole('dialog', { name: 'Find Me' })
		await expect(findMe.getByText(/Hi there!/)).toBeVisible()
		await expect(findMe.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
			'href',
			'mailto:ada@example.com',
		)
		await expect(findMe.getByText('OR', { exact: true })).toBeVisible()
		for (const [name, href] of [
			['LinkedIn', 'https://www.linkedin.com/in/ada'],
			['X', 'https://x.com/ada'],
		] as const) {
			const link = findMe.getByRole('link', { name, exact: true })
			await expect(link).toHaveAttribute('href', href)
			await expect(link).toHaveAttribute('target', '_blank')
			await expect(link).toHaveAttribute('rel', /\bnoopener\b/)
		}
		const phone = findMe.getByRole('link', { name: 'Call +442079460958' })
		await expect(phone).toHaveAttribute('href', 'tel:+442079460958')
		await expect(phone).not.toHaveAttribute('target', /.+/)
		await expect(visitor.locator('a[href^="javascript:" i]')).toHaveCount(0)
		await expectNoSeriousA11yViolations(visitor)
		// Clicking opens the profile in a new tab that cannot reach back to this page.
		await visitorContext.route('https://x.com/**', (route) =>
			route.fulfill({ contentType: 'text/html', body: '<title>X</title>' }),
		)
		const [popup] = await Promise.all([
			visitor.waitForEvent('popup'),
			findMe.getByRole('link', { name: 'X', exact: true }).click(),
		])
		await popup.waitForLoadState()
		expect(popup.url()).toBe('https://x.com/ada')
		expect(await popup.evaluate(() => window.opener)).toBeNull()
		await popup.close()
		await visitor.keyboard.press('Escape')
		await expect(findMe).toBeHidden()

		await visitorContext.close()
		expect(dialogs).toEqual([])
	},
)

test(
	'a failed update keeps the editor open with Please try again; a retry saves',
	ONE_VIEWPORT,
	async ({ page }) => {
		await signUpByPost(page)
		await openBuilder(page)
		const dialog = await openEditor(page, 'Edit tagline', 'Edit tagline')
		await dialog.getByLabel('Tagline').fill('Retried and saved')
		const undoFailure = await failActions(page)
		await dialog.getByRole('button', { name: 'Update', exact: true }).click()
		await expect(dialog.getByRole('alert')).toHaveText('Please try again')
		await expect(dialog).toBeVisible()
		await expect(dialog.getByLabel('Tagline')).toHaveValue('Retried and saved')
		await expect(dialog.getByRole('button', { name: 'Update', exact: true })).toBeEnabled()
		await undoFailure()
		await saveEditor(page, dialog, 'Tagline updated')
		await expect(page.getByText('Retried and saved', { exact: true })).toBeVisible()
	},
)

test(
	'a fresh profile hides its empty sections from visitors and prompts its owner',
	ONE_VIEWPORT,
	async ({ page, browser }) => {
		test.setTimeout(120_000)
		const { path, email } = await signUpByPost(page, { name: 'Jane Doe' })
		await openBuilder(page)

		// Without a name, the owner is asked for one and the initials are T and M.
		const dialog = await openEditor(
			page,
			'Edit name, designation and location',
			'Edit name and location',
		)
		await dialog.getByLabel('First name').fill('')
		await dialog.getByLabel('Last name').fill('')
		await saveEditor(page, dialog, 'Profile updated')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add your name')
		await expect(page.getByText('Add your designation')).toBeVisible()
		for (const prompt of [
			'Add up to three career highlights',
			'Tell visitors about yourself',
			'Add your work experience',
			'Add your education',
			'Add your skills',
			'Add your certificates',
			'Add your achievements',
		]) {
			await expect(page.getByRole('button', { name: prompt }), prompt).toBeVisible()
		}
		// A placeholder opens its block's editor.
		await page.getByRole('button', { name: 'Tell visitors about yourself' }).click()
		await expect(page.getByRole('dialog', { name: 'Edit bio' })).toBeVisible()
		await page.keyboard.press('Escape')
		await expectNoSeriousA11yViolations(page)

		const visitorContext = await browser.newContext()
		const visitor = await visitorContext.newPage()
		const response = await visitor.goto(`/${path}`)
		expect(response?.status()).toBe(200)
		// The initials badge is decorative (aria-hidden): check its text.
		await expect(visitor.getByRole('banner').getByText('TM', { exact: true })).toBeVisible()
		for (const heading of ['Career Highlights', 'About Me', 'Resume', 'My Portfolio']) {
			await expect(visitor.getByRole('heading', { name: heading }), heading).toHaveCount(0)
		}
		for (const prompt of [
			'Add your name',
			'Add your designation',
			'Tell visitors about yourself',
		]) {
			await expect(visitor.getByText(prompt), prompt).toHaveCount(0)
		}
		await expect(visitor.getByRole('img', { name: 'Display picture' })).toHaveAttribute(
			'src',
			'/images/default-avatar.svg',
		)
		await expectNoSeriousA11yViolations(visitor)

		// With no contact email set, Find Me offers the account's email.
		await openPublicDialog(visitor, visitor.getByRole('button', { name: 'Find Me' }))
		const findMe = visitor.getByRole('dialog', { name: 'Find Me' })
		await expect(findMe.getByRole('link', { name: email })).toHaveAttribute(
			'href',
			`mailto:${email}`,
		)
		await expect(findMe.getByText('OR', { exact: true })).toHaveCount(0)
		await visitor.keyboard.press('Escape')

		// The resume shows only once all five lists have content.
		const post = async (section: string, data: object) =>
			expect(
				(
					await page.request.post(`/one/sites/resume/work-exp/update/${section}`, { data })
				).status(),
			).toBe(200)
		await post('workexp', {
			workExp: [{ company: 'Acme', role: 'Builder', startDate: 'Jan 2020' }],
		})
		await post('education', { education: [{ eduName: 'BSc', eduInstitution: 'Uni' }] })
		await post('skills', { skills: [{ skillName: 'React', rating: 4 }] })
		await post('certificates', { certificates: [{ crtName: 'Cert', crtPlat: 'Platform' }] })
		await visitor.reload()
		await expect(visitor.getByRole('heading', { name: 'Resume' })).toHaveCount(0)
		await expect(visitor.getByText('Acme')).toHaveCount(0)
		await post('achievements', { achievements: 'Did a thing' })
		await visitor.reload()
		await expect(visitor.getByRole('heading', { name: 'Resume' })).toBeVisible()
		for (const text of ['Acme', 'BSc', 'React', 'Cert', 'Did a thing']) {
			await expect(visitor.getByText(text, { exact: true }), text).toBeVisible()
		}
		await expect(visitor.getByText('Jan 2020', { exact: true })).toBeVisible()
		await visitorContext.close()
	},
)

test(
	'a display picture that fails to load falls back to the default image',
	ONE_VIEWPORT,
	async ({ page, browser }) => {
		const { path } = await signUpByPost(page)
		const picture = await sharp({
			create: { width: 64, height: 64, channels: 3, background: '#d6246e' },
		})
			.png()
			.toBuffer()
		const upload = await page.request.post('/one/sites/images/update/display-picture', {
			multipart: {
				display_picture: { name: 'me.png', mimeType: 'image/png', buffer: picture },
			},
		})
		expect(upload.status()).toBe(200)

		const visitorContext = await browser.newContext()
		const visitor = await visitorContext.newPage()
		await visitor.goto(`/${path}`)
		const avatar = visitor.getByRole('img', { name: "Jane Doe's display picture" })
		await expect(avatar).toHaveAttribute('src', /display-picture\.webp/)
		await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(512)

		// The storage is down: the picture answers 404 and the default picture shows instead.
		// The top bar's small picture fails the same way (and falls back the same way).
		allowConsoleError(/status of 404 .*display-picture(-small)?\.webp/)
		await visitor.route(/display-picture/, (route) => route.fulfill({ status: 404, body: '' }))
		await visitor.reload()
		await expect(avatar).toHaveAttribute('src', '/images/default-avatar.svg')
		await expect
			.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
			.toBeGreaterThan(0)
		await visitorContext.close()
	},
)

test('an unknown name answers 404 with a real page', ONE_VIEWPORT, async ({ page }) => {
	// Chromium reports the 404 answer itself; the page logs nothing.
	allowConsoleError(/status of 404 \(Not Found\) \(at http:\/\/[^/]+\/no-such-person-xyz\)$/)
	const response = await page.goto('/no-such-person-xyz')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
	await expect(page.getByRole('link', { name: 'Go to Tagg' })).toBeVisible()
	await expectNoSeriousA11yViolations(page)
})
