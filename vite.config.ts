import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import tsconfigPaths from 'vite-tsconfig-paths'

declare module '@remix-run/node' {
	interface Future {
		v3_singleFetch: true
	}
}

export default defineConfig({
	build: {
		// Hashed assets are served with immutable caching; keep them small and split.
		cssMinify: true,
	},
	server: { port: 3000 },
	plugins: [
		tailwindcss(),
		remix({
			ignoredRouteFiles: ['**/*.test.{ts,tsx}', '**/__*.*'],
			serverModuleFormat: 'esm',
			// TAGG_BUILD_DIR lets several checkouts' test runs build side by side.
			buildDirectory: process.env.TAGG_BUILD_DIR ?? 'build',
			future: {
				v3_fetcherPersist: true,
				v3_relativeSplatPath: true,
				v3_throwAbortReason: true,
				v3_singleFetch: true,
				v3_lazyRouteDiscovery: true,
				v3_routeConfig: true,
			},
		}),
		tsconfigPaths(),
	],
})
