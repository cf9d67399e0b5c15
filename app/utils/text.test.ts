import { describe, expect, test } from 'vitest'
import {
	placeName,
	endsBeforeStart,
	formatMonth,
	graphemes,
	halvesToRating,
	initials,
	isOngoing,
	isSafeHttpUrl,
	joinParagraphs,
	listCardName,
	normaliseLinkInput,
	parseDecimal,
	parseWholeNumber,
	profileCardName,
	ratingLabel,
	ratingToHalves,
	resumeVisibility,
	shortenName,
	socialHref,
	splitLines,
	splitParagraphs,
	teaser,
	toMonthDate,
	truncate,
	withHttps,
	workPeriod,
} from './text'

const chars = (n: number) => 'abcdefghij'.repeat(10).slice(0, n)

describe('shortened names', () => {
	test('shortenName keeps names up to max and cuts longer ones at cut', () => {
		expect(shortenName('', 5)).toBe('')
		expect(shortenName('abcde', 5)).toBe('abcde')
		expect(shortenName('abcdef', 5)).toBe('abcde...')
		expect(shortenName('abcdef', 5, 3)).toBe('abc...')
	})

	test('the profile carousel shortens names longer than 30', () => {
		expect(profileCardName(chars(30))).toBe(chars(30))
		expect(profileCardName(chars(31))).toBe(chars(30) + '...')
		expect(profileCardName(chars(33))).toBe(chars(30) + '...')
	})

	test('the list page shortens names longer than 32, cut at 30', () => {
		expect(listCardName(chars(30))).toBe(chars(30))
		expect(listCardName(chars(31))).toBe(chars(31))
		expect(listCardName(chars(32))).toBe(chars(32))
		expect(listCardName(chars(33))).toBe(chars(30) + '...')
	})
})

describe('cuts on character boundaries (grapheme clusters)', () => {
	const smile = '😀' // two UTF-16 units
	const family = '👨‍👩‍👧' // five code points joined
	const flag = '🇫🇷' // two regional indicators
	const accent = 'e\u0301' // e + combining acute

	test('graphemes are what a reader counts', () => {
		expect(graphemes(`a${smile}${family}${flag}${accent}`)).toEqual([
			'a',
			smile,
			family,
			flag,
			accent,
		])
	})

	test('an emoji at the cut is kept whole or left out, never split', () => {
		const name = 'x'.repeat(29) + smile.repeat(5)
		expect(profileCardName(name)).toBe('x'.repeat(29) + smile + '...')
		expect(listCardName('y'.repeat(29) + family.repeat(4))).toBe('y'.repeat(29) + family + '...')
		expect(profileCardName(name)).not.toMatch(
			/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
		)
	})

	test('names of emoji count one character each', () => {
		// 30 emoji are 60 UTF-16 units but 30 characters: not shortened.
		expect(profileCardName(smile.repeat(30))).toBe(smile.repeat(30))
		expect(listCardName(flag.repeat(32))).toBe(flag.repeat(32))
		expect(listCardName(flag.repeat(33))).toBe(flag.repeat(30) + '...')
		expect(teaser([accent.repeat(92)])).toBe(accent.repeat(92))
		expect(teaser([accent.repeat(93)])).toBe(accent.repeat(92) + '...')
	})

	test('truncate keeps short text as it is', () => {
		expect(truncate('', 3)).toBe('')
		expect(truncate('abc', 3)).toBe('abc')
		expect(truncate('abcd', 3)).toBe('abc...')
	})
})

describe('strict decimal numbers', () => {
	test('plain decimal digits are numbers', () => {
		expect(parseDecimal('4')).toBe(4)
		expect(parseDecimal(' 4.5 ')).toBe(4.5)
		expect(parseDecimal('.5')).toBe(0.5)
		expect(parseDecimal('5.')).toBe(5)
		expect(parseWholeNumber('2021')).toBe(2021)
		expect(parseWholeNumber(' 1999 ')).toBe(1999)
	})

	test.each([
		'0x5',
		'0b11',
		'0o7',
		'2e3',
		'5e-1',
		'Infinity',
		'NaN',
		'',
		' ',
		'4,5',
		'1_000',
		'--1',
	])('%j is no number', (text) => {
		expect(parseDecimal(text)).toBeNull()
		expect(parseWholeNumber(text)).toBeNull()
	})

	test('whole numbers have no decimal point', () => {
		expect(parseWholeNumber('2021.0')).toBeNull()
		expect(parseWholeNumber('2021.5')).toBeNull()
	})

	test('ratings refuse what Number() would take', () => {
		for (const rating of ['0x5', '0b11', '2e0', '5e-1', '0o4'])
			expect(ratingToHalves(rating)).toBeNull()
		expect(ratingToHalves(' 4.5 ')).toBe(9)
	})
})

