/**
 * A visitor's page carries, inline, only the CSS its own HTML uses
 * (docs/decisions/036-first-screen.md): its page's stylesheet (app/styles/public/) holds every
 * class the page's files may render, and this cuts it, once per rendered page version, to the
 * rules whose selectors can match that HTML:
 * - a selector's classes (outside `:is()`, `:where()`, `:not()`, `:has()`) must all be in the
 *   HTML's `class` attributes, and its element names among the HTML's elements (pseudo-elements of
 *   form controls need an `input`, a `select` or a `textarea`);
 * - a selector that names `[data-theme=…]` or `[data-font=…]` values needs one of them to be the
 *   page's own (`<html data-theme data-font>`): a light page carries no dark rules, a page in
 *   'system' mode both;
 * - theme variables and Tailwind's registered `--tw-*` properties that nothing left reads go, and
 *   so do `@keyframes` no animation names and `@font-face` rules for characters the page has none
 *   of (their `unicode-range`).
 * What a script adds to the page later (a dialog, the image viewer, the next cards) is styled by
 * the app's whole stylesheet, which the page's script loads first (app/utils/page-styles.ts).
 * The parser reads the minified CSS Tailwind builds (rules, nested blocks of `@media`, `@supports`,
 * `@layer`, `@container`; other at-rules kept whole); what it does not understand is kept.
 */

type Selector = {
	text: string
	classes: string[]
	elements: string[]
	/** `[data-theme=dark]` → 'theme:dark'; empty when it names no such value. */
	states: string[]
}

type CssNode =
	| { kind: 'rule'; selectors: Selector[]; body: string; theme: boolean }
	| { kind: 'group'; prelude: string; children: CssNode[] }
	| { kind: 'atrule'; name: string; prelude: string; body: string | null }
	| { kind: 'comment'; text: string }

/** Elements every document has: a selector naming them needs nothing more. */
const ALWAYS = new Set(['html', 'body', 'head', '*'])
/** At-rules whose block holds rules (parsed); any other keeps its block whole. */
const GROUPS = new Set(['media', 'supports', 'layer', 'container', 'scope', 'starting-style'])
/** Pseudo-elements of form controls: kept only when the page has one. */
const CONTROL_PSEUDO =
	/::?(?:file-selector-button|placeholder|-webkit-(?:search|date|datetime|calendar|inner|outer)[\w-]*|-moz-ui-invalid)/
const CONTROLS = ['input', 'select', 'textarea']

/** Reads from `at` to the first of `stops` outside strings, brackets and parentheses. */
function readUntil(css: string, at: number, stops: string): number {
	let depth = 0
	for (let i = at; i < css.length; i++) {
		const ch = css[i]!
		if (ch === '\\') i++
		else if (ch === '"' || ch === "'") {
			for (i++; i < css.length && css[i] !== ch; i++) if (css[i] === '\\') i++
		} else if (ch === '/' && css[i + 1] === '*') {
			const end = css.indexOf('*/', i + 2)
			i = end < 0 ? css.length : end + 1
		} else if (ch === '(' || ch === '[') depth++
		else if (ch === ')' || ch === ']') depth--
		else if (depth <= 0 && stops.includes(ch)) return i
	}
	return css.length
}

/** The index just past the `}` that closes the block opened at `open` (a `{`). */
function blockEnd(css: string, open: number): number {
	let depth = 0
	for (let i = open; i < css.length; i++) {
		const at = readUntil(css, i, '{}')
		if (at >= css.length) return css.length
		depth += css[at] === '{' ? 1 : -1
		if (depth === 0) return at + 1
		i = at
	}
	return css.length
}

/** Splits `text` on top-level commas (not in parentheses, brackets or strings). */
function splitList(text: string): string[] {
	const parts: string[] = []
	let start = 0
	for (;;) {
		const at = readUntil(text, start, ',')
		parts.push(text.slice(start, at).trim())
		if (at >= text.length) return parts.filter(Boolean)
		start = at + 1
	}
}

