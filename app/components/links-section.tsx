/**
 * The owner's own links as visitors see them (ARCHITECTURE.md "Links of your own"):
 * full-width labelled buttons, plain links that work without a script, each `rel="me"` (the
 * owner's profiles elsewhere, for Mastodon's and IndieWeb's verification) and a `u-url` of the
 * profile's h-card, counted by the page's beacon (`data-track`, app/entry.public.ts). The
 * builder shows the same list, hidden and scheduled links too, each marked.
 *
 * The icons are drawn from the paths the page's loader sends (only those the list uses), never
 * from app/data/brand-icons.ts: the builder renders this in the browser too.
 */
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { linkKey } from '~/utils/insights'
import { type ShownLink } from '~/utils/links'
import { cx } from '~/utils/misc'
import { type LinkStatus } from './link-editing'

/** One icon's drawing: a path in a 24×24 box, filled, or stroked when `line`. */
export type IconDrawing = { path: string; line: boolean }

/** The drawings of the icons a page uses, by slug. */
export type IconDrawings = Record<string, IconDrawing>

/** A link of the section: as a visitor sees it; in the builder, with what visitors see of it. */
export type SectionLink = ShownLink & { status?: LinkStatus }

/** An icon drawn from its path, in the text's colour. Decorative: the link's title names it. */
export function DrawnIcon({
	drawing,
	className = 'size-5',
}: {
	drawing: IconDrawing | undefined
	className?: string
}) {
	if (!drawing) return <span className={cx('shrink-0', className)} aria-hidden="true" />
	return (
		<svg
			viewBox="0 0 24 24"
			aria-hidden="true"
			focusable="false"
			className={cx('shrink-0', className)}
			{...(drawing.line
				? {
						fill: 'none',
						stroke: 'currentColor',
						strokeWidth: 1.8,
						strokeLinecap: 'round' as const,
						strokeLinejoin: 'round' as const,
					}
				: { fill: 'currentColor' })}
		>
			<path d={drawing.path} />
		</svg>
	)
}

/** What the builder says of a link visitors do not see now. */
export const STATUS_LABELS: Record<Exclude<LinkStatus, 'live'>, MessageDescriptor> = {
	hidden: msg`Hidden`,
	scheduled: msg`Scheduled`,
	ended: msg`Ended`,
}

/**
 * The links as buttons, one under the other. On a visitor's page each opens in place (as a
 * link-in-bio page does); in the builder in a new tab, so the editor stays open.
 */
export function LinkButtons({
	links,
	icons,
	builder,
}: {
	links: readonly SectionLink[]
	icons: IconDrawings
	builder: boolean
}) {
	const { _ } = useLingui()
	return (
		<ul className="flex flex-col gap-2.5">
			{links.map((link) => {
				const status = link.status && link.status !== 'live' ? link.status : null
				return (
					<li key={link.linkId}>
						<a
							href={link.url}
							target={builder ? '_blank' : undefined}
							rel={builder ? 'noopener noreferrer' : 'me noopener'}
							// Counted by the page's beacon (app/entry.public.ts), as Insights names it.
							data-track={builder ? undefined : linkKey(link.linkId)}
							className={cx(
								// `u-url` on visitors' pages: the h-card's URLs (profile-view.tsx).
								!builder && 'u-url',
								'flex min-h-12 w-full items-center gap-3 rounded-xl border px-4 py-2.5 text-[0.9375rem] font-semibold shadow-sm transition-colors',
								link.highlight
									? 'bg-brand hover:bg-brand-700 text-on-brand border-transparent'
									: 'border-line bg-surface hover:border-brand hover:text-brand-700',
								// In the builder, a link visitors do not see now: dashed, muted.
								!link.highlight && (status ? 'text-muted border-dashed' : 'text-ink'),
								link.highlight && status && 'border-dashed',
							)}
						>
							<DrawnIcon drawing={icons[link.icon]} />
							<span dir="auto" className="min-w-0 flex-1 text-center wrap-anywhere">
								{link.title}
							</span>
							{status ? (
								<span className="bg-canvas text-muted shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold">
									{_(STATUS_LABELS[status])}
								</span>
							) : (
								// Balances the icon, so the title stays centred.
								<span className="size-5 shrink-0" aria-hidden="true" />
							)}
						</a>
					</li>
				)
			})}
		</ul>
	)
}
