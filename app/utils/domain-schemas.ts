/**
 * The form and API body of an owner's own domain: shared by Settings and
 * `POST /one/account/domain/update`. The name's rules (normalisation, IP, this instance's own
 * host) are checked on the server: app/utils/domain-names.server.ts.
 */
import { z } from 'zod'
import { msg } from '~/utils/i18n-macro'

export const DOMAIN_MISSING = msg`Enter your domain`.message
export const DOMAIN_TOO_LONG = msg`A domain name has at most 253 characters`.message

export const DomainBody = z.object({
	domain: z
		.string({ error: DOMAIN_MISSING })
		.trim()
		.min(1, DOMAIN_MISSING)
		.max(300, DOMAIN_TOO_LONG),
})
