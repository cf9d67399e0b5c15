/**
 * Bounded cost, round two, as `npm run bench` lines (`npm run bench -- --bounded`
 * runs only these), against the app the benchmark started (a primary and its cluster workers;
 * memory and CPU time are summed over them, read from /proc, so a busy machine does not change
 * them; the /healthz times do change with it):
 * - ZIP amplification: after a warm-up (a small export sent until every worker has read one,
 *   so first-time module loading is not counted), a 100-entry ZIP of same-named 2 MB CSV files
 *   (about 200 KB) sent to the import preview three times, one after another: the RSS growth
 *   of each upload, the app's CPU time per upload next to that of a small real export, and the
 *   longest /healthz answer meanwhile;
 * - a burst of cache-busting `og.png?cb=N` requests (20 at once, three times): /healthz p99
 *   during it as a ratio to /healthz p99 idle, next to the same burst of the static
 *   /favicon.svg (the floor of any 20 requests at once), and the app's CPU time per request of
 *   each;
 * - an insights flood: 20,000 beacons with distinct referrers (and addresses): the app's RSS
 *   (mostly the garbage of 20,000 requests), and what the insights recorder holds after the
 *   same 20,000 views, driven in this process (the app's recorder cannot be read from outside):
 *   its own estimate of its tallies and the heap and buffers it really keeps.
 */
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import v8 from 'node:v8'
import vm from 'node:vm'
import { zipOf } from '../../tests/fixtures/zip-of'

const MB = 1024 * 1024

/** The app's process and its children (cluster workers). */
function appPids(pid: number | undefined): number[] {
	if (!pid) return []
	try {
		return execFileSync('ps', ['-o', 'pid=', '--pid', String(pid), '--ppid', String(pid)], {
			encoding: 'utf8',
		})
			.split('\n')
			.map((line) => Number(line.trim()))
			.filter((value) => Number.isInteger(value) && value > 0)
	} catch {
		return []
	}
}

/** Resident memory (MB) of the app process and its children (cluster workers). */
function appRssMb(pid: number | undefined) {
	let kb = 0
	for (const each of appPids(pid)) {
		try {
			const status = fs.readFileSync(`/proc/${each}/status`, 'utf8')
			kb += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0)
		} catch {
			// gone meanwhile
		}
	}
	return Math.round(kb / 1024)
}

const TICKS_PER_SECOND = (() => {
	try {
		return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
	} catch {
		return 100
	}
})()

/**
 * CPU time (ms, user and system) the app process and its workers have used so far, from
 * /proc/PID/stat: what a request costs whatever else the machine runs (10 ms ticks, so it is
 * read over many requests).
 */
function appCpuMs(pid: number | undefined) {
	let ticks = 0
	for (const each of appPids(pid)) {
		try {
			const stat = fs.readFileSync(`/proc/${each}/stat`, 'utf8')
			// The fields after the command name (in parentheses, which may hold spaces).
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
			ticks += Number(fields[11]) + Number(fields[12]) // utime, stime (fields 14 and 15)
		} catch {
			// gone meanwhile
		}
	}
	return (ticks * 1000) / TICKS_PER_SECOND
}

