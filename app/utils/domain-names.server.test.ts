import { describe, expect, test } from 'vitest'
import { isMainHost, normaliseDomain } from './domain-names.server'

describe('normaliseDomain', () => {
	test.each([
		['jane.dev', 'jane.dev'],
		['  CV.Jane.Dev.  ', 'cv.jane.dev'],
		['https://jane.dev/', 'jane.dev'],
		['jane.test', 'jane.test'],
		['café.example', 'xn--caf-dma.example'],
		['ÉCOLE.例え.jp', 'xn--cole-9oa.xn--r8jz45g.jp'],
		['a-b.c0.io', 'a-b.c0.io'],
	])('%s is %s', (input, name) => {
		expect(normaliseDomain(input)).toEqual({ ok: true, name })
	})

	test.each([
		['jane', 'invalid'],
		['', 'invalid'],
		['.jane.dev', 'invalid'],
		['jane..dev', 'invalid'],
		['-jane.dev', 'invalid'],
		['jane-.dev', 'invalid'],
		['my_site.dev', 'invalid'],
		['*.jane.dev', 'invalid'],
		['jane.dev:443', 'invalid'],
		['jane.dev/path', 'invalid'],
		['user@jane.dev', 'invalid'],
		[`${'a'.repeat(64)}.dev`, 'invalid'],
		[`${'abcdefghi.'.repeat(26)}dev`, 'invalid'],
		['192.0.2.1', 'ip'],
		['192.0.2.1.', 'ip'],
		['[2001:db8::1]', 'ip'],
		['2001:db8::1', 'ip'],
		['1.2.3', 'ip'],
	])('%s is refused: %s', (input, reason) => {
		expect(normaliseDomain(input)).toEqual({ ok: false, reason })
	})

	test('the instance’s own hosts are refused', () => {
		expect(normaliseDomain('Tagg.Example.', ['tagg.example'])).toEqual({ ok: false, reason: 'own' })
		expect(normaliseDomain('www.tagg.example', ['tagg.example'])).toEqual({
			ok: true,
			name: 'www.tagg.example',
		})
	})

	test('not a string', () => {
		expect(normaliseDomain(42)).toEqual({ ok: false, reason: 'invalid' })
	})
})

describe('isMainHost', () => {
	test.each([
		['tagg.example', true],
		['TAGG.example.', true],
		['localhost', true],
		['127.0.0.1', true],
		['[::1]', true],
		['app', true],
		['jane.dev', false],
		['www.tagg.example', false],
	])('%s: %s', (host, main) => {
		expect(isMainHost(host, 'tagg.example')).toBe(main)
	})
})
