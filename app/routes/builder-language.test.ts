/**
 * The builder home's editors hear the server in the builder's language: a refused
 * edit's message and field errors come back translated (the browser has no server catalog), and
 * in English they stay SPEC.md's words.
 */
import { describe, expect, test } from 'vitest'
import { BLANK_NAME_CARD } from '#tests/blank-bodies'
import { createOwner } from '#tests/factories'
import { callAction, makeRequest } from '#tests/route'
import { CONFLICT_MESSAGE, EDIT_FAILED } from '~/utils/editor'
import { translate } from '~/utils/i18n'
import { serverI18n } from '~/utils/i18n.server'
import { action as builderAction, loader as builderLoader } from './builder._index'

type Answer = { status: number; body: Record<string, unknown> }

const act = (body: Record<string, unknown>, token: string, lang: string): Promise<Answer> =>
	callAction(builderAction, '/builder', { body, token, cookie: `tagg_lang=${lang}` })

const TOO_LONG = { intent: 'name', ...BLANK_NAME_CARD, firstName: 'x'.repeat(61) }

describe('the builder home answers in the builder’s language', () => {
	test('field errors and the failure message are translated; English stays English', async () => {
		const owner = await createOwner()
		const english = await act(TOO_LONG, owner.token, 'en')
		expect(english.status).toBe(400)
		expect(english.body.message).toBe(EDIT_FAILED)
		const englishError = (english.body.fieldErrors as Record<string, string>).firstName!
		expect(englishError).toBeTruthy()
		for (const lang of ['es', 'fr', 'de', 'pt-BR', 'ar']) {
			const answer = await act(TOO_LONG, owner.token, lang)
			expect(answer.status).toBe(400)
			const i18n = serverI18n(lang)
			expect(answer.body.message).toBe(translate(i18n, EDIT_FAILED))
			expect(answer.body.message).not.toBe(EDIT_FAILED)
			expect((answer.body.fieldErrors as Record<string, string>).firstName).toBe(
				translate(i18n, englishError),
			)
		}
	})

	test('a stale version: the conflict message in the builder’s language', async () => {
		const owner = await createOwner()
		const page = await builderLoader({
			request: makeRequest('/builder', { token: owner.token }),
			params: {},
			context: {},
		})
		const first = await act(
			{ intent: 'tagline', tagline: 'One', version: page.versions.tagline },
			owner.token,
			'ar',
		)
		expect(first).toMatchObject({ status: 200, body: { ok: true } })
		const stale = await act(
			{ intent: 'tagline', tagline: 'Two', version: page.versions.tagline },
			owner.token,
			'ar',
		)
		expect(stale.status).toBe(412)
		expect(stale.body).toMatchObject({
			ok: false,
			conflict: true,
			message: translate(serverI18n('ar'), CONFLICT_MESSAGE),
		})
	})
})
