/**
 * Authenticator codes (TOTP, RFC 6238 over HOTP, RFC 4226) with the `otpauth` library, and the
 * sealing of their secrets at rest (docs/decisions/033-sign-in-factors.md). What authenticator
 * apps expect: SHA-1, 6 digits, a 30-second step; a code of the step before or after is accepted
 * too (clocks drift). Recovery codes are made and hashed here as well. Nothing here knows a table.
 */
import crypto from 'node:crypto'
import { HOTP, Secret, TOTP } from 'otpauth'
import { env } from './env.server'

export const TOTP_PERIOD_SECONDS = 30
export const TOTP_DIGITS = 6
/** Steps accepted either side of the current one. */
export const TOTP_WINDOW = 1
/** 160 bits, the size RFC 4226 recommends (and HMAC-SHA-1's output). */
const SECRET_BYTES = 20

// ---------------------------------------------------------------- base32 (RFC 4648)

export const base32Encode = (bytes: Uint8Array) => new Secret({ buffer: bytesOf(bytes) }).base32

/** Bytes of a base32 text (case, spaces and padding ignored), or null when it is not base32. */
export function base32Decode(text: string): Buffer | null {
	try {
		return Buffer.from(Secret.fromBase32(text.replace(/\s/g, '')).bytes)
	} catch {
		return null
	}
}

/** A copy of the bytes in an ArrayBuffer of their own (what `otpauth`'s Secret holds). */
function bytesOf(bytes: Uint8Array) {
	const copy = new Uint8Array(bytes.byteLength)
	copy.set(bytes)
	return copy.buffer
}

// ---------------------------------------------------------------- codes

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512'

const secretOf = (key: Uint8Array) => new Secret({ buffer: bytesOf(key) })

/** The HOTP value of `counter` (RFC 4226 section 5.3: dynamic truncation), `digits` long. */
export const hotp = (
	key: Uint8Array,
	counter: number,
	digits = TOTP_DIGITS,
	algorithm: TotpAlgorithm = 'sha1',
) => HOTP.generate({ secret: secretOf(key), counter, digits, algorithm: algorithm.toUpperCase() })

/** The time step of a moment (milliseconds since 1970): RFC 6238's T. */
export const totpStep = (timeMs: number) => Math.floor(timeMs / 1000 / TOTP_PERIOD_SECONDS)

/** The code of a moment. */
export const totpCode = (
	key: Uint8Array,
	timeMs: number,
	digits = TOTP_DIGITS,
	algorithm: TotpAlgorithm = 'sha1',
) => hotp(key, totpStep(timeMs), digits, algorithm)

/** Whether the text is shaped like an authenticator code (6 digits, spaces allowed). */
export const looksLikeTotpCode = (text: string) => /^\d{6}$/.test(text.replace(/\s/g, ''))

/**
 * The time step whose code `code` is, among the steps within {@link TOTP_WINDOW} of `timeMs`,
 * or null; a step at or before `lastStep` (one already used) is never accepted again. The library
 * compares in constant time.
 */
export function matchTotpStep(key: Uint8Array, code: string, timeMs: number, lastStep = 0) {
	const now = totpStep(timeMs)
	const delta = HOTP.validate({
		token: code.replace(/\s/g, ''),
		secret: secretOf(key),
		digits: TOTP_DIGITS,
		counter: now,
		window: TOTP_WINDOW,
	})
	return delta !== null && now + delta > lastStep ? now + delta : null
}

/** A new secret, as the base32 text authenticator apps take. */
export const newTotpSecret = () => new Secret({ size: SECRET_BYTES }).base32

/** The `otpauth://` URL a QR code carries (Key Uri Format: issuer Tagg, labelled by the email). */
export const otpauthUrl = (secret: string, accountName: string, issuer = 'Tagg') =>
	new TOTP({
		issuer,
		label: accountName,
		secret: Secret.fromBase32(secret),
		algorithm: 'SHA1',
		digits: TOTP_DIGITS,
		period: TOTP_PERIOD_SECONDS,
	}).toString()

// ---------------------------------------------------------------- sealing secrets

const SEALED_PREFIX = 'v1'

/** AES-256-GCM key for TOTP secrets, derived from JWT_SECRET (HKDF-SHA-256). */
function sealingKey() {
	return Buffer.from(crypto.hkdfSync('sha256', env().JWT_SECRET, 'tagg', 'totp-secret v1', 32))
}

/** A secret as it is stored: encrypted and authenticated, bound to the owner it belongs to. */
export function sealSecret(secret: string, customerId: string) {
	const iv = crypto.randomBytes(12)
	const cipher = crypto.createCipheriv('aes-256-gcm', sealingKey(), iv)
	cipher.setAAD(Buffer.from(customerId))
	const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
	const tag = cipher.getAuthTag()
	return [SEALED_PREFIX, iv, data, tag]
		.map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
		.join('.')
}

/**
 * The secret a stored value holds, or null when it cannot be read (another JWT_SECRET, another
 * owner's row, a damaged value).
 */
export function openSecret(sealed: string, customerId: string): string | null {
	const [prefix, iv, data, tag] = sealed.split('.')
	if (prefix !== SEALED_PREFIX || !iv || data === undefined || !tag) return null
	try {
		const decipher = crypto.createDecipheriv(
			'aes-256-gcm',
			sealingKey(),
			Buffer.from(iv, 'base64url'),
		)
		decipher.setAAD(Buffer.from(customerId))
		decipher.setAuthTag(Buffer.from(tag, 'base64url'))
		return Buffer.concat([
			decipher.update(Buffer.from(data, 'base64url')),
			decipher.final(),
		]).toString('utf8')
	} catch {
		return null
	}
}

// ---------------------------------------------------------------- recovery codes

export const RECOVERY_CODE_COUNT = 10
/** 16 characters of base32: 80 bits, beyond guessing even from a stolen hash. */
const RECOVERY_CODE_LENGTH = 16

/** A new recovery code as it is shown: four groups of four (`ABCD-EFGH-JKMN-PQRS`). */
export function newRecoveryCode() {
	const text = base32Encode(crypto.randomBytes(10)).slice(0, RECOVERY_CODE_LENGTH)
	return text.match(/.{4}/g)!.join('-')
}

/** A typed recovery code as it is compared: capitals, without spaces and dashes; or null. */
export function normaliseRecoveryCode(typed: string) {
	const clean = typed.replace(/[\s-]/g, '').toUpperCase()
	return clean.length === RECOVERY_CODE_LENGTH && /^[A-Z2-7]+$/.test(clean) ? clean : null
}

/** What is stored of a recovery code. */
export const hashRecoveryCode = (normalised: string) =>
	crypto.createHash('sha256').update(normalised).digest('hex')
