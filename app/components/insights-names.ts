/**
 * What the owner reads for a counted link or page, on the Insights page and in its CSV: the
 * link's label ("LinkedIn", "Project: Pagaleve Checkout") and the page's kind, not their keys.
 */
import { SOCIAL_FIELDS, type SocialField } from '~/utils/social'
import { SOCIAL_META } from './social-icons'

export function linkName(link: string, projects: Record<string, string>) {
	if ((SOCIAL_FIELDS as readonly string[]).includes(link))
		return link === 'email' ? 'Email' : SOCIAL_META[link as SocialField].label
	if (link.startsWith('portfolio:')) {
		const name = projects[link.slice(10)]
		return name ? `Project: ${name}` : 'A deleted project'
	}
	return link === 'other' ? 'Other' : link
}

export function pageName(pagePath: string, path: string | null, projects: Record<string, string>) {
	const project = /\/portfolio\/([^/]+)$/.exec(pagePath)?.[1]
	if (project) return projects[project] ? `Project: ${projects[project]}` : pagePath
	if (path && pagePath === `/${path}`) return `Profile (${pagePath})`
	if (path && pagePath === `/${path}/portfolio`) return `Portfolio (${pagePath})`
	if (path && pagePath === `/${path}/resume`) return `Resume (${pagePath})`
	return pagePath === 'other' ? 'Other' : pagePath
}
