import fs from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3210)
export const E2E_BASE_URL = `http://localhost:${PORT}`

// Debian's Chromium (Playwright's own browser download cannot run here): its headless shell,
// which npm test installs (scripts/lib/system-tools.ts), else the full browser. CHROMIUM_PATH
// names another.
const executablePath =
	process.env.CHROMIUM_PATH ??
	['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file))
const launchOptions = {
	executablePath,
	args: [
		'--no-sandbox',
		'--disable-gpu',
		'--disable-quic',
		'--no-first-run',
		'--disable-background-networking',
		'--disable-component-update',
		'--disable-sync',
		// No optimising compiler for the pages' scripts: a test's page lives seconds, too short
		// for TurboFan's compiling to pay back. Measured on the visitor, profile and real-content
		// specs on the phone: 220 busy core-seconds with it, 170 without (docs/decisions/039).
		'--js-flags=--no-opt',
	],
}

export default defineConfig({
	testDir: './tests/e2e',
	// Budgets for a machine of two cores that runs two browsers, the app and PostgreSQL at once,
	// perhaps beside another job: a test that needs more says so (test.setTimeout).
	timeout: 60_000,
	expect: { timeout: 10_000 },
	fullyParallel: true,
	// Three browsers at once: on two cores, while one test waits (a toast, the server, a timer)
	// the others run. Measured on the profile, visitor and images specs with the headless shell:
	// 2 workers 121 s, 3 workers 101 s, 4 workers 106 s. npm test runs this after vitest, never
	// beside it.
	workers: 3,
	retries: 0,
	forbidOnly: true,
	reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
	use: {
		baseURL: E2E_BASE_URL,
		// No trace unless asked for (E2E_TRACE=1: a failed test then keeps every action, the DOM
		// before and after it, the network and the console). A trace is recorded for every test,
		// passing or not, and costs the machine a seventh of its CPU (visitor and links specs on
		// the phone: 118 busy core-seconds with it, 101 without), and the film strip of
		// screenshots a quarter more; a failure names its step and line without one
		// (docs/decisions/039-test-budget.md).
		// Visitors and owners who ask for less motion: no transitions, no smooth scrolls, a still
		// carousel, so the browser draws a few frames per action instead of an animation's dozen
		// (a tenth less CPU). The specs about motion itself (the carousel moving by itself, the
		// visitor's every view) ask for motion (docs/decisions/039).
		reducedMotion: 'reduce',
		trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
		launchOptions,
	},
	projects: [
		{
			name: 'desktop',
			// Visitors and owners are rarely in the server's zone (the server runs in yet another:
			// webServer below): nothing they see may depend on either.
			use: { ...devices['Desktop Chrome'], timezoneId: 'America/New_York', launchOptions },
			// Flows tagged ONE_VIEWPORT (tests/e2e/helpers.ts) run on the phone only.
			grepInvert: /@one-viewport/,
		},
		{
			name: 'phone',
			// Pixel 7's 412 x 915 CSS pixels and touch, drawn at 1 device pixel per CSS pixel: the
			// layout is the phone's, and the suite (CPU-bound on two cores) spends 16 % less (measured
			// on the visitor and profile specs: 187 → 157 CPU-seconds, 1.6 → 1.3 min).
			use: {
				...devices['Pixel 7'],
				deviceScaleFactor: 1,
				timezoneId: 'Asia/Tokyo',
				launchOptions,
			},
			// Flows whose pages do not change with the viewport run on the desktop only; everything
			// a visitor or an owner sees laid out (public pages, the builder with real content,
			// editors, images, appearance, insights, resume, share, a11y) runs on the phone too.
			testIgnore: [
				'**/accounts.spec.ts',
				'**/early-answer.spec.ts',
				'**/limits.spec.ts',
				'**/portfolio.spec.ts',
				'**/self-service.spec.ts',
			],
		},
	],
	webServer: {
		command: 'node --import tsx tests/e2e/server.ts',
		// Answered once the app serves and the demo owner is seeded (tests/e2e/server.ts).
		url: `http://127.0.0.1:${PORT + 50}/`,
		reuseExistingServer: false,
		timeout: 60_000,
		stdout: 'ignore',
		stderr: 'pipe',
		// Owners' own domains are read through the DNS server tests/e2e/domains.spec.ts runs.
		// The server (and the embedded database it creates) in a zone of its own.
		env: { E2E_PORT: String(PORT), DNS_SERVERS: `127.0.0.1:${PORT + 60}`, TZ: 'Europe/Berlin' },
	},
})
