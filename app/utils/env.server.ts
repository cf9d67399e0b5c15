/**
 * The environment, parsed once with zod. A bad value stops start-up with one line naming the
 * variable and what is expected. Defaults make `npm start` work with nothing set.
 */
import crypto from 'node:crypto'
import dns from 'node:dns'
import fs from 'node:fs'
import { isIP, isIPv4 } from 'node:net'
import path from 'node:path'
import { z } from 'zod'

const booleanString = z
	.enum(['true', 'false', '1', '0', ''])
	.optional()
	.transform((value) => value === 'true' || value === '1')

const optionalUrl = z
	.string()
	.trim()
	.transform((value) => (value === '' ? undefined : value.replace(/\/+$/, '')))
	.pipe(z.url({ protocol: /^https?$/, error: 'an http(s) URL' }).optional())
	.optional()

/** A whole number from `min` to `max`; `message` says so when it is not. */
const wholeNumber = (min: number, max: number, message: string) =>
	z.coerce.number({ error: message }).int(message).min(min, message).max(max, message)

/** An optional setting whose empty value means unset, else checked by `check`. */
const emptyIsUnset = (value: z.ZodString, check: z.ZodString) =>
	value
		.optional()
		.transform((given) => (given ? given : undefined))
		.pipe(check.optional())

/**
 * The ranges Express's `trust proxy` names (proxy-addr): 127/8 and ::1; 169.254/16 and fe80::/10;
 * 10/8, 172.16/12, 192.168/16 and fc00::/7.
 */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal']

const TRUST_PROXY_EXPECTED =
	"'false' or a comma list of proxy addresses and CIDRs, such as 'loopback, 10.0.0.0/8, fd00::/8' (loopback, linklocal and uniquelocal name those ranges)"

/**
 * The peers whose forwarding headers are believed, as Express's `trust proxy` takes them:
 * `false` is none. Anything Express would not read (a hop count, `true`, a typo) is refused at
 * start-up rather than trusting more, or less, than meant. Null when `value` is not valid.
 */
export function parseTrustProxy(value: string): string[] | null {
	const text = value.trim()
	if (text.toLowerCase() === 'false') return []
	const entries = text.split(',').map((entry) => entry.trim())
	if (!entries.every(isProxyAddress)) return null
	return entries.map((entry) =>
		PROXY_RANGES.includes(entry.toLowerCase()) ? entry.toLowerCase() : entry,
	)
}

function isProxyAddress(entry: string) {
	if (PROXY_RANGES.includes(entry.toLowerCase())) return true
	const [address = '', prefix, extra] = entry.split('/')
	const family = isIP(address)
	if (!family || extra !== undefined) return false
	if (prefix === undefined) return true
	if (family === 4 && isIPv4(prefix)) return isNetmask(prefix)
	// As proxy-addr reads a range: 1 to the address's bits (a /0 would trust every peer).
	return (
		/^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128)
	)
}

/** An IPv4 netmask (255.255.0.0): ones, then zeros, and at least one one. */
function isNetmask(mask: string) {
	const bits = mask
		.split('.')
		.map((part) => Number(part).toString(2).padStart(8, '0'))
		.join('')
	return /^1+0*$/.test(bits)
}

