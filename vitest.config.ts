import tsconfigPaths from 'vite-tsconfig-paths'
import { defineConfig } from 'vitest/config'
import { linguiMacros } from './scripts/lib/lingui-macro'

export default defineConfig({
	plugins: [linguiMacros(), tsconfigPaths()],
	test: {
		include: [
			'app/**/*.test.{ts,tsx}',
			'server/**/*.test.ts',
			'scripts/**/*.test.ts',
			'tests/**/*.test.ts',
		],
		exclude: ['tests/e2e/**', 'node_modules/**'],
		globalSetup: ['./tests/global-setup.ts'],
		setupFiles: ['./tests/setup-test-env.ts'],
		pool: 'forks',
		// Most files wait on PostgreSQL or a child server, not the CPU: two at once on two cores.
		maxWorkers: 2,
		// Generous: a busy CI machine runs these several times slower than a quiet one.
		testTimeout: 60_000,
		hookTimeout: 60_000,
		// The tests' own zone is not UTC and not the database's (tests/global-setup.ts): what a
		// server shows and stores must not depend on the machine's zone.
		env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', TZ: 'America/Los_Angeles' },
	},
})
