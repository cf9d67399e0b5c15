/**
 * The door's checks (docs/decisions/032-i18n-lingui.md, docs/translating.md): every source file
 * belongs to one catalog, the catalogs hold exactly what the code says (English from the code),
 * every language has every message with the same placeholders and tags, the compiled modules
 * are those of the PO files, and the run-time `msg` makes the ids extraction made.
 */
import fs from 'node:fs'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { parse as parseCode } from '@babel/parser'
import { getCatalogs } from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { globSync } from 'glob'
import { describe, expect, test } from 'vitest'
import { LOCALES } from '~/utils/locales'
import { CATALOGS } from './catalogs'

const ROOT = path.resolve(__dirname, '../..')

type PoEntry = { message?: string; translation?: string; context?: string; obsolete?: boolean }

async function linguiCatalogs() {
	const config = getConfig({ cwd: ROOT, configPath: path.join(ROOT, 'lingui.config.ts') })
	return await getCatalogs(config)
}

const sourceFiles = () =>
	globSync('app/**/*.{ts,tsx}', {
		cwd: ROOT,
		ignore: ['app/generated/**', 'app/locales/**', '**/*.test.{ts,tsx}', '**/*.d.ts'],
	}).sort()

/** The placeholders, tags and ICU keywords of a message: what a translation must keep. */
function skeleton(message: string) {
	// A placeholder is `{name}` or `{name, type…`: the words that open a plural's branch
	// (`one {It stays}`) are text, and read differently in each language.
	const placeholders = [...message.matchAll(/\{\s*([\w.]+)\s*(?:,\s*(\w+)\s*)?(?=[,}])/g)].map(
		(match) => `${match[1]}${match[2] ? `,${match[2]}` : ''}`,
	)
	const tags = [...message.matchAll(/<\/?(\d+)\/?>/g)].map((match) => match[0])
	return { placeholders: [...new Set(placeholders)].sort(), tags: tags.sort() }
}

