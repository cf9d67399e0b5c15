/**
 * The emails Tagg sends, each as a plain-text and an HTML part in Tagg's look (the brand pink,
 * one button, short sentences), in the recipient's language (`i18n`, chosen by the mailer:
 * app/services/mailer.server.ts). Links are built on PUBLIC_SITE_URL.
 */
import { type I18n } from '@lingui/core'
import { env } from './env.server'
import { type Descriptor, msg } from '~/utils/i18n-macro'
import { directionOf, isLocale } from './locales'
import { translate, withValues } from './i18n'

export type RenderedEmail = { subject: string; text: string; html: string }

const BRAND = '#d6246e'
const INK = '#1c1b22'
const MUTED = '#5d5a6b'
const LINE = '#e8e6ee'

const escapeHtml = (value: string) =>
	value.replace(
		/[&<>"']/g,
		(char) =>
			({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
	)

export const siteUrl = (pathname = '/') => new URL(pathname, env().PUBLIC_SITE_URL).toString()

const firstName = (name: string | undefined) => name?.trim().split(/\s+/)[0] || ''

/**
 * A sentence of the email: its message and the values of its placeholders (addresses, links),
 * and the numbers its plurals choose by (`counts`: shown as they are, never isolated).
 */
type Sentence = {
	message: Descriptor
	values?: Record<string, string>
	counts?: Record<string, number>
}

type Block =
	| { text: Sentence }
	| { button: { label: Descriptor; url: string } }
	| { small: Sentence }
	/**
	 * Someone's details (a contact a visitor left): their name as the card's title, a sentence
	 * per detail, and their own words as they wrote them (line breaks kept). Values only: the
	 * visitor's text is never read as a message.
	 */
	| { card: { title: string; lines: Sentence[]; note?: string } }

const GREETING = msg`Hi {name},`
const GREETING_NO_NAME = msg`Hi there,`
const PASTE_LINK = msg`Or paste this link into your browser:`

/** Marks a value's place in a translated sentence, so the HTML part can wrap it (see `html`). */
const mark = (index: number) => `\ue000${index}\ue001`
const MARKS = /\ue000(\d+)\ue001/g

/**
 * One message in both forms from the same blocks, so the two parts always say the same, in the
 * language of `i18n`. In a right-to-left language each value (a name, an address, a link) keeps
 * its own direction inside the sentence: isolated (U+2068…U+2069) in the text part, in a
 * `<span dir="auto">` in the HTML part; in the others the parts have exactly the English shape.
 */
function compose(
	i18n: I18n,
	subject: Descriptor,
	greetingName: string | undefined,
	blocks: Block[],
) {
	const locale = isLocale(i18n.locale) ? i18n.locale : 'en'
	const dir = directionOf(locale)
	const rtl = dir === 'rtl'
	const site = siteUrl()
	const name = firstName(greetingName)
	const greeting: Sentence = name
		? { message: GREETING, values: { name } }
		: { message: GREETING_NO_NAME }
	const plain = ({ message, values, counts }: Sentence) =>
		translate(
			i18n,
			withValues(message, {
				...(rtl && values
					? Object.fromEntries(
							Object.entries(values).map(([key, value]) => [key, `\u2068${value}\u2069`]),
						)
					: (values ?? {})),
				...counts,
			}),
		)
	const html = ({ message, values = {}, counts }: Sentence) => {
		const keys = Object.keys(values)
		const marked = translate(
			i18n,
			withValues(message, {
				...Object.fromEntries(keys.map((key, index) => [key, mark(index)])),
				...counts,
			}),
		)
		return escapeHtml(marked).replace(MARKS, (_, index: string) => {
			const value = escapeHtml(values[keys[Number(index)]!]!)
			return rtl ? `<span dir="auto">${value}</span>` : value
		})
	}
	const subjectText = i18n._(subject)
	const text = [
		plain(greeting),
		...blocks.map((block) =>
			'text' in block
				? plain(block.text)
				: 'button' in block
					? block.button.url
					: 'card' in block
						? [
								rtl ? `\u2068${block.card.title}\u2069` : block.card.title,
								...block.card.lines.map(plain),
								...(block.card.note
									? ['', ...block.card.note.split('\n').map((line) => `> ${line}`)]
									: []),
							].join('\n')
						: plain(block.small),
		),
		`— Tagg\n${site}`,
	].join('\n\n')

	const align = rtl ? ';text-align:right' : ''
	const paragraph = (content: string, color = INK, size = 16) =>
		`<p style="margin:0 0 16px;color:${color};font-size:${size}px;line-height:1.55${align}">${content}</p>`
	const body = blocks
		.map((block) => {
			if ('text' in block) return paragraph(html(block.text))
			if ('small' in block) return paragraph(html(block.small), MUTED, 14)
			if ('card' in block) {
				const { title, lines, note } = block.card
				const cell = `padding:14px 16px;border:1px solid ${LINE};border-radius:12px${align}`
				return `<div style="margin:0 0 16px;${cell}"><p style="margin:0 0 6px;color:${INK};font-size:16px;font-weight:600" dir="auto">${escapeHtml(title)}</p>${lines
					.map(
						(line) =>
							`<p style="margin:0 0 4px;color:${INK};font-size:15px;line-height:1.5">${html(line)}</p>`,
					)
					.join(
						'',
					)}${note ? `<p dir="auto" style="margin:10px 0 0;padding:10px 12px;background:#faf9fc;border-radius:8px;color:${INK};font-size:15px;line-height:1.5;white-space:pre-wrap">${escapeHtml(note)}</p>` : ''}</div>`
			}
			const { label, url } = block.button
			return `<p style="margin:8px 0 24px${align}"><a href="${escapeHtml(url)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 22px;border-radius:12px">${escapeHtml(i18n._(label))}</a></p>${paragraph(`${escapeHtml(i18n._(PASTE_LINK))}<br><a href="${escapeHtml(url)}"${rtl ? ' dir="ltr"' : ''} style="color:${BRAND};word-break:break-all">${escapeHtml(url)}</a>`, MUTED, 13)}`
		})
		.join('')
	// English keeps its parts exactly as they were before the languages came.
	const attributes = rtl ? `lang="${locale}" dir="rtl"` : `lang="${locale}"`
	const link = rtl ? ' dir="ltr"' : ''
	const page = `<!doctype html>
<html ${attributes}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subjectText)}</title></head>
<body${rtl ? ' dir="rtl"' : ''} style="margin:0;padding:0;background:#faf9fc;font-family:Inter,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"${rtl ? ' dir="rtl"' : ''} style="background:#faf9fc;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"${rtl ? ' dir="rtl"' : ''} style="max-width:520px;background:#ffffff;border:1px solid ${LINE};border-radius:16px">
<tr><td style="padding:24px 28px 8px${align}"><span style="display:inline-block;width:14px;height:14px;border-radius:4px;background:${BRAND};vertical-align:middle"></span> <strong style="font-size:20px;color:${INK};vertical-align:middle">Tagg</strong></td></tr>
<tr><td style="padding:16px 28px 8px${align}">${paragraph(html(greeting))}${body}</td></tr>
<tr><td style="padding:8px 28px 24px;border-top:1px solid ${LINE}${align}">${paragraph(`Tagg · <a href="${escapeHtml(site)}"${link} style="color:${MUTED}">${escapeHtml(site.replace(/\/$/, ''))}</a>`, MUTED, 12)}</td></tr>
</table></td></tr></table></body></html>`
	return { subject: subjectText, text, html: page }
}

export function passwordResetEmail(
	i18n: I18n,
	input: { name?: string; email: string; link: string },
) {
	return compose(i18n, msg`Reset your Tagg password`, input.name, [
		{
			text: {
				message: msg`Someone, hopefully you, asked to reset the password of your Tagg account ({email}). Open this link to choose a new one. It works once, within 30 minutes:`,
				values: { email: input.email },
			},
		},
		{ button: { label: msg`Choose a new password`, url: input.link } },
		{
			small: {
				message: msg`If you didn't ask for this, ignore this email: your password stays as it is. A newer request replaces this link.`,
			},
		},
	])
}

export function signupInviteEmail(i18n: I18n, input: { email: string; link: string }) {
	return compose(i18n, msg`You're invited to Tagg`, undefined, [
		{
			text: {
				message: msg`You're invited to create a Tagg account with this email ({email}): one address for your profile, resume and portfolio. The link works once, within 7 days:`,
				values: { email: input.email },
			},
		},
		{ button: { label: msg`Create my account`, url: input.link } },
		{ small: { message: msg`If you weren't expecting this, ignore this email.` } },
	])
}

export function passwordChangedEmail(i18n: I18n, input: { name?: string; email: string }) {
	return compose(i18n, msg`Your Tagg password was changed`, input.name, [
		{
			text: {
				message: msg`The password of your Tagg account ({email}) was just changed, and every other device was signed out.`,
				values: { email: input.email },
			},
		},
		{
			small: {
				message: msg`If this wasn't you, choose a new password right away: {link}`,
				values: { link: siteUrl('/forgot-password') },
			},
		},
	])
}

export function emailChangeEmail(
	i18n: I18n,
	input: { name?: string; newEmail: string; link: string },
) {
	return compose(i18n, msg`Confirm your new email for Tagg`, input.name, [
		{
			text: {
				message: msg`Open this link to make {email} the email of your Tagg account. Until you do, nothing changes. The link works within 24 hours:`,
				values: { email: input.newEmail },
			},
		},
		{ button: { label: msg`Confirm my new email`, url: input.link } },
		{ small: { message: msg`If you didn't ask for this, ignore this email.` } },
	])
}

export function emailChangedEmail(i18n: I18n, input: { name?: string; newEmail: string }) {
	return compose(i18n, msg`Your Tagg email was changed`, input.name, [
		{
			text: {
				message: msg`The email of your Tagg account is now {email}. Use it to log in from now on; messages about your account go there.`,
				values: { email: input.newEmail },
			},
		},
		{
			small: {
				message: msg`If you didn't make this change, someone else may be using your account: tell the person who runs {site} at once.`,
				values: { site: siteUrl() },
			},
		},
	])
}

export function emailChangeRequestedEmail(
	i18n: I18n,
	input: { name?: string; newEmail: string; link: string },
) {
	return compose(i18n, msg`Someone asked to change your Tagg email`, input.name, [
		{
			text: {
				message: msg`Someone signed in to your Tagg account asked to make {email} its email. Nothing changes unless a link we sent to that address is opened.`,
				values: { email: input.newEmail },
			},
		},
		{
			text: {
				message: msg`If this wasn't you, cancel it now. This also signs out every device, so whoever asked is signed out too:`,
			},
		},
		{ button: { label: msg`Cancel the change`, url: input.link } },
		{
			small: {
				message: msg`Whoever asked knew your password: after cancelling, choose a new one at {link}. If it was you, ignore this email.`,
				values: { link: siteUrl('/forgot-password') },
			},
		},
	])
}

export function verifyEmailEmail(
	i18n: I18n,
	input: { name?: string; email: string; link: string },
) {
	return compose(i18n, msg`Verify your email for Tagg`, input.name, [
		{
			text: {
				message: msg`Welcome to Tagg. Open this link to confirm that {email} is your email. Until you do, we send it nothing but this link and password reset links. The link works within 7 days:`,
				values: { email: input.email },
			},
		},
		{ button: { label: msg`Verify my email`, url: input.link } },
		{
			small: {
				message: msg`If you didn't create a Tagg account, ignore this email: we won't write again.`,
			},
		},
	])
}

export function setPasswordEmail(
	i18n: I18n,
	input: { name?: string; email: string; link: string },
) {
	return compose(i18n, msg`Choose a password for your Tagg account`, input.name, [
		{
			text: {
				message: msg`Your Tagg account ({email}) was moved to {site}. The move does not carry passwords, so choose a new one to log in. The link works once, within 7 days:`,
				values: { email: input.email, site: siteUrl() },
			},
		},
		{ button: { label: msg`Choose a password`, url: input.link } },
		{
			small: {
				message: msg`If the link has expired, ask for a new one from the login page: Forgot password.`,
			},
		},
	])
}

// ---------------------------------------------------------------- sign-in factors

/** If this wasn't you: choose a new password (the wording of the password-changed notice). */
const IF_NOT_YOU = msg`If this wasn't you, choose a new password right away: {link}`

/** When a sign-in factor changed, and the browser and system the change came from. */
export type FactorChange = { at?: Date; browser?: string; system?: string }

/** "This was on 7 Dec 2026, 14:05 (UTC), from Firefox on Windows." (what is known of it). */
function changeBlocks(i18n: I18n, change: FactorChange): Block[] {
	if (!change.at) return []
	const when = i18n.date(change.at, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
	const device =
		change.browser && change.system
			? translate(i18n, withValues(msg`{browser} on {system}`, change as Record<string, string>))
			: (change.browser ?? change.system)
	return [
		device
			? {
					text: {
						message: msg`This was on {when} (UTC), from {device}.`,
						values: { when, device },
					},
				}
			: { text: { message: msg`This was on {when} (UTC).`, values: { when } } },
	]
}

export type FactorAdded = 'totp' | 'totp-changed' | 'passkey' | 'recovery-codes'

/** A sign-in factor was added: authenticator codes turned on (or moved to a new app), a passkey. */
export function factorAddedEmail(
	i18n: I18n,
	input: { name?: string; email: string; factor: FactorAdded; passkey?: string } & FactorChange,
) {
	const email = { email: input.email }
	const when = changeBlocks(i18n, input)
	const ifNotYou: Block = {
		small: { message: IF_NOT_YOU, values: { link: siteUrl('/forgot-password') } },
	}
	if (input.factor === 'passkey') {
		return compose(i18n, msg`A passkey was added to your Tagg account`, input.name, [
			{
				text: {
					message: msg`A passkey named “{passkey}” was added to your Tagg account ({email}).`,
					values: { passkey: input.passkey ?? '', ...email },
				},
			},
			{ text: { message: msg`It logs in to your account without a password.` } },
			...when,
			ifNotYou,
		])
	}
	if (input.factor === 'recovery-codes') {
		return compose(i18n, msg`New recovery codes were made for your Tagg account`, input.name, [
			{
				text: {
					message: msg`New recovery codes were made for your Tagg account ({email}). Your old recovery codes no longer work.`,
					values: email,
				},
			},
			...when,
			ifNotYou,
		])
	}
	if (input.factor === 'totp-changed') {
		return compose(i18n, msg`Your Tagg authenticator app was changed`, input.name, [
			{
				text: {
					message: msg`Logging in to your Tagg account ({email}) now asks for codes from a new authenticator app.`,
					values: email,
				},
			},
			{
				text: {
					message: msg`Codes from the old app and your old recovery codes no longer work.`,
				},
			},
			...when,
			ifNotYou,
		])
	}
	return compose(i18n, msg`Two-factor authentication is on for your Tagg account`, input.name, [
		{
			text: {
				message: msg`Logging in to your Tagg account ({email}) now asks for a code from your authenticator app after your password.`,
				values: email,
			},
		},
		{
			text: {
				message: msg`Keep your recovery codes somewhere safe: each one lets you in once if you lose your phone.`,
			},
		},
		...when,
		ifNotYou,
	])
}

export type FactorRemoved = 'totp' | 'passkey' | 'all'

/**
 * A sign-in factor was removed: authenticator codes turned off, a passkey removed, or every
 * factor removed by the person who runs the site (`npm run admin -- reset-mfa`).
 */
export function factorRemovedEmail(
	i18n: I18n,
	input: { name?: string; email: string; factor: FactorRemoved; passkey?: string } & FactorChange,
) {
	const link = siteUrl('/forgot-password')
	const when = changeBlocks(i18n, input)
	if (input.factor === 'all') {
		return compose(
			i18n,
			msg`Two-factor authentication and passkeys were removed from your Tagg account`,
			input.name,
			[
				{
					text: {
						message: msg`The person who runs {site} removed the two-factor authentication and the passkeys of your Tagg account ({email}).`,
						values: { site: siteUrl(), email: input.email },
					},
				},
				{
					text: {
						message: msg`Logging in now asks only for your password. You can set them up again in Settings.`,
					},
				},
				{
					small: {
						message: msg`If you didn't ask for this, tell them at once and choose a new password: {link}`,
						values: { link },
					},
				},
			],
		)
	}
	const ifNotYou: Block = { small: { message: IF_NOT_YOU, values: { link } } }
	if (input.factor === 'passkey') {
		return compose(i18n, msg`A passkey was removed from your Tagg account`, input.name, [
			{
				text: {
					message: msg`The passkey named “{passkey}” can no longer be used to log in to your Tagg account ({email}).`,
					values: { passkey: input.passkey ?? '', email: input.email },
				},
			},
			...when,
			ifNotYou,
		])
	}
	return compose(i18n, msg`Two-factor authentication is off for your Tagg account`, input.name, [
		{
			text: {
				message: msg`Logging in to your Tagg account ({email}) no longer asks for a code from your authenticator app, and its recovery codes no longer work.`,
				values: { email: input.email },
			},
		},
		...when,
		ifNotYou,
	])
}

/** A recovery code was used (to log in, or to confirm a change): how many are left. */
export function recoveryCodeUsedEmail(
	i18n: I18n,
	input: { name?: string; email: string; left: number } & FactorChange,
) {
	return compose(i18n, msg`A recovery code of your Tagg account was used`, input.name, [
		{
			text: {
				message: msg`A recovery code of your Tagg account ({email}) was just used.`,
				values: { email: input.email },
			},
		},
		{
			text: {
				message: msg`{left, plural, =0 {You have no recovery codes left: make new ones in Settings.} one {You have {left} recovery code left.} other {You have {left} recovery codes left.}}`,
				counts: { left: input.left },
			},
		},
		...changeBlocks(i18n, input),
		{
			small: {
				message: msg`If this wasn't you, someone knows your password and has your recovery codes: choose a new password and make new recovery codes right away: {link}`,
				values: { link: siteUrl('/forgot-password') },
			},
		},
	])
}

/**
 * The daily check found no TXT record proving the owner's domain: the page is still
 * served there for 3 days, then the domain is disconnected until it is verified again.
 */
export function domainFailingEmail(
	i18n: I18n,
	input: { name?: string; domain: string; record: string; token: string },
) {
	const values = { domain: input.domain, record: input.record, token: input.token }
	return compose(i18n, msg`Your domain needs your attention`, input.name, [
		{
			text: {
				message: msg`Today's check of {domain} found no TXT record named {record} holding {token}: it proves the domain is yours.`,
				values,
			},
		},
		{
			text: {
				message: msg`Your page is still shown at {domain}. If the record is not back within 3 days, the domain is disconnected from your page.`,
				values,
			},
		},
		{ button: { label: msg`Open Settings`, url: siteUrl('/builder/settings#domain') } },
	])
}

// ---------------------------------------------------------------- contact exchange

/** A contact a visitor left, as the owner's email tells it. */
export type NoticeContact = {
	name: string
	email: string | null
	phone: string | null
	company: string | null
	message: string | null
	createdAt: Date
}

/**
 * Visitors left their details on the owner's page: one contact, or a digest of those
 * that came within minutes, each as a card, and a button to the builder's Contacts. With one
 * contact that gave an email, the message's Reply-To is the visitor (the mailer sets it), and
 * the email says so.
 */
export function contactNoticeEmail(
	i18n: I18n,
	input: { name?: string; contacts: NoticeContact[]; replyTo: boolean },
) {
	const [first] = input.contacts
	const count = input.contacts.length
	const subject =
		count === 1 && first
			? { ...msg`{visitor} left their details on your Tagg page`, values: { visitor: first.name } }
			: {
					...msg`{count, plural, one {# person left their details on your Tagg page} other {# people left their details on your Tagg page}}`,
					values: { count },
				}
	const received = (date: Date) =>
		i18n.date(date, {
			year: 'numeric',
			month: 'short',
			day: 'numeric',
			hour: 'numeric',
			minute: '2-digit',
			timeZone: 'UTC',
			timeZoneName: 'short',
		})
	const cards: Block[] = input.contacts.map((contact) => ({
		card: {
			title: contact.name,
			lines: <Sentence[]>[
				...(contact.email
					? [{ message: msg`Email: {email}`, values: { email: contact.email } }]
					: []),
				...(contact.phone
					? [{ message: msg`Phone: {phone}`, values: { phone: contact.phone } }]
					: []),
				...(contact.company
					? [{ message: msg`Company: {company}`, values: { company: contact.company } }]
					: []),
				{ message: msg`Received: {date}`, values: { date: received(contact.createdAt) } },
			],
			note: contact.message ?? undefined,
		},
	}))
	return compose(i18n, subject, input.name, [
		{
			text:
				count === 1
					? { message: msg`Someone who visited your Tagg page left their details for you:` }
					: {
							message: msg`{count, plural, one {# person who visited your Tagg page left their details for you:} other {# people who visited your Tagg page left their details for you:}}`,
							counts: { count },
						},
		},
		...cards,
		...(input.replyTo && first
			? [
					{
						text: {
							message: msg`Reply to this email to write to {visitor}.`,
							values: { visitor: first.name },
						},
					},
				]
			: []),
		{ button: { label: msg`Open my contacts`, url: siteUrl('/builder/contacts') } },
		{
			small: {
				message: msg`They agreed to share these details with you. Keep them only as long as you need them; you can delete a contact, or close the form, in Contacts.`,
			},
		},
	])
}
