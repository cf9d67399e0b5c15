/**
 * Contact exchange (ARCHITECTURE.md "Contact exchange";
 * docs/decisions/035-contact-exchange.md): what the page's form (`/{pname}/connect`) and the API
 * (`POST /one/contacts/{pname}`) share. A visitor's details are taken only while the owner's form
 * is open, within limits reserved before any work (per client and owner, per client, per owner:
 * atomic across instances, 429 with Retry-After past one), with the consent sentence the form
 * shows in the owner's page language; the owner is told by email through the outbox.
 */
import { type I18n } from '@lingui/core'
import { createContact, findOpenContactForm, lastNoticeAt } from '~/models/contact.server'
import { getCustomerEmail, getCustomerIdByPath } from '~/models/customer.server'
import { queueContactNotice } from '~/models/outbox.server'
import { release, reserve, type Limit } from '~/models/rate-limit.server'
import { CONSENT, ownerName, type ContactInput } from '~/utils/contact-schemas'
import { env } from '~/utils/env.server'
import { translate, withValues } from '~/utils/i18n'
import { msg } from '~/utils/i18n-macro'
import { serverI18n } from '~/utils/i18n.server'
import { DEFAULT_LOCALE, isLocale } from '~/utils/locales'
import { wakeMailer } from './mailer.server'
import { clientAddress } from './rate-limit.server'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** The limits, narrowest first (a request refused there counts against nothing wider). */
export const CONTACT_RATE_LIMITS = {
	/** One address leaving details for one owner. */
	clientToOwner: { max: 5, windowMs: HOUR },
	/** One address leaving details for anyone. */
	client: { max: 20, windowMs: HOUR },
	/** Everything one owner receives (keeps a flood from burying the real ones). */
	owner: { max: 100, windowMs: DAY },
}

/**
 * The owner's email waits this long after a first contact, and comes at most once per
 * {@link NOTICE_WINDOW_MS}: contacts that come within minutes are told of in one digest.
 */
export const NOTICE_DELAY_MS = MINUTE
export const NOTICE_WINDOW_MS = 10 * MINUTE

export const CONTACT_REFUSALS = {
	tooManyFromClient:
		msg`You have sent your details too many times. Please wait a while and try again.`.message,
	tooManyForOwner: msg`This page cannot take more details right now. Please try again later.`
		.message,
	closed: msg`This page does not take contact details.`.message,
}

/**
 * The consent as kept with a contact: the sentence in the page's language, the link written out
 * (`How my details are kept (https://…/privacy)`).
 */
export function consentRecord(i18n: I18n, owner: string) {
	const privacy = new URL('/privacy', env().PUBLIC_SITE_URL).toString()
	return translate(i18n, withValues(CONSENT, { owner }))
		.replace(/<0>([\s\S]*?)<\/0>/, `$1 (${privacy})`)
		.replace(/<\/?\d+\/?>/g, '')
}

export type ContactOutcome =
	| { ok: true }
	| { ok: false; status: 404; message: string }
	| { ok: false; status: 429; message: string; retryAfterSeconds: number }

/** The owner of `pname` whose form is open, or null. */
export async function openContactForm(pname: string) {
	const customerId = await getCustomerIdByPath(pname)
	return customerId ? findOpenContactForm(customerId) : null
}

/**
 * Takes a visitor's details for the owner of `pname`: 404 when there is no such owner or the
 * form is closed, 429 past a limit; otherwise stored (with the consent sentence in the owner's
 * page language, and now), counted in the owner's insights, and the owner's notice queued.
 */
export async function receiveContact(
	request: Request,
	pname: string,
	input: ContactInput,
	now = new Date(),
): Promise<ContactOutcome> {
	const owner = await openContactForm(pname)
	if (!owner) return { ok: false, status: 404, message: CONTACT_REFUSALS.closed }
	const address = clientAddress(request)
	const limits: Limit[] = [
		{
			key: `contact:ip-owner:${address}|${owner.customerId}`,
			...CONTACT_RATE_LIMITS.clientToOwner,
		},
		{ key: `contact:ip:${address}`, ...CONTACT_RATE_LIMITS.client },
		{ key: `contact:owner:${owner.customerId}`, ...CONTACT_RATE_LIMITS.owner },
	]
	// One at a time, to know which refused (the attempts reserved before it are given back).
	for (const [index, limit] of limits.entries()) {
		const reservation = await reserve([limit])
		if (reservation.ok) continue
		await release(limits.slice(0, index))
		return {
			ok: false,
			status: 429,
			message:
				limit === limits[2] ? CONTACT_REFUSALS.tooManyForOwner : CONTACT_REFUSALS.tooManyFromClient,
			retryAfterSeconds: Math.ceil(reservation.retryAfterMs / 1000),
		}
	}
	const i18n = serverI18n(isLocale(owner.language) ? owner.language : DEFAULT_LOCALE)
	const { consent: _, ...details } = input
	await createContact(owner.customerId, details, {
		text: consentRecord(i18n, ownerName(owner)),
		at: now,
	})
	await notifyOwner(owner.customerId, now)
	return { ok: true }
}

/**
 * Queues the owner's email: due a minute from now (so a burst goes in one email), and not before
 * NOTICE_WINDOW_MS after the last one. A notice already waiting tells of this contact too.
 */
async function notifyOwner(customerId: string, now: Date) {
	const to = await getCustomerEmail(customerId)
	if (!to) return
	const last = await lastNoticeAt(customerId)
	const due = Math.max(
		now.getTime() + NOTICE_DELAY_MS,
		last ? last.getTime() + NOTICE_WINDOW_MS : 0,
	)
	if (await queueContactNotice(customerId, to, new Date(due))) wakeMailer()
}