/** A CSS escape: up to six hex digits and the space that may end them, or one character. */
const ESCAPE = /\\[0-9a-fA-F]{1,6}[ \t\n]?|\\[\s\S]/g
/** A class selector's name, escapes included. */
const CLASS = /\.((?:\\[0-9a-fA-F]{1,6}[ \t\n]?|\\[\s\S]|[^\s.#:[\]>+~,()\\])+)/g

const unescapeIdent = (ident: string) =>
	ident.replace(/\\(?:([0-9a-fA-F]{1,6})[ \t\n]?|([\s\S]))/g, (_, hex: string, char: string) =>
		hex ? String.fromCodePoint(parseInt(hex, 16)) : char,
	)

function parseSelector(text: string): Selector {
	const states = Array.from(
		text.matchAll(/\[data-(theme|font)=["']?([\w-]+)["']?\]/g),
		(m) => `${m[1]}:${m[2]}`,
	)
	// The selector without what is inside functional pseudo-classes and attribute selectors.
	let outer = ''
	let depth = 0
	for (let i = 0; i < text.length; i++) {
		const ch = text[i]!
		if (ch === '\\') {
			if (depth === 0) outer += ch + (text[i + 1] ?? '')
			i++
		} else if (ch === '(' || ch === '[') depth++
		else if (ch === ')' || ch === ']') depth--
		else if (depth === 0) outer += ch
	}
	const classes = [...outer.matchAll(CLASS)].map((m) => unescapeIdent(m[1]!))
	// Escapes out of the way (`.\32 xl\:p-4`'s space is no combinator) before reading elements.
	const elements = [...outer.replace(ESCAPE, '_').matchAll(/(?:^|[\s>+~])([a-zA-Z][\w-]*)/g)].map(
		(m) => m[1]!.toLowerCase(),
	)
	if (CONTROL_PSEUDO.test(outer)) elements.push('control')
	return { text, classes, elements, states }
}

/** Parses the blocks of `css` from `at` to `end` (or to the `}` closing the enclosing block). */
function parseBlock(css: string, at: number, end: number, layer: string): [CssNode[], number] {
	const nodes: CssNode[] = []
	let i = at
	while (i < end) {
		while (i < end && /\s/.test(css[i]!)) i++
		if (i >= end) break
		if (css[i] === '}') return [nodes, i + 1]
		if (css.startsWith('/*', i)) {
			const close = css.indexOf('*/', i + 2)
			const stop = close < 0 ? end : close + 2
			// Licence comments (`/*!`) stay.
			if (css[i + 2] === '!') nodes.push({ kind: 'comment', text: css.slice(i, stop) })
			i = stop
			continue
		}
		const stop = readUntil(css, i, '{;}')
		const prelude = css.slice(i, stop).trim()
		if (css[stop] !== '{') {
			// A statement (`@layer a, b;`, `@import …;`), or a stray declaration.
			if (prelude) nodes.push({ kind: 'atrule', name: '', prelude, body: null })
			i = css[stop] === ';' ? stop + 1 : stop
			continue
		}
		if (prelude.startsWith('@')) {
			const name = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase() ?? ''
			if (GROUPS.has(name)) {
				const inner = name === 'layer' ? prelude.slice(6).trim() : layer
				const [children, next] = parseBlock(css, stop + 1, end, inner)
				nodes.push({ kind: 'group', prelude, children })
				i = next
			} else {
				const close = blockEnd(css, stop)
				nodes.push({ kind: 'atrule', name, prelude, body: css.slice(stop + 1, close - 1) })
				i = close
			}
			continue
		}
		const close = blockEnd(css, stop)
		nodes.push({
			kind: 'rule',
			selectors: splitList(prelude).map(parseSelector),
			body: css.slice(stop + 1, close - 1),
			theme: layer === 'theme' || layer === 'properties',
		})
		i = close
	}
	return [nodes, end]
}

const parsed = new Map<string, CssNode[]>()

/** `css` parsed (memoised: a few stylesheets, each parsed once). */
function parse(css: string) {
	let nodes = parsed.get(css)
	if (!nodes) {
		nodes = parseBlock(css, 0, css.length, '')[0]
		if (parsed.size > 20) parsed.clear()
		parsed.set(css, nodes)
	}
	return nodes
}

/** What a page's HTML holds, for `pruneCss`. */
export type PageUse = {
	classes: Set<string>
	elements: Set<string>
	/** 'theme:light', 'font:modern': the page's `<html>` attributes. */
	states: Set<string>
	/** Every code point of the page's text above U+007F, and 'ascii' when it has Latin letters. */
	codePoints: Set<number>
	/** The custom properties the HTML itself reads (`var(--…)` in its `style` attributes and theme). */
	variables: Set<string>
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'" }
const decode = (value: string) =>
	value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) =>
		name[0] === '#'
			? String.fromCodePoint(
					name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)),
				)
			: (ENTITIES[name.toLowerCase()] ?? entity),
	)

/** The classes, elements, states, characters and variables `html` uses. */
export function pageUse(html: string): PageUse {
	const classes = new Set<string>()
	for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
		for (const name of decode(match[1]!).split(/\s+/)) if (name) classes.add(name)
	}
	const elements = new Set<string>()
	for (const match of html.matchAll(/<([a-zA-Z][\w-]*)/g)) elements.add(match[1]!.toLowerCase())
	if (CONTROLS.some((name) => elements.has(name))) elements.add('control')
	const states = new Set<string>()
	const root = /<html\b[^>]*>/i.exec(html)?.[0] ?? ''
	for (const match of root.matchAll(/\sdata-(theme|font)="([\w-]+)"/g))
		states.add(`${match[1]}:${match[2]}`)
	const codePoints = new Set<number>()
	for (const char of decode(html)) {
		const code = char.codePointAt(0)!
		if (code > 0x7f) codePoints.add(code)
	}
	const variables = new Set<string>()
	for (const match of html.matchAll(/var\((--[\w-]+)/g)) variables.add(match[1]!)
	return { classes, elements, states, codePoints, variables }
}

function selectorUsed(selector: Selector, use: PageUse) {
	if (selector.states.length && !selector.states.some((state) => use.states.has(state)))
		return false
	return (
		selector.classes.every((name) => use.classes.has(name)) &&
		selector.elements.every((name) => ALWAYS.has(name) || use.elements.has(name))
	)
}

/** Whether a `unicode-range` names a character of the page (Basic Latin always counts). */
function rangeUsed(range: string, use: PageUse) {
	for (const part of range.split(',')) {
		const match = /U\+([0-9a-f?]+)(?:-([0-9a-f]+))?/i.exec(part.trim())
		if (!match) return true
		const from = parseInt(match[1]!.replace(/\?/g, '0'), 16)
		const to = match[2] ? parseInt(match[2], 16) : parseInt(match[1]!.replace(/\?/g, 'f'), 16)
		if (from <= 0x7f) return true
		if (to - from > 4096) {
			for (const code of use.codePoints) if (code >= from && code <= to) return true
		} else {
			for (let code = from; code <= to; code++) if (use.codePoints.has(code)) return true
		}
	}
	return false
}

/** The declarations of a body, split on top-level semicolons. */
const declarations = (body: string) => splitOn(body, ';')
function splitOn(text: string, separator: string) {
	const parts: string[] = []
	let start = 0
	for (;;) {
		const at = readUntil(text, start, separator)
		const part = text.slice(start, at).trim()
		if (part) parts.push(part)
		if (at >= text.length) return parts
		start = at + 1
	}
}

/** The rules of `nodes` whose selectors `use` can match (first pass: no variables pruned). */
function keepUsed(nodes: CssNode[], use: PageUse): CssNode[] {
	const kept: CssNode[] = []
	for (const node of nodes) {
		if (node.kind === 'rule') {
			const selectors = node.selectors.filter((selector) => selectorUsed(selector, use))
			if (selectors.length) kept.push({ ...node, selectors })
		} else if (node.kind === 'group') {
			const children = keepUsed(node.children, use)
			if (children.some((child) => child.kind !== 'comment')) kept.push({ ...node, children })
		} else if (node.kind === 'atrule' && node.name === 'font-face' && node.body) {
			const range = /unicode-range:([^;]*)/i.exec(node.body)?.[1]
			if (!range || rangeUsed(range, use)) kept.push(node)
		} else kept.push(node)
	}
	return kept
}

function serialise(nodes: CssNode[]): string {
	let css = ''
	for (const node of nodes) {
		if (node.kind === 'comment') css += node.text
		else if (node.kind === 'rule')
			css += `${node.selectors.map((selector) => selector.text).join(',')}{${node.body}}`
		else if (node.kind === 'group') css += `${node.prelude}{${serialise(node.children)}}`
		else css += node.body === null ? `${node.prelude};` : `${node.prelude}{${node.body}}`
	}
	return css
}

/**
 * Drops the theme variables and `--tw-*` properties nothing reads, and the keyframes no rule
 * names, until nothing more goes (a variable may be read only by another one).
 */
function dropUnread(nodes: CssNode[], use: PageUse): CssNode[] {
	let current = nodes
	for (let pass = 0; pass < 4; pass++) {
		const text = serialise(current)
		const read = new Set(use.variables)
		for (const match of text.matchAll(/var\((--[\w-]+)/g)) read.add(match[1]!)
		// A `--tw-*` property a utility sets (`--tw-ring-shadow:…`) is read by Tailwind's own rules.
		let changed = false
		const prune = (list: CssNode[]): CssNode[] => {
			const out: CssNode[] = []
			for (const node of list) {
				if (node.kind === 'rule' && (node.theme || node.body.includes('--tw-'))) {
					const parts = declarations(node.body)
					const keptParts = parts.filter((part) => {
						const name = /^(--[\w-]+)\s*:/.exec(part)?.[1]
						if (!name || read.has(name)) return true
						return !(node.theme || (name.startsWith('--tw-') && /:\s*initial\s*$/.test(part)))
					})
					if (keptParts.length !== parts.length) changed = true
					if (keptParts.length) out.push({ ...node, body: keptParts.join(';') })
				} else if (node.kind === 'group') {
					const children = prune(node.children)
					if (children.length) out.push({ ...node, children })
					else changed = true
				} else if (node.kind === 'atrule' && node.name === 'property') {
					const name = node.prelude.slice('@property'.length).trim()
					if (read.has(name)) out.push(node)
					else changed = true
				} else if (node.kind === 'atrule' && node.name === 'keyframes') {
					const name = node.prelude.slice('@keyframes'.length).trim()
					const others = text.replace(`${node.prelude}{${node.body}}`, '')
					if (new RegExp(`(^|[^\\w-])${name.replace(/[^\w-]/g, '\\$&')}([^\\w-]|$)`).test(others))
						out.push(node)
					else changed = true
				} else out.push(node)
			}
			return out
		}
		current = prune(current)
		if (!changed) break
	}
	return current
}

/** Tailwind's fallback of its registered properties: a universal rule inside `@layer properties`. */
const FALLBACK_SELECTOR = '*,:before,:after,::backdrop'

/**
 * The page's CSS without `@property` (docs/decisions/043-visitor-css.md): Tailwind registers its
 * `--tw-*` properties with `@property` for their initial values, and for browsers without it
 * (Safari before 16.4) sets the same values on every element in `@layer properties`, behind an
 * `@supports` test of those browsers (`margin-trim`, `-moz-orient`). Here that fallback applies
 * everywhere and the registrations go: every browser reads the same values, and the page's CSS
 * is what the W3C checker accepts. A registered property missing from the fallback is added to
 * it. `transition-property` lists lose their `--tw-*` entries, which only a registered property
 * could animate (gradient stops: no visitor page animates one).
 */
function unregistered(nodes: CssNode[]): CssNode[] {
	const initial = new Map<string, string>()
	const strip = (list: CssNode[], inProperties: boolean): CssNode[] =>
		list.flatMap((node): CssNode[] => {
			if (node.kind === 'atrule' && node.name === 'property') {
				const name = node.prelude.slice('@property'.length).trim()
				const value = /initial-value\s*:\s*([^;]+)/.exec(node.body ?? '')?.[1]?.trim()
				initial.set(name, value ?? 'initial')
				return []
			}
			if (node.kind === 'group') {
				const properties = /^@layer\s+properties$/.test(node.prelude.trim())
				// The fallback's browser test: its rules apply to every browser instead.
				if (inProperties && node.prelude.startsWith('@supports'))
					return strip(node.children, inProperties)
				const children = strip(node.children, inProperties || properties)
				return children.length ? [{ ...node, children }] : []
			}
			if (node.kind === 'rule' && node.body.includes('transition-property')) {
				const body = declarations(node.body)
					.map((part) => {
						const match = /^(transition-property\s*:)(.*)$/s.exec(part)
						if (!match) return part
						const kept = splitOn(match[2]!, ',').filter((name) => !name.startsWith('--'))
						return `${match[1]}${kept.length ? kept.join(',') : 'none'}`
					})
					.join(';')
				return [{ ...node, body }]
			}
			return [node]
		})
	const out = strip(nodes, false)
	if (!initial.size) return out
	// Every registered property has its initial value in the fallback rule.
	const findFallback = (
		list: CssNode[],
		inProperties = false,
	): Extract<CssNode, { kind: 'rule' }> | null => {
		for (const node of list) {
			if (node.kind === 'rule' && inProperties) return node
			if (node.kind === 'group') {
				const properties = inProperties || /^@layer\s+properties$/.test(node.prelude.trim())
				const found = findFallback(node.children, properties)
				if (found) return found
			}
		}
		return null
	}
	const fallback = findFallback(out)
	const declared = new Set(
		declarations(fallback?.body ?? '').map((part) => /^(--[\w-]+)\s*:/.exec(part)?.[1]),
	)
	const missing = [...initial].filter(([name]) => !declared.has(name))
	if (!missing.length) return out
	const body = [
		...declarations(fallback?.body ?? ''),
		...missing.map(([name, value]) => `${name}:${value}`),
	].join(';')
	if (!fallback) {
		const [rule] = parse(`${FALLBACK_SELECTOR}{${body}}`)
		return [{ kind: 'group', prelude: '@layer properties', children: [rule!] }, ...out]
	}
	// A new node: the parsed tree is kept between pages and never changed.
	const replace = (list: CssNode[]): CssNode[] =>
		list.map((node) =>
			node === fallback
				? { ...fallback, body }
				: node.kind === 'group'
					? { ...node, children: replace(node.children) }
					: node,
		)
	return replace(out)
}

/** `css` cut to what `html` (the page it is inlined in) uses. */
export function pruneCss(css: string, use: PageUse): string {
	return serialise(unregistered(dropUnread(keepUsed(parse(css), use), use)))
}
