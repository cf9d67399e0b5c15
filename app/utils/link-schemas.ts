/**
 * Validation of an owner's own links (ARCHITECTURE.md "Links of your own"), shared by
 * the /one API and the builder's Links editor: the whole list a save replaces. A refused list
 * changes nothing; the answer names the item (`links.3.url: …`).
 *
 * The messages an owner can read in the builder are English strings in the catalogs (`msg`
 * below), translated where they are shown (`translate(i18n, message)`); the answers to an API
 * client's mistakes of type (`must be true or false`, …) stay English, as elsewhere
 * (docs/decisions/032-i18n-lingui.md).
 */
import { z } from 'zod'
import { isIconSlug } from '~/data/brand-icons'
import { msg } from '~/utils/i18n-macro'
import { LINK_ID_PATTERN, LINK_TITLE_MAX, LINK_URL_MAX_BYTES, LINKS_MAX } from './links'
import { urlHasHiddenCharacters } from './text'

export const LINK_MESSAGES = {
	titleMissing: msg`Enter a title for the link`.message,
	titleTooLong: msg`A title must be at most 80 characters`.message,
	urlInvalid: msg`Enter a link starting with https://, http://, mailto: or tel:`.message,
	urlTooLong: msg`A link must be at most 2048 bytes long`.message,
	iconUnknown: msg`Choose an icon from the list`.message,
	dateInvalid: msg`Enter a valid date and time`.message,
	endsBeforeStart: msg`The end must be after the start`.message,
	twoHighlights: msg`Only one link can be highlighted`.message,
	tooMany: msg`At most 50 links`.message,
} as const

/** What is stored for a typed URL: trimmed; a `tel:` number loses its spaces. */
export function normaliseLinkUrl(value: string): string {
	const trimmed = value.trim()
	return /^tel:/i.test(trimmed) ? trimmed.replace(/\s+/g, '') : trimmed
}

/**
 * Why `url` (normalised) cannot be a link's address, or null when it can: an absolute `https:`
 * or `http:` URL with a host, a `mailto:` address or a `tel:` number, at most
 * LINK_URL_MAX_BYTES bytes of UTF-8, with no character a reader cannot see. Every other scheme
 * (`javascript:`, `data:`, `file:`, …) and every relative address is refused.
 */
export function linkUrlProblem(url: string): string | null {
	if (new TextEncoder().encode(url).length > LINK_URL_MAX_BYTES) return LINK_MESSAGES.urlTooLong
	// Anything a browser would drop or that reads as another address (app/utils/text.ts).
	if (!url || urlHasHiddenCharacters(url)) return LINK_MESSAGES.urlInvalid
	let parsed: URL
	try {
		parsed = new URL(url)
	} catch {
		return LINK_MESSAGES.urlInvalid
	}
	switch (parsed.protocol) {
		case 'https:':
		case 'http:':
			// Written whole (`https:example.com` is read as a path by some readers), with a host.
			return /^https?:\/\/[^/?#]/i.test(url) && parsed.hostname ? null : LINK_MESSAGES.urlInvalid
		case 'mailto:':
			return /^mailto:[^@?#]+@[^@?#]+/i.test(url) ? null : LINK_MESSAGES.urlInvalid
		case 'tel:': {
			const number = /^tel:(\+?[\d().\-/]+)(;ext=\d{1,10})?$/i.exec(url)?.[1]
			const digits = number?.replace(/\D/g, '').length ?? 0
			return digits >= 3 && digits <= 20 ? null : LINK_MESSAGES.urlInvalid
		}
		default:
			return LINK_MESSAGES.urlInvalid
	}
}

/** Text, null or left out: '' for the last two (a new record's field may be left out). */
const optionalText = (typeError: string) =>
	z
		.union([z.string(), z.null()], { error: typeError })
		.optional()
		.transform((value) => value ?? '')

const title = optionalText('must be text')
	// One line: a line break typed or pasted into a title is a space.
	.transform((value) => value.replace(/\s+/g, ' ').trim())
	.pipe(
		z.string().min(1, LINK_MESSAGES.titleMissing).max(LINK_TITLE_MAX, LINK_MESSAGES.titleTooLong),
	)

const url = optionalText('must be text')
	.transform(normaliseLinkUrl)
	.superRefine((value, ctx) => {
		const problem = linkUrlProblem(value)
		if (problem) ctx.addIssue({ code: 'custom', message: problem })
	})

const icon = z
	.union([z.string(), z.null()], { error: 'must be an icon slug or null' })
	.optional()
	.transform((value) => (value ? value.trim() : null))
	.refine((value): boolean => value === null || isIconSlug(value), LINK_MESSAGES.iconUnknown)

const flag = (fallback: boolean) =>
	z.boolean({ error: 'must be true or false' }).optional().default(fallback)

/** An instant in ISO 8601 with `Z` or an offset, answered in UTC (`…Z`, milliseconds); or null. */
const instant = z
	.union([z.string(), z.null()], { error: LINK_MESSAGES.dateInvalid })
	.optional()
	.transform((value) => (value ? value.trim() : null))
	.pipe(
		z.union([z.iso.datetime({ offset: true, error: LINK_MESSAGES.dateInvalid }), z.null()], {
			error: LINK_MESSAGES.dateInvalid,
		}),
	)
	.transform((value) => (value === null ? null : new Date(value).toISOString()))

export const LinkItemSchema = z
	.object(
		{
			/** One of the owner's links, kept (its clicks stay counted under it); left out: new. */
			linkId: z
				.union([z.string(), z.null()])
				.transform((value) => value || undefined)
				.refine(
					(value) => value === undefined || LINK_ID_PATTERN.test(value),
					'must be the linkId of a link, or left out for a new one',
				)
				.optional(),
			title,
			url,
			icon,
			active: flag(true),
			highlight: flag(false),
			startsAt: instant,
			endsAt: instant,
		},
		{ error: 'must be an object' },
	)
	.refine(
		(link) => !link.startsAt || !link.endsAt || Date.parse(link.endsAt) > Date.parse(link.startsAt),
		{ message: LINK_MESSAGES.endsBeforeStart, path: ['endsAt'] },
	)

export type LinkInput = z.output<typeof LinkItemSchema>

/** The whole list: at most LINKS_MAX links, one highlighted at most, each linkId once. */
export const LinkListSchema = z
	.array(LinkItemSchema, {
		error: (issue) => (issue.input === undefined ? 'is required' : 'must be a list'),
	})
	.max(LINKS_MAX, LINK_MESSAGES.tooMany)
	.superRefine((links, ctx) => {
		const seen = new Set<string>()
		let highlighted = false
		links.forEach((link, index) => {
			if (link.highlight) {
				if (highlighted) {
					ctx.addIssue({
						code: 'custom',
						message: LINK_MESSAGES.twoHighlights,
						path: [index, 'highlight'],
					})
				}
				highlighted = true
			}
			if (link.linkId !== undefined) {
				if (seen.has(link.linkId)) {
					ctx.addIssue({
						code: 'custom',
						message: 'is the linkId of another link of this list',
						path: [index, 'linkId'],
					})
				}
				seen.add(link.linkId)
			}
		})
	})

/** `POST /one/sites/links/update` and the builder's save: `{links:[…]}`. */
export const LinksUpdateSchema = z.object({ links: LinkListSchema })
