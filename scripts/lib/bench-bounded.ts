/**
 * Bounded cost, round two (issue 30), as `npm run bench` lines (`npm run bench -- --bounded`
 * runs only these), against the app the benchmark started:
 * - ZIP amplification: a 100-entry ZIP of same-named 2 MB CSV files (about 200 KB) sent to the
 *   import preview three times: the app's RSS growth and the longest /healthz answer meanwhile;
 * - a burst of cache-busting `og.png?cb=N` requests (20 at once, three times): /healthz p99
 *   during it, as a ratio to /healthz p99 idle;
 * - an insights flood: 20,000 beacons with distinct referrers (and addresses): RSS growth.
 */
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import { zipOf } from '../../tests/fixtures/zip-of'

const MB = 1024 * 1024

/** Resident memory (MB) of the app process and its children (cluster workers). */
function appRssMb(pid: number | undefined) {
	if (!pid) return 0
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
		return 0
	}
}

const percentile = (values: number[], p: number) => {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

/**
 * /healthz answered one after another while `work` runs (or `count` times when idle): each
 * answer's time in ms, and the app's peak RSS meanwhile.
 */
async function probeWhile(base: string, pid: number | undefined, work?: Promise<unknown>) {
	const times: number[] = []
	let peakRss = appRssMb(pid)
	let done = !work
	void work?.finally(() => (done = true))
	const sampler = setInterval(() => (peakRss = Math.max(peakRss, appRssMb(pid))), 100)
	do {
		const started = performance.now()
		await (await fetch(`${base}/healthz`)).arrayBuffer()
		times.push(performance.now() - started)
		await new Promise((resolve) => setTimeout(resolve, 10))
	} while (!done || times.length < 50)
	clearInterval(sampler)
	await work
	return { times, peakRss: Math.max(peakRss, appRssMb(pid)) }
}

export async function benchBounded(base: string, options: { appPid?: number }) {
	const pid = options.appPid
	const email = `bounded-${crypto.randomBytes(4).toString('hex')}@bench.test`
	const password = 'bench-password-2026'
	const registered = (await (
		await fetch(`${base}/one/auth/new/register`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ email, password, name: 'Bounded Bench' }),
		})
	).json()) as { access_token: string }
	const auth = { Authorization: `Bearer ${registered.access_token}` }
	const pname = `bounded-${crypto.randomBytes(3).toString('hex')}`
	await fetch(`${base}/one/path-name/update`, {
		method: 'POST',
		headers: { ...auth, 'Content-Type': 'application/json' },
		body: JSON.stringify({ path: pname }),
	})

	// ZIP amplification.
	const junk = Buffer.from(`First Name,Last Name\r\nJunk,${'x'.repeat(2 * MB - 64)}\r\n`)
	const zip = zipOf(
		Array.from({ length: 100 }, (_, i) => ({ name: `d${i}/Profile.csv`, data: junk })),
	)
	const send = async () => {
		const statuses = []
		for (let i = 0; i < 3; i++) {
			const form = new FormData()
			form.append('file', new Blob([new Uint8Array(zip)]), 'export.zip')
			const response = await fetch(`${base}/one/sites/resume/import/preview`, {
				method: 'POST',
				headers: auth,
				body: form,
			})
			await response.arrayBuffer()
			statuses.push(response.status)
		}
		return statuses
	}
	const zipRssBefore = appRssMb(pid)
	const zipStatuses: number[] = []
	const zipProbe = await probeWhile(
		base,
		pid,
		send().then((statuses) => zipStatuses.push(...statuses)),
	)
	const zipAmplification = {
		uploadKb: Math.round(zip.length / 1024),
		statuses: [...new Set(zipStatuses)],
		rssGrowthMb: zipProbe.peakRss - zipRssBefore,
		healthzMaxMs: Math.round(Math.max(...zipProbe.times)),
	}

	// Cache-busting og.png.
	const idle = await probeWhile(base, pid)
	let cb = 0
	const burst = async () => {
		const statuses = new Set<number>()
		for (let round = 0; round < 3; round++) {
			const answers = await Promise.all(
				Array.from({ length: 20 }, () => fetch(`${base}/${pname}/og.png?cb=${++cb}`)),
			)
			for (const answer of answers) {
				await answer.arrayBuffer()
				statuses.add(answer.status)
			}
		}
		return [...statuses]
	}
	let ogStatuses: number[] = []
	const during = await probeWhile(
		base,
		pid,
		burst().then((statuses) => (ogStatuses = statuses)),
	)
	const idleP99 = percentile(idle.times, 99)
	const duringP99 = percentile(during.times, 99)
	const ogBurst = {
		requests: cb,
		statuses: ogStatuses,
		healthzP99IdleMs: Math.round(idleP99 * 10) / 10,
		healthzP99DuringMs: Math.round(duringP99 * 10) / 10,
		ratio: Math.round((duringP99 / idleP99) * 10) / 10,
	}

	// Insights flood: 20,000 distinct referrers from as many addresses, 50 at a time.
	const floodRssBefore = appRssMb(pid)
	let peakRss = floodRssBefore
	const sampler = setInterval(() => (peakRss = Math.max(peakRss, appRssMb(pid))), 200)
	const started = performance.now()
	const floodStatuses = new Set<number>()
	for (let i = 0; i < 20_000; i += 50) {
		await Promise.all(
			Array.from({ length: 50 }, async (_, j) => {
				const n = i + j
				const answer = await fetch(`${base}/one/insights/hit`, {
					method: 'POST',
					headers: {
						'Content-Type': 'application/json',
						'User-Agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.${n} Safari/537.36`,
						'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
					},
					body: JSON.stringify({
						t: 'view',
						p: `/${pname}`,
						r: `https://site-${n}.example/${'p'.repeat(1500)}`,
					}),
				})
				await answer.arrayBuffer()
				floodStatuses.add(answer.status)
			}),
		)
	}
	clearInterval(sampler)
	await new Promise((resolve) => setTimeout(resolve, 6_000)) // a write of the counts
	const insightsFlood = {
		beacons: 20_000,
		seconds: Math.round((performance.now() - started) / 100) / 10,
		statuses: [...floodStatuses],
		rssBeforeMb: floodRssBefore,
		rssPeakMb: Math.max(peakRss, appRssMb(pid)),
		rssGrowthMb: Math.max(peakRss, appRssMb(pid)) - floodRssBefore,
		rssAfterMb: appRssMb(pid),
	}
	return { zipAmplification, ogBurst, insightsFlood }
}

/** The lines `npm run bench` prints for these. */
export function boundedLines(bounded: Awaited<ReturnType<typeof benchBounded>>) {
	const { zipAmplification: zip, ogBurst: og, insightsFlood: flood } = bounded
	return [
		`ZIP amplification: ${zip.uploadKb} KB upload x3 (statuses ${zip.statuses.join(',')}): app RSS +${zip.rssGrowthMb} MB, longest /healthz ${zip.healthzMaxMs} ms`,
		`og.png cache-busting burst: ${og.requests} requests (statuses ${og.statuses.join(',')}): /healthz p99 ${og.healthzP99DuringMs} ms vs ${og.healthzP99IdleMs} ms idle (x${og.ratio})`,
		`insights flood: ${flood.beacons} distinct referrers in ${flood.seconds} s (statuses ${flood.statuses.join(',')}): app RSS ${flood.rssBeforeMb} -> peak ${flood.rssPeakMb} MB (+${flood.rssGrowthMb} MB), ${flood.rssAfterMb} MB after`,
	]
}
