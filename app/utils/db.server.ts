/**
 * The one Prisma client. Only app/models/*.server.ts import it.
 * DATABASE_URL is read on first use: the server sets it after starting the embedded database.
 */
import { PrismaPg } from '@prisma/adapter-pg'
import { PrismaClient } from '~/generated/prisma/client'

export type { Prisma } from '~/generated/prisma/client'

declare global {
	var __taggPrisma: PrismaClient | undefined
}

function createClient() {
	const connectionString = process.env.DATABASE_URL
	if (!connectionString) {
		throw new Error('DATABASE_URL is not set: start the app with `npm start` or set it')
	}
	const adapter = new PrismaPg({
		connectionString,
		max: 10,
		// Fail fast instead of hanging when the database is unreachable.
		connectionTimeoutMillis: 2000,
		idleTimeoutMillis: 30_000,
	})
	return new PrismaClient({ adapter })
}

/** The shared client; created lazily so importing this module never connects. */
export function prisma(): PrismaClient {
	globalThis.__taggPrisma ??= createClient()
	return globalThis.__taggPrisma
}

export async function disconnectPrisma() {
	const client = globalThis.__taggPrisma
	globalThis.__taggPrisma = undefined
	await client?.$disconnect()
}
