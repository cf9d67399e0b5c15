/**
 * Owners' own domains (ARCHITECTURE.md "Your own domain",
 * docs/decisions/034-own-domains.md): the owner's claim and its DNS proof, the records Settings
 * shows, the daily check (once across instances), and what host routing and Caddy's `ask` read
 * (the served domains, kept in memory for a few seconds; a change made on this instance takes
 * effect at once).
 */
import crypto from 'node:crypto'
import { Resolver } from 'node:dns/promises'
import {
	claimDomain,
	deleteDomain,
	getDomain,
	listDomainsToRecheck,
	listServedDomains,
	markChecked,
	markMissing,
	markVerified,
	type DomainStatus,
	type OwnDomain,
	type ServedDomain,
} from '~/models/domain.server'
import { claimJobTurn } from '~/models/job-lease.server'
import { enqueueEmail } from '~/models/outbox.server'
import { reserve } from '~/models/rate-limit.server'
import { prisma } from '~/utils/db.server'
import { normaliseDomain, recordName } from '~/utils/domain-names.server'
import { env } from '~/utils/env.server'
import { withValues, type Translatable } from '~/utils/i18n'
import { msg } from '~/utils/i18n-macro'
import { wakeMailer } from './mailer.server'

// ---------------------------------------------------------------- messages (English; translated where shown)

export const DOMAIN_INVALID = msg`Enter a domain name such as jane.dev or cv.jane.dev.`
export const DOMAIN_IS_IP = msg`Enter a domain name, not an IP address.`
export const DOMAIN_IS_OURS = msg`This is Tagg’s own address. Enter a domain of your own.`
export const DOMAIN_TAKEN = msg`This domain is already connected to another Tagg page.`
export const NO_DOMAIN = msg`You have not added a domain yet.`
export const RECORD_MISSING = msg`No TXT record named {record} was found. Add it with the value {token}, then try again: new records can take a few minutes to appear.`
export const RECORD_WRONG = msg`The TXT record {record} does not hold {token}. Change its value, then try again: changes can take a few minutes to appear.`
export const DNS_FAILED = msg`The DNS servers could not be asked about {record}. Please try again in a few minutes.`
export const TOO_MANY_CHECKS = msg`Too many checks. Please wait a minute and try again.`
export const TOO_MANY_CHANGES = msg`Too many changes to your domain. Please try again later.`
export const DOMAIN_VERIFIED = msg`Your domain is verified. Your page is now at {url}.`
export const DOMAIN_REMOVED = msg`Your domain was removed.`

// ---------------------------------------------------------------- rules

/** A failing domain (its record missing at a daily check) goes back to pending after this. */
export const FAILING_FOR_MS = 3 * 24 * 60 * 60_000
/** Served domains are checked again once a day. */
export const RECHECK_EVERY_MS = 24 * 60 * 60_000
/** How long this instance keeps the list of served domains before reading it again. */
export const SERVED_TTL_MS = 5_000

const VERIFY_LIMIT = { max: 10, windowMs: 60_000 }
const UPDATE_LIMIT = { max: 20, windowMs: 60 * 60_000 }

export type DomainRefusal = {
	ok: false
	status: 400 | 404 | 409 | 429
	message: Translatable
	retryAfterSeconds?: number
}

const refuse = (
	status: DomainRefusal['status'],
	message: Translatable,
	retryAfterSeconds?: number,
): DomainRefusal => ({ ok: false, status, message, retryAfterSeconds })

export type DomainRecord = { type: 'TXT' | 'CNAME' | 'A' | 'AAAA'; name: string; value: string }

/** What `GET /one/account/domain/get` answers (`data`), and what Settings shows. */
export type DomainView = {
	domain: string | null
	status: DomainStatus | null
	records: DomainRecord[]
}

const siteHostname = () => new URL(env().PUBLIC_SITE_URL).hostname.toLowerCase()

/** The host names the instance answers on itself: never an owner's domain. */
const ownHosts = () => [...new Set([siteHostname(), env().DOMAIN_TARGET.toLowerCase()])]

