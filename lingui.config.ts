/**
 * Lingui's configuration (docs/decisions/032-i18n-lingui.md): the six languages, one PO catalog
 * per area of the product under app/locales/{locale}/, compiled to TypeScript modules that Vite
 * and tsx both import. `npm run i18n` extracts and compiles; `LINGUI_CATALOGS=public,auth`
 * limits extraction to those catalogs (so that work on two areas at once never rewrites the
 * other's files).
 */
import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'
import { CATALOGS } from './app/locales/catalogs'

const only = process.env.LINGUI_CATALOGS?.split(',').map((name) => name.trim())

export default defineConfig({
	sourceLocale: 'en',
	locales: ['en', 'es', 'fr', 'de', 'pt-BR', 'ar'],
	fallbackLocales: { default: 'en' },
	// `~/utils/i18n-macro` is our run-time `msg` (it runs under tsx too); listing it here makes
	// extraction read it as Lingui's own. The Vite build transforms only Lingui's packages.
	macro: {
		corePackage: ['@lingui/core/macro', '~/utils/i18n-macro'],
		jsxPackage: ['@lingui/react/macro'],
	},
	// No line numbers: they would change at every edit of a file and conflict at every merge.
	format: formatter({ lineNumbers: false }),
	compileNamespace: 'ts',
	catalogs: CATALOGS.filter((catalog) => !only || only.includes(catalog.name)).map((catalog) => ({
		path: `<rootDir>/app/locales/{locale}/${catalog.name}`,
		include: catalog.include.map((file) => `<rootDir>/${file}`),
		exclude: [
			'**/*.test.ts',
			'**/*.test.tsx',
			...(catalog.exclude ?? []).map((file) => `<rootDir>/${file}`),
		],
	})),
})
