/**
 * Insights counting (docs/decisions/022-insights.md). Hits are added up in memory and written in
 * batches: one statement every few seconds (app/models/insights.server.ts `addCounts`) and at
 * shutdown, so ten thousand views cost a handful of writes. Memory is bounded: past a cap, new
 * dimensions are counted as 'other', and past a hard cap hits are dropped (and said so in the
 * log) until the next write. Nothing about a visitor is kept but a hash of (the day's random
 * salt, address, user agent, owner), which cannot be linked to another day's.
 */
import crypto from 'node:crypto'
import { isbot } from 'isbot'
import {
	addCounts,
	projectNames,
	readOrCreateSalt,
	readRows,
	removeExpired,
	type CountRow,
	type VisitorRow,
} from '~/models/insights.server'
import { claimJobTurn } from '~/models/job-lease.server'
import { getPageVersion } from '~/models/page-version.server'
import { getCustomerPath } from '~/models/customer.server'
import { getCustomerId } from '~/services/auth.server'
import { env } from '~/utils/env.server'
import {
	DAILY_DIMENSION_CAP,
	isPrefetch,
	OTHER,
	rangeDays,
	summarize,
	utcDay,
	type InsightsSummary,
	type Metric,
	type Range,
} from '~/utils/insights'
import { clientAddress } from '~/services/rate-limit.server'

/** How often the counts are written: the owner's summary is never more than this behind. */
export const FLUSH_INTERVAL_MS = 5_000
const MAX_COUNT_KEYS = 20_000
const MAX_VISITOR_KEYS = 50_000
/**
 * Bytes (estimated, see `cost`) of the tallies of one process: the counts and hashes waiting to
 * be written (written at half, 'other' past the cap, dropped 10 % past it), the dimensions seen
 * today (the daily caps) and today's per-address tallies (oldest forgotten past theirs).
 */
export const TALLY_BYTES = {
	pending: 4 * 1024 * 1024,
	seen: 1024 * 1024,
	addresses: 2 * 1024 * 1024,
}
/** One address counts as at most this many visitors of an owner a day, whatever its browsers, ... */
export const MAX_VISITORS_PER_ADDRESS = 3
/** ... and as at most this many views (more from it are not counted at all). */
export const MAX_VIEWS_PER_ADDRESS = 30
const OWNER_CACHE_SIZE = 5_000
const OWNER_CACHE_MS = 60_000
const CLEANUP_EVERY_MS = 60 * 60_000

type Logger = { warn: (message: string) => void; error: (message: string) => void }

export type RecorderOptions = {
	intervalMs?: number
	retentionDays?: number
	maxCountKeys?: number
	maxVisitorKeys?: number
	/** Overrides TALLY_BYTES (tests). */
	maxBytes?: Partial<typeof TALLY_BYTES>
	now?: () => Date
	log?: Logger
}

/** One counted thing on an owner's page, as the routes describe it. */
export type Hit =
	| { kind: 'view'; page: string; source: string | null }
	| { kind: 'click'; link: string }
	| { kind: 'share'; method: 'native' | 'copy' }
	| { kind: 'vcard' }
	| { kind: 'qr' }

/**
 * What memory a tally holds, roughly: the key's characters (two bytes each in the worst case)
 * and the Map entry and object around them.
 */
const cost = (key: string, overhead: number) => overhead + 2 * key.length
const COUNT_OVERHEAD = 200
/** A row with its 16-byte Buffer (an object and a backing store of its own). */
const VISITOR_OVERHEAD = 400
const SEEN_OVERHEAD = 96
const ADDRESS_OVERHEAD = 400

/** Today's views of one address on one owner's pages, and the visitors and sources they counted. */
type AddressTally = { views: number; agents: string[]; sources: string[]; bytes: number }

export class InsightsRecorder {
	private counts = new Map<string, CountRow>()
	private visitors = new Map<string, VisitorRow>()
	private pendingBytes = 0
	/** Per day, owner and metric: the dimensions counted on this instance (the daily cap). */
	private seen = new Map<string, Set<string>>()
	private seenBytes = 0
	private seenDay = ''
	/** Per owner and (hashed) address, today: the per-address caps. Oldest first. */
	private addresses = new Map<string, AddressTally>()
	private addressBytes = 0
	private salt: { day: string; value: Promise<Buffer> } | null = null
	private timer: NodeJS.Timeout | null = null
	private flushing: Promise<void> | null = null
	private lastCleanup = { day: '', at: 0 }
	private dropped = 0
	private stopped = false
	readonly writes = { statements: 0, failures: 0 }
	private readonly options: Required<Omit<RecorderOptions, 'maxBytes'>> & {
		maxBytes: typeof TALLY_BYTES
	}

