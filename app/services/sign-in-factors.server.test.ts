/**
 * Passkeys at the service level, against a software authenticator built in the test
 * (tests/second-factor.ts): a P-256 key, attestation `none`, responses made byte by byte as a
 * browser hands them over. What a browser or an attacker could send differently is refused:
 * another origin, another relying party, an unverified user, a spent or foreign challenge, a
 * broken signature, a counter that goes back (a cloned authenticator), another owner's handle.
 * Also: the RFC 6238 test vectors of the TOTP code, base32, the sealing of secrets.
 */
import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { createOwner } from '#tests/factories'
import { makeRequest } from '#tests/route'
import { FLAGS, SoftwareAuthenticator, codeAt, currentStep } from '#tests/second-factor'
import { setCustomerDisabled } from '~/models/customer.server'
import { getFactors } from '~/models/sign-in-factor.server'
import { i18nFor } from '~/utils/i18n'
import '~/utils/i18n.server'
import {
	base32Decode,
	base32Encode,
	hotp,
	matchTotpStep,
	newRecoveryCode,
	normaliseRecoveryCode,
	openSecret,
	otpauthUrl,
	sealSecret,
	totpCode,
} from '~/utils/totp.server'
import {
	passkeyLoginOptions,
	passkeyRegistrationOptions,
	registerPasskey,
	relyingParty,
	signInWithPasskey,
} from './sign-in-factors.server'

const english = i18nFor('en')
let address = 0
const request = () =>
	makeRequest('/one/auth/new/passkey/options', {
		headers: { 'x-tagg-remote-address': `10.38.0.${address++ % 250}` },
	})

async function registrationOptions(customerId: string) {
	const outcome = await passkeyRegistrationOptions(customerId)
	if (!outcome.ok) throw new Error(outcome.message)
	return outcome.options
}

async function loginOptions() {
	const outcome = await passkeyLoginOptions(request())
	if (!outcome.ok) throw new Error(outcome.message)
	return outcome.options
}

/** An owner with one passkey of a fresh software authenticator. */
async function ownerWithPasskey() {
	const owner = await createOwner()
	const authenticator = new SoftwareAuthenticator(relyingParty().origin)
	const added = await registerPasskey(
		owner.id,
		{ response: authenticator.create(await registrationOptions(owner.id)), name: 'Laptop' },
		english,
	)
	expect(added.ok).toBe(true)
	return { owner, authenticator }
}