describe('the date-order rule', () => {
	test('an end before its start is refused; the same month or year is fine', () => {
		expect(endsBeforeStart('2021-05-01', '2020-01-01')).toBe(true)
		expect(endsBeforeStart('2021-05-01', '2021-05-01')).toBe(false)
		expect(endsBeforeStart('2021-05-01', '2021-06-01')).toBe(false)
		expect(endsBeforeStart(2010, 2009)).toBe(true)
		expect(endsBeforeStart(2010, 2010)).toBe(false)
	})

	test('an unknown end or start never breaks the rule', () => {
		expect(endsBeforeStart('', '2020-01-01')).toBe(false)
		expect(endsBeforeStart('2020-01-01', '')).toBe(false)
		expect(endsBeforeStart(null, 2000)).toBe(false)
		expect(endsBeforeStart(2000, null)).toBe(false)
	})
})

describe('teaser', () => {
	test('is the first paragraph, cut at 92 characters plus an ellipsis', () => {
		expect(teaser([])).toBe('')
		expect(teaser(['Short.', 'Second'])).toBe('Short.')
		expect(teaser([chars(92)])).toBe(chars(92))
		expect(teaser([chars(93), 'x'])).toBe(chars(92) + '...')
	})
})

describe('social links', () => {
	test('http and https URLs open', () => {
		expect(socialHref('https://linkedin.com/in/me')).toEqual({
			kind: 'url',
			href: 'https://linkedin.com/in/me',
		})
		expect(socialHref(' http://x.com/a?b=1 ')).toEqual({ kind: 'url', href: 'http://x.com/a?b=1' })
		expect(socialHref('HTTPS://x.com')).toEqual({ kind: 'url', href: 'https://x.com/' })
	})

	test('7 to 15 digits with an optional leading plus call', () => {
		expect(socialHref('+1234567')).toEqual({ kind: 'tel', href: 'tel:+1234567' })
		expect(socialHref('1234567')).toEqual({ kind: 'tel', href: 'tel:1234567' })
		expect(socialHref(' +123456789012345 ')).toEqual({ kind: 'tel', href: 'tel:+123456789012345' })
		expect(socialHref('123456')).toEqual({ kind: 'none' })
		expect(socialHref('+123456')).toEqual({ kind: 'none' })
		expect(socialHref('1234567890123456')).toEqual({ kind: 'none' })
		// no internal spaces, dashes, brackets or misplaced plus
		expect(socialHref('+1 234 5678')).toEqual({ kind: 'none' })
		expect(socialHref('123-4567-89')).toEqual({ kind: 'none' })
		expect(socialHref('1234567+')).toEqual({ kind: 'none' })
		expect(socialHref('++1234567')).toEqual({ kind: 'none' })
		expect(socialHref('١٢٣٤٥٦٧')).toEqual({ kind: 'none' })
	})

	test('anything else does nothing', () => {
		for (const v of [
			'javascript:alert(1)',
			' JavaScript:alert(1)',
			'data:text/html,<b>x</b>',
			'mailto:me@x.com',
			'tel:+1234567',
			'ftp://x.com',
			'x.com',
			'//x.com',
			'hello there',
			'',
			'   ',
			null,
			undefined,
		]) {
			expect(socialHref(v)).toEqual({ kind: 'none' })
		}
	})

	test('isSafeHttpUrl accepts only absolute http and https URLs', () => {
		for (const url of ['https://x.com', 'HTTP://x.com/path']) expect(isSafeHttpUrl(url)).toBe(true)
		for (const url of ['javascript:alert(1)', 'data:text/plain,x', 'x.com', 'https://', ''])
			expect(isSafeHttpUrl(url), url).toBe(false)
	})

	test('normaliseLinkInput trims and turns empty into null', () => {
		expect(normaliseLinkInput('  https://x.com ')).toBe('https://x.com')
		expect(normaliseLinkInput('   ')).toBeNull()
		expect(normaliseLinkInput('')).toBeNull()
		expect(normaliseLinkInput(null)).toBeNull()
		expect(normaliseLinkInput(undefined)).toBeNull()
		expect(normaliseLinkInput(42)).toBeNull()
	})
})