const percentile = (values: number[], p: number) => {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

const round1 = (value: number) => Math.round(value * 10) / 10

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

/**
 * The app's CPU time per request of `urls` (sent `concurrency` at once), with nothing else sent
 * meanwhile: CPU time over the run, less what the app uses idle over as long.
 */
async function cpuPerRequest(pid: number | undefined, urls: string[], concurrency: number) {
	const idleFrom = appCpuMs(pid)
	const idleStarted = performance.now()
	await new Promise((resolve) => setTimeout(resolve, 1_000))
	const idleRate = (appCpuMs(pid) - idleFrom) / (performance.now() - idleStarted)
	const from = appCpuMs(pid)
	const started = performance.now()
	const statuses = new Set<number>()
	for (let i = 0; i < urls.length; i += concurrency) {
		await Promise.all(
			urls.slice(i, i + concurrency).map(async (url) => {
				const answer = await fetch(url)
				await answer.arrayBuffer()
				statuses.add(answer.status)
			}),
		)
	}
	const used = appCpuMs(pid) - from - idleRate * (performance.now() - started)
	return { ms: round1(Math.max(0, used) / urls.length), statuses: [...statuses] }
}

/** A small LinkedIn export (what the import is for): Profile.csv and Positions.csv. */
function smallExport() {
	return zipOf([
		{
			name: 'Profile.csv',
			data: Buffer.from(
				'First Name,Last Name,Headline,Summary,Geo Location\r\nAda,Lovelace,Engineer,"Writes programs, mostly.","London, England, United Kingdom"\r\n',
			),
		},
		{
			name: 'Positions.csv',
			data: Buffer.from(
				'Company Name,Title,Description,Location,Started On,Finished On\r\nAnalytical Engines,Programmer,Notes on the engine,London,Jan 1842,Dec 1843\r\n',
			),
		},
	])
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
	const workers = Math.max(1, appPids(pid).length - 1)
	// /healthz idle, the yardstick of the /healthz times below.
	const idle = await probeWhile(base, pid)
	const idleP99 = percentile(idle.times, 99)

	// ZIP amplification.
	const junk = Buffer.from(`First Name,Last Name\r\nJunk,${'x'.repeat(2 * MB - 64)}\r\n`)
	const zip = zipOf(
		Array.from({ length: 100 }, (_, i) => ({ name: `d${i}/Profile.csv`, data: junk })),
	)
	const small = smallExport()
	const preview = async (bytes: Buffer) => {
		const form = new FormData()
		form.append('file', new Blob([new Uint8Array(bytes)]), 'export.zip')
		const response = await fetch(`${base}/one/sites/resume/import/preview`, {
			method: 'POST',
			headers: auth,
			body: form,
		})
		await response.arrayBuffer()
		return response.status
	}
	// Warm-up: every worker reads an export once (modules loaded, code compiled), twice over.
	const warmStatuses = new Set<number>()
	for (let i = 0; i < 2 * workers; i++) warmStatuses.add(await preview(small))
	// The floor: the CPU time of a small real export's preview, per upload.
	const smallCpuFrom = appCpuMs(pid)
	const SMALL_RUNS = 10
	for (let i = 0; i < SMALL_RUNS; i++) warmStatuses.add(await preview(small))
	const smallCpuMs = (appCpuMs(pid) - smallCpuFrom) / SMALL_RUNS
	// The hostile archive three times, one after another: each upload's RSS growth (its peak over
	// the RSS just before it) and CPU time, with /healthz probed meanwhile.
	const zipStatuses: number[] = []
	const rounds: Array<{ rssGrowthMb: number; cpuMs: number }> = []
	const zipRssBefore = appRssMb(pid)
	const send = async () => {
		for (let i = 0; i < 3; i++) {
			const rssBefore = appRssMb(pid)
			let peak = rssBefore
			const sampler = setInterval(() => (peak = Math.max(peak, appRssMb(pid))), 50)
			const cpuFrom = appCpuMs(pid)
			zipStatuses.push(await preview(zip))
			clearInterval(sampler)
			rounds.push({
				rssGrowthMb: Math.max(peak, appRssMb(pid)) - rssBefore,
				cpuMs: appCpuMs(pid) - cpuFrom,
			})
		}
	}
	const zipProbe = await probeWhile(base, pid, send())
	const zipAmplification = {
		uploadKb: Math.round(zip.length / 1024),
		warmUpStatuses: [...warmStatuses],
		statuses: [...new Set(zipStatuses)],
		rounds,
		rssGrowthMb: zipProbe.peakRss - zipRssBefore,
		rssAfterMb: appRssMb(pid) - zipRssBefore,
		cpuMsPerUpload: Math.round(rounds.reduce((sum, each) => sum + each.cpuMs, 0) / rounds.length),
		smallExportKb: round1(small.length / 1024),
		smallExportCpuMs: Math.round(smallCpuMs),
		healthzMaxMs: Math.round(Math.max(...zipProbe.times)),
		healthzP99IdleMs: round1(idleP99),
	}

	// Cache-busting og.png, next to the same burst of a static file.
	await fetch(`${base}/${pname}/og.png`).then((answer) => answer.arrayBuffer()) // drawn once
	let cb = 0
	const burst = async (url: () => string) => {
		const statuses = new Set<number>()
		for (let round = 0; round < 3; round++) {
			const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(url())))
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
		burst(() => `${base}/${pname}/og.png?cb=${++cb}`).then((statuses) => (ogStatuses = statuses)),
	)
	let staticStatuses: number[] = []
	const duringStatic = await probeWhile(
		base,
		pid,
		burst(() => `${base}/favicon.svg`).then((statuses) => (staticStatuses = statuses)),
	)
	const duringP99 = percentile(during.times, 99)
	const staticP99 = percentile(duringStatic.times, 99)
	const many = (url: (i: number) => string) => Array.from({ length: 120 }, (_, i) => url(i))
	const ogCpu = await cpuPerRequest(
		pid,
		many((i) => `${base}/${pname}/og.png?cb=cpu${i}`),
		20,
	)
	const staticCpu = await cpuPerRequest(
		pid,
		many(() => `${base}/favicon.svg`),
		20,
	)
	const healthzCpu = await cpuPerRequest(
		pid,
		many(() => `${base}/healthz`),
		20,
	)
	const ogBurst = {
		requests: cb,
		statuses: ogStatuses,
		healthzP99IdleMs: round1(idleP99),
		healthzP99DuringMs: round1(duringP99),
		ratio: round1(duringP99 / idleP99),
		staticStatuses,
		healthzP99DuringStaticMs: round1(staticP99),
		staticRatio: round1(staticP99 / idleP99),
		cpuMsPerRequest: { ogPng: ogCpu.ms, faviconSvg: staticCpu.ms, healthz: healthzCpu.ms },
	}

	// Insights flood: 20,000 distinct referrers from as many addresses, 50 at a time.
	const beacon = (n: number) => ({
		userAgent: `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.${n} Safari/537.36`,
		address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
		referrer: `https://site-${n}.example/${'p'.repeat(1500)}`,
	})
	const floodRssBefore = appRssMb(pid)
	let peakRss = floodRssBefore
	const sampler = setInterval(() => (peakRss = Math.max(peakRss, appRssMb(pid))), 200)
	const started = performance.now()
	const floodStatuses = new Set<number>()
	for (let i = 0; i < 20_000; i += 50) {
		await Promise.all(
			Array.from({ length: 50 }, async (_, j) => {
				const { userAgent, address, referrer } = beacon(i + j)
				const answer = await fetch(`${base}/one/insights/hit`, {
					method: 'POST',
					headers: {
						'Content-Type': 'application/json',
						'User-Agent': userAgent,
						'X-Forwarded-For': address,
					},
					body: JSON.stringify({ t: 'view', p: `/${pname}`, r: referrer }),
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
		recorder: await recorderAfterFlood(base, pname, beacon),
	}
	return { zipAmplification, ogBurst, insightsFlood }
}

/**
 * The same 20,000 views given to an insights recorder in this process (as the beacon route
 * gives them: the owner, the page, the referrer's source, the address and user agent), with
 * writes to the bench's database as in the app: the most its own estimate of its tallies
 * reached (bytes, against the caps of TALLY_BYTES), and what it really holds once the flood is
 * over (heap and array buffers after a full collection, before its last write).
 */
async function recorderAfterFlood(
	base: string,
	pname: string,
	beacon: (n: number) => { userAgent: string; address: string; referrer: string },
) {
	const { InsightsRecorder, TALLY_BYTES } = await import('../../app/services/insights.server')
	const { getPageVersion } = await import('../../app/models/page-version.server')
	const { sourceOf } = await import('../../app/utils/insights')
	const customerId = (await getPageVersion(pname))?.customerId
	if (!customerId) throw new Error(`no owner at /${pname}`)
	v8.setFlagsFromString('--expose-gc')
	const gc = vm.runInNewContext('gc') as () => void
	const held = () => {
		gc()
		const usage = process.memoryUsage()
		return usage.heapUsed + usage.arrayBuffers
	}
	const quiet = { warn: () => {}, error: () => {} }
	const recorder = new InsightsRecorder({ log: quiet })
	const ownHost = new URL(base).host
	// The day's salt is read before measuring (the app reads it at its first view too).
	await recorder.view(customerId, '/', null, beacon(-1))
	const before = held()
	const most = { pending: 0, seen: 0, addresses: 0 }
	for (let n = 0; n < 20_000; n++) {
		const { userAgent, address, referrer } = beacon(n)
		await recorder.view(customerId, '/', sourceOf({ referrer, ownHost }), { address, userAgent })
		const bytes = recorder.bytes
		most.pending = Math.max(most.pending, bytes.pending)
		most.seen = Math.max(most.seen, bytes.seen)
		most.addresses = Math.max(most.addresses, bytes.addresses)
	}
	const heldMb = (held() - before) / MB
	const estimate = recorder.bytes
	await recorder.stop()
	const toMb = (bytes: number) => Math.round((bytes / MB) * 100) / 100
	return {
		heldMb: round1(heldMb),
		estimatedMb: toMb(estimate.pending + estimate.seen + estimate.addresses),
		mostEstimatedMb: {
			pending: toMb(most.pending),
			seen: toMb(most.seen),
			addresses: toMb(most.addresses),
		},
		capsMb: {
			pending: toMb(TALLY_BYTES.pending),
			seen: toMb(TALLY_BYTES.seen),
			addresses: toMb(TALLY_BYTES.addresses),
		},
	}
}

/** The lines `npm run bench` prints for these. */
export function boundedLines(bounded: Awaited<ReturnType<typeof benchBounded>>) {
	const { zipAmplification: zip, ogBurst: og, insightsFlood: flood } = bounded
	const rec = flood.recorder
	return [
		`ZIP amplification, after a warm-up: ${zip.uploadKb} KB upload (100 x 2 MB d{i}/Profile.csv) x3 in turn (statuses ${zip.statuses.join(',')}): app RSS +${zip.rounds.map((each) => each.rssGrowthMb).join('/+')} MB per upload (+${zip.rssGrowthMb} MB peak over the three, +${zip.rssAfterMb} MB after), app CPU ${zip.cpuMsPerUpload} ms per upload vs ${zip.smallExportCpuMs} ms for a ${zip.smallExportKb} KB export, longest /healthz ${zip.healthzMaxMs} ms (p99 idle ${zip.healthzP99IdleMs} ms)`,
		`og.png cache-busting burst: ${og.requests} requests, 20 at once (statuses ${og.statuses.join(',')}): /healthz p99 ${og.healthzP99DuringMs} ms vs ${og.healthzP99IdleMs} ms idle (x${og.ratio}); the same burst of /favicon.svg: ${og.healthzP99DuringStaticMs} ms (x${og.staticRatio}); app CPU per request: og.png ${og.cpuMsPerRequest.ogPng} ms, favicon.svg ${og.cpuMsPerRequest.faviconSvg} ms, /healthz ${og.cpuMsPerRequest.healthz} ms`,
		`insights flood: ${flood.beacons} distinct referrers in ${flood.seconds} s (statuses ${flood.statuses.join(',')}): app RSS ${flood.rssBeforeMb} -> peak ${flood.rssPeakMb} MB (+${flood.rssGrowthMb} MB, mostly request garbage), ${flood.rssAfterMb} MB after; the recorder alone, same views in the bench process: holds ${rec.heldMb} MB (heap + buffers after GC), its tallies at most ${rec.mostEstimatedMb.pending}/${rec.mostEstimatedMb.seen}/${rec.mostEstimatedMb.addresses} MB (pending/seen/addresses; caps ${rec.capsMb.pending}/${rec.capsMb.seen}/${rec.capsMb.addresses})`,
	]
}
