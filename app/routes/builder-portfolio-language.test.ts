/**
 * The builder's portfolio pages hear the server in the builder's language: a refused
 * edit of the list or of a project comes back with its messages translated (the browser has no
 * server catalog), and in English they stay as they were.
 */
import { describe, expect, test } from 'vitest'
import { createOwner, createPortfolio } from '#tests/factories'
import { callAction } from '#tests/route'
import { EDIT_FAILED } from '~/utils/editor'
import { translate } from '~/utils/i18n'
import { serverI18n } from '~/utils/i18n.server'
import { LOCALES } from '~/utils/locales'
import { action as projectAction } from './builder.portfolio.$id'
import { action as listAction } from './builder.portfolio._index'

type Answer = { status: number; body: Record<string, unknown> }
type Action = typeof listAction | typeof projectAction

async function act(
	action: Action,
	path: string,
	body: Record<string, unknown>,
	token: string,
	lang: string,
	params: Record<string, string> = {},
): Promise<Answer> {
	return callAction(action, path, { body, token, cookie: `tagg_lang=${lang}`, params })
}

const errorsOf = (answer: Answer) => answer.body.fieldErrors as Record<string, string>

describe('the portfolio pages answer in the builder’s language', () => {
	test('the list: a refused reorder and a missing project', async () => {
		const owner = await createOwner()
		const a = await createPortfolio(owner.id, { productName: 'A' })
		await createPortfolio(owner.id, { productName: 'B' })
		const reorder = { intent: 'reorder', portfolioIds: [a.portfolioId] }
		const remove = { intent: 'delete', portfolioId: 'cm0000000000000000000000' }
		for (const lang of LOCALES) {
			const i18n = serverI18n(lang)
			const refused = await act(listAction, '/builder/portfolio?index', reorder, owner.token, lang)
			expect(refused.status).toBe(400)
			expect(refused.body.message).toBe(translate(i18n, EDIT_FAILED))
			const once = errorsOf(refused).portfolioIds
			const missing = await act(listAction, '/builder/portfolio?index', remove, owner.token, lang)
			expect(missing.status).toBe(404)
			const notFound = errorsOf(missing).portfolioId
			if (lang === 'en') {
				expect(once).toBe('List each project once')
				expect(notFound).toBe('Portfolio not found')
			} else {
				expect(once).toBe(translate(i18n, 'List each project once'))
				expect(once).not.toBe('List each project once')
				expect(notFound).toBe(translate(i18n, 'Portfolio not found'))
			}
		}
	})

	test('a project: a schema’s error and an unknown section', async () => {
		const owner = await createOwner()
		const item = await createPortfolio(owner.id, { productName: 'A' })
		const path = `/builder/portfolio/${item.portfolioId}`
		const params = { id: item.portfolioId }
		const tooLong = { intent: 'challenges', challenges: 'x'.repeat(5000) }
		const english = await act(projectAction, path, tooLong, owner.token, 'en', params)
		expect(english.status).toBe(400)
		const [field, englishError] = Object.entries(errorsOf(english))[0]!
		expect(englishError).toBeTruthy()
		for (const lang of LOCALES) {
			const i18n = serverI18n(lang)
			const answer = await act(projectAction, path, tooLong, owner.token, lang, params)
			expect(answer.status).toBe(400)
			expect(answer.body.message).toBe(translate(i18n, EDIT_FAILED))
			expect(errorsOf(answer)[field]).toBe(translate(i18n, englishError))
			const unknown = await act(projectAction, path, { intent: 'cover' }, owner.token, lang, params)
			expect(unknown.status).toBe(400)
			const text = errorsOf(unknown)._form
			expect(text).toBe(lang === 'en' ? 'Unknown intent' : translate(i18n, 'Unknown intent'))
		}
	})
})
