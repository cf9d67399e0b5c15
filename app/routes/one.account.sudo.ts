import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { getSession } from '~/services/auth.server'
import { openSudo, sudoUntil, type SudoProof } from '~/services/sudo.server'
import {
	apiError,
	apiOk,
	apiRefusal,
	readJsonBody,
	requireMethod,
	type EndpointMethod,
} from '~/utils/api.server'
import { msg } from '~/utils/i18n-macro'
import { SudoBody } from '~/utils/sign-in-factor-schemas'

/**
 * Sudo mode (docs/decisions/040-sudo-mode.md).
 *
 * POST /one/account/sudo {password} | {code} | {response} → `data:{until}`: proves the owner is
 * present (the password, a current code of the authenticator app, or a passkey's answer to a
 * challenge of `/one/auth/new/passkey/options`) and opens sudo mode for this session for 10
 * minutes. A wrong proof is 400; past 5 wrong proofs in 15 minutes every try is 429.
 *
 * GET /one/account/sudo → `data:{until}` (null when closed), with the caller's `customer_id`.
 */
/** The methods of this URL: the read and the proof. */
const METHODS = ['GET', 'POST'] as const satisfies EndpointMethod[]

export async function action({ request }: ActionFunctionArgs) {
	requireMethod(request, [...METHODS])
	const session = await requireSession(request)
	const body = await readJsonBody(request, SudoBody)
	const proof = (
		body.password !== undefined
			? { password: body.password }
			: body.code !== undefined
				? { code: body.code }
				: { response: body.response }
	) as SudoProof
	const outcome = await openSudo(request, session, proof)
	if (!outcome.ok) return apiRefusal(outcome)
	return apiOk({ data: { until: outcome.until.toISOString() } })
}

export async function loader({ request }: LoaderFunctionArgs) {
	requireMethod(request, [...METHODS])
	const session = await requireSession(request)
	const until = await sudoUntil(session)
	return apiOk({ customer_id: session.customerId, data: { until: until?.toISOString() ?? null } })
}

async function requireSession(request: Request) {
	const session = await getSession(request)
	if (!session) throw apiError(401, msg`Unauthorized`)
	return session
}