describe('TOTP (RFC 6238, RFC 4226)', () => {
	// RFC 6238 Appendix B: the seeds for SHA-1, SHA-256, SHA-512 and their 8-digit codes.
	const seeds = {
		sha1: Buffer.from('12345678901234567890'),
		sha256: Buffer.from('12345678901234567890123456789012'),
		sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234'),
	}
	test.each([
		[59, '94287082', '46119246', '90693936'],
		[1111111109, '07081804', '68084774', '25091201'],
		[1111111111, '14050471', '67062674', '99943326'],
		[1234567890, '89005924', '91819424', '93441116'],
		[2000000000, '69279037', '90698825', '38618901'],
		[20000000000, '65353130', '77737706', '47863826'],
	])('the test vectors at %i s', (seconds, sha1, sha256, sha512) => {
		expect(totpCode(seeds.sha1, seconds * 1000, 8, 'sha1')).toBe(sha1)
		expect(totpCode(seeds.sha256, seconds * 1000, 8, 'sha256')).toBe(sha256)
		expect(totpCode(seeds.sha512, seconds * 1000, 8, 'sha512')).toBe(sha512)
	})

	test('RFC 4226 Appendix D: the HOTP values of counters 0 to 9', () => {
		const expected = [
			'755224',
			'287082',
			'359152',
			'969429',
			'338314',
			'254676',
			'287922',
			'162583',
			'399871',
			'520489',
		]
		expect(expected.map((_, counter) => hotp(seeds.sha1, counter))).toEqual(expected)
	})

	test('base32 as RFC 4648 section 10 has it, and back', () => {
		const vectors: Array<[string, string]> = [
			['', ''],
			['f', 'MY'],
			['fo', 'MZXQ'],
			['foo', 'MZXW6'],
			['foob', 'MZXW6YQ'],
			['fooba', 'MZXW6YTB'],
			['foobar', 'MZXW6YTBOI'],
		]
		for (const [text, encoded] of vectors) {
			expect(base32Encode(Buffer.from(text))).toBe(encoded)
			expect(base32Decode(encoded)!.toString()).toBe(text)
		}
		expect(base32Decode('mzxw 6ytb oi==')!.toString()).toBe('foobar')
		expect(base32Decode('MZXW1')).toBeNull()
	})

	test('a code matches its step and the steps either side, once past the last step used', () => {
		const secret = base32Encode(crypto.randomBytes(20))
		const key = base32Decode(secret)!
		const now = Date.now()
		const step = currentStep()
		expect(matchTotpStep(key, codeAt(secret, step), now)).toBe(step)
		expect(matchTotpStep(key, codeAt(secret, step - 1), now)).toBe(step - 1)
		expect(matchTotpStep(key, codeAt(secret, step + 1), now)).toBe(step + 1)
		expect(matchTotpStep(key, codeAt(secret, step - 2), now)).toBeNull()
		expect(matchTotpStep(key, codeAt(secret, step + 2), now)).toBeNull()
		expect(matchTotpStep(key, codeAt(secret, step), now, step)).toBeNull()
		expect(
			matchTotpStep(
				key,
				` ${codeAt(secret, step).slice(0, 3)} ${codeAt(secret, step).slice(3)}`,
				now,
			),
		).toBe(step)
		expect(matchTotpStep(key, '12345', now)).toBeNull()
	})

	test('the otpauth URL names Tagg and the account', () => {
		const url = new URL(otpauthUrl('JBSWY3DPEHPK3PXP', 'ada+tagg@example.com'))
		expect(url.protocol).toBe('otpauth:')
		expect(url.host).toBe('totp')
		expect(decodeURIComponent(url.pathname)).toBe('/Tagg:ada+tagg@example.com')
		expect(Object.fromEntries(url.searchParams)).toEqual({
			secret: 'JBSWY3DPEHPK3PXP',
			issuer: 'Tagg',
			algorithm: 'SHA1',
			digits: '6',
			period: '30',
		})
	})

	test('a sealed secret opens only for its owner, and never shows the secret', () => {
		const sealed = sealSecret('JBSWY3DPEHPK3PXP', 'owner-a')
		expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
		expect(sealSecret('JBSWY3DPEHPK3PXP', 'owner-a')).not.toBe(sealed)
		expect(openSecret(sealed, 'owner-a')).toBe('JBSWY3DPEHPK3PXP')
		expect(openSecret(sealed, 'owner-b')).toBeNull()
		expect(openSecret(`${sealed.slice(0, -2)}AA`, 'owner-a')).toBeNull()
		expect(openSecret('garbage', 'owner-a')).toBeNull()
	})

	test('recovery codes: 80 bits in four groups, typed in any case and spacing', () => {
		const codes = Array.from({ length: 50 }, newRecoveryCode)
		expect(new Set(codes).size).toBe(50)
		for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/)
		const code = codes[0]!
		expect(normaliseRecoveryCode(code.toLowerCase().replace(/-/g, ' '))).toBe(
			code.replace(/-/g, ''),
		)
		expect(normaliseRecoveryCode('ABCD-EFGH')).toBeNull()
		expect(normaliseRecoveryCode('ABCD-EFGH-JKMN-PQR1')).toBeNull()
	})
})

