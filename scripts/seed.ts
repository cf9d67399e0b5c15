/**
 * `npm run seed`: a complete demo owner (profile, resume, portfolio with images, 90 days of
 * insights). Idempotent:
 * a second run changes nothing.
 */
import { DEMO_OWNER, seedDemoOwner } from '../tests/fixtures/demo-owner'
import { fail, withDatabase } from './lib/database'

const USAGE = `Usage: npm run seed

Creates the demo owner ${DEMO_OWNER.email} at /${DEMO_OWNER.path} unless it exists.
Uses DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR (default ./data).`

const args = process.argv.slice(2)
if (args.includes('--help') || args.includes('-h')) {
	console.log(USAGE)
	process.exit(0)
}
if (args.length) fail(`Unknown argument: ${args[0]}`, USAGE)

await withDatabase(async (env) => {
	const { created } = await seedDemoOwner()
	console.log(
		created ? 'Created the demo owner.' : 'The demo owner already exists: nothing changed.',
	)
	console.log(`
  Public page: ${env.PUBLIC_SITE_URL}/${DEMO_OWNER.path}
  Log in at:   ${env.PUBLIC_SITE_URL}/login
  Email:       ${DEMO_OWNER.email}
  Password:    ${DEMO_OWNER.password}
`)
})
