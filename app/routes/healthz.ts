import { databaseIsReachable } from '~/models/health.server'

/** Liveness and database reachability for load balancers, Docker and the fault tests. */
export async function loader() {
	const database = await databaseIsReachable()
	return Response.json(
		{ status: database ? 'ok' : 'degraded', database: database ? 'up' : 'down' },
		{ status: database ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
	)
}
