/**
 * The builder's profile edits with real content: which email visitors see (and hiding it),
 * every field error reported at once, and links typed without https://.
 */
import { describe, expect, test } from 'vitest'
import { BLANK_LINKS, BLANK_NAME_CARD } from '#tests/blank-bodies'
import { createOwner } from '#tests/factories'
import { callAction, callApi, callRoute, makeRequest } from '#tests/route'
import { getProfile, updateProfile } from '~/models/profile.server'
import { getResume } from '~/models/resume.server'
import { loader as vcard } from './$pname.contact[.]vcf'
import { loader as publicPage } from './$pname._index'
import { action as builderAction, loader as builderLoader } from './builder._index'
import { loader as getEmail } from './one.auth.new.get.email'
import { action as updateField } from './one.sites.info.general.$field.update'

const act = (body: Record<string, unknown>, token: string) =>
	callAction(builderAction, '/builder', { body, token })

const visitorEmail = async (path: string) => {
	const page = (await publicPage({
		request: makeRequest(`/${path}`),
		params: { pname: path },
		context: {},
	})) as { email: string | null }
	return page.email
}

const cardEmail = async (path: string) => {
	const response = await callRoute(vcard, `/${path}/contact.vcf`, { params: { pname: path } })
	const line = (await response.text())
		.replace(/\r\n[ \t]/g, '')
		.split('\r\n')
		.find((entry) => entry.startsWith('EMAIL'))
	return line ? line.slice(line.indexOf(':') + 1) : null
}

describe('the email visitors see', () => {
	test('the login email by default; the contact email when set; none when hidden', async () => {
		const owner = await createOwner({ email: `private.login.${Date.now()}@example.com` })
		const path = owner.path!
		// The builder tells the owner which address is published, and that it is the login one.
		const page = await builderLoader({
			request: makeRequest('/builder', { token: owner.token }),
			params: {},
			context: {},
		})
		expect(page.email).toBe(owner.email)
		expect(page.loginEmail).toBe(owner.email)
		expect(page.profile.hideEmail).toBe(false)
		expect(await visitorEmail(path)).toBe(owner.email)
		expect(await cardEmail(path)).toBe(owner.email)

		await updateProfile(owner.id, { email: 'hello@dana.design' })
		expect(await visitorEmail(path)).toBe('hello@dana.design')
		expect(await cardEmail(path)).toBe('hello@dana.design')

		// Hidden from the builder's links editor: no address on the page, Find Me or the card.
		const hidden = await act(
			{ intent: 'social', ...BLANK_LINKS, email: 'hello@dana.design', hideEmail: true },
			owner.token,
		)
		expect(hidden).toMatchObject({ status: 200, body: { ok: true } })
		expect((await getProfile(owner.id))?.hideEmail).toBe(true)
		expect(await visitorEmail(path)).toBeNull()
		expect(await cardEmail(path)).toBeNull()
		const api = await callApi(getEmail, `/one/auth/new/get/email?customerId=${owner.id}`)
		expect(api.json).toEqual({ status: 200, data: null })

		// Empty contact email, still hidden: the login email is not published either.
		await act({ intent: 'social', ...BLANK_LINKS, email: '', hideEmail: true }, owner.token)
		expect(await visitorEmail(path)).toBeNull()
		expect(await cardEmail(path)).toBeNull()

		// The /one API has the same switch.
		const shown = await callApi(updateField, '/one/sites/info/general/email-visibility/update', {
			params: { field: 'email-visibility' },
			body: { hideEmail: false },
			token: owner.token,
		})
		expect(shown.json).toEqual({ status: 200, data: { hideEmail: false } })
		expect(await visitorEmail(path)).toBe(owner.email)
		const visible = await callApi(getEmail, `/one/auth/new/get/email?customerId=${owner.id}`)
		expect(visible.json).toEqual({ status: 200, data: owner.email })
	})

	test('saving the links without hideEmail leaves the setting as it was', async () => {
		const owner = await createOwner()
		await updateProfile(owner.id, { hideEmail: true })
		await act(
			{ intent: 'social', ...BLANK_LINKS, linkedInUrl: 'https://www.linkedin.com/in/x' },
			owner.token,
		)
		expect((await getProfile(owner.id))?.hideEmail).toBe(true)
	})
})

describe('builder validation', () => {
	test.each([
		{
			name: 'three bad fields of the name card are reported together',
			body: {
				intent: 'name',
				...BLANK_NAME_CARD,
				firstName: 'x'.repeat(61),
				designation: 'y'.repeat(101),
				country: 'z'.repeat(81),
			},
			fields: ['country', 'designation', 'firstName'],
		},
		{
			name: 'every bad link and phone of the links editor is reported together',
			body: {
				intent: 'social',
				...BLANK_LINKS,
				linkedInUrl: 'javascript:alert(1)',
				xUrl: 'not a link',
				mobileNumber: 'call me',
				email: 'nope',
			},
			fields: ['email', 'linkedInUrl', 'mobileNumber', 'xUrl'],
		},
		{
			name: 'a skill with a name too long and a bad rating reports both',
			body: { intent: 'skills', skills: [{ skillName: 'J'.repeat(61), rating: 7 }] },
			fields: ['skills.0.rating', 'skills.0.skillName'],
		},
	])('$name', async ({ body, fields }) => {
		const owner = await createOwner()
		const answer = await act(body, owner.token)
		expect(answer.status).toBe(400)
		expect(Object.keys(answer.body.fieldErrors as object).sort()).toEqual(fields)
	})

	test('links typed without https:// get it (social links and certificates)', async () => {
		const owner = await createOwner()
		const social = await act(
			{
				intent: 'social',
				...BLANK_LINKS,
				linkedInUrl: 'linkedin.com/in/x',
				companySite: ' www.dana.design ',
				ytUrl: 'https://youtube.com/@dana',
			},
			owner.token,
		)
		expect(social).toMatchObject({ status: 200, body: { ok: true } })
		expect((await getProfile(owner.id))?.socialLinks).toMatchObject({
			linkedInUrl: 'https://linkedin.com/in/x',
			companySite: 'https://www.dana.design',
			ytUrl: 'https://youtube.com/@dana',
		})
		const certificates = await act(
			{
				intent: 'certificates',
				certificates: [{ crtName: 'C', crtUrl: 'coursera.org/verify/AB12' }],
			},
			owner.token,
		)
		expect(certificates).toMatchObject({ status: 200, body: { ok: true } })
		expect((await getResume(owner.id)).certificates[0]?.crtUrl).toBe(
			'https://coursera.org/verify/AB12',
		)
	})
})
