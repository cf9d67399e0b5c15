import { createHash } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { inlineStyles, styleHash, withCssCut } from './critical-css.server'
import { pageUse, pruneCss } from './css-prune'

/** A page's HTML around `body`, with its `<html>` attributes. */
const page = (body: string, { theme = 'light', font = 'modern' } = {}) =>
	`<!DOCTYPE html><html lang="en" data-theme="${theme}" data-font="${font}"><head></head><body>${body}</body></html>`

const cut = (css: string, body: string, options?: { theme?: string; font?: string }) =>
	pruneCss(css, pageUse(page(body, options)))

describe('pruneCss: the rules a page can use', () => {
	test('a rule stays when its classes are all in the page, with only the selectors that can match', () => {
		const css = '.flex{display:flex}.grid{display:grid}.card .title,.panel .title{font-weight:700}'
		expect(cut(css, '<div class="flex card"><h2 class="title">Hi</h2></div>')).toBe(
			'.flex{display:flex}.card .title{font-weight:700}',
		)
	})

	test('escaped class names: variants, arbitrary values and a leading digit', () => {
		const css =
			'.sm\\:p-4{padding:1rem}.w-\\[85\\%\\]{width:85%}.\\32 xl\\:p-8{padding:2rem}.hover\\:underline:hover{text-decoration:underline}.sm\\:w-\\[calc\\(50\\%-0\\.5rem\\)\\]{width:calc(50% - .5rem)}.unused\\:x{color:red}'
		const out = cut(
			css,
			'<p class="sm:p-4 w-[85%] 2xl:p-8 hover:underline sm:w-[calc(50%-0.5rem)]">x</p>',
		)
		expect(out).toBe(css.replace('.unused\\:x{color:red}', ''))
	})

	test('classes inside :is(), :where() and :not() are not required (kept rather than lost)', () => {
		const css =
			'.group-hover\\:text-brand:is(:where(.group):hover *){color:red}.space-y-2>:not(:last-child){margin-bottom:.5rem}'
		expect(cut(css, '<div class="group-hover:text-brand space-y-2"></div>')).toBe(css)
	})

	test('element selectors need their element; form-control pseudo-elements need a control', () => {
		const css =
			'h1,h2,h3{font-size:inherit}table{border-collapse:collapse}::placeholder{opacity:1}::file-selector-button{margin:0}*,:before,:after{box-sizing:border-box}html,:host{line-height:1.5}[hidden]:where(:not([hidden=until-found])){display:none!important}'
		expect(cut(css, '<h1>a</h1><h2>b</h2>')).toBe(
			'h1,h2{font-size:inherit}*,:before,:after{box-sizing:border-box}html,:host{line-height:1.5}[hidden]:where(:not([hidden=until-found])){display:none!important}',
		)
		expect(cut(css, '<h1>a</h1><input name="q">')).toContain('::placeholder{opacity:1}')
		expect(cut(css, '<h1>a</h1><textarea></textarea>')).toContain(
			'::file-selector-button{margin:0}',
		)
	})

	test("dark rules only on dark pages, 'system' rules only on system pages, a type pairing's only on its pages", () => {
		const css =
			'.bg-surface{background:var(--color-surface)}.dark\\:bg-black:where([data-theme=dark],[data-theme=dark] *){background:#000}@media (prefers-color-scheme:dark){.dark\\:bg-black:where([data-theme=system],[data-theme=system] *){background:#000}}[data-theme]:where([data-theme=dark]){--color-surface:#111}[data-theme=light]{color-scheme:light}[data-font=classic]{--font-body:Fraunces}[data-font=modern]{--font-body:Inter}'
		const body = '<div class="bg-surface dark:bg-black"></div>'
		expect(cut(css, body, { theme: 'light' })).toBe(
			'.bg-surface{background:var(--color-surface)}[data-theme=light]{color-scheme:light}[data-font=modern]{--font-body:Inter}',
		)
		expect(cut(css, body, { theme: 'dark' })).toBe(
			'.bg-surface{background:var(--color-surface)}.dark\\:bg-black:where([data-theme=dark],[data-theme=dark] *){background:#000}[data-theme]:where([data-theme=dark]){--color-surface:#111}[data-font=modern]{--font-body:Inter}',
		)
		const system = cut(css, body, { theme: 'system', font: 'classic' })
		expect(system).toContain(
			'@media (prefers-color-scheme:dark){.dark\\:bg-black:where([data-theme=system],[data-theme=system] *){background:#000}}',
		)
		expect(system).not.toContain('[data-theme=dark]')
		expect(system).toContain('[data-font=classic]{--font-body:Fraunces}')
		expect(system).not.toContain('Inter')
	})

	test('theme variables, registered properties and keyframes nothing reads go; a chain of variables stays', () => {
		const css =
			'@layer theme{:root,:host{--font-sans:var(--font-body);--font-body:Inter;--color-red-500:red;--color-brand:#d6246e;--animate-spin:spin 1s linear infinite;--animate-pulse:pulse 2s infinite;--accent-soft:#fce7f0}}' +
			'@layer utilities{.font-sans{font-family:var(--font-sans)}.text-brand{color:var(--color-brand)}.animate-spin{animation:var(--animate-spin)}.shadow{--tw-shadow:0 1px #0000;box-shadow:var(--tw-shadow)}}' +
			'@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-ring-color{syntax:"*";inherits:false}' +
			'@keyframes spin{to{transform:rotate(360deg)}}@keyframes pulse{50%{opacity:.5}}' +
			'@layer properties{@supports (-moz-orient:inline){*,:before{--tw-shadow:0 0 #0000;--tw-ring-color:initial}}}'
		const out = cut(
			css,
			'<p class="font-sans text-brand animate-spin shadow" style="background:var(--accent-soft)">x</p>',
		)
		expect(out).toBe(
			'@layer theme{:root,:host{--font-sans:var(--font-body);--font-body:Inter;--color-brand:#d6246e;--animate-spin:spin 1s linear infinite;--accent-soft:#fce7f0}}' +
				'@layer utilities{.font-sans{font-family:var(--font-sans)}.text-brand{color:var(--color-brand)}.animate-spin{animation:var(--animate-spin)}.shadow{--tw-shadow:0 1px #0000;box-shadow:var(--tw-shadow)}}' +
				'@keyframes spin{to{transform:rotate(360deg)}}' +
				// Registrations go: their values are set on every element (docs/decisions/043).
				'@layer properties{*,:before{--tw-shadow:0 0 #0000}}',
		)
	})

	test('no @property, no browser test around the fallback, no custom property in a transition list: what the W3C checker accepts', () => {
		const css =
			'@layer utilities{.shadow{box-shadow:var(--tw-shadow),var(--tw-ring-shadow)}.transition-colors{transition-property:color,background-color,--tw-gradient-from,--tw-gradient-to;transition-duration:.15s}.fade{transition-property:--tw-gradient-from}}' +
			'@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-ring-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}' +
			'@layer properties{@supports (((-webkit-hyphens:none)) and (not (margin-trim:inline))) or ((-moz-orient:inline) and (not (color:rgb(from red r g b)))){*,:before,:after,::backdrop{--tw-shadow:0 0 #0000}}}'
		const out = cut(css, '<p class="shadow transition-colors fade">x</p>')
		expect(out).not.toContain('@property')
		expect(out).not.toContain('margin-trim')
		expect(out).not.toMatch(/transition-property:[^;}]*--/)
		expect(out).toBe(
			'@layer utilities{.shadow{box-shadow:var(--tw-shadow),var(--tw-ring-shadow)}.transition-colors{transition-property:color,background-color;transition-duration:.15s}.fade{transition-property:none}}' +
				// A registration the fallback lacked is added to it.
				'@layer properties{*,:before,:after,::backdrop{--tw-shadow:0 0 #0000;--tw-ring-shadow:0 0 #0000}}',
		)
		// With no fallback at all, one is made first.
		expect(
			cut(
				'.shadow{box-shadow:var(--tw-shadow)}@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
				'<p class="shadow">x</p>',
			),
		).toBe(
			'@layer properties{*,:before,:after,::backdrop{--tw-shadow:0 0 #0000}}.shadow{box-shadow:var(--tw-shadow)}',
		)
	})

	test('a font face for characters the page has none of goes; one for its script, or with no range, stays', () => {
		const latin =
			'@font-face{font-family:Inter Variable;src:url(/a.woff2);unicode-range:U+0000-00FF,U+2000-206F}'
		const cyrillic =
			'@font-face{font-family:Inter Variable;src:url(/c.woff2);unicode-range:U+0301,U+0400-045F,U+0490-0491}'
		const fallback = '@font-face{font-family:Inter Fallback;src:local(Arial)}'
		const css = latin + cyrillic + fallback
		expect(cut(css, '<p>Hello</p>')).toBe(latin + fallback)
		expect(cut(css, '<p>Привет</p>')).toBe(css)
		// A character written as an entity counts too.
		expect(cut(css, '<p>&#x416;</p>')).toBe(css)
	})

	test('strings, comments and at-rules it does not know are read whole; the licence comment stays', () => {
		const css =
			'/*! tailwindcss v4 | MIT License */.before\\:content-\\[\\"\\{\\"\\]:before{content:"{";}/* a note */@page{margin:1cm}.gone{color:red}@layer base,components;'
		expect(cut(css, '<i class="before:content-[&quot;{&quot;]"></i>')).toBe(
			'/*! tailwindcss v4 | MIT License */.before\\:content-\\[\\"\\{\\"\\]:before{content:"{";}@page{margin:1cm}@layer base,components;',
		)
	})

	test('empty groups go', () => {
		expect(
			cut(
				'@media (min-width:40rem){.sm\\:flex{display:flex}}@supports (x:y){.gone{a:b}}',
				'<b></b>',
			),
		).toBe('')
	})
})

describe("withCssCut: a rendered page's first <style>", () => {
	test('cut to what the rest of the page uses; other <style> elements and the page untouched', () => {
		const html = page('<p class="flex">x</p><style>.theme{color:red}</style>').replace(
			'<head></head>',
			'<head><style>.flex{display:flex}.grid{display:grid}</style></head>',
		)
		const out = withCssCut(html)
		expect(out).toBe(html.replace('.grid{display:grid}', ''))
		expect(inlineStyles(out).map(styleHash)).toEqual([
			createHash('sha256').update('.flex{display:flex}').digest('base64'),
			createHash('sha256').update('.theme{color:red}').digest('base64'),
		])
		expect(withCssCut('<p>no style</p>')).toBe('<p>no style</p>')
	})
})