const schema = z.object({
	NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
	PORT: wholeNumber(1, 65535, 'a port number from 1 to 65535').default(3000),
	DATA_DIR: z.string().trim().min(1, 'a directory path').default('./data'),
	DATABASE_URL: emptyIsUnset(
		z.string().trim(),
		z.string().regex(/^postgres(ql)?:\/\//, 'a postgresql:// connection string'),
	),
	PUBLIC_SITE_URL: optionalUrl,
	JWT_SECRET: emptyIsUnset(z.string(), z.string().min(32, 'at least 32 characters')),
	STORAGE_DRIVER: z.enum(['local', 's3'], { error: "'local' or 's3'" }).default('local'),
	S3_BUCKET: z.string().trim().optional(),
	S3_REGION: z.string().trim().min(1).default('us-east-1'),
	S3_ENDPOINT: optionalUrl,
	S3_FORCE_PATH_STYLE: booleanString,
	CDN_URL: optionalUrl,
	LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
	DATABASE_LOCK_TIMEOUT_MS: wholeNumber(50, 60_000, 'milliseconds from 50 to 60000').default(5_000),
	SMTP_URL: emptyIsUnset(
		z.string().trim(),
		z
			.string()
			.regex(/^smtps?:\/\/[^/?#\s]+/, 'an smtp:// or smtps:// URL (smtp://user:pass@host:587)'),
	),
	MAIL_FROM: z
		.string()
		.trim()
		.max(320, 'an address such as Tagg <no-reply@example.com>')
		.optional(),
	INSIGHTS: z.enum(['on', 'off'], { error: "'on' or 'off'" }).default('on'),
	INSIGHTS_RETENTION_DAYS: wholeNumber(1, 3650, 'a number of days from 1 to 3650').default(730),
	CONTACTS_RETENTION_DAYS: wholeNumber(1, 3650, 'a number of days from 1 to 3650').default(365),
	DATABASE_MIGRATION_URL: emptyIsUnset(
		z.string().trim(),
		z.string().regex(/^postgres(ql)?:\/\//, 'a postgresql:// connection string'),
	),
	SHUTDOWN_DRAIN_MS: wholeNumber(0, 600_000, 'milliseconds from 0 to 600000').default(5_000),
	SIGNUPS: z
		.enum(['open', 'invite', 'closed'], { error: "'open', 'invite' or 'closed'" })
		.default('open'),
	DNS_SERVERS: emptyIsUnset(
		z.string().trim(),
		z
			.string()
			.regex(
				/^\s*[^\s,]+(\s*,\s*[^\s,]+)*\s*$/,
				'a comma list of DNS servers (ip or ip:port, [ipv6]:port)',
			),
	),
	TRUST_PROXY: emptyIsUnset(
		z.string().trim(),
		z.string().refine((value) => parseTrustProxy(value) !== null, TRUST_PROXY_EXPECTED),
	),
	DOMAIN_TARGET: emptyIsUnset(
		z.string().trim(),
		z
			.string()
			.regex(
				/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$|^[0-9.]+$|^[0-9a-f:]+$/i,
				'a host name or an IP address (the CNAME or A target owners point their domain at)',
			),
	),
})

export type Env = {
	NODE_ENV: 'production' | 'development' | 'test'
	isProduction: boolean
	PORT: number
	DATA_DIR: string
	DATABASE_URL: string | undefined
	PUBLIC_SITE_URL: string
	JWT_SECRET: string
	STORAGE_DRIVER: 'local' | 's3'
	S3_BUCKET: string | undefined
	S3_REGION: string
	S3_ENDPOINT: string | undefined
	S3_FORCE_PATH_STYLE: boolean
	CDN_URL: string
	LOG_LEVEL: string
	/** How long one statement waits for a row lock before the write is retried (then 503). */
	DATABASE_LOCK_TIMEOUT_MS: number
	/** Unset: each email is written as an .eml file under DATA_DIR/mail. */
	SMTP_URL: string | undefined
	MAIL_FROM: string
	/** 'off': nothing is counted and the public pages carry no pixel (docs/decisions/022-insights.md). */
	INSIGHTS: 'on' | 'off'
	/** Days of insights rollups kept. */
	INSIGHTS_RETENTION_DAYS: number
	/** Days a visitor's details left for an owner are kept (contact exchange). */
	CONTACTS_RETENTION_DAYS: number
	/** A direct connection (not through a pooler) for migrations; unset: DATABASE_URL. */
	DATABASE_MIGRATION_URL: string | undefined
	/** After SIGTERM: how long the instance keeps serving (answering `Connection: close`) while /healthz says 503. */
	SHUTDOWN_DRAIN_MS: number
	/** Who may sign up: anyone, people with an invitation, or only the admin CLI. */
	SIGNUPS: 'open' | 'invite' | 'closed'
	/** The resolvers that owners' domain records are read through (`ip` or `ip:port`); empty: the system's. */
	DNS_SERVERS: string[]
	/** What owners point their domain at (a CNAME, or an A record when an IP): default the host of PUBLIC_SITE_URL. */
	DOMAIN_TARGET: string
	/**
	 * The peers (Express `trust proxy` entries: addresses, CIDRs, `loopback`, `linklocal`,
	 * `uniquelocal`) whose `X-Forwarded-*` and `Forwarded` headers are believed; empty: none.
	 */
	TRUST_PROXY: string[]
}

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
	const result = schema.safeParse(source)
	if (!result.success) {
		const issue = result.error.issues[0]
		const name = String(issue?.path[0] ?? 'environment')
		const got = source[name]
		throw new EnvError(
			`Invalid environment variable ${name}: expected ${issue?.message ?? 'a valid value'}${
				got === undefined ? '' : ` (got ${JSON.stringify(got)})`
			}`,
		)
	}
	const raw = result.data
	const isProduction = raw.NODE_ENV === 'production'
	const dataDir = path.resolve(raw.DATA_DIR)
	const publicSiteUrl = raw.PUBLIC_SITE_URL ?? `http://localhost:${raw.PORT}`

	let jwtSecret = raw.JWT_SECRET
	if (!jwtSecret) {
		if (isProduction) {
			throw new EnvError(
				'Invalid environment variable JWT_SECRET: expected at least 32 characters (required in production)',
			)
		}
		jwtSecret = readOrCreateSecret(dataDir)
	}

	if (raw.STORAGE_DRIVER === 's3' && !raw.S3_BUCKET) {
		throw new EnvError(
			"Invalid environment variable S3_BUCKET: expected a bucket name when STORAGE_DRIVER is 's3'",
		)
	}

	const dnsServers = (raw.DNS_SERVERS ?? '')
		.split(',')
		.map((server) => server.trim())
		.filter(Boolean)
	try {
		if (dnsServers.length) new dns.Resolver().setServers(dnsServers)
	} catch {
		throw new EnvError(
			`Invalid environment variable DNS_SERVERS: expected a comma list of DNS servers (ip or ip:port, [ipv6]:port) (got ${JSON.stringify(raw.DNS_SERVERS)})`,
		)
	}

	const cdnUrl =
		raw.CDN_URL ??
		(raw.STORAGE_DRIVER === 's3'
			? bucketUrl(raw.S3_ENDPOINT, raw.S3_BUCKET!, raw.S3_REGION, raw.S3_FORCE_PATH_STYLE)
			: `${publicSiteUrl}/cdn`)

	return {
		NODE_ENV: raw.NODE_ENV,
		isProduction,
		PORT: raw.PORT,
		DATA_DIR: dataDir,
		DATABASE_URL: raw.DATABASE_URL,
		PUBLIC_SITE_URL: publicSiteUrl,
		JWT_SECRET: jwtSecret,
		STORAGE_DRIVER: raw.STORAGE_DRIVER,
		S3_BUCKET: raw.S3_BUCKET || undefined,
		S3_REGION: raw.S3_REGION,
		S3_ENDPOINT: raw.S3_ENDPOINT,
		S3_FORCE_PATH_STYLE: raw.S3_FORCE_PATH_STYLE,
		CDN_URL: cdnUrl,
		LOG_LEVEL: raw.LOG_LEVEL,
		DATABASE_LOCK_TIMEOUT_MS: raw.DATABASE_LOCK_TIMEOUT_MS,
		SMTP_URL: raw.SMTP_URL,
		MAIL_FROM: raw.MAIL_FROM || `Tagg <no-reply@${new URL(publicSiteUrl).hostname}>`,
		INSIGHTS: raw.INSIGHTS,
		INSIGHTS_RETENTION_DAYS: raw.INSIGHTS_RETENTION_DAYS,
		CONTACTS_RETENTION_DAYS: raw.CONTACTS_RETENTION_DAYS,
		DATABASE_MIGRATION_URL: raw.DATABASE_MIGRATION_URL,
		SHUTDOWN_DRAIN_MS: raw.SHUTDOWN_DRAIN_MS,
		SIGNUPS: raw.SIGNUPS,
		DNS_SERVERS: dnsServers,
		DOMAIN_TARGET: raw.DOMAIN_TARGET?.toLowerCase() ?? new URL(publicSiteUrl).hostname,
		TRUST_PROXY: parseTrustProxy(raw.TRUST_PROXY ?? 'loopback')!,
	}
}

function bucketUrl(
	endpoint: string | undefined,
	bucket: string,
	region: string,
	pathStyle: boolean,
) {
	if (!endpoint) return `https://${bucket}.s3.${region}.amazonaws.com`
	if (pathStyle) return `${endpoint}/${bucket}`
	const url = new URL(endpoint)
	return `${url.protocol}//${bucket}.${url.host}`
}

function readOrCreateSecret(dataDir: string) {
	const file = path.join(dataDir, 'jwt-secret')
	if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
	fs.mkdirSync(dataDir, { recursive: true })
	const secret = crypto.randomBytes(48).toString('base64url')
	try {
		fs.writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' })
		return secret
	} catch {
		// Another process wrote it first: use theirs.
		return fs.readFileSync(file, 'utf8').trim()
	}
}

let cached: Env | undefined

/** The parsed environment (parsed on first use, then cached for the process). */
export function env(): Env {
	cached ??= parseEnv()
	return cached
}

/** Forget the cached environment (tests that change process.env). */
export function resetEnv() {
	cached = undefined
}
