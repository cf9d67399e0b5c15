/**
 * Visitors' pages admit their inline `<style>` elements by hash
 * (docs/decisions/036-first-screen.md): the texts a browser hashes, the policy the page cache
 * sends for a body, and the rewrite a page rendered outside the cache asks for through the load
 * context (server/app.ts). The pages themselves: tests/first-screen.test.ts.
 */
import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { loadContext } from './app'
import { inlineStyles, styleHash } from '../app/utils/critical-css.server'
import { withStyleHashes } from './page-cache'

/** Helmet's policy for every page (server/app.ts), shortened. */
const HELMET =
	"default-src 'self';script-src 'strict-dynamic' 'nonce-abc==';style-src 'self' 'unsafe-inline';object-src 'none'"

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('base64')

/** The sources of `name` in `policy`, or null when it has no such directive. */
function directive(policy: string, name: string) {
	const found = policy
		.split(';')
		.map((part) => part.trim().split(/\s+/))
		.find(([first]) => first === name)
	return found ? found.slice(1) : null
}

describe('the inline styles of a page', () => {
	test('every <style> element, whatever its attributes, and nothing else', () => {
		const html = [
			'<head><style>:root{--a:1}</style>',
			'<STYLE media="print">p{color:red}</STYLE >',
			'<style data-theme="x">html[data-theme]{color:#000}</style>',
			'<style></style>',
			'<link rel="stylesheet" href="/assets/tailwind.css">',
			'<styles>not a style</styles><style-guide>nor this</style-guide>',
			'</head><body><p style="--ratio:1.5">ä ✓</p></body>',
		].join('')
		expect(inlineStyles(html)).toEqual([
			':root{--a:1}',
			'p{color:red}',
			'html[data-theme]{color:#000}',
			'',
		])
		expect(inlineStyles('<p>no styles</p>')).toEqual([])
	})

	test('as the parser gives them: raw text, line breaks normalised, UTF-8', () => {
		expect(inlineStyles('<style>a::after{content:"&amp; é"}\r\nb{}\rc{}</style>')).toEqual([
			'a::after{content:"&amp; é"}\nb{}\nc{}',
		])
		// The digest of the text's UTF-8 bytes, as a policy's 'sha256-…' names it.
		expect(styleHash('a::after{content:"é"}')).toBe(sha256('a::after{content:"é"}'))
		expect(styleHash('a::after{content:"é"}')).toBe(
			crypto
				.createHash('sha256')
				.update(Buffer.from('a::after{content:"\u00e9"}'))
				.digest('base64'),
		)
		// The empty element's, which a browser checks too.
		expect(styleHash('')).toBe('47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=')
	})
})

describe('the policy of a page with inline styles', () => {
	test('style-src-elem admits the app and exactly these elements, style attributes stay', () => {
		const hashes = [sha256('a{}'), sha256('b{}'), sha256('a{}')]
		const policy = withStyleHashes(HELMET, hashes)
		expect(directive(policy, 'style-src-elem')).toEqual([
			"'self'",
			`'sha256-${sha256('a{}')}'`,
			`'sha256-${sha256('b{}')}'`,
		])
		expect(directive(policy, 'style-src-attr')).toEqual(["'unsafe-inline'"])
		// The fallback of browsers without the CSP3 directives, and the rest, as they were.
		expect(directive(policy, 'style-src')).toEqual(["'self'", "'unsafe-inline'"])
		expect(directive(policy, 'script-src')).toEqual(["'strict-dynamic'", "'nonce-abc=='"])
		expect(directive(policy, 'object-src')).toEqual(["'none'"])
		expect(directive(policy, 'default-src')).toEqual(["'self'"])
	})

	test('a page without a <style> admits none; rewriting twice keeps only the last', () => {
		const none = withStyleHashes(HELMET, [])
		expect(directive(none, 'style-src-elem')).toEqual(["'self'"])
		const twice = withStyleHashes(withStyleHashes(HELMET, [sha256('a{}')]), [sha256('b{}')])
		expect(twice.match(/style-src-elem/g)).toHaveLength(1)
		expect(twice.match(/style-src-attr/g)).toHaveLength(1)
		expect(directive(twice, 'style-src-elem')).toEqual(["'self'", `'sha256-${sha256('b{}')}'`])
	})

	test('anything but a base64 SHA-256 digest is refused (nothing reaches the header)', () => {
		expect(() => withStyleHashes(HELMET, ["abc'; script-src *"])).toThrow(TypeError)
		expect(() => withStyleHashes(HELMET, [`sha256-${sha256('a{}')}`])).toThrow(TypeError)
	})
})

describe("the load context's styleHashes (pages rendered outside the page cache)", () => {
	/** The parts of an Express response the load context uses. */
	function response(policy: string | undefined, headersSent = false) {
		const headers = new Map<string, string>()
		if (policy !== undefined) headers.set('content-security-policy', policy)
		return {
			headers,
			res: {
				locals: { cspNonce: 'abc==' },
				headersSent,
				getHeader: (name: string) => headers.get(name.toLowerCase()),
				setHeader(name: string, value: string) {
					headers.set(name.toLowerCase(), value)
					return this
				},
			},
		}
	}

	test("rewrites the policy helmet wrote for this response, as the page cache's", () => {
		const { res, headers } = response(HELMET)
		const context = loadContext(res)
		expect(context.cspNonce).toBe('abc==')
		context.styleHashes([sha256('a{}'), sha256('b{}')])
		expect(headers.get('content-security-policy')).toBe(
			withStyleHashes(HELMET, [sha256('a{}'), sha256('b{}')]),
		)
	})

	test('changes nothing once the headers are sent, or without a policy', () => {
		const sent = response(HELMET, true)
		loadContext(sent.res).styleHashes([sha256('a{}')])
		expect(sent.headers.get('content-security-policy')).toBe(HELMET)
		const bare = response(undefined)
		loadContext(bare.res).styleHashes([sha256('a{}')])
		expect(bare.headers.has('content-security-policy')).toBe(false)
	})
})
