import { pingDatabase } from '~/utils/db.server'

/**
 * True when the database answers a trivial query within the timeout, over a connection of its
 * own (a busy pool is no outage).
 */
export function databaseIsReachable(timeoutMs = 1500): Promise<boolean> {
	return pingDatabase(timeoutMs)
}
