import { chromium, devices } from '@playwright/test'
const base = 'http://localhost:3400'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const out = process.argv[2] ?? '/tmp/look'
// 1. Manage portfolio at 320
const ctx = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 320, height: 700 } })
const page = await ctx.newPage()
await page.goto(base + '/login')
await page.getByLabel('Email').fill('maya@tagg.demo')
await page.getByLabel('Password', { exact: true }).fill('tagg-demo-2026')
await page.getByRole('button', { name: /log in/i }).click()
await page.waitForURL(/builder/)
await page.goto(base + '/builder/portfolio')
await page.waitForLoadState('networkidle')
await page.screenshot({ path: `${out}/plist-320.png` })
await ctx.close()
// 2. public pages at 200% text on a phone
const big = await browser.newContext({ ...devices['Pixel 7'] })
const p2 = await big.newPage()
for (const [name, path] of [['profile', '/maya-torres'], ['resume', '/maya-torres/resume'], ['portfolio', '/maya-torres/portfolio']]) {
	await p2.goto(base + path)
	await p2.addStyleTag({ content: 'html{font-size:200% !important}' })
	const sw = await p2.evaluate(() => [document.documentElement.scrollWidth, innerWidth])
	console.log(name, sw)
	await p2.screenshot({ path: `${out}/font200-${name}.png` })
}
await browser.close()
