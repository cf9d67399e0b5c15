import tsconfigPaths from 'vite-tsconfig-paths'
import { defineConfig } from 'vitest/config'
import { linguiMacros } from './scripts/lib/lingui-macro'
import LongestFirst from './tests/sequencer'

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
		// Two at once on two cores: the run is CPU-bound (the app's servers, PostgreSQL and the
		// tests share the machine), and a third worker only adds switching.
		maxWorkers: 2,
		// A worker keeps the modules it loaded from one file to the next (the app, Prisma, zod):
		// loading them again for each of ~110 files cost a quarter of the run. Each file still
		// gets its own database and DATA_DIR (tests/setup-test-env.ts), and no test may rely on
		// module state another file left (ids are random; env is parsed again per file).
		isolate: false,
		// The longest files first (tests/sequencer.ts).
		sequence: { sequencer: LongestFirst },
		// Generous: a busy CI machine runs these several times slower than a quiet one.
		testTimeout: 60_000,
		hookTimeout: 60_000,
		// The tests' own zone is not UTC and not the database's (tests/global-setup.ts): what a
		// server shows and stores must not depend on the machine's zone.
		env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', TZ: 'America/Los_Angeles' },
	},
})
