/**
 * A control's accessible name holds its visible label, in every language (WCAG 2.5.3 "Label in
 * Name"; axe's label-content-name-mismatch): a button that reads 'Cambiar nombre' is not named
 * 'Cambiar el nombre de Llave de acceso 1', or a person who speaks the label to their voice
 * control cannot press it. Found in the code: each button or link whose `aria-label` is a message
 * and whose text is another, the two checked in each catalog.
 */
import fs from 'node:fs'
import path from 'node:path'
import { type Messages } from '@lingui/core'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { globSync } from 'glob'
import { describe, expect, test } from 'vitest'
import { LOCALES } from '~/utils/locales'
import { MESSAGES } from './index.server'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** `Rename ${name}` as Lingui's message: named placeholders for identifiers, else by position. */
function messageOf(template: string) {
	let position = 0
	return template.replace(/\$\{\s*([^}]+?)\s*\}/g, (_, expression: string) =>
		/^[A-Za-z_$][\w$]*$/.test(expression) ? `{${expression}}` : `{${position++}}`,
	)
}

type Pair = { file: string; name: string; label: string }

/** The (aria-label, visible text) pairs of the app's buttons and links. */
function pairs(): Pair[] {
	const found: Pair[] = []
	const files = globSync('app/**/*.tsx', { cwd: ROOT, ignore: ['**/*.test.tsx'] })
	for (const file of files) {
		const source = fs.readFileSync(path.join(ROOT, file), 'utf8')
		for (const match of source.matchAll(/aria-label=\{t`([^`]*)`\}/g)) {
			const before = source.slice(0, match.index)
			const opening = [...before.matchAll(/<(button|a|Link)\b/g)].at(-1)
			if (!opening) continue
			// The label belongs to that element only when no tag closed it or opened since.
			if (/<\/?[A-Za-z]/.test(before.slice(opening.index! + opening[0].length))) continue
			const rest = source.slice(match.index! + match[0].length)
			const closing = rest.search(new RegExp(`</${opening[1]}>`))
			if (closing < 0) continue
			const content = rest.slice(0, closing)
			const text = /<Trans>([^<{]+)<\/Trans>/.exec(content)?.[1]?.trim()
			if (text) found.push({ file, name: messageOf(match[1]!), label: text })
		}
	}
	return found
}

/** A compiled message as text, its placeholders left out. */
function textOf(compiled: unknown): string {
	if (typeof compiled === 'string') return compiled
	if (Array.isArray(compiled))
		return compiled.map((part) => (typeof part === 'string' ? part : ' ')).join('')
	return ''
}

const squeeze = (value: string) => value.toLowerCase().replace(/\s+/g, ' ').trim()

describe('label in name', () => {
	const found = pairs()

	test('the code has such pairs (the search still finds them)', () => {
		expect(found.length).toBeGreaterThanOrEqual(5)
		expect(found).toContainEqual({
			file: 'app/components/sign-in-factors/passkeys.tsx',
			name: 'Rename {name}',
			label: 'Rename',
		})
	})

	test.each(LOCALES)('%s: every accessible name holds its visible label', (locale) => {
		const messages = MESSAGES[locale] as Messages
		const problems: string[] = []
		for (const { file, name, label } of found) {
			const spoken = squeeze(textOf(messages[generateMessageId(name)]))
			const shown = squeeze(textOf(messages[generateMessageId(label)]))
			if (!spoken || !shown) problems.push(`${file}: "${name}" or "${label}" is not translated`)
			else if (!spoken.includes(shown))
				problems.push(`${file}: "${spoken}" does not hold "${shown}" ("${name}" / "${label}")`)
		}
		expect(problems).toEqual([])
	})
})