describe('the message catalogs', () => {
	test('every source file belongs to exactly one catalog', () => {
		const owners = new Map<string, string[]>()
		for (const catalog of CATALOGS) {
			const files = globSync(catalog.include, {
				cwd: ROOT,
				ignore: ['**/*.test.{ts,tsx}', ...(catalog.exclude ?? [])],
			})
			for (const file of files) owners.set(file, [...(owners.get(file) ?? []), catalog.name])
		}
		const problems = sourceFiles()
			.map((file) => [file, owners.get(file) ?? []] as const)
			.filter(([, names]) => names.length !== 1)
			.map(([file, names]) => `${file}: ${names.length ? names.join(' and ') : 'no catalog'}`)
		expect(problems).toEqual([])
	})

	test('the English catalogs hold exactly the messages of the code (npm run i18n is up to date)', async () => {
		const problems: string[] = []
		for (const catalog of await linguiCatalogs()) {
			const extracted = (await catalog.collect()) ?? {}
			const english = (await catalog.read('en')) as Record<string, PoEntry>
			const live = Object.keys(english).filter((id) => !english[id]?.obsolete)
			for (const id of Object.keys(extracted)) {
				if (!english[id]) {
					problems.push(`${catalog.name}: not extracted yet: ${extracted[id]?.message ?? id}`)
				}
			}
			for (const id of live) {
				if (!extracted[id])
					problems.push(`${catalog.name}: no longer in the code: ${english[id]?.message}`)
				else if (english[id]?.translation !== (extracted[id]?.message ?? id)) {
					problems.push(`${catalog.name}: English differs from the code: ${english[id]?.message}`)
				}
			}
		}
		expect(problems, 'run `npm run i18n`').toEqual([])
	}, 120_000)

	test('every language has every message, with its placeholders and tags', async () => {
		const problems: string[] = []
		for (const catalog of await linguiCatalogs()) {
			const english = (await catalog.read('en')) as Record<string, PoEntry>
			for (const locale of LOCALES) {
				if (locale === 'en') continue
				const translated = (await catalog.read(locale)) as Record<string, PoEntry>
				for (const [id, source] of Object.entries(english)) {
					if (source.obsolete) continue
					const text = translated[id]?.translation
					const message = source.message ?? id
					if (!text) {
						problems.push(`${catalog.name} ${locale}: missing: ${message}`)
						continue
					}
					const want = skeleton(message)
					const got = skeleton(text)
					if (JSON.stringify(want) !== JSON.stringify(got)) {
						problems.push(
							`${catalog.name} ${locale}: ${JSON.stringify(message)} has ${JSON.stringify(want)}, the translation ${JSON.stringify(got)}`,
						)
					}
					try {
						compileMessage(text)
					} catch (error) {
						problems.push(`${catalog.name} ${locale}: does not parse: ${text} (${String(error)})`)
					}
				}
			}
		}
		expect(problems).toEqual([])
	}, 120_000)

	test('a message in several catalogs reads the same in each (one id, one translation)', async () => {
		const seen = new Map<string, { catalog: string; translation: string }>()
		const problems: string[] = []
		for (const catalog of await linguiCatalogs()) {
			for (const locale of LOCALES) {
				const entries = (await catalog.read(locale)) as Record<string, PoEntry>
				for (const [id, entry] of Object.entries(entries)) {
					if (entry.obsolete) continue
					const key = `${locale} ${id}`
					const translation = entry.translation ?? ''
					const earlier = seen.get(key)
					if (!earlier) seen.set(key, { catalog: catalog.path, translation })
					else if (earlier.translation !== translation) {
						problems.push(
							`${locale} ${JSON.stringify(entry.message ?? id)}: ${JSON.stringify(earlier.translation)} in ${path.basename(earlier.catalog)}, ${JSON.stringify(translation)} in ${path.basename(catalog.path)}`,
						)
					}
				}
			}
		}
		expect(problems).toEqual([])
	}, 120_000)

	test('the compiled modules are those of the PO files (npm run i18n -- --compile)', async () => {
		const problems: string[] = []
		for (const catalog of await linguiCatalogs()) {
			const name = CATALOGS.find((definition) => catalog.path.endsWith(`/${definition.name}`))?.name
			const english = (await catalog.read('en')) as Record<string, PoEntry>
			for (const locale of LOCALES) {
				const translated = (await catalog.read(locale)) as Record<string, PoEntry>
				const module = (await import(`./${locale}/${name}.ts`)) as {
					messages: Record<string, unknown>
				}
				const expected: Record<string, unknown> = {}
				for (const [id, source] of Object.entries(english)) {
					if (source.obsolete) continue
					// As the module holds it (JSON): a plural's `offset: undefined` is not written.
					expected[id] = JSON.parse(
						JSON.stringify(
							compileMessage(
								translated[id]?.translation || source.translation || source.message || id,
							),
						),
					)
				}
				if (!isDeepStrictEqual(module.messages, expected)) {
					problems.push(`${locale}/${name}.ts is not the compiled ${locale}/${name}.po`)
				}
			}
		}
		expect(problems, 'run `npm run i18n -- --compile`').toEqual([])
	}, 120_000)

	test('the run-time msg of ~/utils/i18n-macro makes the ids extraction made, with no ${…}', async () => {
		const english = new Set<string>()
		for (const catalog of await linguiCatalogs()) {
			for (const id of Object.keys(await catalog.read('en'))) english.add(id)
		}
		const problems: string[] = []
		for (const file of sourceFiles()) {
			const code = fs.readFileSync(path.join(ROOT, file), 'utf8')
			if (!code.includes("from '~/utils/i18n-macro'")) continue
			const ast = parseCode(code, {
				sourceType: 'module',
				plugins: ['typescript', ...(file.endsWith('x') ? (['jsx'] as const) : [])],
			})
			const visit = (node: unknown): void => {
				if (!node || typeof node !== 'object') return
				const value = node as { type?: string; [key: string]: unknown }
				if (
					value.type === 'TaggedTemplateExpression' &&
					(value.tag as { name?: string }).name === 'msg'
				) {
					const quasi = value.quasi as {
						expressions: unknown[]
						quasis: { value: { cooked: string } }[]
					}
					if (quasi.expressions.length > 0) problems.push(`${file}: msg with \${…}`)
					const text = quasi.quasis[0]?.value.cooked ?? ''
					if (!english.has(generateMessageId(text)))
						problems.push(`${file}: not in a catalog: ${text}`)
				}
				for (const child of Object.values(value)) {
					if (Array.isArray(child)) child.forEach(visit)
					else if (child && typeof child === 'object') visit(child)
				}
			}
			visit(ast.program)
		}
		expect(problems).toEqual([])
	})
})
