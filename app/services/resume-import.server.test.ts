import { describe, expect, test } from 'vitest'
import { countryCode, countryName } from '~/utils/json-resume'
import { importMonth, importYear, levelToHalves } from './resume-import/fit.server'
import { pdfDisposition } from './resume-pdf.server'

describe('import dates', () => {
	test.each([
		['Jan 2020', '2020-01-01'],
		['January 2020', '2020-01-01'],
		['Sept 2021', '2021-09-01'],
		['2020-07', '2020-07-01'],
		['2020-07-15', '2020-07-01'],
		['07/2020', '2020-07-01'],
		['2020', '2020-01-01'],
		[' 2019 ', '2019-01-01'],
		['1850', ''],
		['2020-13', ''],
		['2020-02-30', ''],
		['Spring 2020', ''],
		['Present', ''],
		['', ''],
	])('%s → %s', (input, expected) => {
		expect(importMonth(input)).toBe(expected)
	})

	test('years come from any readable date', () => {
		expect(importYear('2015')).toBe(2015)
		expect(importYear('Sep 2015')).toBe(2015)
		expect(importYear('2015-09-01')).toBe(2015)
		expect(importYear('soon')).toBeNull()
	})
})

describe('skill levels', () => {
	test.each([
		['4.5/5', 9],
		['4.5 of 5', 9],
		['3 out of 5', 6],
		['4', 8],
		['8/10', 8],
		['80%', 8],
		['0.2', 1],
		['Expert', 10],
		['intermediate', 6],
		['Beginner', 3],
		['', null],
		['6', null],
		['0', null],
		['wizard', null],
	])('%s → %s half stars', (level, halves) => {
		expect(levelToHalves(level)).toBe(halves)
	})
})

describe('countries', () => {
	test('English names and ISO codes, both ways', () => {
		expect(countryCode('Portugal')).toBe('PT')
		expect(countryCode('united states')).toBe('US')
		expect(countryCode('USA')).toBe('US')
		expect(countryCode('Atlantis')).toBeNull()
		expect(countryName('pt')).toBe('Portugal')
		expect(countryName('DK')).toBe('Denmark')
		expect(countryName('ZZ')).toBeNull()
		expect(countryName('XA')).toBeNull()
		expect(countryCode('Unknown Region')).toBeNull()
		expect(countryName('Portugal')).toBeNull()
	})
})

describe('PDF file name', () => {
	test('names the owner, with an ASCII fallback and the UTF-8 name', () => {
		expect(pdfDisposition('José Müller')).toBe(
			`attachment; filename="Jose Muller - Resume.pdf"; filename*=UTF-8''Jos%C3%A9%20M%C3%BCller%20-%20Resume.pdf`,
		)
		expect(pdfDisposition('A "quoted" / name\r\n')).toBe(
			`attachment; filename="A quoted name - Resume.pdf"; filename*=UTF-8''A%20quoted%20name%20-%20Resume.pdf`,
		)
		expect(pdfDisposition("O'Brien (Dev)")).toContain(`filename*=UTF-8''O%27Brien%20%28Dev%29`)
	})
})
