/** The social and contact fields of a profile (no validation code: safe for every page bundle). */
import { msg } from '~/utils/i18n-macro'

export const SOCIAL_FIELDS = [
	'linkedInUrl',
	'xUrl',
	'igUrl',
	'fbUrl',
	'ytUrl',
	'whatAppBusUrl',
	'mobileNumber',
	'companySite',
	'email',
] as const
export type SocialField = (typeof SOCIAL_FIELDS)[number]

/**
 * The networks where a handle names one profile, and how a handle becomes its URL: Instagram,
 * X and YouTube take `@name`; LinkedIn takes `in/name` (or `@name`, its vanity name). Elsewhere
 * (Facebook, WhatsApp, the company site) a handle means nothing: those stay links.
 */
export const HANDLE_FIELDS = {
	igUrl: {
		network: 'Instagram',
		example: '@name',
		error: msg`Enter your Instagram handle (such as @name) or a link starting with https://`
			.message,
		pattern: /^@([A-Za-z0-9._]{1,30})$/,
		url: (name: string) => `https://www.instagram.com/${name}`,
	},
	xUrl: {
		network: 'X',
		example: '@name',
		error: msg`Enter your X handle (such as @name) or a link starting with https://`.message,
		pattern: /^@([A-Za-z0-9_]{1,15})$/,
		url: (name: string) => `https://x.com/${name}`,
	},
	ytUrl: {
		network: 'YouTube',
		example: '@name',
		error: msg`Enter your YouTube handle (such as @name) or a link starting with https://`.message,
		pattern: /^@([A-Za-z0-9._-]{3,30})$/,
		url: (name: string) => `https://www.youtube.com/@${name}`,
	},
	linkedInUrl: {
		network: 'LinkedIn',
		example: 'in/name',
		error: msg`Enter your LinkedIn handle (such as in/name) or a link starting with https://`
			.message,
		pattern: /^(?:@|\/?in\/)([\p{L}\p{N}_-]{3,100})\/?$/u,
		url: (name: string) => `https://www.linkedin.com/in/${name}`,
	},
} as const satisfies Partial<
	Record<
		SocialField,
		{
			network: string
			example: string
			/** What the field says when its value is neither a handle nor a link (English). */
			error: string
			pattern: RegExp
			url: (name: string) => string
		}
	>
>
export type HandleField = keyof typeof HANDLE_FIELDS

export function isHandleField(field: string): field is HandleField {
	return Object.prototype.hasOwnProperty.call(HANDLE_FIELDS, field)
}

/** Whether a value is typed as a handle (`@…`, or LinkedIn's `in/…`), well formed or not. */
export function looksLikeHandle(field: HandleField, value: string) {
	const trimmed = value.trim()
	return trimmed.startsWith('@') || (field === 'linkedInUrl' && /^\/?in\//.test(trimmed))
}

/** The profile URL of a handle typed in a network's field; null when it is not a handle. */
export function handleToUrl(field: HandleField, value: string): string | null {
	const { pattern, url } = HANDLE_FIELDS[field]
	const name = pattern.exec(value.trim())?.[1]
	return name ? url(name) : null
}

/**
 * What a network's field says when its value is neither a handle nor a link (English, translated
 * where shown: `translate(i18n, message)`).
 */
export function handleError(field: HandleField) {
	return HANDLE_FIELDS[field].error
}