	constructor(options: RecorderOptions = {}) {
		this.options = {
			intervalMs: options.intervalMs ?? FLUSH_INTERVAL_MS,
			retentionDays: options.retentionDays ?? 730,
			maxCountKeys: options.maxCountKeys ?? MAX_COUNT_KEYS,
			maxVisitorKeys: options.maxVisitorKeys ?? MAX_VISITOR_KEYS,
			maxBytes: { ...TALLY_BYTES, ...options.maxBytes },
			now: options.now ?? (() => new Date()),
			log: options.log ?? { warn: console.warn, error: console.error },
		}
	}

	/** Counts waiting to be written (keys, not hits). */
	get pending() {
		return { counts: this.counts.size, visitors: this.visitors.size, dropped: this.dropped }
	}

	/** The estimated bytes of each tally (each stays under its TALLY_BYTES cap). */
	get bytes() {
		return { pending: this.pendingBytes, seen: this.seenBytes, addresses: this.addressBytes }
	}

	/** How many entries each tally holds: counts and hashes waiting, seen dimensions, addresses. */
	get entries() {
		let seen = 0
		for (const set of this.seen.values()) seen += set.size
		return {
			counts: this.counts.size,
			visitors: this.visitors.size,
			seen,
			addresses: this.addresses.size,
		}
	}

	/** Adds `count` to a metric of today; the dimension is capped per day ('other' past it). */
	add(customerId: string, metric: Metric, dimension = '', count = 1) {
		const day = utcDay(this.options.now())
		this.addOn(day, customerId, metric, this.capped(day, customerId, metric, dimension), count)
	}

	/**
	 * A page view: one view of `page`, and the visitor (a salted hash) counted once a day for the
	 * owner, and once for the source they came from. One address counts as at most
	 * MAX_VISITORS_PER_ADDRESS visitors (further browsers from it count as the last one) and
	 * MAX_VIEWS_PER_ADDRESS views of an owner a day, and names at most that many sources.
	 */
	async view(
		customerId: string,
		page: string,
		source: string | null,
		visitor: { address: string; userAgent: string },
	) {
		const day = utcDay(this.options.now())
		const salt = await this.saltOf(day)
		const digest = (...parts: string[]) =>
			crypto.createHash('sha256').update(salt).update(parts.join('\n')).digest()
		const tally = this.addressTally(
			day,
			digest('address', visitor.address, customerId).subarray(0, 12).toString('base64'),
		)
		if (tally.views >= MAX_VIEWS_PER_ADDRESS) return
		tally.views++
		let agent = digest('agent', visitor.userAgent).subarray(0, 9).toString('base64')
		if (!tally.agents.includes(agent)) {
			if (tally.agents.length < MAX_VISITORS_PER_ADDRESS) this.remember(tally, 'agents', agent)
			else agent = tally.agents.at(-1)!
		}
		const hash = digest('', visitor.address, agent, customerId).subarray(0, 16)
		this.addOn(day, customerId, 'view', this.capped(day, customerId, 'view', page), 1)
		this.addVisitor({ day, customerId, scope: '', hash })
		if (!source) return
		const scope = this.capped(day, customerId, 'source', source)
		const pair = `${agent} ${scope}`
		if (!tally.sources.includes(pair)) {
			if (tally.sources.length >= MAX_VISITORS_PER_ADDRESS) return
			this.remember(tally, 'sources', pair)
		}
		this.addVisitor({ day, customerId, scope, hash })
	}

	/** Today's tally of one address on one owner's pages; the oldest go past the byte cap. */
	private addressTally(day: string, address: string) {
		this.startDay(day)
		let tally = this.addresses.get(address)
		if (tally) return tally
		tally = { views: 0, agents: [], sources: [], bytes: cost(address, ADDRESS_OVERHEAD) }
		this.addresses.set(address, tally)
		this.addressBytes += tally.bytes
		this.trimAddresses()
		return tally
	}

	private remember(tally: AddressTally, list: 'agents' | 'sources', value: string) {
		tally[list].push(value)
		const added = cost(value, 16)
		tally.bytes += added
		this.addressBytes += added
		this.trimAddresses()
	}

	private trimAddresses() {
		while (this.addressBytes > this.options.maxBytes.addresses && this.addresses.size > 1) {
			const [oldest, tally] = this.addresses.entries().next().value!
			this.addresses.delete(oldest)
			this.addressBytes -= tally.bytes
		}
	}

	/** A new UTC day: yesterday's caps and per-address tallies are forgotten. */
	private startDay(day: string) {
		if (this.seenDay === day) return
		this.seen.clear()
		this.seenBytes = 0
		this.addresses.clear()
		this.addressBytes = 0
		this.seenDay = day
	}

	/** Writes everything counted so far (one statement); on failure it is kept for the next try. */
	flush(): Promise<void> {
		this.flushing ??= this.write().finally(() => (this.flushing = null))
		return this.flushing
	}

