/**
 * Authenticator codes computed as an app does (RFC 6238: SHA-1, 6 digits, 30 s), written apart
 * from the code under test and free of the app's modules, so that Playwright tests use it too.
 */
import crypto from 'node:crypto'

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

function fromBase32(text: string) {
	let bits = ''
	for (const char of text.replace(/=+$/, '')) {
		bits += BASE32.indexOf(char).toString(2).padStart(5, '0')
	}
	const bytes = bits.match(/.{8}/g) ?? []
	return Buffer.from(bytes.map((byte) => parseInt(byte, 2)))
}

/** The current time step (30 seconds). */
export const currentStep = () => Math.floor(Date.now() / 30_000)

/** The 6-digit code of a base32 secret at a time step (`step` defaults to now). */
export function codeAt(secret: string, step = currentStep()) {
	const counter = Buffer.alloc(8)
	counter.writeBigUInt64BE(BigInt(step))
	const mac = crypto.createHmac('sha1', fromBase32(secret)).update(counter).digest()
	const offset = mac[19]! & 0xf
	const value =
		((mac[offset]! & 0x7f) << 24) |
		(mac[offset + 1]! << 16) |
		(mac[offset + 2]! << 8) |
		mac[offset + 3]!
	return String(value % 1_000_000).padStart(6, '0')
}
