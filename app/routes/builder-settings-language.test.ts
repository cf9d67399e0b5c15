/**
 * Settings' two languages: the language of the owner's public pages
 * (`Profile.language`, the same value as `/one/sites/info/general/language`) and the language of
 * the builder and the owner's emails (`Customer.language`, null: the browser's). Both are plain
 * form posts (no JavaScript needed), each with its own answer; a new language of the builder
 * comes back as a new page in that language, with the `tagg_lang` cookie set or cleared.
 */
import { describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { callApi, makeRequest } from '#tests/route'
import { getAccount } from '~/models/account.server'
import { getProfile } from '~/models/profile.server'
import { action, loader } from './builder.settings'
import { loader as readField } from './one.sites.info.general.$field'

type Answer = { status: number; body: Record<string, unknown>; headers: Headers }

/** Posts Settings' form as a browser without JavaScript does (urlencoded). */
async function post(fields: Record<string, string>, token: string, headers = {}) {
	let result: unknown
	try {
		result = await action({
			request: makeRequest('/builder/settings', {
				rawBody: new URLSearchParams(fields).toString(),
				headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
				token,
			}),
			params: {},
			context: {},
		})
	} catch (thrown) {
		result = thrown
	}
	if (result instanceof Response) {
		return { status: result.status, body: {}, headers: result.headers } satisfies Answer
	}
	const { data, init } = result as { data: Record<string, unknown>; init?: ResponseInit | null }
	return {
		status: init?.status ?? 200,
		body: data,
		headers: new Headers(init?.headers),
	} satisfies Answer
}

const settings = (token: string, path = '/builder/settings', headers = {}) =>
	loader({ request: makeRequest(path, { token, headers }), params: {}, context: {} })

const publicLanguage = async (customerId: string) => {
	const answer = await callApi(
		readField,
		`/one/sites/info/general/language?customer_id=${customerId}`,
		{ params: { field: 'language' } },
	)
	return (answer.json as unknown as { data: { language: string } }).data.language
}

describe('the language of the public pages', () => {
	test('English until chosen; saved with its own answer; the API reads the same value', async () => {
		const owner = await createOwner()
		expect(await settings(owner.token)).toMatchObject({ pageLanguage: 'en', builderLanguage: null })

		const saved = await post({ intent: 'pageLanguage', language: 'ar' }, owner.token)
		expect(saved).toMatchObject({
			status: 200,
			body: {
				intent: 'pageLanguage',
				notice: 'The language of your public pages was saved.',
			},
		})
		expect((await getProfile(owner.id))?.language).toBe('ar')
		expect(await publicLanguage(owner.id)).toBe('ar')
		expect(await settings(owner.token)).toMatchObject({ pageLanguage: 'ar' })
		// The builder's own language is another setting: untouched.
		expect((await getAccount(owner.id))?.language).toBeNull()
	})

	test('a language not in the list is refused and nothing changes', async () => {
		const owner = await createOwner()
		for (const language of ['xx', '', 'EN', 'constructor']) {
			const refused = await post({ intent: 'pageLanguage', language }, owner.token)
			expect(refused.status).toBe(400)
			expect(refused.body).toMatchObject({
				intent: 'pageLanguage',
				error: 'Choose one of the languages in the list.',
			})
		}
		expect((await getProfile(owner.id))?.language).toBe('en')
	})
})

describe('the language of the builder and the emails', () => {
	test('saved: a new page in that language, the cookie set, the public pages untouched', async () => {
		const owner = await createOwner()
		const saved = await post({ intent: 'builderLanguage', language: 'de' }, owner.token)
		expect(saved.status).toBe(302)
		expect(saved.headers.get('location')).toBe('/builder/settings?saved=language#language')
		expect(saved.headers.get('set-cookie')).toMatch(/^tagg_lang=de;/)
		expect((await getAccount(owner.id))?.language).toBe('de')
		expect((await getProfile(owner.id))?.language).toBe('en')

		// The page it comes back to says so, in German (a browser asking for French).
		const page = await settings(owner.token, '/builder/settings?saved=language', {
			'accept-language': 'fr',
		})
		expect(page).toMatchObject({
			builderLanguage: 'de',
			builderLanguageSaved: 'Die Sprache des Editors und Ihrer E-Mails wurde gespeichert.',
		})
		// Without `?saved=` no answer is shown.
		expect(await settings(owner.token)).toMatchObject({ builderLanguageSaved: null })
		// The other forms answer in it too.
		const other = await post({ intent: 'pageLanguage', language: 'es' }, owner.token)
		expect(other.body.notice).toBe('Die Sprache Ihrer öffentlichen Seiten wurde gespeichert.')
	})

	test('"Same as my browser" stores null and clears the cookie: the browser decides again', async () => {
		const owner = await createOwner()
		await post({ intent: 'builderLanguage', language: 'ar' }, owner.token)
		expect((await getAccount(owner.id))?.language).toBe('ar')

		const cleared = await post({ intent: 'builderLanguage', language: '' }, owner.token, {
			cookie: 'tagg_lang=ar',
		})
		expect(cleared.status).toBe(302)
		expect(cleared.headers.get('set-cookie')).toMatch(/^tagg_lang=; Max-Age=0;/)
		expect((await getAccount(owner.id))?.language).toBeNull()
		const page = await settings(owner.token, '/builder/settings?saved=language', {
			'accept-language': 'es-MX,es;q=0.9',
		})
		expect(page).toMatchObject({
			builderLanguage: null,
			builderLanguageSaved: 'Se guardó el idioma del editor y de tus correos electrónicos.',
		})
	})

	test('a language not in the list is refused and nothing changes', async () => {
		const owner = await createOwner()
		const refused = await post({ intent: 'builderLanguage', language: 'klingon' }, owner.token)
		expect(refused.status).toBe(400)
		expect(refused.body).toMatchObject({
			intent: 'builderLanguage',
			error: 'Choose one of the languages in the list.',
		})
		expect(refused.headers.get('set-cookie')).toBeNull()
		expect((await getAccount(owner.id))?.language).toBeNull()
	})
})
