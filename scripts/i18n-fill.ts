/**
 * `npm run i18n:fill -- CATALOG FILE.json`: writes translations into one catalog's PO files, then
 * compiles (docs/decisions/032-i18n-lingui.md). FILE.json maps each English message, exactly as
 * the `en` PO file has it (`context|message` for a message with a context), to its translations:
 *
 *   { "Log In": { "es": "Iniciar sesión", "fr": "Se connecter", "de": "Anmelden",
 *                 "pt-BR": "Entrar", "ar": "تسجيل الدخول" } }
 *
 * Only the languages given are written; a message the catalog does not hold is reported, and so
 * is every message of the catalog still untranslated afterwards. The PO files are read and
 * written by Lingui's own formatter, so `lingui extract` leaves them as they are.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { formatter } from '@lingui/format-po'
import { CATALOGS } from '../app/locales/catalogs'
import { LOCALES } from '../app/utils/locales'
import { writeIndexes } from './i18n'
import { spawnSync } from 'node:child_process'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

type Entry = {
	message?: string
	translation?: string
	context?: string
	[key: string]: unknown
}
type Catalog = Record<string, Entry>

const po = formatter({ lineNumbers: false })

async function readCatalog(file: string, locale: string): Promise<Catalog> {
	const content = fs.readFileSync(file, 'utf8')
	return (await po.parse(content, { locale, sourceLocale: 'en', filename: file })) as Catalog
}

async function writeCatalog(file: string, locale: string, catalog: Catalog) {
	const existing = fs.readFileSync(file, 'utf8')
	const content = await po.serialize(catalog as never, {
		locale,
		sourceLocale: 'en',
		filename: file,
		existing,
	})
	fs.writeFileSync(file, content)
}

const keyOf = (entry: Entry, id: string) => {
	const message = entry.message ?? id
	return entry.context ? `${entry.context}|${message}` : message
}

export async function fill(
	catalogName: string,
	translations: Record<string, Record<string, string>>,
) {
	if (!CATALOGS.some((catalog) => catalog.name === catalogName)) {
		throw new Error(`No catalog named ${catalogName}: ${CATALOGS.map((c) => c.name).join(', ')}`)
	}
	const unknown = new Set(Object.keys(translations))
	const missing: string[] = []
	for (const locale of LOCALES) {
		if (locale === 'en') continue
		const file = path.join(ROOT, 'app/locales', locale, `${catalogName}.po`)
		const catalog = await readCatalog(file, locale)
		for (const [id, entry] of Object.entries(catalog)) {
			const key = keyOf(entry, id)
			const given = translations[key]
			if (given) {
				unknown.delete(key)
				if (given[locale] !== undefined) entry.translation = given[locale]
			}
			if (!entry.translation) missing.push(`${locale}: ${key}`)
		}
		await writeCatalog(file, locale, catalog)
	}
	return { unknown: [...unknown], missing }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
	const [catalogName, jsonFile] = process.argv.slice(2)
	if (!catalogName || !jsonFile) {
		console.error('Usage: npm run i18n:fill -- CATALOG FILE.json')
		process.exit(2)
	}
	const translations = JSON.parse(fs.readFileSync(jsonFile, 'utf8')) as Record<
		string,
		Record<string, string>
	>
	const { unknown, missing } = await fill(catalogName, translations)
	if (unknown.length) {
		console.log(`Not in the ${catalogName} catalog (check the English, byte for byte):`)
		for (const key of unknown) console.log(`  ${JSON.stringify(key)}`)
	}
	console.log(
		missing.length
			? `${missing.length} translations still missing in ${catalogName}:\n${missing.map((line) => `  ${line}`).join('\n')}`
			: `Every message of ${catalogName} is translated.`,
	)
	const compiled = spawnSync('npx', ['lingui', 'compile', '--namespace', 'ts'], {
		cwd: ROOT,
		stdio: 'inherit',
		env: { ...process.env, LINGUI_CATALOGS: catalogName },
	})
	writeIndexes()
	process.exit(compiled.status ?? 1)
}