/** The target record of this instance: a CNAME to DOMAIN_TARGET, or A/AAAA when it is an IP. */
function targetRecord(name: string): DomainRecord {
	const target = env().DOMAIN_TARGET
	const type = /^[0-9.]+$/.test(target) ? 'A' : target.includes(':') ? 'AAAA' : 'CNAME'
	return { type, name, value: target }
}

export function domainView(domain: OwnDomain | null): DomainView {
	if (!domain) return { domain: null, status: null, records: [] }
	return {
		domain: domain.name,
		status: domain.status,
		records: [
			{ type: 'TXT', name: recordName(domain.name), value: domain.token },
			targetRecord(domain.name),
		],
	}
}

const newToken = () => `tagg-verify=${crypto.randomBytes(24).toString('base64url')}`

/** The page address on a domain (what canonical links and QR codes name). */
export const domainUrl = (name: string) => `https://${name}/`

// ---------------------------------------------------------------- the owner's calls

export async function readOwnDomain(customerId: string): Promise<DomainView> {
	return domainView(await getDomain(customerId))
}

/**
 * The owner's domain becomes `input` (normalised): pending with the records to publish, or as
 * it was when it is the same name. 400 invalid, an IP or this instance's own host; 409 another
 * owner's (verified or failing: another owner's pending claim is no obstacle, the first to
 * publish their record holds the name); 429 past 20 changes an hour.
 */
export async function updateOwnDomain(
	customerId: string,
	input: unknown,
): Promise<{ ok: true; view: DomainView } | DomainRefusal> {
	const check = normaliseDomain(input, ownHosts())
	if (!check.ok) {
		return refuse(
			400,
			check.reason === 'ip'
				? DOMAIN_IS_IP
				: check.reason === 'own'
					? DOMAIN_IS_OURS
					: DOMAIN_INVALID,
		)
	}
	const current = await getDomain(customerId)
	if (current?.name === check.name) return { ok: true, view: domainView(current) }
	const reservation = await reserve([{ key: `domain:update:${customerId}`, ...UPDATE_LIMIT }])
	if (!reservation.ok)
		return refuse(429, TOO_MANY_CHANGES, Math.ceil(reservation.retryAfterMs / 1000))
	const claimed = await claimDomain(customerId, check.name, newToken())
	if (!claimed.ok) return refuse(409, DOMAIN_TAKEN)
	if (claimed.previous) domainsChanged([claimed.previous])
	return { ok: true, view: domainView(claimed.domain) }
}

export type TxtLookup = { found: true } | { found: false; reason: 'missing' | 'wrong' | 'failed' }

/**
 * Looks up `_tagg.{name}` through DNS_SERVERS (else the system's resolvers) and whether one of
 * its TXT records holds `token` (a record's strings joined, as RFC 7208 reads them).
 */
export async function lookupToken(name: string, token: string): Promise<TxtLookup> {
	const resolver = new Resolver({ timeout: 2_000, tries: 2 })
	const servers = env().DNS_SERVERS
	if (servers.length) resolver.setServers(servers)
	try {
		const records = await resolver.resolveTxt(recordName(name))
		if (records.some((chunks) => chunks.join('').trim() === token)) return { found: true }
		return { found: false, reason: records.length ? 'wrong' : 'missing' }
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code
		if (code === 'ENOTFOUND' || code === 'ENODATA' || code === 'NXDOMAIN')
			return { found: false, reason: 'missing' }
		return { found: false, reason: 'failed' }
	}
}

/**
 * Checks the owner's domain now: 200 `verified` when the TXT record holds the token (the name
 * is then theirs, and other owners' pending claims on it end); 409 with a message naming the
 * record and the value that are missing, or DOMAIN_TAKEN when another owner's record was found
 * first; 404 no domain (a claim that ended so included); 429 past 10 checks a minute.
 */
