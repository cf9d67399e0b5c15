import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import lingui from 'eslint-plugin-lingui'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const PRISMA = {
	group: ['**/generated/prisma/*'],
	message: 'Import the database through app/models/*.server.ts',
}
/** Lingui's extraction knows the run-time `msg` by this one name (lingui.config.ts). */
const MACRO_BY_NAME = {
	group: ['**/i18n-macro', '!~/utils/i18n-macro'],
	message:
		"Import msg from '~/utils/i18n-macro': under another path its messages are never extracted",
}
/** One direction (docs/decisions/023-layering.md): utils → models → services → routes. */
const ABOVE_MODELS = {
	group: ['~/services/*', '~/routes/*', '~/components/*', '**/services/*', '**/routes/*'],
	message: 'app/models stands below the services and routes: move the code up, or pass it in',
}
const ABOVE_UTILS = {
	group: ['~/models/*', '**/models/*', ...ABOVE_MODELS.group],
	message: 'app/utils is the ground floor: it imports no model, service or route',
}
/** Under the ground floor: data imports other data, and the `msg` macro that compiles away. */
const ABOVE_DATA = {
	group: ['~/utils/*', '**/utils/*', '~/locales/*', ...ABOVE_UTILS.group, '!~/utils/i18n-macro'],
	message: 'app/data holds data: it imports only other data (and msg from ~/utils/i18n-macro)',
}
/** Only Remix imports a route: what a component or a service needs of one moves below it. */
const ROUTES = {
	group: ['~/routes/*', '**/routes/*'],
	message: 'Nothing imports a route: move what is shared below it (a type to app/utils)',
}
/** A service serves routes; the components are the routes' too. */
const ABOVE_SERVICES = {
	group: ['~/components/*', '**/components/*', ...ROUTES.group],
	message: 'app/services stands below the routes and their components',
}