describe('work dates', () => {
	test("'Mon YYYY' and ISO dates become the first day of the month", () => {
		const firstDays: Record<string, string> = {
			'Jan 2020': '2020-01-01',
			'jan 2020': '2020-01-01',
			'DEC 1999': '1999-12-01',
			' Sep 2021 ': '2021-09-01',
			'Sept 2020': '2020-09-01',
			'January 2020': '2020-01-01',
			'september 2020': '2020-09-01',
			'Jan. 2020': '2020-01-01',
			'2020-03-15': '2020-03-01',
			'2020-03': '2020-03-01',
			'2020-02-29': '2020-02-01',
			'1900-01-01': '1900-01-01',
			'2100-12-31': '2100-12-01',
		}
		for (const [input, output] of Object.entries(firstDays))
			expect(toMonthDate(input), input).toBe(output)
	})

	test("'Ongoing' is kept in any case", () => {
		for (const input of ['Ongoing', 'ongoing', ' ONGOING '])
			expect(toMonthDate(input)).toBe('Ongoing')
	})

	test('malformed input gives empty', () => {
		for (const v of [
			'',
			'   ',
			null,
			undefined,
			'2020-13-01',
			'2020-00-01',
			'2020-13',
			'2019-02-29',
			'2020-04-31',
			'2020-01-00',
			'2020-1-01',
			'20-01-01',
			'2020/01/01',
			'2020-01-01T00:00:00Z',
			'Foo 2020',
			'Ja 2020',
			'Jan',
			'Jan 20',
			'Jan2020',
			'Jan 1899',
			'Jan 2101',
			'1899-12-01',
			'2101-01-01',
			'On going',
			'Present',
		]) {
			expect(toMonthDate(v), String(v)).toBe('')
		}
	})

	test('isOngoing ignores case', () => {
		expect(isOngoing('Ongoing')).toBe(true)
		expect(isOngoing('ONGOING')).toBe(true)
		expect(isOngoing('ongoing ')).toBe(true)
		expect(isOngoing('2020-01-01')).toBe(false)
		expect(isOngoing('')).toBe(false)
		expect(isOngoing(null)).toBe(false)
		expect(isOngoing(undefined)).toBe(false)
	})

	test('formatMonth shows a stored date', () => {
		expect(formatMonth('2020-01-01')).toBe('Jan 2020')
		expect(formatMonth('2021-12-01')).toBe('Dec 2021')
		expect(formatMonth('Ongoing')).toBe('Present')
		expect(formatMonth('ongoing')).toBe('Present')
		expect(formatMonth('2020-13-01')).toBe('')
		expect(formatMonth('')).toBe('')
		expect(formatMonth(null)).toBe('')
		expect(formatMonth(undefined)).toBe('')
		expect(formatMonth('garbage')).toBe('')
	})

	test.each([
		['2020-01-01', 'Ongoing', 'Jan 2020 – Present'],
		['2018-03-01', '2020-01-01', 'Mar 2018 – Jan 2020'],
		['', '2020-01-01', 'Jan 2020'],
		['2020-01-01', '', 'Jan 2020'],
		[null, null, ''],
	])('workPeriod(%o, %o) is %o', (start, end, period) => {
		expect(workPeriod(start, end)).toBe(period)
	})
})

describe('list and paragraph editing', () => {
	test('splitLines gives one trimmed item per line without empty lines', () => {
		expect(splitLines('')).toEqual([])
		expect(splitLines('  one \r\ntwo\n\n  \nthree\rfour\n')).toEqual([
			'one',
			'two',
			'three',
			'four',
		])
	})

	test('splitParagraphs splits on blank lines and keeps single newlines', () => {
		expect(splitParagraphs('')).toEqual([])
		expect(splitParagraphs('   \n\n  ')).toEqual([])
		expect(splitParagraphs('One.')).toEqual(['One.'])
		expect(splitParagraphs('First line\nsame paragraph\n\nSecond')).toEqual([
			'First line\nsame paragraph',
			'Second',
		])
		expect(splitParagraphs('\r\n A \r\n\r\n\r\n \t \r\nB\r\nb2\r\n')).toEqual(['A', 'B\nb2'])
	})

	test('joinParagraphs separates paragraphs by a blank line and round-trips', () => {
		expect(joinParagraphs([])).toBe('')
		expect(joinParagraphs([' A ', '', '  ', 'B\nb2'])).toBe('A\n\nB\nb2')
		const bio = ['Hello there.', 'Line one\nline two', 'Bye.']
		expect(splitParagraphs(joinParagraphs(bio))).toEqual(bio)
	})
})

describe('initials', () => {
	test('first letter of each name part, upper-cased', () => {
		expect(initials('ada', 'lovelace')).toBe('AL')
		expect(initials(' Grace ', ' hopper')).toBe('GH')
		expect(initials('élodie', 'ørsted')).toBe('ÉØ')
	})

	test("default to 'T' for the first and 'M' for the last name", () => {
		expect(initials()).toBe('TM')
		expect(initials(null, null)).toBe('TM')
		expect(initials('', '  ')).toBe('TM')
		expect(initials('Ada', '')).toBe('AM')
		expect(initials(undefined, 'Lovelace')).toBe('TL')
	})
})

