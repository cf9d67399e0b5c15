/**
 * The emails that tell an owner a visitor left their details can be stopped in one click, with
 * no sign-in (RFC 8058): each carries `List-Unsubscribe` (the address below) and
 * `List-Unsubscribe-Post`, so mail clients show an Unsubscribe button that POSTs to it; opened in
 * a browser, the address shows a page with the same button. The address holds a token signed for
 * that owner and that notice only: it never expires (an old email still stops them) and can do
 * nothing else. The Contacts page turns them on again.
 */
import jwt from 'jsonwebtoken'
import { env } from '~/utils/env.server'

/** The token's type: no other check of the app's tokens accepts it. */
const TYPE = 'contact-notices-off'

/** Where the owner's contact notices are stopped: `/account/notices/{token}` on the site. */
export function unsubscribeUrl(customerId: string) {
	const token = jwt.sign({ sub: customerId, typ: TYPE }, env().JWT_SECRET, {
		algorithm: 'HS256',
		noTimestamp: true,
	})
	return new URL(`/account/notices/${token}`, env().PUBLIC_SITE_URL).href
}

/** The owner a token of {@link unsubscribeUrl} names, or null for any other text. */
export function ownerOfUnsubscribeToken(token: unknown): string | null {
	if (typeof token !== 'string' || token.length > 1_000) return null
	try {
		const payload = jwt.verify(token, env().JWT_SECRET, { algorithms: ['HS256'] })
		if (typeof payload === 'object' && payload.typ === TYPE && typeof payload.sub === 'string')
			return payload.sub
	} catch {
		// Not one of ours.
	}
	return null
}
