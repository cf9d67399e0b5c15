/**
 * The emails Tagg sends, each as a plain-text and an HTML part in Tagg's look (the brand pink,
 * one button, short sentences). Links are built on PUBLIC_SITE_URL.
 */
import { env } from './env.server'

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

const firstName = (name: string | undefined) => name?.trim().split(/\s+/)[0] || 'there'

type Block = { text: string } | { button: { label: string; url: string } } | { small: string }

/** One message in both forms from the same blocks, so the two parts always say the same. */
function compose(subject: string, greetingName: string | undefined, blocks: Block[]) {
	const site = siteUrl()
	const greeting = `Hi ${firstName(greetingName)},`
	const text = [
		greeting,
		...blocks.map((block) =>
			'text' in block ? block.text : 'button' in block ? block.button.url : block.small,
		),
		`— Tagg\n${site}`,
	].join('\n\n')

	const paragraph = (content: string, color = INK, size = 16) =>
		`<p style="margin:0 0 16px;color:${color};font-size:${size}px;line-height:1.55">${content}</p>`
	const body = blocks
		.map((block) => {
			if ('text' in block) return paragraph(escapeHtml(block.text))
			if ('small' in block) return paragraph(escapeHtml(block.small), MUTED, 14)
			const { label, url } = block.button
			return `<p style="margin:8px 0 24px"><a href="${escapeHtml(url)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:600;font-size:16px;padding:12px 22px;border-radius:12px">${escapeHtml(label)}</a></p>${paragraph(`Or paste this link into your browser:<br><a href="${escapeHtml(url)}" style="color:${BRAND};word-break:break-all">${escapeHtml(url)}</a>`, MUTED, 13)}`
		})
		.join('')
	const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#faf9fc;font-family:Inter,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#faf9fc;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border:1px solid ${LINE};border-radius:16px">
<tr><td style="padding:24px 28px 8px"><span style="display:inline-block;width:14px;height:14px;border-radius:4px;background:${BRAND};vertical-align:middle"></span> <strong style="font-size:20px;color:${INK};vertical-align:middle">Tagg</strong></td></tr>
<tr><td style="padding:16px 28px 8px">${paragraph(escapeHtml(greeting))}${body}</td></tr>
<tr><td style="padding:8px 28px 24px;border-top:1px solid ${LINE}">${paragraph(`Tagg · <a href="${escapeHtml(site)}" style="color:${MUTED}">${escapeHtml(site.replace(/\/$/, ''))}</a>`, MUTED, 12)}</td></tr>
</table></td></tr></table></body></html>`
	return { subject, text, html }
}

export function passwordResetEmail(input: { name?: string; email: string; link: string }) {
	return compose('Reset your Tagg password', input.name, [
		{
			text: `Someone, hopefully you, asked to reset the password of your Tagg account (${input.email}). Open this link to choose a new one. It works once, within 30 minutes:`,
		},
		{ button: { label: 'Choose a new password', url: input.link } },
		{
			small:
				"If you didn't ask for this, ignore this email: your password stays as it is. A newer request replaces this link.",
		},
	])
}

export function signupInviteEmail(input: { email: string; link: string }) {
	return compose("You're invited to Tagg", undefined, [
		{
			text: `You're invited to create a Tagg account with this email (${input.email}): one address for your profile, resume and portfolio. The link works once, within 7 days:`,
		},
		{ button: { label: 'Create my account', url: input.link } },
		{ small: "If you weren't expecting this, ignore this email." },
	])
}

export function passwordChangedEmail(input: { name?: string; email: string }) {
	return compose('Your Tagg password was changed', input.name, [
		{
			text: `The password of your Tagg account (${input.email}) was just changed, and every other device was signed out.`,
		},
		{
			small: `If this wasn't you, choose a new password right away: ${siteUrl('/forgot-password')}`,
		},
	])
}

export function emailChangeEmail(input: { name?: string; newEmail: string; link: string }) {
	return compose('Confirm your new email for Tagg', input.name, [
		{
			text: `Open this link to make ${input.newEmail} the email of your Tagg account. Until you do, nothing changes. The link works within 24 hours:`,
		},
		{ button: { label: 'Confirm my new email', url: input.link } },
		{ small: "If you didn't ask for this, ignore this email." },
	])
}

export function emailChangedEmail(input: { name?: string; newEmail: string }) {
	return compose('Your Tagg email was changed', input.name, [
		{
			text: `The email of your Tagg account is now ${input.newEmail}. Use it to log in from now on; messages about your account go there.`,
		},
		{
			small: `If you didn't make this change, someone else may be using your account: tell the person who runs ${siteUrl()} at once.`,
		},
	])
}

export function emailChangeRequestedEmail(input: {
	name?: string
	newEmail: string
	link: string
}) {
	return compose('Someone asked to change your Tagg email', input.name, [
		{
			text: `Someone signed in to your Tagg account asked to make ${input.newEmail} its email. Nothing changes unless a link we sent to that address is opened.`,
		},
		{
			text: "If this wasn't you, cancel it now. This also signs out every device, so whoever asked is signed out too:",
		},
		{ button: { label: 'Cancel the change', url: input.link } },
		{
			small: `Whoever asked knew your password: after cancelling, choose a new one at ${siteUrl('/forgot-password')}. If it was you, ignore this email.`,
		},
	])
}

export function verifyEmailEmail(input: { name?: string; email: string; link: string }) {
	return compose('Verify your email for Tagg', input.name, [
		{
			text: `Welcome to Tagg. Open this link to confirm that ${input.email} is your email. Until you do, we send it nothing but this link and password reset links. The link works within 7 days:`,
		},
		{ button: { label: 'Verify my email', url: input.link } },
		{ small: "If you didn't create a Tagg account, ignore this email: we won't write again." },
	])
}

export function setPasswordEmail(input: { name?: string; email: string; link: string }) {
	return compose('Choose a password for your Tagg account', input.name, [
		{
			text: `Your Tagg account (${input.email}) was moved to ${siteUrl()}. The move does not carry passwords, so choose a new one to log in. The link works once, within 7 days:`,
		},
		{ button: { label: 'Choose a password', url: input.link } },
		{ small: 'If the link has expired, ask for a new one from the login page: Forgot password.' },
	])
}
