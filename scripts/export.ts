/**
 * `npm run export -- <owner> [--out FILE]`: one owner's whole account (profile, resume,
 * portfolio, images, password hash) as one archive that `npm run import` restores elsewhere.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { AccountTransferError, exportAccountArchive } from '../app/models/account-transfer.server'
import { findCustomer } from '../app/models/customer.server'
import { CliError, fail, withDatabase } from './lib/database'

const USAGE = `Usage: npm run export -- <owner> [--out FILE]

Writes one owner's whole account to a gzipped tar archive: document.json (profile, resume,
portfolio, the bcrypt password hash; no sessions) and images/<sha256>.webp.
<owner> is the owner's path (PNAME), email or id.

Options:
  --out FILE   where to write (default: <pname>-tagg-export.tar.gz in the current directory)

Restore it on any Tagg deployment with: npm run import -- FILE
Uses DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR (default ./data).`

const args = process.argv.slice(2)
if (args.includes('--help') || args.includes('-h')) {
	console.log(USAGE)
	process.exit(0)
}
let owner: string | undefined
let out: string | undefined
for (let i = 0; i < args.length; i++) {
	const arg = args[i]!
	if (arg === '--out') {
		out = args[++i]
		if (!out || out.startsWith('--')) fail('--out needs a file name', USAGE)
	} else if (arg.startsWith('-')) {
		fail(`Unknown option: ${arg}`, USAGE)
	} else if (owner === undefined) {
		owner = arg
	} else {
		fail(`Unexpected argument: ${arg}`, USAGE)
	}
}
if (!owner) fail('Name the owner to export (their path, email or id).', USAGE)

await withDatabase(async () => {
	const customer = await findCustomer(owner)
	if (!customer) throw new CliError(`No owner matches ${JSON.stringify(owner)}.`)
	const name = customer.profile?.path ?? customer.email.replace(/[^A-Za-z0-9.-]+/g, '-')
	// Relative to where the command was typed (npm runs scripts from the package root).
	const file = path.resolve(
		process.env.INIT_CWD ?? process.cwd(),
		out ?? `${name}-tagg-export.tar.gz`,
	)
	// Written beside the target, then renamed: a reader never sees half an archive. The archive
	// is the very stream the settings page's 'Download my data' sends.
	const temp = `${file}.${process.pid}.partial`
	let exported
	try {
		exported = await exportAccountArchive(customer.id, { passwordHash: true })
		if (!exported) throw new CliError(`No owner matches ${JSON.stringify(owner)}.`)
		await pipeline(exported.archive, fs.createWriteStream(temp, { mode: 0o600 }))
		fs.renameSync(temp, file)
	} catch (error) {
		fs.rmSync(temp, { force: true })
		if (error instanceof AccountTransferError) throw new CliError(error.message)
		if (error instanceof CliError) throw error
		throw new CliError(`Could not write ${file}: ${(error as Error).message}`)
	}
	const { document } = exported
	const imageCount = document.portfolio.reduce((count, item) => count + item.images.length, 0)
	const size = fs.statSync(file).size
	console.log(
		`Exported ${document.account.email}${document.profile.path ? ` (/${document.profile.path})` : ''}: ${document.portfolio.length} portfolio item(s), ${imageCount} image(s).`,
	)
	console.log(`Wrote ${file} (${(size / 1024).toFixed(0)} KiB).`)
	console.log('It contains the password hash: keep it as private as a database backup.')
})
