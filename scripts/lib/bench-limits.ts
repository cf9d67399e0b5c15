/**
 * The bounded-cost part of `npm run bench`: an owner with 200 items of the largest
 * size (the lists' page sizes, bytes and times, eight reads in parallel next to another owner's
 * page, the public and builder lists) and a burst of 60 logins and sign-ups (statuses, latency,
 * /healthz during the burst). Runs against the app the benchmark started.
 */
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import { createLargeOwner } from '../../tests/fixtures/large-owner'

type Timed = { status: number; bytes: number; ms: number; headers: Headers }

async function timed(url: string, init: RequestInit = {}): Promise<Timed> {
	const started = performance.now()
	const response = await fetch(url, {
		...init,
		headers: { 'accept-encoding': 'identity', ...(init.headers as Record<string, string>) },
	})
	const body = Buffer.from(await response.arrayBuffer())
	return {
		status: response.status,
		bytes: body.length,
		ms: Math.round(performance.now() - started),
		headers: response.headers,
	}
}

const percentile = (values: number[], p: number) => {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

/** Resident memory (MB) of the app process and its children (cluster workers). */
function appRssMb(pid: number | undefined) {
	if (!pid) return null
	try {
		const out = execFileSync('ps', ['-o', 'rss=', '--pid', String(pid), '--ppid', String(pid)], {
			encoding: 'utf8',
		})
		const kb = out
			.split('\n')
			.map((line) => Number(line.trim()))
			.filter((value) => Number.isFinite(value) && value > 0)
			.reduce((sum, value) => sum + value, 0)
		return Math.round(kb / 1024)
	} catch {
		return null
	}
}

export async function benchLimits(base: string, options: { otherPage: string; appPid?: number }) {
	const password = 'bench-password-2026'
	const email = `max-${crypto.randomBytes(4).toString('hex')}@bench.test`
	const path = `max-items-${crypto.randomBytes(3).toString('hex')}`
	const seeded = performance.now()
	const owner = await createLargeOwner({ email, password, path })
	const seedMs = Math.round(performance.now() - seeded)
	const login = (await (
		await fetch(`${base}/one/auth/new/login`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ email, password }),
		})
	).json()) as { access_token: string }
	const auth = { Authorization: `Bearer ${login.access_token}` }
	const listUrl = (query = '') =>
		`${base}/one/sites/portfolio/data/get/active?customer_id=${owner.customerId}${query}`

	const first = await timed(listUrl())
	const firstItems = (
		(await (await fetch(listUrl())).json()) as { data: { portfoliosData: unknown[] } }
	).data.portfoliosData.length
	const conditional = await timed(listUrl(), {
		headers: { 'If-None-Match': first.headers.get('etag') ?? '' },
	})

	// Every page at the largest limit.
	let cursor: string | null = null
	let pages = 0
	let walkBytes = 0
	const walkStarted = performance.now()
	do {
		const response: Response = await fetch(
			listUrl(`&limit=100${cursor ? `&cursor=${cursor}` : ''}`),
		)
		const text: string = await response.text()
		walkBytes += Buffer.byteLength(text)
		cursor = (JSON.parse(text) as { data: { next: string | null } }).data.next
		pages++
	} while (cursor && pages < 500)
	const walkMs = Math.round(performance.now() - walkStarted)

	// Eight first pages at the largest limit at once, and another owner's page meanwhile.
	const otherAlone = await timed(options.otherPage)
	let peakRss = appRssMb(options.appPid)
	const sampler = setInterval(() => {
		const rss = appRssMb(options.appPid)
		if (rss !== null && (peakRss === null || rss > peakRss)) peakRss = rss
	}, 100)
	const parallelStarted = performance.now()
	const [parallel, otherDuring] = await Promise.all([
		Promise.all(Array.from({ length: 8 }, () => timed(listUrl('&limit=100')))),
		(async () => {
			await new Promise((resolve) => setTimeout(resolve, 20))
			return timed(options.otherPage)
		})(),
	])
	const parallelMs = Math.round(performance.now() - parallelStarted)
	clearInterval(sampler)

	const publicList = await timed(`${base}/${path}/portfolio`)
	const builderList = await timed(`${base}/builder/portfolio`, { headers: auth })

	const largeOwner = {
		items: owner.portfolioIds.length,
		seedMs,
		firstPage: { status: first.status, items: firstItems, bytes: first.bytes, ms: first.ms },
		conditionalStatus: conditional.status,
		walkAtLimit100: { pages, bytes: walkBytes, ms: walkMs },
		eightInParallelAtLimit100: {
			ms: parallelMs,
			statuses: [...new Set(parallel.map((answer) => answer.status))],
			maxBytes: Math.max(...parallel.map((answer) => answer.bytes)),
			otherOwnerPageMs: { alone: otherAlone.ms, during: otherDuring.ms },
			appPeakRssMb: peakRss,
		},
		publicListFirstPage: { status: publicList.status, bytes: publicList.bytes, ms: publicList.ms },
		builderList: { status: builderList.status, bytes: builderList.bytes, ms: builderList.ms },
	}

	// 30 logins and 30 sign-ups at once.
	const accounts = []
	for (let i = 0; i < 30; i++) {
		const account = {
			email: `burst-${crypto.randomBytes(5).toString('hex')}@bench.test`,
			password: `burst-password-${i}`,
		}
		await fetch(`${base}/one/auth/new/register`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ ...account, name: 'Burst' }),
		})
		accounts.push(account)
	}
	const post = (url: string, body: unknown) =>
		timed(url, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(body),
		})
	const burstStarted = performance.now()
	const [answers, health] = await Promise.all([
		Promise.all([
			...accounts.map((account) => post(`${base}/one/auth/new/login`, account)),
			...accounts.map((_, i) =>
				post(`${base}/one/auth/new/register`, {
					email: `burst-new-${crypto.randomBytes(5).toString('hex')}-${i}@bench.test`,
					password: 'a-new-burst-password',
					name: 'Burst',
				}),
			),
		]),
		(async () => {
			await new Promise((resolve) => setTimeout(resolve, 200))
			return timed(`${base}/healthz`)
		})(),
	])
	const burstMs = Math.round(performance.now() - burstStarted)
	const statuses: Record<string, number> = {}
	for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
	const latencies = answers.map((answer) => answer.ms)
	const burst = {
		requests: answers.length,
		statuses,
		ms: burstMs,
		p50Ms: percentile(latencies, 50),
		p99Ms: percentile(latencies, 99),
		healthzDuringBurst: { status: health.status, ms: health.ms },
	}

	console.log(
		`  ${largeOwner.items} items of the largest size: first page ${largeOwner.firstPage.items} items, ${(first.bytes / 1024).toFixed(0)} KB in ${first.ms} ms (If-None-Match → ${conditional.status}); every page at limit=100: ${pages} pages, ${(walkBytes / 1048576).toFixed(1)} MB in ${walkMs} ms`,
	)
	console.log(
		`  8 first pages at limit=100 at once: ${parallelMs} ms, statuses ${largeOwner.eightInParallelAtLimit100.statuses.join(',')}, largest ${(largeOwner.eightInParallelAtLimit100.maxBytes / 1024).toFixed(0)} KB; another owner's page ${otherAlone.ms} ms alone, ${otherDuring.ms} ms meanwhile; app peak RSS ${peakRss ?? '?'} MB`,
	)
	console.log(
		`  /${path}/portfolio first page ${(publicList.bytes / 1024).toFixed(0)} KB in ${publicList.ms} ms; /builder/portfolio ${(builderList.bytes / 1024).toFixed(0)} KB in ${builderList.ms} ms`,
	)
	console.log(
		`  burst of 30 logins + 30 sign-ups: ${JSON.stringify(statuses)} in ${burstMs} ms (p50 ${burst.p50Ms} ms, p99 ${burst.p99Ms} ms); /healthz meanwhile ${health.status} in ${health.ms} ms`,
	)
	return { largeOwner, burst }
}
