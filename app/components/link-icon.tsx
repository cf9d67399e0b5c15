/**
 * The icon of an owner's link: the one path of its brand (or of a generic icon)
 * inlined as SVG where the page is rendered, in the text's colour. A visitor's page is rendered
 * on the server and not hydrated, so its HTML carries only the icons it shows and no script
 * carries any (app/data/brand-icons.ts). Decorative: the link's title names the link.
 */
import { type I18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { brandIcon, iconDrawing, isIconSlug, type GenericIcon } from '~/data/brand-icons'

export function LinkIcon({ slug, className = 'size-5' }: { slug: string; className?: string }) {
	const { path, line } = iconDrawing(slug)
	return line ? (
		<svg
			viewBox="0 0 24 24"
			aria-hidden="true"
			focusable="false"
			className={className}
			fill="none"
			stroke="currentColor"
			strokeWidth={1.8}
			strokeLinecap="round"
			strokeLinejoin="round"
		>
			<path d={path} />
		</svg>
	) : (
		<svg
			viewBox="0 0 24 24"
			aria-hidden="true"
			focusable="false"
			className={className}
			fill="currentColor"
		>
			<path d={path} />
		</svg>
	)
}

/** The generic icons' names (a brand's is its own, the same in every language). */
const GENERIC_TITLES: Record<GenericIcon, MessageDescriptor> = {
	link: msg`Link`,
	mail: msg`Email`,
	phone: msg`Phone`,
}

/** An icon's name, for choosing one (the builder's list of icons): 'GitHub', 'Email'. */
export function iconTitle(slug: string, i18n: I18n): string {
	const brand = brandIcon(slug)
	if (brand) return brand.title
	return i18n._(GENERIC_TITLES[isIconSlug(slug) ? (slug as GenericIcon) : 'link'])
}
