import { describe, expect, test } from 'vitest'
import { directionOf, LOCALES, matchLocale, negotiateLocale, pickUiLocale } from './locales'

describe('matchLocale', () => {
	test.each([
		['en', 'en'],
		['EN-gb', 'en'],
		['pt-BR', 'pt-BR'],
		['pt-pt', 'pt-BR'],
		['pt', 'pt-BR'],
		['es-419', 'es'],
		['ar-EG', 'ar'],
		['de_AT', 'de'],
		['ja', null],
		['', null],
		['x'.repeat(50), null],
	])('%s → %s', (tag, expected) => {
		expect(matchLocale(tag)).toBe(expected)
	})
})

describe('negotiateLocale', () => {
	test('quality values decide, then the order of the header', () => {
		expect(negotiateLocale('ja, fr;q=0.8, de;q=0.9')).toBe('de')
		expect(negotiateLocale('fr-CA, de')).toBe('fr')
		expect(negotiateLocale('ja;q=1, ar;q=0.5, *;q=0.1')).toBe('ar')
	})
	test('nothing supported, refused (q=0) or malformed: null', () => {
		expect(negotiateLocale('ja, zh-CN')).toBeNull()
		expect(negotiateLocale('de;q=0')).toBeNull()
		expect(negotiateLocale('*')).toBeNull()
		expect(negotiateLocale(';;;,,,')).toBeNull()
		expect(negotiateLocale(undefined)).toBeNull()
	})
	test('a huge header is read only so far', () => {
		expect(negotiateLocale(`${'ja,'.repeat(5000)}de`)).toBeNull()
	})
})

test('the signed-out pages: ?lang=, then the owner, then the browser, then English', () => {
	expect(pickUiLocale({ query: 'ar', ownerSetting: 'de', acceptLanguage: 'fr' })).toBe('ar')
	expect(pickUiLocale({ query: 'klingon', ownerSetting: 'de', acceptLanguage: 'fr' })).toBe('de')
	expect(pickUiLocale({ ownerSetting: null, acceptLanguage: 'fr' })).toBe('fr')
	expect(pickUiLocale({ acceptLanguage: 'ja' })).toBe('en')
	expect(pickUiLocale({})).toBe('en')
})

test('six languages; Arabic alone right to left', () => {
	expect(LOCALES).toEqual(['en', 'es', 'fr', 'de', 'pt-BR', 'ar'])
	expect(LOCALES.filter((locale) => directionOf(locale) === 'rtl')).toEqual(['ar'])
})
