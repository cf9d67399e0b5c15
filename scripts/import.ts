/**
 * `npm run import -- <file> [--path NEW]`: restores an account written by `npm run export` as a
 * new owner on this deployment. All or nothing.
 */
import fs from 'node:fs'
import path from 'node:path'
import {
	AccountTransferError,
	importAccount,
	readAccountArchive,
	type AccountBundle,
} from '../app/models/account-transfer.server'
import { CliError, fail, withDatabase } from './lib/database'
import { TarError } from '../app/utils/tar.server'

const USAGE = `Usage: npm run import -- <file> [--path NEW]

Restores an account archive written by \`npm run export\` as a new owner on this deployment
(profile, resume, portfolio, images and password: the owner logs in as before). An archive
the owner downloaded from Settings holds no password: the owner is emailed a link to choose one.
The archive's email must not exist here yet. Nothing is written unless everything is.

Options:
  --path NEW   claim this public path instead of the one in the archive (use it when that
               one is taken here)

Uses DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR (default ./data).`

const args = process.argv.slice(2)
if (args.includes('--help') || args.includes('-h')) {
	console.log(USAGE)
	process.exit(0)
}
let file: string | undefined
let newPath: string | undefined
for (let i = 0; i < args.length; i++) {
	const arg = args[i]!
	if (arg === '--path') {
		newPath = args[++i]
		if (!newPath || newPath.startsWith('--')) fail('--path needs a name', USAGE)
	} else if (arg.startsWith('-')) {
		fail(`Unknown option: ${arg}`, USAGE)
	} else if (file === undefined) {
		file = arg
	} else {
		fail(`Unexpected argument: ${arg}`, USAGE)
	}
}
if (!file) fail('Name the archive to import.', USAGE)

// Relative to where the command was typed (npm runs scripts from the package root).
const archive = path.resolve(process.env.INIT_CWD ?? process.cwd(), file)
try {
	if (!fs.statSync(archive).isFile()) fail(`Cannot read ${file}: it is not a file`)
	fs.accessSync(archive, fs.constants.R_OK)
} catch (error) {
	fail(`Cannot read ${file}: ${(error as Error).message}`)
}

// Read and check the whole archive before touching the database. Streamed within
// ACCOUNT_ARCHIVE_BUDGET: only the document and the images it names are kept (docs/decisions/026).
let bundle: AccountBundle
try {
	bundle = await readAccountArchive(archive)
} catch (error) {
	if (error instanceof TarError) {
		console.error(
			error.reason === 'unreadable'
				? `${file} is not a Tagg account export: ${error.message}. Nothing was imported.`
				: `${file} was refused: ${error.message}. Nothing was imported.`,
		)
	} else if (error instanceof AccountTransferError) {
		console.error(`${error.message}\nNothing was imported.`)
	} else throw error
	process.exit(1)
}

await withDatabase(async () => {
	try {
		const result = await importAccount(bundle, newPath === undefined ? {} : { path: newPath })
		console.log(
			`Imported ${result.email}${result.path ? ` at /${result.path}` : ' (no public path yet)'}: ${result.portfolioItems} portfolio item(s), ${result.images} image(s).`,
		)
		console.log(
			result.passwordLinkSent
				? "The archive holds no password (an owner's own download): a link to choose one is queued for their email and sent by the running app (npm start)."
				: 'The owner logs in with the same email and password as before.',
		)
	} catch (error) {
		if (error instanceof AccountTransferError) {
			throw new CliError(`${error.message}\nNothing was imported.`)
		}
		throw error
	}
})
