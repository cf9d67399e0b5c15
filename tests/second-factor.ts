/**
 * What the sign-in factor tests need, written apart from the code under test:
 * - authenticator codes computed from a secret (RFC 6238 with node:crypto, as an app does);
 * - a software WebAuthn authenticator: a P-256 key made with node:crypto, whose registration
 *   (attestation `none`) and sign-in responses are built byte by byte as a browser hands them
 *   over (`RegistrationResponseJSON`, `AuthenticationResponseJSON`);
 * - an owner with authenticator codes on.
 */
import crypto from 'node:crypto'
import { codeAt, currentStep } from './totp-code'
import { confirmTotpSetup, startTotpSetup } from '~/services/sign-in-factors.server'
import { sudoSessionToken } from './factories'

export { codeAt, currentStep }

// ---------------------------------------------------------------- authenticator codes

/**
 * Turns authenticator codes on for an owner through the services (the first code is of the
 * step before now, so codes of now and the next step are still fresh): the secret, the
 * recovery codes and a new access token (enabling ends the earlier sessions).
 */
export async function turnOnTotp(customerId: string) {
	const setup = await startTotpSetup(customerId, {})
	if (!setup.ok) throw new Error(`setup refused: ${setup.message}`)
	const enabled = await confirmTotpSetup(customerId, codeAt(setup.secret, currentStep() - 1))
	if (!enabled.ok) throw new Error(`enable refused: ${enabled.message}`)
	return {
		secret: setup.secret,
		recoveryCodes: enabled.recoveryCodes,
		token: await sudoSessionToken(customerId),
	}
}

// ---------------------------------------------------------------- CBOR (what WebAuthn needs)

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>

function cborHead(major: number, length: number) {
	if (length < 24) return Buffer.from([(major << 5) | length])
	if (length < 0x100) return Buffer.from([(major << 5) | 24, length])
	if (length < 0x10000) {
		const head = Buffer.alloc(3)
		head[0] = (major << 5) | 25
		head.writeUInt16BE(length, 1)
		return head
	}
	const head = Buffer.alloc(5)
	head[0] = (major << 5) | 26
	head.writeUInt32BE(length, 1)
	return head
}

export function cbor(value: Cbor): Buffer {
	if (typeof value === 'number') {
		return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value)
	}
	if (typeof value === 'string') {
		const bytes = Buffer.from(value, 'utf8')
		return Buffer.concat([cborHead(3, bytes.length), bytes])
	}
	if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value])
	const parts: Buffer[] = [cborHead(5, value.size)]
	for (const [key, item] of value) parts.push(cbor(key), cbor(item))
	return Buffer.concat(parts)
}

// ---------------------------------------------------------------- a software authenticator

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest()

/** Flags of authenticator data (WebAuthn §6.1). */
export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 }

export type CeremonyOverrides = {
	/** The page's origin as the browser reports it (default: the authenticator's). */
	origin?: string
	/** The relying party id whose hash the authenticator signs (default: the options'). */
	rpId?: string
	/** Authenticator data flags (default: user present and verified). */
	flags?: number
	/** The challenge signed (default: the options'). */
	challenge?: string
	type?: string
	/** Break the signature (sign-in). */
	badSignature?: boolean
	/** The signature counter to report (default: one more each time). */
	counter?: number
}

type RegistrationOptions = {
	challenge: string
	rp: { id?: string }
	user: { id: string }
}
type AuthenticationOptions = { challenge: string; rpId?: string }

/**
 * A platform authenticator holding one discoverable credential (a P-256 key), as Chromium's
 * virtual authenticator behaves: attestation `none`, user verified, a counter that moves.
 */
export class SoftwareAuthenticator {
	readonly credentialId = crypto.randomBytes(16)
	readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })
	counter = 0
	userHandle: string | null = null

	constructor(readonly origin: string) {}

	get id() {
		return b64url(this.credentialId)
	}

	/** The COSE_Key of the public key (EC2, ES256, P-256). */
	cosePublicKey() {
		const jwk = this.keys.publicKey.export({ format: 'jwk' })
		return cbor(
			new Map<Cbor, Cbor>([
				[1, 2],
				[3, -7],
				[-1, 1],
				[-2, Buffer.from(jwk.x!, 'base64url')],
				[-3, Buffer.from(jwk.y!, 'base64url')],
			]),
		)
	}

	private authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer) {
		const count = Buffer.alloc(4)
		count.writeUInt32BE(counter)
		return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)])
	}

	private clientData(type: string, challenge: string, origin: string) {
		return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
	}

	/** `navigator.credentials.create()` answered as @simplewebauthn/browser hands it over. */
	create(options: RegistrationOptions, overrides: CeremonyOverrides = {}) {
		const rpId = overrides.rpId ?? options.rp.id!
		this.userHandle = options.user.id
		const idLength = Buffer.alloc(2)
		idLength.writeUInt16BE(this.credentialId.length)
		const attested = Buffer.concat([
			Buffer.alloc(16), // AAGUID: none
			idLength,
			this.credentialId,
			this.cosePublicKey(),
		])
		const flags = (overrides.flags ?? FLAGS.UP | FLAGS.UV) | FLAGS.AT
		const authData = this.authenticatorData(rpId, flags, overrides.counter ?? 0, attested)
		const attestationObject = cbor(
			new Map<Cbor, Cbor>([
				['fmt', 'none'],
				['attStmt', new Map()],
				['authData', authData],
			]),
		)
		const clientDataJSON = this.clientData(
			overrides.type ?? 'webauthn.create',
			overrides.challenge ?? options.challenge,
			overrides.origin ?? this.origin,
		)
		return {
			id: this.id,
			rawId: this.id,
			type: 'public-key' as const,
			response: {
				clientDataJSON: b64url(clientDataJSON),
				attestationObject: b64url(attestationObject),
				transports: ['internal'],
			},
			clientExtensionResults: {},
			authenticatorAttachment: 'platform' as const,
		}
	}

	/** `navigator.credentials.get()` answered as @simplewebauthn/browser hands it over. */
	get(options: AuthenticationOptions, overrides: CeremonyOverrides = {}) {
		const rpId = overrides.rpId ?? options.rpId!
		this.counter = overrides.counter ?? this.counter + 1
		const authData = this.authenticatorData(
			rpId,
			overrides.flags ?? FLAGS.UP | FLAGS.UV,
			this.counter,
		)
		const clientDataJSON = this.clientData(
			overrides.type ?? 'webauthn.get',
			overrides.challenge ?? options.challenge,
			overrides.origin ?? this.origin,
		)
		const signed = Buffer.concat([authData, sha256(clientDataJSON)])
		const signature = crypto.sign('sha256', signed, this.keys.privateKey)
		if (overrides.badSignature) {
			const last = signature.length - 1
			signature.writeUInt8(signature.readUInt8(last) ^ 0xff, last)
		}
		return {
			id: this.id,
			rawId: this.id,
			type: 'public-key' as const,
			response: {
				clientDataJSON: b64url(clientDataJSON),
				authenticatorData: b64url(authData),
				signature: b64url(signature),
				...(this.userHandle ? { userHandle: this.userHandle } : {}),
			},
			clientExtensionResults: {},
			authenticatorAttachment: 'platform' as const,
		}
	}
}
