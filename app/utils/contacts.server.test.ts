/** A contact's name on its card: family name and given names as the name's own script orders them. */
import { describe, expect, test } from 'vitest'
import { contactVCard, nameParts } from './contacts.server'

describe('nameParts', () => {
	test.each([
		['Jane Doe', { family: 'Doe', given: 'Jane' }],
		['Mary Jane van Dyke', { family: 'Dyke', given: 'Mary Jane van' }],
		['محمد علي', { family: 'علي', given: 'محمد' }],
		['佐藤 太郎', { family: '佐藤', given: '太郎' }],
		['さとう たろう', { family: 'さとう', given: 'たろう' }],
		['김 민준', { family: '김', given: '민준' }],
		['佐藤太郎', { family: '', given: '佐藤太郎' }],
		['Zoë', { family: '', given: 'Zoë' }],
	])('%s', (name, parts) => {
		expect(nameParts(name)).toEqual(parts)
	})

	test('the card says it so: N family first, FN as written', () => {
		const card = contactVCard({
			name: '佐藤 太郎',
			email: null,
			phone: null,
			company: null,
			message: null,
			createdAt: '2026-12-07T10:00:00.000Z',
		})
		expect(card).toContain('N:佐藤;太郎;;;\r\n')
		expect(card).toContain('FN:佐藤 太郎\r\n')
	})
})