	/** Shutdown: no more timer, and everything counted is written (retried a few times). */
	async stop() {
		this.stopped = true
		if (this.timer) clearInterval(this.timer)
		this.timer = null
		for (let attempt = 0; attempt < 3; attempt++) {
			await this.flushing
			await this.flush()
			if (!this.counts.size && !this.visitors.size) return
			await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)))
		}
		this.options.log.error(
			`insights: ${this.counts.size + this.visitors.size} counts could not be written at shutdown`,
		)
	}

	private async write() {
		const counts = [...this.counts.values()]
		const visitors = [...this.visitors.values()]
		this.counts = new Map()
		this.visitors = new Map()
		this.pendingBytes = 0
		if (this.dropped) {
			this.options.log.warn(`insights: ${this.dropped} hits dropped (too many distinct keys)`)
			this.dropped = 0
		}
		try {
			if (counts.length || visitors.length) {
				this.writes.statements++
				await addCounts(counts, visitors)
			}
		} catch (error) {
			this.writes.failures++
			this.options.log.warn(`insights: writing counts failed, kept for the next try: ${error}`)
			for (const row of counts)
				this.addOn(row.day, row.customerId, row.metric as Metric, row.dimension, row.count)
			for (const row of visitors) this.addVisitor(row)
			return
		}
		await this.cleanup().catch((error: unknown) =>
			this.options.log.warn(`insights: removing expired rows failed: ${error}`),
		)
	}

	/** Once a day has ended (and hourly), its salt and hashes go, and rollups past retention. */
	private async cleanup() {
		const now = this.options.now()
		const today = utcDay(now)
		if (this.lastCleanup.day === today && now.getTime() - this.lastCleanup.at < CLEANUP_EVERY_MS)
			return
		this.lastCleanup = { day: today, at: now.getTime() }
		// Once across instances: the instance that takes this turn cleans up; the next turn is
		// due in an hour, or at the next UTC midnight when that comes first (the ended day's
		// salt goes then).
		const midnight = Date.parse(`${today}T00:00:00Z`) + 24 * 60 * 60_000
		const next = new Date(Math.min(now.getTime() + CLEANUP_EVERY_MS, midnight))
		if (!(await claimJobTurn('insights-cleanup', now, next))) return
		await removeExpired(today, this.options.retentionDays)
	}

	private saltOf(day: string) {
		if (this.salt?.day !== day) {
			const value = readOrCreateSalt(day)
			this.salt = { day, value }
			value.catch(() => {
				if (this.salt?.value === value) this.salt = null // try again on the next hit
			})
		}
		return this.salt.value
	}

	private capped(day: string, customerId: string, metric: Metric, dimension: string) {
		this.startDay(day)
		const key = `${customerId}|${metric}`
		let set = this.seen.get(key)
		if (set?.has(dimension)) return dimension
		if (set && set.size >= DAILY_DIMENSION_CAP[metric]) return OTHER
		const bytes = cost(dimension, SEEN_OVERHEAD) + (set ? 0 : cost(key, SEEN_OVERHEAD))
		if (this.seenBytes + bytes > this.options.maxBytes.seen) return OTHER
		if (!set) {
			set = new Set()
			this.seen.set(key, set)
		}
		set.add(dimension)
		this.seenBytes += bytes
		return dimension
	}

	private addOn(day: string, customerId: string, metric: Metric, dimension: string, count: number) {
		let key = `${day}|${customerId}|${metric}|${dimension}`
		let row = this.counts.get(key)
		const { pending } = this.options.maxBytes
		const full = () =>
			this.counts.size >= this.options.maxCountKeys ||
			this.pendingBytes + cost(key, COUNT_OVERHEAD) > pending
		if (!row && full()) {
			dimension = dimension ? OTHER : dimension
			key = `${day}|${customerId}|${metric}|${dimension}`
			row = this.counts.get(key)
			if (
				!row &&
				(this.counts.size >= Math.floor(this.options.maxCountKeys * 1.1) ||
					this.pendingBytes + cost(key, COUNT_OVERHEAD) > pending * 1.1)
			) {
				this.dropped += count
				this.flushSoon()
				return
			}
		}
		if (row) row.count += count
		else {
			this.counts.set(key, { day, customerId, metric, dimension, count })
			this.pendingBytes += cost(key, COUNT_OVERHEAD)
		}
		if (this.counts.size >= this.options.maxCountKeys / 2 || this.pendingBytes >= pending / 2)
			this.flushSoon()
		this.schedule()
	}

	private addVisitor(row: VisitorRow) {
		const key = `${row.day}|${row.customerId}|${row.scope}|${row.hash.toString('base64')}`
		if (this.visitors.has(key)) return
		const bytes = cost(key, VISITOR_OVERHEAD)
		if (
			this.visitors.size >= this.options.maxVisitorKeys ||
			this.pendingBytes + bytes > this.options.maxBytes.pending
		) {
			this.dropped++
			this.flushSoon()
			return
		}
		this.visitors.set(key, row)
		this.pendingBytes += bytes
		if (
			this.visitors.size >= this.options.maxVisitorKeys / 2 ||
			this.pendingBytes >= this.options.maxBytes.pending / 2
		)
			this.flushSoon()
		this.schedule()
	}

	private schedule() {
		if (this.timer || this.stopped) return
		this.timer = setInterval(() => void this.flush(), this.options.intervalMs)
		this.timer.unref()
	}

	private flushSoon() {
		if (!this.flushing) void this.flush()
	}
}