export async function verifyOwnDomain(
	customerId: string,
): Promise<{ ok: true; view: DomainView } | DomainRefusal> {
	const domain = await getDomain(customerId)
	if (!domain) return refuse(404, NO_DOMAIN)
	const reservation = await reserve([{ key: `domain:verify:${customerId}`, ...VERIFY_LIMIT }])
	if (!reservation.ok)
		return refuse(429, TOO_MANY_CHECKS, Math.ceil(reservation.retryAfterMs / 1000))
	const lookup = await lookupToken(domain.name, domain.token)
	const values = { record: recordName(domain.name), token: domain.token }
	if (!lookup.found) {
		await markChecked(customerId, domain.name)
		const message =
			lookup.reason === 'wrong'
				? RECORD_WRONG
				: lookup.reason === 'failed'
					? DNS_FAILED
					: RECORD_MISSING
		return refuse(409, withValues(message, values))
	}
	const verified = await markVerified(customerId, domain.name)
	if (!verified.ok)
		return verified.reason === 'taken' ? refuse(409, DOMAIN_TAKEN) : refuse(404, NO_DOMAIN)
	domainsChanged([domain.name])
	return { ok: true, view: domainView(verified.domain) }
}

/** Removes the owner's domain: it stops being served here at once (cache entries dropped). */
export async function removeOwnDomain(customerId: string) {
	const name = await deleteDomain(customerId)
	if (name) domainsChanged([name])
	return { ok: true as const }
}

// ---------------------------------------------------------------- served domains (host routing, `ask`)

type ServedState = {
	byName: Map<string, ServedDomain>
	/** Lower-cased owner path → the domain serving it. */
	byPath: Map<string, ServedDomain>
	readAt: number
	reading: Promise<void> | null
	listeners: Set<(names: string[]) => void>
}

declare global {
	var __taggServedDomains: ServedState | undefined
}

/** On globalThis: the HTTP server (server/app.ts) and the built app are separate module copies. */
function state(): ServedState {
	globalThis.__taggServedDomains ??= {
		byName: new Map(),
		byPath: new Map(),
		readAt: 0,
		reading: null,
		listeners: new Set(),
	}
	return globalThis.__taggServedDomains
}

async function refreshServed(now = Date.now()) {
	const served = state()
	if (now - served.readAt < SERVED_TTL_MS) return served
	served.reading ??= (async () => {
		try {
			const rows = await listServedDomains()
			served.byName = new Map(rows.map((row) => [row.name, row]))
			served.byPath = new Map(rows.map((row) => [row.path.toLowerCase(), row]))
			served.readAt = Date.now()
		} finally {
			served.reading = null
		}
	})()
	await served.reading
	return served
}

/** The served domain named `hostname` (verified or failing), or null. */
export async function servedDomain(hostname: string): Promise<ServedDomain | null> {
	const served = await refreshServed()
	return served.byName.get(hostname.toLowerCase().replace(/\.$/, '')) ?? null
}

/** The served domain of the owner at `pname`, or null. */
export async function servedDomainOfPath(pname: string): Promise<ServedDomain | null> {
	const served = await refreshServed()
	return served.byPath.get(pname.toLowerCase()) ?? null
}

/**
 * The owner's public address as the builder names it: `https://{domain}/` while a domain serves
 * their pages (verified or failing: their main address answers 301 there), else
 * `PUBLIC_SITE_URL/{pname}`; with the domain's name, or null.
 */
export async function ownerAddress(path: string) {
	const served = await servedDomainOfPath(path)
	return served
		? { profileUrl: domainUrl(served.name), domain: served.name }
		: { profileUrl: `${env().PUBLIC_SITE_URL}/${path}`, domain: null }
}

/**
 * The paths (lower case) of the owners whose pages a domain serves: the main host's sitemap
 * leaves them out (their addresses there answer 301).
 */
export async function servedPaths(): Promise<string[]> {
	const served = await refreshServed()
	return [...served.byPath.keys()].sort()
}

/**
 * Caddy's `ask` (GET /.well-known/tagg/tls-allowed?domain=): a certificate only for a domain
 * that serves pages, and for the instance's own host.
 */
