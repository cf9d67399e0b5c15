import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { destroySession, headersWithCookies } from '~/services/session.server'

/** POST /logout: revokes the session and returns to /login. */
export async function action({ request }: ActionFunctionArgs) {
	const cookies = await destroySession(request)
	throw redirect('/login', { headers: headersWithCookies(cookies) })
}

export async function loader() {
	throw redirect('/login')
}
