/**
 * What keeps bots off the page's contact form (`/{pname}/connect`) without a
 * third-party service: a field people never see (a honeypot) and a minimum time to fill the
 * form, timed from a signed stamp of when the page was made. A hit is answered as a success and
 * dropped (a bot learns nothing). The API has neither: its limits hold it.
 */
import crypto from 'node:crypto'
import { HONEYPOT_FIELD, STARTED_FIELD } from './contact-schemas'
import { env } from './env.server'

/** Nobody reads the form and types their details this fast. */
export const MIN_FILL_MS = 2_000

const sign = (time: number) =>
	crypto
		.createHmac('sha256', env().JWT_SECRET)
		.update(`contact-form:${time}`)
		.digest('base64url')
		.slice(0, 22)

/** The stamp of a form made at `now` (the page rendered it). */
export const formStamp = (now = Date.now()) => `${now}.${sign(now)}`

/**
 * Whether a posted form looks like a person's: the honeypot empty, a stamp this server made, at
 * least MIN_FILL_MS old. A stale stamp (a tab left open overnight) is still a person's.
 */
export function looksHuman(form: FormData, now = Date.now()) {
	const honeypot = form.get(HONEYPOT_FIELD)
	if (typeof honeypot === 'string' && honeypot !== '') return false
	const stamp = form.get(STARTED_FIELD)
	if (typeof stamp !== 'string') return false
	const match = /^(\d{13})\.([A-Za-z0-9_-]{22})$/.exec(stamp)
	if (!match) return false
	const time = Number(match[1])
	const expected = Buffer.from(sign(time))
	const given = Buffer.from(match[2]!)
	if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return false
	return now - time >= MIN_FILL_MS
}
