/**
 * The browser a request came from, for the notices that tell an owner a sign-in factor changed
 * ("from Firefox on Windows"): the HTTP server runs each request inside {@link runForClient}, so
 * a model that queues a notice deep inside a write can name it without every caller passing the
 * request down.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

const storage = new AsyncLocalStorage<{ userAgent: string }>()

export function runForClient<Result>(userAgent: string | undefined, work: () => Result): Result {
	return storage.run({ userAgent: userAgent ?? '' }, work)
}

/** The request's browser and system (`{browser: 'Chrome', system: 'Android'}`), as far as known. */
export function currentClient(): Client {
	return describeClient(storage.getStore()?.userAgent ?? '')
}

export type Client = { browser: string | null; system: string | null }

const BROWSERS: Array<[RegExp, string]> = [
	[/\bEdg(?:e|A|iOS)?\//, 'Edge'],
	[/\b(?:OPR|Opera)\//, 'Opera'],
	[/\bSamsungBrowser\//, 'Samsung Internet'],
	[/\b(?:Firefox|FxiOS)\//, 'Firefox'],
	[/\b(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
	[/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const SYSTEMS: Array<[RegExp, string]> = [
	[/\b(?:iPhone|iPod)\b/, 'iPhone'],
	[/\biPad\b/, 'iPad'],
	[/\bAndroid\b/, 'Android'],
	[/\bCrOS\b/, 'ChromeOS'],
	[/\bWindows\b/, 'Windows'],
	[/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
	[/\bLinux\b/, 'Linux'],
]

/**
 * The browser (or, for an API client, the program that names itself first: `curl`, `MyApp`) and
 * the system of a User-Agent; null where it says nothing recognisable.
 */
export function describeClient(userAgent: string): Client {
	const agent = userAgent.slice(0, 500)
	const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1] ?? null
	const browser =
		BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ??
		(system ? null : (/^[A-Za-z][\w.-]{0,40}(?=\/)/.exec(agent)?.[0] ?? null))
	return { browser, system }
}
