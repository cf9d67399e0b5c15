/**
 * The inline CSS of a rendered visitor's page (docs/decisions/036-first-screen.md): cut to what
 * the page uses, and hashed for its Content-Security-Policy.
 */
import { createHash } from 'node:crypto'
import { pageUse, pruneCss } from './css-prune'

/**
 * `html` (a visitor's page, whole) with its inline CSS (its first `<style>`: app/root.tsx puts it
 * there) cut to the rules its HTML uses (app/utils/css-prune.ts).
 */
export function withCssCut(html: string) {
	const open = html.indexOf('<style>')
	const close = open < 0 ? -1 : html.indexOf('</style>', open)
	if (close < 0) return html
	const css = html.slice(open + '<style>'.length, close)
	const rest = html.slice(0, open) + html.slice(close)
	return `${html.slice(0, open)}<style>${pruneCss(css, pageUse(rest))}${html.slice(close)}`
}

/**
 * The text of each inline `<style>` element of `html`, as a browser's parser gives it to the
 * policy's hash check: what lies between the start tag and the first `</style` (raw text: no
 * character reference is decoded), line breaks normalised to LF and NUL to U+FFFD, as the HTML
 * parser does before anything else.
 */
export function inlineStyles(html: string) {
	const styles: string[] = []
	for (const match of html.matchAll(/<style(?=[\s/>])[^>]*>([\s\S]*?)<\/style(?=[\s/>])/gi)) {
		styles.push(match[1]!.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD'))
	}
	return styles
}

/** The SHA-256 of a style's text in UTF-8, in base64: what a policy's `'sha256-…'` names. */
export function styleHash(text: string) {
	return createHash('sha256').update(text, 'utf8').digest('base64')
}
