/**
 * What a visitor leaves for an owner ('Exchange contact'; ARCHITECTURE.md "Contact
 * exchange"), checked the same way for the page's form (`/{pname}/connect`) and the API
 * (`POST /one/contacts/{pname}`): `name` (required), `email` and/or `phone` (one of them),
 * `company`, `message` (at most 1,000 characters) and `consent` (`true`, or `on` from a form).
 *
 * The messages a visitor reads are English strings in the catalogs (`msg` below), translated
 * where they are shown (`translate(i18n, message)`); an API client's mistakes of type stay
 * English, as elsewhere (docs/decisions/032-i18n-lingui.md).
 */
import { z } from 'zod'
import { msg } from '~/utils/i18n-macro'

export const CONTACT_LIMITS = {
	name: 100,
	email: 254,
	/** As typed, separators included (the digits: 7 to 15). */
	phone: 32,
	company: 100,
	message: 1_000,
} as const

export const CONTACT_MESSAGES = {
	nameMissing: msg`Enter your name`.message,
	nameTooLong: msg`Your name can be at most 100 characters`.message,
	reachMissing: msg`Enter your email or your phone number`.message,
	emailInvalid: msg`Enter a valid email address`.message,
	phoneInvalid: msg`Enter a phone number of 7 to 15 digits`.message,
	companyTooLong: msg`The company can be at most 100 characters`.message,
	messageTooLong: msg`Your note can be at most 1,000 characters`.message,
	consentMissing: msg`Tick the box to agree to share your details`.message,
} as const

/** Characters as a person counts them (an emoji is one), not UTF-16 units. */
export const characterCount = (text: string) => [...text].length

/** One line of text: every run of spaces, tabs and line breaks becomes one space, trimmed. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

/** The note: line breaks kept (CRLF and CR read as LF), trimmed. */
const note = (text: string) => text.replace(/\r\n?/g, '\n').trim()

/** Blank (absent, null, or only spaces): the field was not given. */
const given = (cleaned: (text: string) => string) => (value: unknown) =>
	typeof value === 'string' ? cleaned(value) || undefined : value === null ? undefined : value

const text = (cleaned: (text: string) => string, max: number, tooLong: string) =>
	z.preprocess(
		given(cleaned),
		z
			.string({ error: 'must be text' })
			.refine((value) => characterCount(value) <= max, tooLong)
			.optional(),
	)

/** A phone number as people type it: digits with spaces, dots, dashes or brackets, a leading +. */
export function isPhoneNumber(value: string) {
	if (value.length > CONTACT_LIMITS.phone || !/^\+?[\d\s().-]+$/.test(value)) return false
	const digits = value.replace(/\D/g, '').length
	return digits >= 7 && digits <= 15
}

export const ContactSchema = z
	.object({
		name: z.preprocess(
			given(oneLine),
			z
				.string({
					error: (issue) =>
						issue.input === undefined ? CONTACT_MESSAGES.nameMissing : 'must be text',
				})
				.refine(
					(value) => characterCount(value) <= CONTACT_LIMITS.name,
					CONTACT_MESSAGES.nameTooLong,
				),
		),
		email: z.preprocess(
			given(oneLine),
			z
				.string({ error: 'must be text' })
				.max(CONTACT_LIMITS.email, CONTACT_MESSAGES.emailInvalid)
				.pipe(z.email(CONTACT_MESSAGES.emailInvalid))
				.optional(),
		),
		phone: z.preprocess(
			given(oneLine),
			z
				.string({ error: 'must be text' })
				.refine(isPhoneNumber, CONTACT_MESSAGES.phoneInvalid)
				.optional(),
		),
		company: text(oneLine, CONTACT_LIMITS.company, CONTACT_MESSAGES.companyTooLong),
		message: text(note, CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
		consent: z
			.unknown()
			.refine(
				(value) => value === true || value === 'on' || value === 'true',
				CONTACT_MESSAGES.consentMissing,
			),
	})
	// Checked even when another field is refused, so a form shows every problem at once.
	.refine((contact) => Boolean(contact?.email || contact?.phone), {
		path: ['email'],
		message: CONTACT_MESSAGES.reachMissing,
		when: () => true,
	})

export type ContactInput = z.output<typeof ContactSchema>

/** The owner's switch: `{enabled}` (`POST /one/sites/info/general/contact-form/update`). */
export const ContactFormSettingSchema = z.object({
	enabled: z.boolean({ error: 'must be true or false' }),
	/** Whether the owner is emailed of each (app/services/contact-notices.server.ts); kept if absent. */
	notices: z.boolean({ error: 'must be true or false' }).optional(),
})

/**
 * The consent a visitor gives, as the form shows it: who receives the details (the owner, by
 * name), and a link to the privacy note (`<0>…</0>`). Kept with each contact as it read
 * (app/services/contacts.server.ts `consentRecord`).
 */
export const CONSENT = msg`I agree that {owner} receives these details, by email and in Tagg, to get back in touch with me. <0>How my details are kept</0>`

/** The name the form gives the owner: their name, else their address. */
export const ownerName = (owner: {
	firstName: string | null
	lastName: string | null
	path: string | null
}) => [owner.firstName, owner.lastName].filter(Boolean).join(' ').trim() || owner.path || ''

/** The page form's honeypot: a field a form-filling bot is glad to fill, hidden from people. */
export const HONEYPOT_FIELD = 'website'
/** The page form's signed stamp of when it was made (app/utils/contact-form.server.ts). */
export const STARTED_FIELD = 'started'

/** Searching the owner's contacts: words typed in the builder's search box. */
export const CONTACT_SEARCH_MAX = 100