export default tseslint.config(
	{
		ignores: [
			'node_modules',
			'build',
			'build-*',
			'.test-build-*',
			'test-reports',
			'data',
			'app/generated',
			'test-results',
			'playwright-report',
			'bench/results.json',
			// Compiled by `npm run i18n` from the PO files.
			'app/locales/*/*.ts',
			'!app/locales/*/client.ts',
		],
	},
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx}'],
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		rules: {
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
			],
			'@typescript-eslint/consistent-type-imports': [
				'error',
				{ prefer: 'type-imports', fixStyle: 'inline-type-imports' },
			],
			'no-restricted-imports': ['error', { patterns: [PRISMA, MACRO_BY_NAME] }],
		},
	},
	{
		files: ['app/utils/**'],
		ignores: ['**/*.test.{ts,tsx}'],
		rules: {
			'no-restricted-imports': ['error', { patterns: [PRISMA, ABOVE_UTILS, MACRO_BY_NAME] }],
		},
	},
	{
		files: ['app/data/**'],
		ignores: ['**/*.test.{ts,tsx}'],
		rules: {
			'no-restricted-imports': ['error', { patterns: [PRISMA, ABOVE_DATA, MACRO_BY_NAME] }],
		},
	},
	{
		files: ['app/services/**'],
		ignores: ['**/*.test.{ts,tsx}'],
		rules: {
			'no-restricted-imports': ['error', { patterns: [PRISMA, ABOVE_SERVICES, MACRO_BY_NAME] }],
		},
	},
	{
		files: ['app/components/**'],
		ignores: ['**/*.test.{ts,tsx}'],
		rules: {
			'no-restricted-imports': ['error', { patterns: [PRISMA, ROUTES, MACRO_BY_NAME] }],
		},
	},
	{
		// Only the db module and the models talk to Prisma.
		files: ['app/utils/db.server.ts'],
		rules: { 'no-restricted-imports': ['error', { patterns: [ABOVE_UTILS, MACRO_BY_NAME] }] },
	},
	{
		files: ['app/models/**'],
		ignores: ['**/*.test.{ts,tsx}'],
		rules: { 'no-restricted-imports': ['error', { patterns: [ABOVE_MODELS, MACRO_BY_NAME] }] },
	},
	{
		files: ['app/models/*.test.{ts,tsx}'],
		rules: { 'no-restricted-imports': 'off' },
	},
	{
		files: ['app/**/*.tsx'],
		plugins: { react, 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
		settings: { react: { version: 'detect' } },
		rules: {
			...react.configs.recommended.rules,
			...react.configs['jsx-runtime'].rules,
			...reactHooks.configs.recommended.rules,
			...jsxA11y.configs.recommended.rules,
			'react/prop-types': 'off',
			'react/no-unescaped-entities': 'off',
			'react-hooks/set-state-in-effect': 'off',
			'react-hooks/refs': 'off',
			'react-hooks/purity': 'off',
		},
	},
	{
		// Every string a person reads goes through the catalogs (docs/decisions/032-i18n-lingui.md):
		// the pages and components may not hold English text outside a message. What the rule
		// cannot see (text built in another module) the rendered-pages test finds.
		files: ['app/**/*.tsx', 'app/components/*.ts', 'app/entry.public.ts'],
		ignores: ['**/*.test.{ts,tsx}'],
		plugins: { lingui },
		rules: {
			'lingui/no-unlocalized-strings': [
				'error',
				{
					ignore: [
						// One word starting lower case (an id, a key, a class, a MIME type), a constant
						// name, a path or URL, a CSS length or colour, and strings with no letter.
						'^(?![A-Z])\\S+$',
						'^[A-Z0-9_-]+$',
						'^(/|https?:|mailto:|tel:|#|\\.)',
						'^[^A-Za-z]*$',
					],
					ignoreNames: [
						{ regex: { pattern: 'className', flags: 'i' } },
						{ regex: { pattern: '^[A-Z0-9_]+$' } },
						{
							regex: {
								pattern:
									'^(data|aria-(controls|describedby|labelledby|owns|live|current|haspopup|hidden|expanded|pressed|selected|checked|invalid|required|busy|atomic|relevant|modal|orientation|sort|autocomplete|activedescendant|level|setsize|posinset|valuenow|valuemin|valuemax))',
							},
						},
						'id',
						'key',
						'name',
						'type',
						'to',
						'href',
						'src',
						'srcSet',
						'sizes',
						'rel',
						'target',
						'method',
						'action',
						'encType',
						'role',
						'intent',
						'autoComplete',
						'inputMode',
						'enterKeyHint',
						'redirectTo',
						'viewBox',
						'd',
						'fill',
						'stroke',
						'strokeLinecap',
						'strokeLinejoin',
						'as',
						'crossOrigin',
						'lang',
						'hrefLang',
						'dir',
						'form',
						'htmlFor',
						'accept',
						'pattern',
						'variant',
						'size',
						'mode',
						'media',
						'loading',
						'decoding',
						'fetchPriority',
						'referrerPolicy',
						'preventScrollReset',
						'prefetch',
						'charSet',
						'content',
						'property',
						'wrap',
						'spellCheck',
						'autoCapitalize',
						'fontFamily',
					],
					ignoreFunctions: [
						'Error',
						'TypeError',
						'console.*',
						'redirect',
						'*.get',
						'*.set',
						'*.has',
						'*.append',
						'*.delete',
						'*.startsWith',
						'*.endsWith',
						'*.includes',
						'*.split',
						'*.join',
						'*.replace',
						'*.querySelector',
						'*.querySelectorAll',
						'*.closest',
						'*.getAttribute',
						'*.setAttribute',
						'*.addEventListener',
						'*.removeEventListener',
						'*.matchMedia',
						'*.submit',
						'document.createElement',
						'fetch',
						'useFetcher',
						'cx',
						'z.*',
						'invariantResponse',
						'Intl.*',
						'new Intl.*',
						'Response',
						'Response.json',
						'json',
						'data',
						'encodeURIComponent',
						'URLSearchParams',
						'new URL',
						'URL',
					],
				},
			],
			'lingui/t-call-in-function': 'error',
			'lingui/no-expression-in-message': 'error',
			'lingui/no-single-variables-to-translate': 'error',
			'lingui/no-trans-inside-trans': 'error',
		},
	},
)
