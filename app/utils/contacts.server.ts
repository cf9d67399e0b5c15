/**
 * The files of an owner's contacts: one contact's card (vCard 3.0, every value
 * escaped as the profile's card is: app/utils/vcard.server.ts) and the whole list as CSV
 * (formula-safe: app/utils/csv.ts), its column names in the owner's language.
 */
import { type I18n } from '@lingui/core'
import { toCsv } from './csv'
import { msg } from '~/utils/i18n-macro'
import { escapeText, foldLine } from './vcard.server'

export type ContactFileRow = {
	name: string
	email: string | null
	phone: string | null
	company: string | null
	message: string | null
	createdAt: string
	read: boolean
	consentText: string
	consentAt: string
}

/** A name written in Han, Kana or Hangul: its family name comes first (佐藤 太郎, 김 민준). */
const FAMILY_FIRST =
	/^[^\p{L}]*[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u

/**
 * The name as a card's N: the last word the family name and the words before it the given ones,
 * or, in a script that writes the family name first, the first word and the words after it.
 */
export function nameParts(name: string) {
	const words = name.trim().split(/\s+/).filter(Boolean)
	if (words.length < 2) return { family: '', given: words[0] ?? '' }
	if (FAMILY_FIRST.test(words[0]!)) return { family: words[0]!, given: words.slice(1).join(' ') }
	return { family: words.at(-1)!, given: words.slice(0, -1).join(' ') }
}

/** A contact's card: N, FN, ORG, EMAIL, TEL and its note, each only when given. */
export function contactVCard(contact: Omit<ContactFileRow, 'read' | 'consentText' | 'consentAt'>) {
	const { family, given } = nameParts(contact.name)
	const lines = [
		'BEGIN:VCARD',
		'VERSION:3.0',
		`N:${escapeText(family)};${escapeText(given)};;;`,
		`FN:${escapeText(contact.name.trim())}`,
	]
	const add = (property: string, value: string | null) => {
		const text = value?.trim()
		if (text) lines.push(`${property}:${escapeText(text)}`)
	}
	add('ORG', contact.company)
	add('EMAIL;TYPE=INTERNET', contact.email)
	add('TEL;TYPE=VOICE', contact.phone)
	add('NOTE', contact.message)
	lines.push(`REV:${contact.createdAt}`, 'END:VCARD')
	return lines.map(foldLine).join('\r\n') + '\r\n'
}

/**
 * The words of the file: its column headers. In English they are the API's field names, so a
 * sheet built on the file reads the same as the API; in another language, words a person reads.
 */
const COLUMNS = {
	name: msg({ message: 'name', context: 'contacts CSV' }),
	email: msg({ message: 'email', context: 'contacts CSV' }),
	phone: msg({ message: 'phone', context: 'contacts CSV' }),
	company: msg({ message: 'company', context: 'contacts CSV' }),
	message: msg({ message: 'message', context: 'contacts CSV' }),
	createdAt: msg({ message: 'createdAt', context: 'contacts CSV' }),
	read: msg({ message: 'read', context: 'contacts CSV' }),
	consentText: msg({ message: 'consentText', context: 'contacts CSV' }),
	consentAt: msg({ message: 'consentAt', context: 'contacts CSV' }),
}
const YES = msg({ message: 'yes', context: 'contacts CSV' })
const NO = msg({ message: 'no', context: 'contacts CSV' })

/**
 * Every contact as CSV (RFC 4180, a header row first). A field a spreadsheet would run as a
 * formula (`=`, `+`, `-`, `@` …) gets a leading apostrophe: a visitor's words never run.
 */
export function contactsCsv(contacts: readonly ContactFileRow[], i18n: I18n) {
	const keys = Object.keys(COLUMNS) as Array<keyof typeof COLUMNS>
	return toCsv([
		keys.map((key) => i18n._(COLUMNS[key])),
		...contacts.map((contact) =>
			keys.map((key) => {
				const value = contact[key]
				if (typeof value === 'boolean') return i18n._(value ? YES : NO)
				return value ?? ''
			}),
		),
	])
}
