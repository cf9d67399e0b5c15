/**
 * The one check every URL field shares (`urlHasHiddenCharacters`, app/utils/text.ts): an address
 * holding a character a reader cannot see, a control character or whitespace is refused, because
 * a URL parser drops most of them and the address shown would not be the one opened. Each field
 * refuses with the message it already had for an address it cannot take.
 */
import { describe, expect, test } from 'vitest'
import { LINK_MESSAGES, LinkItemSchema, linkUrlProblem } from './link-schemas'
import { ProjectLinkSchema } from './portfolio-schemas'
import { CertificateItemSchema, LINK_ERROR, SocialLinksSchema } from './profile-schemas'
import { handleError } from './social'
import { isSafeHttpUrl, socialHref, urlHasHiddenCharacters } from './text'

/** Each character the check refuses, by name, inside an address a browser would still open. */
const HIDDEN: Array<[string, string]> = [
	['zero width space', '\u200B'],
	['zero width non-joiner', '\u200C'],
	['zero width joiner', '\u200D'],
	['word joiner', '\u2060'],
	['byte order mark', '\uFEFF'],
	['soft hyphen', '\u00AD'],
	['combining grapheme joiner', '\u034F'],
	['variation selector', '\uFE0F'],
	['left-to-right mark', '\u200E'],
	['right-to-left override', '\u202E'],
	['first strong isolate', '\u2068'],
	['tab', '\t'],
	['line feed', '\n'],
	['carriage return', '\r'],
	['NUL', '\u0000'],
	['escape', '\u001B'],
	['delete', '\u007F'],
	['next line (C1)', '\u0085'],
	['space', ' '],
	['no-break space', '\u00A0'],
	['ideographic space', '\u3000'],
	['line separator', '\u2028'],
]

const hostWith = (char: string) => `https://exa${char}mple.com`

describe('urlHasHiddenCharacters', () => {
	test.each(HIDDEN)('refuses a %s anywhere in the address', (_name, char) => {
		expect(urlHasHiddenCharacters(hostWith(char))).toBe(true)
		expect(urlHasHiddenCharacters(`https://example.com/a${char}b`)).toBe(true)
		expect(urlHasHiddenCharacters(`https://example.com/?q=a${char}b`)).toBe(true)
		expect(urlHasHiddenCharacters(`${char}https://example.com`)).toBe(true)
	})

	test('what a URL parser drops is exactly what a browser would not show (the reason it is refused)', () => {
		expect(new URL(hostWith('\u200B')).hostname).toBe('example.com')
		expect(new URL(hostWith('\u00AD')).hostname).toBe('example.com')
		expect(new URL('https://exa\tmple.com/a\nb').href).toBe('https://example.com/ab')
	})

	test.each([
		'https://example.com/ada?ref=tagg#top',
		'https://bücher.example/straße',
		'https://例え.テスト/パス',
		'https://example.com/%E2%80%8B',
		'https://example.com/😀',
		'mailto:ada@example.com',
		'tel:+442079460000',
	])('keeps %j', (url) => {
		expect(urlHasHiddenCharacters(url)).toBe(false)
	})
})

describe('every URL field refuses them with its own message', () => {
	const bad = hostWith('\u200B')

	test('an own link', () => {
		expect(linkUrlProblem(bad)).toBe(LINK_MESSAGES.urlInvalid)
		for (const [, char] of HIDDEN) {
			const result = LinkItemSchema.safeParse({
				title: 'Mine',
				url: `https://example.com/a${char}b`,
			})
			expect(result.error?.issues[0]?.message).toBe(LINK_MESSAGES.urlInvalid)
		}
		expect(linkUrlProblem('https://example.com/a')).toBeNull()
	})

	const SOCIAL_EMPTY = {
		linkedInUrl: null,
		xUrl: null,
		igUrl: null,
		fbUrl: null,
		ytUrl: null,
		whatAppBusUrl: null,
		mobileNumber: null,
		companySite: null,
		email: null,
	}

	test.each([
		['linkedInUrl', handleError('linkedInUrl')],
		['xUrl', handleError('xUrl')],
		['igUrl', handleError('igUrl')],
		['ytUrl', handleError('ytUrl')],
		['fbUrl', LINK_ERROR],
		['whatAppBusUrl', LINK_ERROR],
		['companySite', LINK_ERROR],
	])('the social link %s', (field, message) => {
		for (const value of [bad, 'exa\u2060mple.com', 'https://example.com/in/a\u00ADda']) {
			const result = SocialLinksSchema.safeParse({ ...SOCIAL_EMPTY, [field]: value })
			expect(result.error?.issues[0], value).toMatchObject({ path: [field], message })
		}
		expect(
			SocialLinksSchema.safeParse({ ...SOCIAL_EMPTY, [field]: 'https://example.com/a' }).success,
		).toBe(true)
	})

	test('a certificate’s link', () => {
		const result = CertificateItemSchema.safeParse({ crtName: 'Cloud', crtUrl: bad })
		expect(result.error?.issues[0]).toMatchObject({ path: ['crtUrl'], message: LINK_ERROR })
	})

	test('a project’s link (typed with or without https://)', () => {
		for (const value of [bad, 'exa\uFEFFmple.com/work', 'example.com/wo\u200Crk']) {
			expect(ProjectLinkSchema.safeParse(value).error?.issues[0]?.message, value).toBe(
				'Enter the project link as a web address, like https://example.com/work',
			)
		}
		expect(ProjectLinkSchema.parse('example.com/work')).toBe('https://example.com/work')
	})

	test('a stored address holding one is no link on a page', () => {
		expect(isSafeHttpUrl(bad)).toBe(false)
		expect(socialHref(bad)).toEqual({ kind: 'none' })
		expect(socialHref('https://example.com')).toEqual({ kind: 'url', href: 'https://example.com/' })
	})
})