export async function tlsAllowed(domain: string | null): Promise<boolean> {
	if (!domain) return false
	const name = domain.trim().toLowerCase().replace(/\.$/, '')
	if (name === siteHostname()) return true
	return (await servedDomain(name)) !== null
}

/**
 * A domain changed on this instance (verified, removed, renamed, failing back to pending): the
 * list is read again at the next request, and what is kept for those hosts is dropped (the
 * page cache listens: server/page-cache.ts).
 */
export function domainsChanged(names: string[]) {
	const served = state()
	served.readAt = 0
	for (const name of names) {
		const row = served.byName.get(name)
		served.byName.delete(name)
		if (row) served.byPath.delete(row.path.toLowerCase())
	}
	for (const listener of served.listeners) listener(names)
}

/** Calls `listener` with the names of domains that changed on this instance. */
export function onDomainsChanged(listener: (names: string[]) => void) {
	state().listeners.add(listener)
	return () => void state().listeners.delete(listener)
}

// ---------------------------------------------------------------- the daily check

/**
 * Checks every served domain not checked for a day: a record found keeps (or makes again) it
 * verified; a missing one makes a verified domain `failing` (still served; the owner is emailed)
 * and a domain failing for 3 days `pending` again. A resolver that cannot be reached changes
 * nothing. Answers what it did, for the log and the tests.
 */
export async function recheckDomains(now = new Date()) {
	const done = { checked: 0, failing: 0, pending: 0, verified: 0 }
	const due = await listDomainsToRecheck(new Date(now.getTime() - RECHECK_EVERY_MS + 60 * 60_000))
	const changed: string[] = []
	for (const domain of due) {
		done.checked++
		const lookup = await lookupToken(domain.name, domain.token)
		if (lookup.found) {
			if (domain.status === 'failing') {
				changed.push(domain.name)
				done.verified++
			}
			await markVerified(domain.customerId, domain.name, now)
			continue
		}
		if (lookup.reason === 'failed') continue
		const status = await markMissing(domain.customerId, domain.name, FAILING_FOR_MS, now)
		if (status === 'failing' && domain.status === 'verified') {
			done.failing++
			await notifyFailing(domain)
		} else if (status === 'pending') {
			done.pending++
			changed.push(domain.name)
		}
	}
	if (changed.length) domainsChanged(changed)
	return done
}

async function notifyFailing(domain: OwnDomain) {
	const owner = await prisma().customer.findUnique({
		where: { id: domain.customerId },
		select: { email: true, name: true },
	})
	if (!owner) return
	await enqueueEmail({
		kind: 'domain-failing',
		to: owner.email,
		data: {
			customerId: domain.customerId,
			name: owner.name,
			domain: domain.name,
			record: recordName(domain.name),
			token: domain.token,
		},
	})
	wakeMailer()
}

/**
 * The daily check, once across instances (app/models/job-lease.server.ts): the instance that
 * takes the day's turn checks; the others skip it. Answers null when the turn was not this
 * instance's.
 */
export async function runDailyDomainChecks(now = new Date()) {
	if (!(await claimJobTurn('domain-checks', now, new Date(now.getTime() + RECHECK_EVERY_MS))))
		return null
	return recheckDomains(now)
}

type CheckLog = { info: (message: string) => void; warn: (message: string) => void }

/** Asks for the day's turn every hour (server/main.ts starts it); `stop()` ends it. */
export function startDomainChecks(log: CheckLog) {
	let running: Promise<unknown> | null = null
	const run = () => {
		running ??= runDailyDomainChecks()
			.then((done) => {
				if (done?.checked)
					log.info(
						`domains checked: ${done.checked}; failing ${done.failing}, back to pending ${done.pending}`,
					)
			})
			.catch((error: unknown) => log.warn(`the domain check failed: ${(error as Error).message}`))
			.finally(() => {
				running = null
			})
	}
	const first = setTimeout(run, 30_000)
	first.unref()
	const timer = setInterval(run, 60 * 60_000)
	timer.unref()
	return {
		async stop() {
			clearTimeout(first)
			clearInterval(timer)
			await running
		},
	}
}
