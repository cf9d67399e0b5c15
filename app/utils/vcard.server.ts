/**
 * The contact card (vCard 3.0, RFC 2426) of a profile. Written directly rather than with
 * vcards-js so that every value is escaped: a comma, semicolon or line break typed by the owner
 * can never end a field or start a new property.
 */
import { type I18n } from '@lingui/core'
import sharp from 'sharp'
import { msg } from '~/utils/i18n-macro'
import { GENERIC_ICONS } from '~/data/generic-icons'
import { type ShownLink } from '~/utils/links'

export type VCardInput = {
	firstName?: string | null
	lastName?: string | null
	designation?: string | null
	mobileNumber?: string | null
	email?: string | null
	companySite?: string | null
	linkedInUrl?: string | null
	xUrl?: string | null
	igUrl?: string | null
	fbUrl?: string | null
	ytUrl?: string | null
	whatAppBusUrl?: string | null
	/**
	 * The owner's own links live now, in their order: a known brand's as a social
	 * profile, other web links as URLs labelled by their title, `mailto:` as an email and `tel:`
	 * as a phone number.
	 */
	links?: readonly ShownLink[]
	/** The display picture (any format sharp reads); embedded as a small JPEG. */
	photo?: Buffer | null
	/** The owner's language, for the card's own words; English without. */
	i18n?: I18n
}

/** The card's name when the owner gave none. */
const NO_NAME = msg`Tagg profile`

/**
 * Escapes a text value: backslash, comma, semicolon and line breaks (RFC 2426 §4). CRLF and a
 * lone CR become a line break (`\n`); other control characters are dropped, so the result never
 * holds a character a reader could take for the end of a line.
 */
export function escapeText(value: string) {
	return (
		value
			.replace(/\r\n?/g, '\n')
			// eslint-disable-next-line no-control-regex
			.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
			.replace(/\\/g, '\\\\')
			.replace(/,/g, '\\,')
			.replace(/;/g, '\\;')
			.replace(/\n/g, '\\n')
	)
}

/** Folds a content line at 75 octets (CRLF + a space), never inside a UTF-8 sequence. */
export function foldLine(line: string) {
	const bytes = Buffer.from(line, 'utf8')
	if (bytes.length <= 75) return line
	const parts: string[] = []
	let start = 0
	let limit = 75
	while (start < bytes.length) {
		let end = Math.min(start + limit, bytes.length)
		// step back to a character boundary
		while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end--
		parts.push(bytes.subarray(start, end).toString('utf8'))
		start = end
		limit = 74 // continuation lines start with a space
	}
	return parts.join('\r\n ')
}

const clean = (value: string | null | undefined) => (value ?? '').trim()

/**
 * A parameter value (RFC 2426 §4: `param-value = ptext / quoted-string`): as it is when it holds
 * none of `,;:"`, else quoted; a double quote or a control character can be in neither, so it
 * is dropped.
 */
export function paramValue(value: string) {
	// eslint-disable-next-line no-control-regex
	const text = value.replace(/[\u0000-\u001f\u007f"]/g, '').trim()
	return /[,;:]/.test(text) ? `"${text}"` : text
}

const GENERIC = new Set<string>(GENERIC_ICONS)

const decoded = (text: string) => {
	try {
		return decodeURIComponent(text)
	} catch {
		return text
	}
}

/** The card's lines for the owner's own links (see {@link VCardInput.links}). */
function linkLines(links: readonly ShownLink[], already: ReadonlySet<string>) {
	const lines: string[] = []
	const seen = new Set(already)
	for (const link of links) {
		const url = clean(link.url)
		if (!url || seen.has(url)) continue
		seen.add(url)
		if (/^mailto:/i.test(url)) {
			const address = decoded(url.slice(7).split('?')[0] ?? '')
			if (address && !seen.has(address)) lines.push(`EMAIL;TYPE=INTERNET:${escapeText(address)}`)
		} else if (/^tel:/i.test(url)) {
			lines.push(`TEL;TYPE=VOICE:${escapeText(url.slice(4))}`)
		} else if (!GENERIC.has(link.icon)) {
			lines.push(`X-SOCIALPROFILE;TYPE=${paramValue(link.icon)}:${escapeText(url)}`)
		} else {
			const label = paramValue(link.title)
			lines.push(`URL${label ? `;TYPE=${label}` : ''}:${escapeText(url)}`)
		}
	}
	return lines
}

const SOCIAL: Array<[keyof VCardInput, string]> = [
	['linkedInUrl', 'linkedin'],
	['xUrl', 'x'],
	['igUrl', 'instagram'],
	['fbUrl', 'facebook'],
	['ytUrl', 'youtube'],
	['whatAppBusUrl', 'whatsapp'],
]

/** The display picture as a 256 px JPEG, or null when sharp cannot read it. */
async function photoJpeg(photo: Buffer) {
	try {
		return await sharp(photo)
			.rotate()
			.resize(256, 256, { fit: 'cover' })
			.flatten({ background: '#ffffff' })
			.jpeg({ quality: 80 })
			.toBuffer()
	} catch {
		// A damaged stored picture must not cost the visitor the whole card: leave PHOTO out.
		return null
	}
}

/**
 * The vCard 3.0 text of a profile (CRLF line endings, folded at 75 octets): N, FN, an empty ORG,
 * then TITLE, TEL, EMAIL, URL, the social links as X-SOCIALPROFILE, the owner's own links and
 * PHOTO, each only when set.
 * Async because the photo (any format sharp reads, in practice the WebP display picture) is
 * re-encoded as a 256 px JPEG, which every contacts app understands.
 */
export async function profileVCard(input: VCardInput): Promise<string> {
	const first = clean(input.firstName)
	const last = clean(input.lastName)
	const full =
		[first, last].filter(Boolean).join(' ') ||
		(input.i18n ? input.i18n._(NO_NAME) : NO_NAME.message)
	const lines = [
		'BEGIN:VCARD',
		'VERSION:3.0',
		`N:${escapeText(last)};${escapeText(first)};;;`,
		`FN:${escapeText(full)}`,
		'ORG:',
	]
	const add = (property: string, value: string | null | undefined) => {
		const text = clean(value)
		if (text) lines.push(`${property}:${escapeText(text)}`)
	}
	add('TITLE', input.designation)
	add('TEL;TYPE=WORK,VOICE', input.mobileNumber)
	add('EMAIL;TYPE=INTERNET,WORK', input.email)
	add('URL', input.companySite)
	for (const [field, type] of SOCIAL)
		add(`X-SOCIALPROFILE;TYPE=${type}`, input[field] as string | null)
	const given = [input.companySite, input.email, input.mobileNumber]
	for (const [field] of SOCIAL) given.push(input[field] as string | null)
	lines.push(...linkLines(input.links ?? [], new Set(given.map(clean).filter(Boolean))))
	const jpeg = input.photo?.length ? await photoJpeg(input.photo) : null
	if (jpeg) lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${jpeg.toString('base64')}`)
	lines.push('END:VCARD')
	return lines.map(foldLine).join('\r\n') + '\r\n'
}
