import { describe, expect, test } from 'vitest'
import { CsvError, parseCsv, parseCsvObjects } from './csv'

describe('parseCsv', () => {
	test('splits fields on commas and records on CRLF, LF or CR', () => {
		expect(parseCsv('a,b,c\r\n1,2,3\n4,5,6\r7,8,9')).toEqual([
			['a', 'b', 'c'],
			['1', '2', '3'],
			['4', '5', '6'],
			['7', '8', '9'],
		])
	})

	test('quoted fields keep commas, line breaks and doubled quotes', () => {
		const text = 'Title,Description\r\n"Lead, design","Line one\r\nLine ""two""\nthree"\r\n'
		expect(parseCsv(text)).toEqual([
			['Title', 'Description'],
			['Lead, design', 'Line one\r\nLine "two"\nthree'],
		])
	})

	test('empty fields, a trailing comma and an empty quoted field are kept', () => {
		expect(parseCsv('a,,c,\n"",x,"",')).toEqual([
			['a', '', 'c', ''],
			['', 'x', '', ''],
		])
	})

	test('drops a byte order mark, blank lines and the final line break', () => {
		expect(parseCsv('\uFEFFName\r\n\r\nFigma\r\n\r\n')).toEqual([['Name'], ['Figma']])
	})

	test('keeps non-ASCII text as it is', () => {
		expect(parseCsv('First Name,Last Name\nZoë,Ørsted')).toEqual([
			['First Name', 'Last Name'],
			['Zoë', 'Ørsted'],
		])
	})

	test('a quote inside an unquoted field is an ordinary character', () => {
		expect(parseCsv('5" screen,ok')).toEqual([['5" screen', 'ok']])
	})

	test('refuses a quoted field that never ends or has text after its closing quote', () => {
		expect(() => parseCsv('a,"b\nc')).toThrow(CsvError)
		expect(() => parseCsv('"a"b,c')).toThrow(CsvError)
	})
})

describe('parseCsvObjects', () => {
	test('keys each record by the trimmed header names; missing fields are empty', () => {
		expect(parseCsvObjects('Company Name, Title ,Started On\nAcme,Designer\n')).toEqual([
			{ 'Company Name': 'Acme', Title: 'Designer', 'Started On': '' },
		])
	})

	test('an empty file has no records', () => {
		expect(parseCsvObjects('')).toEqual([])
		expect(parseCsvObjects('Name\r\n')).toEqual([])
	})
})
