/**
 * The checks every JSON we are sent passes before it is used, a body or an imported file.
 *
 * Nesting is refused before anything walks it: JSON.parse itself copes with deep nesting, but
 * every recursive walk after it (a schema check, JSON.stringify, our own clean-ups) overflows the
 * stack on a few thousand levels. Real documents nest a handful of levels (a JSON Resume is four
 * deep), so past MAX_JSON_DEPTH the text is refused while it is still text.
 *
 * Keys that name the machinery of JavaScript objects (`__proto__`, `constructor`, `prototype`)
 * are refused after parsing: no document of ours has them, and code that looks a key up in a
 * plain object finds the object's prototype or its constructor instead of nothing, which ends
 * in a crash or a polluted prototype rather than a refusal.
 */
import { msg } from '~/utils/i18n-macro'

/** The deepest nesting of arrays and objects accepted in a JSON body or an imported JSON file. */
export const MAX_JSON_DEPTH = 64

/** English (the API passes it along), translated where shown (`translate(i18n, message)`). */
export const JSON_TOO_DEEP_MESSAGE = msg`The JSON nests deeper than 64 levels`.message

/**
 * Whether `text` (JSON, valid or not) opens more than `limit` arrays or objects inside each
 * other. One pass over the characters, no recursion; brackets inside strings do not count.
 */
export function jsonNestsTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
	let depth = 0
	let inString = false
	for (let at = 0; at < text.length; at++) {
		const code = text.charCodeAt(at)
		if (inString) {
			if (code === 0x5c /* \ */) at++
			else if (code === 0x22 /* " */) inString = false
		} else if (code === 0x22) {
			inString = true
		} else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
			if (++depth > limit) return true
		} else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
			depth--
		}
	}
	return false
}

/** Keys no JSON we read may hold, at any depth (see above). */
export const HOSTILE_JSON_KEYS: ReadonlySet<string> = new Set([
	'__proto__',
	'constructor',
	'prototype',
])

/**
 * A key of {@link HOSTILE_JSON_KEYS} in `value` (parsed JSON), with the path of the
 * object holding it (`links.0`; '' for the top level), or null when there is none. Walks without
 * recursion, so a deeply nested value cannot overflow the stack.
 */
export function hostileJsonKey(value: unknown): { key: string; path: string } | null {
	const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }]
	for (let node = pending.pop(); node; node = pending.pop()) {
		if (!node.value || typeof node.value !== 'object') continue
		for (const [key, child] of Object.entries(node.value)) {
			if (HOSTILE_JSON_KEYS.has(key)) return { key, path: node.path }
			if (child && typeof child === 'object') {
				pending.push({ value: child, path: node.path ? `${node.path}.${key}` : key })
			}
		}
	}
	return null
}
