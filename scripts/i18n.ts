/**
 * `npm run i18n`: brings the catalogs up to date with the code (docs/decisions/032-i18n-lingui.md).
 * 1. `lingui extract --clean`: every message in the code into app/locales/{locale}/{catalog}.po (the
 *    English ones filled from the code, the others keeping their translations, new ones empty, the
 *    ones the code no longer has dropped);
 *    `LINGUI_CATALOGS=public,auth` limits it to those catalogs;
 * 2. `lingui compile`: each PO file to a TypeScript module of pre-parsed messages;
 * 3. writes the two indexes the app imports: `app/locales/index.server.ts` (every catalog of
 *    every language, for the server) and `app/locales/{locale}/client.ts` (the catalogs a
 *    browser may render, loaded by entry.client.tsx for the page's language).
 * `npm run i18n -- --compile` skips extraction (after editing translations by hand).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CATALOGS } from '../app/locales/catalogs'
import { LOCALES } from '../app/utils/locales'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const LOCALES_DIR = path.join(ROOT, 'app/locales')

function lingui(...args: string[]) {
	const result = spawnSync('npx', ['lingui', ...args], { cwd: ROOT, stdio: 'inherit' })
	if (result.status !== 0) process.exit(result.status ?? 1)
}

/** A locale as a JavaScript identifier (`pt-BR` → `ptBR`). */
const ident = (locale: string) => locale.replace(/-/g, '')
const camel = (name: string) =>
	`${name.replace(/-(\w)/g, (_, char: string) => char.toUpperCase())}Messages`

export function serverIndex() {
	const imports: string[] = []
	const entries: string[] = []
	for (const locale of LOCALES) {
		const names = CATALOGS.map((catalog) => `${ident(locale)}_${camel(catalog.name)}`)
		CATALOGS.forEach((catalog, index) =>
			imports.push(`import { messages as ${names[index]} } from './${locale}/${catalog.name}'`),
		)
		entries.push(
			`\t${JSON.stringify(locale)}: { ${names.map((name) => `...${name}`).join(', ')} },`,
		)
	}
	return `// Written by \`npm run i18n\`: every catalog of every language, for the server.
import { type Messages } from '@lingui/core'
import { type Locale } from '~/utils/locales'
${imports.join('\n')}

export const MESSAGES: Record<Locale, Messages> = {
${entries.join('\n')}
}
`
}

export function clientIndex() {
	const client = CATALOGS.filter((catalog) => catalog.client)
	return `// Written by \`npm run i18n\`: the catalogs a browser may render, in one language.
import { type Messages } from '@lingui/core'
${client.map((catalog) => `import { messages as ${camel(catalog.name)} } from './${catalog.name}'`).join('\n')}

export const messages: Messages = { ${client.map((catalog) => `...${camel(catalog.name)}`).join(', ')} }
`
}

export function writeIndexes() {
	fs.writeFileSync(path.join(LOCALES_DIR, 'index.server.ts'), serverIndex())
	for (const locale of LOCALES) {
		fs.writeFileSync(path.join(LOCALES_DIR, locale, 'client.ts'), clientIndex())
	}
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	if (!process.argv.includes('--compile')) lingui('extract', '--clean')
	lingui('compile', '--namespace', 'ts')
	writeIndexes()
}
