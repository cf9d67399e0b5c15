/**
 * Lingui's macros (`<Trans>`, `useLingui`'s `t`, `msg`, `plural`) in the code Vite builds and
 * vitest runs (docs/decisions/032-i18n-lingui.md). Remix's Vite plugin has no Babel hook, so
 * this runs `@lingui/babel-plugin-lingui-macro` before Remix and esbuild see a file, and only on
 * files that import `@lingui/core/macro` or `@lingui/react/macro`. Our own run-time `msg`
 * (`~/utils/i18n-macro`, for code tsx runs too) is left alone here: it is listed as a macro
 * package only for extraction.
 */
import { transformAsync } from '@babel/core'
import linguiMacro from '@lingui/babel-plugin-lingui-macro'
import { makeConfig } from '@lingui/conf'
import { type Plugin } from 'vite'

const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/

export function linguiMacros(): Plugin {
	const linguiConfig = makeConfig(
		{
			locales: ['en'],
			sourceLocale: 'en',
			macro: { corePackage: ['@lingui/core/macro'], jsxPackage: ['@lingui/react/macro'] },
		},
		{ skipValidation: true },
	)
	return {
		name: 'tagg-lingui-macros',
		enforce: 'pre',
		async transform(code, id) {
			const file = id.split('?')[0] ?? id
			if (!/\.[cm]?[jt]sx?$/.test(file) || file.includes('/node_modules/')) return
			if (!MACRO_IMPORT.test(code)) return
			const typescript = /\.[cm]?tsx?$/.test(file)
			const jsx = /x$/.test(file)
			const result = await transformAsync(code, {
				filename: file,
				babelrc: false,
				configFile: false,
				sourceMaps: true,
				parserOpts: {
					plugins: [
						...(typescript ? (['typescript'] as const) : []),
						...(jsx || !typescript ? (['jsx'] as const) : []),
					],
				},
				plugins: [[linguiMacro, { linguiConfig }]],
			})
			if (!result?.code) return
			return { code: result.code, map: result.map }
		},
	}
}
