/** Helpers for test databases: every test file gets its own clone of a migrated template. */
import pg from 'pg'

export const TEMPLATE_DATABASE = 'tagg_template'

export function databaseUrl(baseUrl: string, name: string) {
	const url = new URL(baseUrl)
	url.pathname = `/${name}`
	return url.toString()
}

export async function withAdminClient<T>(baseUrl: string, fn: (client: pg.Client) => Promise<T>) {
	const client = new pg.Client({ connectionString: databaseUrl(baseUrl, 'postgres') })
	await client.connect()
	try {
		return await fn(client)
	} finally {
		await client.end()
	}
}

/** Creates (or recreates) `name` as a copy of the migrated template. */
export async function cloneTemplate(baseUrl: string, name: string) {
	await withAdminClient(baseUrl, async (client) => {
		const id = client.escapeIdentifier(name)
		await client.query(`DROP DATABASE IF EXISTS ${id} WITH (FORCE)`)
		await client.query(`CREATE DATABASE ${id} TEMPLATE ${TEMPLATE_DATABASE}`)
	})
	return databaseUrl(baseUrl, name)
}

export async function dropDatabase(baseUrl: string, name: string) {
	await withAdminClient(baseUrl, (client) =>
		client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
	)
}