// ------------------------------------------------------------------ this process's recorder

declare global {
	var __taggInsights: InsightsRecorder | undefined
}

/**
 * The recorder of this process. On globalThis: the server (server/main.ts) and the built app
 * are separate module copies, and the server must flush the one the routes fill.
 */
export function insights(): InsightsRecorder {
	globalThis.__taggInsights ??= new InsightsRecorder({
		retentionDays: env().INSIGHTS_RETENTION_DAYS,
	})
	return globalThis.__taggInsights
}

/** Shutdown (server/main.ts): writes what is counted. */
export async function stopInsights() {
	await globalThis.__taggInsights?.stop()
}

export const insightsEnabled = () => env().INSIGHTS === 'on'

type Owner = { customerId: string; at: number }
const owners = new Map<string, Owner>()

/** The owner of a public name (cached a minute: a hit costs no query). */
async function ownerOf(pname: string): Promise<string | null> {
	const key = pname.toLowerCase()
	const cached = owners.get(key)
	if (cached && Date.now() - cached.at < OWNER_CACHE_MS) return cached.customerId || null
	const version = await getPageVersion(pname)
	owners.delete(key)
	if (owners.size >= OWNER_CACHE_SIZE) owners.delete(owners.keys().next().value!)
	owners.set(key, { customerId: version?.customerId ?? '', at: Date.now() })
	return version?.customerId ?? null
}

/**
 * Whether a request is a visit worth counting: not from a bot, not a prefetch or prerender. The
 * owner on their own pages is checked by `countHit` (it needs the owner).
 */
export function isCountable(request: Request) {
	if (!insightsEnabled()) return false
	const userAgent = request.headers.get('user-agent') ?? ''
	if (!userAgent || isbot(userAgent)) return false
	return !isPrefetch(request.headers)
}

/**
 * Counts `hit` on `pname`'s pages, unless it is no visit (a bot, a prefetch) or the signed-in
 * owner looking at their own page. Answers whether it was counted. Never throws: counting must
 * not break a page or a download.
 */
export async function countHit(request: Request, pname: string, hit: Hit): Promise<boolean> {
	try {
		if (!isCountable(request)) return false
		const customerId = await ownerOf(pname)
		if (!customerId) return false
		if (
			(request.headers.has('cookie') || request.headers.has('authorization')) &&
			(await getCustomerId(request)) === customerId
		)
			return false
		const recorder = insights()
		switch (hit.kind) {
			case 'view':
				await recorder.view(customerId, hit.page, hit.source, {
					address: clientAddress(request),
					userAgent: request.headers.get('user-agent') ?? '',
				})
				break
			case 'click':
				recorder.add(customerId, 'click', hit.link)
				break
			case 'share':
				recorder.add(customerId, 'share', hit.method)
				break
			case 'vcard':
			case 'qr':
				recorder.add(customerId, hit.kind)
				break
		}
		return true
	} catch (error) {
		console.warn(`insights: a hit was not counted: ${error}`)
		return false
	}
}

/** The owner's summary of `range` (ending today, UTC) and of the period before it. */
export async function readSummary(customerId: string, range: Range): Promise<InsightsSummary> {
	const today = utcDay()
	const { previousFrom, to } = rangeDays(range, today)
	const [rows, path] = await Promise.all([
		readRows(customerId, previousFrom, to),
		getCustomerPath(customerId),
	])
	const base = path ? `/${path}` : ''
	return summarize(rows, range, today, (page) =>
		page === '/' ? base || '/' : page === OTHER ? OTHER : `${base}${page}`,
	)
}

/** The summary with the names of the projects it mentions (the builder's Insights page). */
export async function readDashboard(customerId: string, range: Range) {
	const summary = await readSummary(customerId, range)
	const ids = new Set<string>()
	for (const { link } of summary.links) if (link.startsWith('portfolio:')) ids.add(link.slice(10))
	for (const { path } of summary.pages) {
		const id = /\/portfolio\/([^/]+)$/.exec(path)?.[1]
		if (id) ids.add(id)
	}
	const names = await projectNames(customerId, [...ids])
	return { summary, projects: Object.fromEntries(names) }
}
