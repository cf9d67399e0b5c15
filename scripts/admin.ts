/**
 * `npm run admin -- <command>`: day-to-day administration of owners.
 */
import crypto from 'node:crypto'
import { PasswordSchema } from '../app/utils/account-schemas'
import {
	findCustomer,
	listCustomers,
	releasePath,
	resetPassword,
	setCustomerDisabled,
} from '../app/models/customer.server'
import { CliError, fail, withDatabase } from './lib/database'

const USAGE = `Usage: npm run admin -- <command> [arguments]

Commands:
  list                          every owner: id, email, path, status
  disable <owner>               hide the owner's pages (404) and refuse their login
  enable <owner>                undo disable
  reset-password <owner> [pw]   set a new password (a random one is printed when omitted)
  release-path <owner>          free the owner's public path, and the previous paths still
                                held for them after a change, for someone else

<owner> is an id, an email, a claimed path or a previous path held for the owner.
Uses DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR (default ./data).`

const [command, ...args] = process.argv.slice(2)
if (!command || command === '--help' || command === '-h') {
	console.log(USAGE)
	process.exit(command ? 0 : 2)
}
const commands = ['list', 'disable', 'enable', 'reset-password', 'release-path']
if (!commands.includes(command)) fail(`Unknown command: ${command}`, USAGE)
if (command !== 'list' && !args[0]) fail(`${command} needs an owner (id, email or path)`, USAGE)
if (command === 'reset-password' && args[1] !== undefined) {
	const check = PasswordSchema.safeParse(args[1])
	if (!check.success) fail(check.error.issues[0]?.message ?? 'Invalid password')
}

await withDatabase(async () => {
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
