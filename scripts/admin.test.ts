import fs from 'node:fs'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { describe, expect, test } from 'vitest'
import { createOwner, DEFAULT_PASSWORD, uniquePath } from '#tests/factories'
import { runScript } from '#tests/run-script'
import { SoftwareAuthenticator, turnOnTotp } from '#tests/second-factor'
import { claimPath, getCustomerIdByPath, verifyLogin } from '~/models/customer.server'
import { pendingMessages } from '~/models/outbox.server'
import { getFactors, secondFactorIsOn } from '~/models/sign-in-factor.server'
import {
	passkeyRegistrationOptions,
	registerPasskey,
	relyingParty,
} from '~/services/sign-in-factors.server'
import { i18nFor } from '~/utils/i18n'

describe('npm run admin', () => {
	test('lists owners', async () => {
		const owner = await createOwner()
		const result = await runScript('admin.ts', ['list'])
		expect(result.code).toBe(0)
		expect(result.stdout).toContain(owner.email)
		expect(result.stdout).toContain(`/${owner.path}`)
	})

	test('disable hides the pages and refuses login; enable restores both', async () => {
		const owner = await createOwner()
		const disabled = await runScript('admin.ts', ['disable', owner.path!])
		expect(disabled.code).toBe(0)
		expect(await getCustomerIdByPath(owner.path!)).toBeNull()
		expect(await verifyLogin(owner.email, DEFAULT_PASSWORD)).toBeNull()
		const enabled = await runScript('admin.ts', ['enable', owner.email])
		expect(enabled.code).toBe(0)
		expect(await getCustomerIdByPath(owner.path!)).toBe(owner.id)
		expect(await verifyLogin(owner.email, DEFAULT_PASSWORD)).toEqual({ id: owner.id })
	})

	test('reset-password sets the given password', async () => {
		const owner = await createOwner()
		const result = await runScript('admin.ts', ['reset-password', owner.id, 'a-brand-new-password'])
		expect(result.code).toBe(0)
		expect(await verifyLogin(owner.email, DEFAULT_PASSWORD)).toBeNull()
		expect(await verifyLogin(owner.email, 'a-brand-new-password')).toEqual({ id: owner.id })
	})

	test('reset-mfa removes the authenticator codes, recovery codes and passkeys; the owner is told', async () => {
		const owner = await createOwner()
		await turnOnTotp(owner.id)
		const options = await passkeyRegistrationOptions(owner.id)
		if (!options.ok) throw new Error(options.message)
		const authenticator = new SoftwareAuthenticator(relyingParty().origin)
		const added = await registerPasskey(
			owner.id,
			{ response: authenticator.create(options.options), name: 'Lost phone' },
			i18nFor('en'),
		)
		expect(added.ok).toBe(true)
		const before = await getFactors(owner.id)
		expect(before).toMatchObject({ totp: true, recoveryCodesLeft: 10 })
		expect(before.passkeys).toHaveLength(1)

		const result = await runScript('admin.ts', ['reset-mfa', owner.path!])
		expect(result.code).toBe(0)
		expect(result.stdout).toContain(
			`Removed the sign-in factors of ${owner.email}: authenticator codes turned off, 10 recovery code(s), 1 passkey(s).`,
		)
		expect(await secondFactorIsOn(owner.id)).toBe(false)
		expect(await getFactors(owner.id)).toMatchObject({ passkeys: [], recoveryCodesLeft: 0 })
		// Sent from the command itself: no notice left waiting.
		expect(
			(await pendingMessages()).filter(
				(message) => message.to === owner.email && message.kind === 'factor-removed',
			),
		).toEqual([])
		const folder = path.join(process.env.DATA_DIR!, 'mail')
		const mail = await Promise.all(
			fs.readdirSync(folder).map((file) => simpleParser(fs.readFileSync(path.join(folder, file)))),
		)
		expect(
			mail.some(
				(message) =>
					message.subject ===
						'Two-factor authentication and passkeys were removed from your Tagg account' &&
					message.text?.includes(owner.email),
			),
		).toBe(true)

		const again = await runScript('admin.ts', ['reset-mfa', owner.email])
		expect(again.code).toBe(0)
		expect(again.stdout).toContain('has no sign-in factors')
	}, 90_000)

	test('release-path frees the path', async () => {
		const owner = await createOwner()
		const result = await runScript('admin.ts', ['release-path', owner.email])
		expect(result.code).toBe(0)
		expect(await getCustomerIdByPath(owner.path!)).toBeNull()
	})

	test('release-path also frees the previous paths held after a change (found by one)', async () => {
		const owner = await createOwner()
		const old = owner.path!
		const renamed = uniquePath('Renamed')
		expect(await claimPath(owner.id, renamed)).toEqual({ ok: true, path: renamed, changed: true })
		// The same address again is no change (settings says "already", nothing is held).
		expect(await claimPath(owner.id, renamed)).toEqual({ ok: true, path: renamed, changed: false })
		const other = await createOwner({ path: null })
		expect(await claimPath(other.id, old)).toEqual({ ok: false, reason: 'taken' })
		const result = await runScript('admin.ts', ['release-path', old])
		expect(result.code).toBe(0)
		expect(result.stdout).toContain(`/${renamed}, /${old}`)
		expect(await claimPath(other.id, old)).toEqual({ ok: true, path: old, changed: true })
	})

	test('bad input: usage and a non-zero exit', async () => {
		const help = await runScript('admin.ts', ['--help'])
		expect(help.code).toBe(0)
		expect(help.stdout).toContain('Usage: npm run admin')
		const unknown = await runScript('admin.ts', ['explode'])
		expect(unknown.code).toBe(2)
		expect(unknown.stderr).toContain('Unknown command: explode')
		const missing = await runScript('admin.ts', ['disable'])
		expect(missing.code).toBe(2)
		const nobody = await runScript('admin.ts', ['disable', 'nobody@example.com'])
		expect(nobody.code).toBe(1)
		expect(nobody.stderr).toContain('No owner matches')
		const weak = await runScript('admin.ts', ['reset-password', 'x', 'short'])
		expect(weak.code).toBe(2)
		// Five processes, each starting Node and tsx: slow on a busy machine.
	}, 90_000)
})

describe('npm run db:migrate and db:status', () => {
	test('db:status shows the applied migrations; db:migrate has nothing to do', async () => {
		const status = await runScript('db-migrate.ts', ['--status'])
		expect(status.code).toBe(0)
		expect(status.stdout).toMatch(/applied {2}\d+_init/)
		const migrate = await runScript('db-migrate.ts')
		expect(migrate.stdout).toContain('Database schema is up to date.')
	})
})