describe('adding a passkey', () => {
	test('the options: a discoverable credential with user verification, this site as the relying party', async () => {
		const owner = await createOwner({ name: 'Ada Lovelace' })
		const options = await registrationOptions(owner.id)
		expect(options.rp).toEqual({ id: 'tagg.test', name: 'Tagg' })
		expect(options.user.name).toBe(owner.email)
		expect(options.user.displayName).toBe('Ada Lovelace')
		expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(owner.id)
		expect(options.attestation).toBe('none')
		expect(options.authenticatorSelection).toMatchObject({
			residentKey: 'required',
			userVerification: 'required',
		})
		expect(options.pubKeyCredParams.map((param) => param.alg)).toContain(-7)
		expect(options.excludeCredentials).toEqual([])
	})

	test('a response made for the options adds the passkey; the options then exclude it', async () => {
		const owner = await createOwner()
		const authenticator = new SoftwareAuthenticator(relyingParty().origin)
		const added = await registerPasskey(
			owner.id,
			{ response: authenticator.create(await registrationOptions(owner.id)) },
			english,
		)
		expect(added).toMatchObject({ ok: true, passkey: { name: 'Passkey 1', lastUsedAt: null } })
		const factors = await getFactors(owner.id)
		expect(factors.passkeys).toHaveLength(1)
		expect(factors.totp).toBe(false)
		expect((await registrationOptions(owner.id)).excludeCredentials).toEqual([
			{ id: authenticator.id, type: 'public-key', transports: ['internal'] },
		])
		// The same credential again is refused.
		const again = await registerPasskey(
			owner.id,
			{ response: authenticator.create(await registrationOptions(owner.id)) },
			english,
		)
		expect(again).toMatchObject({ ok: false, status: 409 })
	})

	test.each<
		[string, (options: { challenge: string }) => Parameters<SoftwareAuthenticator['create']>[1]]
	>([
		['another origin', () => ({ origin: 'https://evil.example' })],
		['another relying party', () => ({ rpId: 'evil.example' })],
		['a user present but not verified', () => ({ flags: FLAGS.UP })],
		['no user present', () => ({ flags: FLAGS.UV })],
		[
			'a challenge never handed out',
			() => ({ challenge: crypto.randomBytes(32).toString('base64url') }),
		],
		['a sign-in response type', () => ({ type: 'webauthn.get' })],
	])('refused: %s', async (_, overrides) => {
		const owner = await createOwner()
		const authenticator = new SoftwareAuthenticator(relyingParty().origin)
		const options = await registrationOptions(owner.id)
		const outcome = await registerPasskey(
			owner.id,
			{ response: authenticator.create(options, overrides(options)) },
			english,
		)
		expect(outcome).toMatchObject({ ok: false, status: 400, field: 'response' })
		expect((await getFactors(owner.id)).passkeys).toEqual([])
	})

	test("a challenge is single use, and another owner's is refused without being spent", async () => {
		const owner = await createOwner()
		const other = await createOwner()
		const authenticator = new SoftwareAuthenticator(relyingParty().origin)
		const options = await registrationOptions(owner.id)
		const response = authenticator.create(options)
		// Another owner presenting it: refused, and the owner's challenge is still there.
		expect(await registerPasskey(other.id, { response }, english)).toMatchObject({
			ok: false,
			status: 400,
		})
		expect((await registerPasskey(owner.id, { response }, english)).ok).toBe(true)
		// Spent: a second authenticator answering the same options is refused.
		const second = new SoftwareAuthenticator(relyingParty().origin)
		expect(
			await registerPasskey(owner.id, { response: second.create(options) }, english),
		).toMatchObject({ ok: false, status: 400 })
	})

	test('a login challenge does not register a passkey', async () => {
		const owner = await createOwner()
		const authenticator = new SoftwareAuthenticator(relyingParty().origin)
		const options = await registrationOptions(owner.id)
		const login = await loginOptions()
		const outcome = await registerPasskey(
			owner.id,
			{ response: authenticator.create(options, { challenge: login.challenge }) },
			english,
		)
		expect(outcome.ok).toBe(false)
	})
})

