/**
 * The emails in every language: English exactly as it was before the languages came (the parts
 * recorded in tests/fixtures/emails-en.json, byte for byte), and each other language with no
 * English sentence left and every value (name, address, link) in its place.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { serverI18n } from './i18n.server'
import { LOCALES } from './locales'
import {
	emailChangedEmail,
	emailChangeEmail,
	emailChangeRequestedEmail,
	passwordChangedEmail,
	passwordResetEmail,
	setPasswordEmail,
	signupInviteEmail,
	verifyEmailEmail,
} from './emails.server'

const link = 'http://tagg.test/x?token=a&b=<c>'

function allEmails(locale: string) {
	const i18n = serverI18n(locale)
	return {
		passwordReset: passwordResetEmail(i18n, {
			name: 'Ada Lovelace',
			email: 'ada@example.com',
			link,
		}),
		passwordResetNoName: passwordResetEmail(i18n, { email: 'ada@example.com', link }),
		signupInvite: signupInviteEmail(i18n, { email: 'ada@example.com', link }),
		passwordChanged: passwordChangedEmail(i18n, { name: 'Ada', email: 'ada@example.com' }),
		emailChange: emailChangeEmail(i18n, { name: 'Ada', newEmail: 'new@example.com', link }),
		emailChanged: emailChangedEmail(i18n, { name: 'Ada', newEmail: 'new@example.com' }),
		emailChangeRequested: emailChangeRequestedEmail(i18n, {
			name: 'Ada',
			newEmail: 'new@example.com',
			link,
		}),
		verifyEmail: verifyEmailEmail(i18n, { name: '  ', email: 'ada@example.com', link }),
		setPassword: setPasswordEmail(i18n, { name: "O'Brien Ünal", email: 'ada@example.com', link }),
	}
}

const recorded = JSON.parse(
	fs.readFileSync(path.resolve(__dirname, '../../tests/fixtures/emails-en.json'), 'utf8'),
) as ReturnType<typeof allEmails>

describe('the emails', () => {
	test('English: every part byte for byte as before the catalogs', () => {
		expect(allEmails('en')).toEqual(recorded)
	})

	test.each(LOCALES.filter((locale) => locale !== 'en'))(
		'%s: no English sentence left, every value in place',
		(locale) => {
			const emails = allEmails(locale)
			for (const [kind, email] of Object.entries(emails)) {
				const english = recorded[kind as keyof typeof recorded]
				expect(email.subject, kind).not.toBe(english.subject)
				// Each paragraph of the English text part is gone (the link and the signature stay).
				for (const paragraph of english.text.split('\n\n')) {
					if (paragraph.startsWith('http') || paragraph.startsWith('— Tagg')) continue
					expect(email.text, `${kind}: ${paragraph}`).not.toContain(paragraph)
				}
				for (const value of ['ada@example.com', 'new@example.com'])
					if (english.text.includes(value)) expect(email.text, kind).toContain(value)
				if (english.text.includes(link)) {
					expect(email.text, kind).toContain(`\n\n${link}\n\n`)
					expect(email.html, kind).toContain(
						`href="${link.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"`,
					)
				}
				expect(email.html, kind).toContain(
					locale === 'ar' ? '<html lang="ar" dir="rtl">' : `<html lang="${locale}">`,
				)
			}
		},
	)
})
