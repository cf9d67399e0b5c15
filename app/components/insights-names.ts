/**
 * What the owner reads for a counted link or page, on the Insights page and in its CSV: the
 * link's label ("LinkedIn", "Project: Pagaleve Checkout") and the page's kind, not their keys,
 * in the owner's language (`i18n`; English when none is given).
 */
import { type I18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { i18nFor, translate } from '~/utils/i18n'
import { DEFAULT_LOCALE, directionOf, isLocale } from '~/utils/locales'
import { SOCIAL_FIELDS, type SocialField } from '~/utils/social'
import { SOCIAL_META } from './social-icons'

/** The links that are not a network's (a network goes by its own name, as Find Me shows it). */
const CONTACT_NAMES: Partial<Record<SocialField, MessageDescriptor>> = {
	mobileNumber: msg`Phone`,
	companySite: msg`Website`,
	email: msg`Email`,
}

const english = () => i18nFor(DEFAULT_LOCALE)

/**
 * A path (left to right) or an owner's words (their own direction) inside a right-to-left
 * sentence, isolated so that '/dana' does not read 'dana/' (Unicode isolates: no markup, so the
 * CSV gets them too). Left-to-right languages get the text as it is.
 */
function isolated(i18n: I18n, text: string, direction: 'ltr' | 'auto') {
	if (!isLocale(i18n.locale) || directionOf(i18n.locale) !== 'rtl') return text
	return `${direction === 'ltr' ? '\u2066' : '\u2068'}${text}\u2069`
}

/**
 * A counted link (its key) by name: 'LinkedIn', 'Project: …', 'A deleted project', an own link's
 * title (`link:{linkId}`, by `links`: the owner's titles by id), 'A deleted link', 'Other'.
 */
export function linkName(
	link: string,
	projects: Record<string, string>,
	i18n: I18n = english(),
	links: Record<string, string> = {},
) {
	if ((SOCIAL_FIELDS as readonly string[]).includes(link)) {
		const contact = CONTACT_NAMES[link as SocialField]
		return contact ? i18n._(contact) : translate(i18n, SOCIAL_META[link as SocialField].label)
	}
	if (link.startsWith('portfolio:')) {
		const project = projects[link.slice(10)]
		if (!project) return i18n._(msg`A deleted project`)
		const name = isolated(i18n, project, 'auto')
		return i18n._(msg`Project: ${name}`)
	}
	if (link.startsWith('link:')) {
		const title = links[link.slice(5)]
		return title === undefined ? i18n._(msg`A deleted link`) : isolated(i18n, title, 'auto')
	}
	return link === 'other' ? i18n._(msg`Other`) : link
}

/**
 * A counted page (its path) by kind: 'Profile (/dana)', 'Project: …', or its path. With the
 * owner's own domain, the page as visitors reach it there: 'Profile (dana.dev)',
 * 'Portfolio (dana.dev/portfolio)'.
 */
export function pageName(
	pagePath: string,
	path: string | null,
	projects: Record<string, string>,
	i18n: I18n = english(),
	domain: string | null = null,
) {
	const project = /\/portfolio\/([^/]+)$/.exec(pagePath)?.[1]
	if (project) {
		const title = projects[project]
		if (!title) return pagePath
		const name = isolated(i18n, title, 'auto')
		return i18n._(msg`Project: ${name}`)
	}
	const shown =
		domain && path && (pagePath === `/${path}` || pagePath.startsWith(`/${path}/`))
			? `${domain}${pagePath.slice(path.length + 1)}`
			: pagePath
	const page = isolated(i18n, shown, 'ltr')
	if (path && pagePath === `/${path}`) return i18n._(msg`Profile (${page})`)
	if (path && pagePath === `/${path}/portfolio`) return i18n._(msg`Portfolio (${page})`)
	if (path && pagePath === `/${path}/resume`) return i18n._(msg`Resume (${page})`)
	return pagePath === 'other' ? i18n._(msg`Other`) : pagePath
}
