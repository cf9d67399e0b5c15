import { prisma } from '~/utils/db.server'

/** True when the database answers a trivial query within the timeout. */
export async function databaseIsReachable(timeoutMs = 1500): Promise<boolean> {
	let timer: NodeJS.Timeout | undefined
	const timeout = new Promise<false>((resolve) => {
		timer = setTimeout(() => resolve(false), timeoutMs)
	})
	const query = prisma().$queryRaw`SELECT 1`.then(() => true as const).catch(() => false as const)
	try {
		return await Promise.race([query, timeout])
	} finally {
		clearTimeout(timer)
	}
}
