import { defineConfig, devices } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 3210)
export const E2E_BASE_URL = `http://localhost:${PORT}`

// Debian's Chromium: Playwright's own browser download cannot run here.
const launchOptions = {
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: [
		'--no-sandbox',
		'--disable-gpu',
		'--disable-quic',
		'--no-first-run',
		'--disable-background-networking',
		'--disable-component-update',
		'--disable-sync',
	],
}

export default defineConfig({
	testDir: './tests/e2e',
	timeout: 30_000,
	expect: { timeout: 7_000 },
	fullyParallel: true,
	// Two browsers at once: most of a test is waiting on the server (CI and local machines alike).
	workers: 2,
	retries: 0,
	forbidOnly: true,
	reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
	use: {
		baseURL: E2E_BASE_URL,
		trace: 'retain-on-failure',
		launchOptions,
	},
	projects: [
		{ name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } },
		{ name: 'phone', use: { ...devices['Pixel 7'], launchOptions } },
	],
	webServer: {
		command: 'node --import tsx tests/e2e/server.ts',
		url: `${E2E_BASE_URL}/healthz`,
		reuseExistingServer: false,
		timeout: 60_000,
		stdout: 'ignore',
		stderr: 'pipe',
		env: { E2E_PORT: String(PORT) },
	},
})