describe('resume visibility', () => {
	const full = {
		workExp: [{ workId: 1 }],
		education: [{ eduId: 1 }],
		skills: [{ skillId: 1 }],
		certificates: [{ crtId: 1 }],
		achievements: ['Won a prize'],
	}

	test('everything shows when all five lists have content', () => {
		expect(resumeVisibility(full)).toEqual({
			showResume: true,
			workExp: true,
			education: true,
			skills: true,
			certificates: true,
			achievements: true,
		})
	})

	test.each(Object.keys(full))('an empty %s hides that block and the whole resume', (key) => {
		const v = resumeVisibility({ ...full, [key]: [] })
		expect(v.showResume).toBe(false)
		expect(v[key as keyof typeof v]).toBe(false)
		for (const other of Object.keys(full).filter((k) => k !== key)) {
			expect(v[other as keyof typeof v]).toBe(true)
		}
	})

	test('blank achievements and missing lists count as empty', () => {
		const v = resumeVisibility({ ...full, achievements: ['', '  '] })
		expect(v.achievements).toBe(false)
		expect(v.showResume).toBe(false)
		expect(
			resumeVisibility({
				workExp: [],
				education: [],
				skills: [],
				certificates: [],
				achievements: [],
			}),
		).toEqual({
			showResume: false,
			workExp: false,
			education: false,
			skills: false,
			certificates: false,
			achievements: false,
		})
		expect(resumeVisibility({}).showResume).toBe(false)
	})
})

describe('skill ratings', () => {
	test('ratingLabel reads half steps', () => {
		expect(ratingLabel(1)).toBe('0.5 of 5')
		expect(ratingLabel(7)).toBe('3.5 of 5')
		expect(ratingLabel(8)).toBe('4 of 5')
		expect(ratingLabel(10)).toBe('5 of 5')
		expect(ratingLabel(0)).toBe('')
		expect(ratingLabel(11)).toBe('')
		expect(ratingLabel(2.5)).toBe('')
	})

	test('halvesToRating and ratingToHalves convert 0.5..5 in 0.5 steps', () => {
		expect(halvesToRating(1)).toBe(0.5)
		expect(halvesToRating(10)).toBe(5)
		for (const h of [0, 11, -1, 1.5, Number.NaN, Infinity]) expect(halvesToRating(h)).toBeNull()

		expect(ratingToHalves(0.5)).toBe(1)
		expect(ratingToHalves(3.5)).toBe(7)
		expect(ratingToHalves(5)).toBe(10)
		expect(ratingToHalves('4.5')).toBe(9)
		for (const r of [
			0,
			5.5,
			0.25,
			3.3,
			-1,
			Number.NaN,
			Infinity,
			'',
			' ',
			'abc',
			null,
			undefined,
		]) {
			expect(ratingToHalves(r)).toBeNull()
		}
		for (let h = 1; h <= 10; h++) expect(ratingToHalves(halvesToRating(h)!)).toBe(h)
	})
})

describe('withHttps', () => {
	test.each([
		['linkedin.com/in/x', 'https://linkedin.com/in/x'],
		['www.dana.design', 'https://www.dana.design'],
		[' dana.design ', 'https://dana.design'],
		['dana.design:8080/work?x=1', 'https://dana.design:8080/work?x=1'],
		['bücher.de', 'https://bücher.de'],
		['https://x.com/me', 'https://x.com/me'],
		['http://x.com', 'http://x.com'],
		['javascript:alert(1)', 'javascript:alert(1)'],
		['mailto:me@example.com', 'mailto:me@example.com'],
		['me@example.com', 'me@example.com'],
		['localhost', 'localhost'],
		['just words', 'just words'],
		['', ''],
	])('%s → %s', (input, output) => {
		expect(withHttps(input)).toBe(output)
	})
})

describe('placeName', () => {
	test.each([
		['Lisbon', 'Portugal', 'Lisbon, Portugal'],
		['الرياض', 'السعودية', 'الرياض، السعودية'],
		['«الرياض»', 'السعودية', '«الرياض»، السعودية'],
		['東京', '日本', '東京, 日本'],
		['', 'Portugal', 'Portugal'],
		['Lisbon', null, 'Lisbon'],
		['  ', undefined, ''],
	])('%s + %s → %s', (city, country, place) => {
		expect(placeName(city, country)).toBe(place)
	})
})