describe('signing in with a passkey', () => {
	test('the options list no credential (discoverable) and require user verification', async () => {
		const options = await loginOptions()
		expect(options.rpId).toBe('tagg.test')
		expect(options.userVerification).toBe('required')
		expect(options.allowCredentials ?? []).toEqual([])
	})

	test('a signed response signs its owner in, moves the counter and records the use', async () => {
		const { owner, authenticator } = await ownerWithPasskey()
		const outcome = await signInWithPasskey({ response: authenticator.get(await loginOptions()) })
		expect(outcome).toEqual({
			ok: true,
			customerId: owner.id,
			hasPath: true,
			passwordReset: false,
		})
		const [passkey] = (await getFactors(owner.id)).passkeys
		expect(passkey!.lastUsedAt).toBeInstanceOf(Date)
		// Again, with a new challenge: the counter goes on.
		expect(
			(await signInWithPasskey({ response: authenticator.get(await loginOptions()) })).ok,
		).toBe(true)
	})

	test.each<[string, Parameters<SoftwareAuthenticator['get']>[1]]>([
		['another origin', { origin: 'https://evil.example' }],
		['another relying party', { rpId: 'evil.example' }],
		['a user not verified', { flags: FLAGS.UP }],
		['a broken signature', { badSignature: true }],
		['a challenge never handed out', { challenge: crypto.randomBytes(32).toString('base64url') }],
		['a registration response type', { type: 'webauthn.create' }],
	])('refused: %s', async (_, overrides) => {
		const { authenticator } = await ownerWithPasskey()
		const outcome = await signInWithPasskey({
			response: authenticator.get(await loginOptions(), overrides),
		})
		expect(outcome).toMatchObject({ ok: false, status: 401 })
	})

	test('a response is good once: the challenge is spent', async () => {
		const { authenticator } = await ownerWithPasskey()
		const response = authenticator.get(await loginOptions())
		expect((await signInWithPasskey({ response })).ok).toBe(true)
		expect(await signInWithPasskey({ response })).toMatchObject({ ok: false, status: 401 })
	})

	test('a counter that goes back (a cloned authenticator) is refused', async () => {
		const { authenticator } = await ownerWithPasskey()
		expect(
			(
				await signInWithPasskey({
					response: authenticator.get(await loginOptions(), { counter: 5 }),
				})
			).ok,
		).toBe(true)
		const cloned = authenticator.get(await loginOptions(), { counter: 3 })
		expect(await signInWithPasskey({ response: cloned })).toMatchObject({ ok: false, status: 401 })
	})

	test('an unknown credential, a foreign user handle, a disabled owner: refused', async () => {
		const stranger = new SoftwareAuthenticator(relyingParty().origin)
		stranger.userHandle = Buffer.from('nobody').toString('base64url')
		expect(await signInWithPasskey({ response: stranger.get(await loginOptions()) })).toMatchObject(
			{ ok: false, status: 401 },
		)

		const { owner, authenticator } = await ownerWithPasskey()
		const other = await createOwner()
		authenticator.userHandle = Buffer.from(other.id).toString('base64url')
		expect(
			await signInWithPasskey({ response: authenticator.get(await loginOptions()) }),
		).toMatchObject({ ok: false, status: 401 })
		authenticator.userHandle = Buffer.from(owner.id).toString('base64url')

		await setCustomerDisabled(owner.id, true)
		expect(
			await signInWithPasskey({ response: authenticator.get(await loginOptions()) }),
		).toMatchObject({ ok: false, status: 401 })
	})

	test('a registration challenge does not sign anyone in', async () => {
		const { owner, authenticator } = await ownerWithPasskey()
		const registration = await registrationOptions(owner.id)
		const outcome = await signInWithPasskey({
			response: authenticator.get({ challenge: registration.challenge, rpId: 'tagg.test' }),
		})
		expect(outcome).toMatchObject({ ok: false, status: 401 })
	})
})
