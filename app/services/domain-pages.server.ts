/**
 * The pages the HTTP server answers itself for hosts that are not the main site:
 * a host that is no verified domain ('This domain is not connected'), and an address an
 * owner's domain does not serve (the builder, sign-in pages: 'Page not found'). Small, whole
 * HTML in the visitor's language (`?lang=`, then the browser's), with no script and no cookie.
 */
import { type I18n } from '@lingui/core'
import { translate, withValues } from '~/utils/i18n'
import { msg } from '~/utils/i18n-macro'
import { serverI18n } from '~/utils/i18n.server'
import { directionOf, isLocale, type Locale } from '~/utils/locales'

const NOT_CONNECTED_TITLE = msg`Domain not connected | Tagg`
const NOT_CONNECTED_HEADING = msg`This domain is not connected`
const NOT_CONNECTED_TEXT = msg`{domain} does not show a Tagg page. If it is your domain, add it in your Tagg Settings under 'Your own domain', then publish its DNS records and verify it.`
const NOT_FOUND_TITLE = msg`Page not found | Tagg`
const NOT_FOUND_HEADING = msg`Page not found`
const NOT_FOUND_TEXT = msg`This address is not a page of this site.`
const HOME = msg`Go to the home page`

/** Where the domain goes in the translated sentence. */
const MARK = '\ue000'

const escapeHtml = (value: string) =>
	value.replace(
		/[&<>"']/g,
		(char) =>
			({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
	)

function page(i18n: I18n, title: string, heading: string, text: string, home: string | null) {
	const locale = isLocale(i18n.locale) ? i18n.locale : 'en'
	const dir = directionOf(locale)
	return `<!DOCTYPE html>
<html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#faf9fc;color:#1c1b22;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans Arabic',sans-serif}main{max-width:32rem;padding:2rem 1.5rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .75rem}p{color:#5d5a6b;line-height:1.5;margin:0 0 1.5rem;overflow-wrap:anywhere}a{color:#b81d5d;font-weight:600}.brand{color:#d6246e;font-weight:800;letter-spacing:-.02em;font-size:1.25rem;margin-bottom:1.5rem;display:block}</style>
</head><body><main><span class="brand" dir="ltr">Tagg</span><h1>${escapeHtml(heading)}</h1><p>${text}</p>${home ? `<a href="/">${escapeHtml(home)}</a>` : ''}</main></body></html>
`
}

/** A host that is neither the main site nor a verified domain. */
export function notConnectedPage(locale: Locale, host: string) {
	const i18n = serverI18n(locale)
	// The domain keeps its own direction inside a right-to-left sentence.
	const text = escapeHtml(
		translate(i18n, withValues(NOT_CONNECTED_TEXT, { domain: MARK })),
	).replace(MARK, `<bdi dir="ltr">${escapeHtml(host)}</bdi>`)
	return page(
		i18n,
		translate(i18n, NOT_CONNECTED_TITLE),
		translate(i18n, NOT_CONNECTED_HEADING),
		text,
		null,
	)
}

/** An address an owner's domain does not serve. */
export function domainNotFoundPage(locale: Locale) {
	const i18n = serverI18n(locale)
	return page(
		i18n,
		translate(i18n, NOT_FOUND_TITLE),
		translate(i18n, NOT_FOUND_HEADING),
		escapeHtml(translate(i18n, NOT_FOUND_TEXT)),
		translate(i18n, HOME),
	)
}
