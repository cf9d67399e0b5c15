import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'
import { linguiMacros } from './scripts/lib/lingui-macro'

declare module '@remix-run/node' {
	interface Future {
		v3_singleFetch: true
	}
}

// TAGG_BUILD_DIR lets several checkouts' test runs build side by side.
const buildDirectory = process.env.TAGG_BUILD_DIR ?? 'build'

/**
 * Public pages load `app/entry.public.ts` instead of the Remix runtime
 * (docs/decisions/010-visitor-pages.md). The client build emits it as one more entry; the
 * server build reads its file name, and the chunks it imports, from the client build's manifest
 * and offers them as `virtual:public-entry` (in development: the source file, served by Vite).
 */
function publicEntryPlugin(): Plugin {
	const source = 'app/entry.public.ts'
	const id = 'virtual:public-entry'
	const localeChunks = 'virtual:locale-chunks'
	let command: 'build' | 'serve' = 'serve'
	let ssr = false
	type Chunk = { file: string; imports?: string[] }
	const readManifest = () =>
		JSON.parse(
			fs.readFileSync(path.resolve(buildDirectory, 'client/.vite/manifest.json'), 'utf8'),
		) as Record<string, Chunk>
	/**
	 * `virtual:locale-chunks`: each language's client catalogs (app/locales/{locale}/client.ts,
	 * loaded by entry.client.tsx before it hydrates) as the files to preload, so the page fetches
	 * them beside its scripts instead of after them.
	 */
	const loadLocaleChunks = () => {
		if (command === 'serve' || !ssr) return 'export default {}'
		const manifest = readManifest()
		const files = (key: string): string[] => [
			manifest[key]!.file,
			...(manifest[key]?.imports ?? []).flatMap(files),
		]
		const chunks = Object.fromEntries(
			Object.keys(manifest)
				.map((key) => [/^app\/locales\/([^/]+)\/client\.ts$/.exec(key)?.[1], key] as const)
				.filter((pair): pair is readonly [string, string] => Boolean(pair[0]))
				.map(([locale, key]) => [locale, [...new Set(files(key))].map((file) => `/${file}`)]),
		)
		return `export default ${JSON.stringify(chunks)}`
	}
	return {
		name: 'tagg-public-entry',
		configResolved(config) {
			command = config.command
			ssr = Boolean(config.build.ssr)
		},
		buildStart() {
			if (command === 'build' && !ssr) {
				this.emitFile({ type: 'chunk', id: path.resolve(source), name: 'entry.public' })
			}
		},
		resolveId: (name) =>
			name === id ? `\0${id}` : name === localeChunks ? `\0${localeChunks}` : undefined,
		load(name) {
			if (name === `\0${localeChunks}`) return loadLocaleChunks()
			if (name !== `\0${id}`) return
			if (command === 'serve') {
				// Remix's React Refresh preamble first, as its <Scripts> would in development.
				const imports = ['/@id/__x00__virtual:remix/inject-hmr-runtime', `/${source}`]
				return `export default ${JSON.stringify({ imports, preload: [] })}`
			}
			// The browser never renders a whole document: only the server needs the entry.
			if (!ssr) return 'export default null'
			const manifest = readManifest()
			const imports = (key: string): string[] =>
				(manifest[key]?.imports ?? []).flatMap((child) => [
					manifest[child]!.file,
					...imports(child),
				])
			const entry = manifest[source]
			if (!entry) throw new Error(`${source} is missing from the client build`)
			return `export default ${JSON.stringify({
				imports: [`/${entry.file}`],
				preload: [entry.file, ...new Set(imports(source))].map((file) => `/${file}`),
			})}`
		},
	}
}

/**
 * The client build's compressible assets with their brotli (quality 11) and gzip (level 9) twins,
 * `{file}.br` and `{file}.gz`, written once at build time: server/app.ts sends the twin a request
 * offers instead of compressing on every request (docs/decisions/036-first-screen.md).
 */
function precompressAssetsPlugin(): Plugin {
	let outDir = ''
	let ssr = false
	return {
		name: 'tagg-precompress-assets',
		apply: 'build',
		configResolved(config) {
			outDir = config.build.outDir
			ssr = Boolean(config.build.ssr)
		},
		writeBundle() {
			if (ssr) return
			const assets = path.resolve(outDir, 'assets')
			if (!fs.existsSync(assets)) return
			for (const name of fs.readdirSync(assets)) {
				if (!/\.(?:js|mjs|css|svg|json|txt|map|xml|webmanifest)$/.test(name)) continue
				const file = path.join(assets, name)
				const raw = fs.readFileSync(file)
				if (raw.length < 1024) continue
				const br = zlib.brotliCompressSync(raw, {
					params: {
						[zlib.constants.BROTLI_PARAM_QUALITY]: 11,
						[zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
					},
				})
				const gz = zlib.gzipSync(raw, { level: 9 })
				if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br)
				if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz)
			}
		},
	}
}

export default defineConfig({
	build: {
		// Hashed assets are served with immutable caching; keep them small and split.
		cssMinify: true,
		rollupOptions: {
			output: {
				// React has a chunk of its own: the public pages' modals load it without the Remix
				// runtime and router, which only the app's pages use.
				manualChunks: (id) =>
					/\/node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : undefined,
			},
		},
	},
	server: { port: 3000 },
	plugins: [
		linguiMacros(),
		tailwindcss(),
		remix({
			ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/__*.*'],
			serverModuleFormat: 'esm',
			buildDirectory,
			future: {
				v3_fetcherPersist: true,
				v3_relativeSplatPath: true,
				v3_throwAbortReason: true,
				v3_singleFetch: true,
				v3_lazyRouteDiscovery: true,
				v3_routeConfig: true,
			},
		}),
		publicEntryPlugin(),
		precompressAssetsPlugin(),
		tsconfigPaths(),
	],
})
