/**
 * `npm run admin -- <command>`: day-to-day administration of owners.
 */
import crypto from 'node:crypto'
import { PasswordSchema, RegisterSchema } from '../app/utils/account-schemas'
import {
	createCustomer,
	EmailTakenError,
	findCustomer,
	listCustomers,
	releasePath,
	resetPassword,
	setCustomerDisabled,
} from '../app/models/customer.server'
import { enqueueEmail } from '../app/models/outbox.server'
import { removeAllFactors } from '../app/models/sign-in-factor.server'
import { processOutbox } from '../app/services/mailer.server'
import { CliError, fail, withDatabase } from './lib/database'

const USAGE = `Usage: npm run admin -- <command> [arguments]

Commands:
  list                          every owner: id, email, path, status
  disable <owner>               hide the owner's pages (404) and refuse their login
  enable <owner>                undo disable
  reset-password <owner> [pw]   set a new password (a random one is printed when omitted)
  release-path <owner>          free the owner's public path, and the previous paths still
                                held for them after a change, for someone else
  reset-mfa <owner>             remove the owner's sign-in factors (authenticator codes,
                                recovery codes, passkeys) when they lost them; they are told
  invite <email>                email a one-time sign-up link (valid 7 days) to that address
                                (for SIGNUPS=invite)
  create <email> <name> [pw]    create an owner (any SIGNUPS mode; with closed, the only way);
                                a random password is printed when omitted

<owner> is an id, an email, a claimed path or a previous path held for the owner.
Uses DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR (default ./data).`

const [command, ...args] = process.argv.slice(2)
if (!command || command === '--help' || command === '-h') {
	console.log(USAGE)
	process.exit(command ? 0 : 2)
}
const commands = [
	'list',
	'disable',
	'enable',
	'reset-password',
	'release-path',
	'reset-mfa',
	'invite',
	'create',
]
if (!commands.includes(command)) fail(`Unknown command: ${command}`, USAGE)
if (command === 'invite' || command === 'create') {
	if (!args[0]) fail(`${command} needs an email address`, USAGE)
	const email = RegisterSchema.shape.email.safeParse(args[0])
	if (!email.success) fail(`${JSON.stringify(args[0])} is not an email address`)
	if (command === 'create' && !args[1]?.trim())
		fail('create needs a name: create <email> <name>', USAGE)
	if (command === 'create' && args[2] !== undefined) {
		const check = PasswordSchema.safeParse(args[2])
		if (!check.success) fail(check.error.issues[0]?.message ?? 'Invalid password')
	}
} else if (command !== 'list' && !args[0])
	fail(`${command} needs an owner (id, email or path)`, USAGE)
if (command === 'reset-password' && args[1] !== undefined) {
	const check = PasswordSchema.safeParse(args[1])
	if (!check.success) fail(check.error.issues[0]?.message ?? 'Invalid password')
}

await withDatabase(async (env) => {
	if (command === 'list') {
		const owners = await listCustomers()
		if (!owners.length) {
			console.log('No owners yet.')
			return
		}
		for (const owner of owners) {
			console.log(
				[
					owner.id,
					owner.email,
					owner.path ? `/${owner.path}` : '(no path)',
					owner.disabled ? 'disabled' : 'active',
				].join('\t'),
			)
		}
		console.log(`${owners.length} owner(s).`)
		return
	}
	if (command === 'invite') {
		const email = args[0]!.trim().toLowerCase()
		if (await findCustomer(email)) throw new CliError(`${email} already has an account.`)
		await enqueueEmail({ kind: 'signup-invite', to: email })
		// Sent now from here (no need to wait for a running instance's outbox worker).
		await processOutbox({ info: console.log, warn: console.warn, error: console.error })
		if (env.SIGNUPS !== 'invite') {
			console.log(
				`Note: SIGNUPS is ${env.SIGNUPS}; ${env.SIGNUPS === 'closed' ? 'the link cannot be used until it is invite or open' : 'anyone can sign up anyway'}.`,
			)
		}
		console.log(`Invited ${email}: the link works once, within 7 days.`)
		return
	}
	if (command === 'create') {
		const password = args[2] ?? crypto.randomBytes(12).toString('base64url')
		try {
			const created = await createCustomer({ email: args[0]!, name: args[1]!.trim(), password })
			console.log(
				`Created ${created.email} (${created.id}).${args[2] === undefined ? ` Password: ${password}` : ''}\nThey claim their address at first login.`,
			)
		} catch (error) {
			if (error instanceof EmailTakenError) throw new CliError(`${args[0]} already has an account.`)
			throw error
		}
		return
	}
	const owner = await findCustomer(args[0]!)
	if (!owner) {
		throw new CliError(`No owner matches ${JSON.stringify(args[0])}.`)
	}
	switch (command) {
		case 'disable':
			await setCustomerDisabled(owner.id, true)
			console.log(`Disabled ${owner.email}: their pages answer 404 and they cannot log in.`)
			break
		case 'enable':
			await setCustomerDisabled(owner.id, false)
			console.log(`Enabled ${owner.email}.`)
			break
		case 'reset-password': {
			const password = args[1] ?? crypto.randomBytes(12).toString('base64url')
			await resetPassword(owner.id, password)
			console.log(
				`New password for ${owner.email}: ${password}\nEvery session of this owner was ended.`,
			)
			break
		}
		case 'reset-mfa': {
			const removed = await removeAllFactors(owner.id)
			if (!removed.totp && !removed.passkeys) {
				console.log(`${owner.email} has no sign-in factors: nothing to remove.`)
				break
			}
			// The notice is sent now from here, like an invitation.
			await processOutbox({ info: () => {}, warn: console.warn, error: console.error })
			console.log(
				`Removed the sign-in factors of ${owner.email}: authenticator codes ${removed.totp ? 'turned off' : 'were off'}, ${removed.recoveryCodes} recovery code(s), ${removed.passkeys} passkey(s). They log in with their password alone now, and were told by email.`,
			)
			break
		}
		case 'release-path': {
			const released = await releasePath(owner.id)
			if (!released.length) {
				console.log(`${owner.email} has no path to release.`)
				break
			}
			console.log(
				`Released ${released.map((path) => `/${path}`).join(', ')}; ${owner.email} must claim a new path at next login.`,
			)
			break
		}
	}
})
