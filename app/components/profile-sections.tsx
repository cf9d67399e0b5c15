/**
 * The pieces every section of the profile and portfolio pages is made of, in both modes: the top
 * bar, a section with its heading, its edit button and the owner's placeholder prompt, and
 * paragraphs of the owner's text.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@remix-run/react'
import { type ReactNode } from 'react'
import { type ProfileData } from '~/models/profile.server'
import { cx } from '~/utils/misc'
import { DEFAULT_AVATAR, Initials } from './avatar'
import { PencilIcon, ShareIcon } from './icons'
import { Logo } from './logo'
import { DialogOpener } from './public-sheets'

export type EditSection =
	| 'picture'
	| 'name'
	| 'tagline'
	| 'social'
	| 'highlights'
	| 'bio'
	| 'workexp'
	| 'education'
	| 'skills'
	| 'certificates'
	| 'achievements'

/** What the builder's edit buttons open: a section's editor, or the Links editor. */
export type ProfileSection = EditSection | 'links'

export type Mode =
	{ kind: 'public' } | { kind: 'builder'; onEdit: (section: ProfileSection) => void }

export function TopBar({
	profile,
	onShare,
	homeHref,
}: {
	profile: Pick<ProfileData, 'name'> & { pictureSmallUrl?: string | null }
	onShare: () => void
	homeHref: string
}) {
	const { t } = useLingui()
	return (
		<header className="border-line/70 bg-surface/90 sticky top-0 z-20 border-b backdrop-blur">
			{/* With large text (200% in the browser's settings) the bar grows and wraps, never wider. */}
			<div className="mx-auto flex min-h-16 max-w-3xl flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2">
				<Link to={homeHref} aria-label={t`Tagg profile home`} className="rounded-lg">
					<Logo />
				</Link>
				<div className="flex items-center gap-2">
					<DialogOpener
						dialog="share"
						link
						onOpen={onShare}
						className="btn-secondary min-h-10 py-2"
					>
						<ShareIcon className="size-4" />
						<Trans>Share</Trans>
					</DialogOpener>
					{profile.pictureSmallUrl ? (
						// The owner's picture when there is one; the initials otherwise.
						<img
							src={profile.pictureSmallUrl}
							alt=""
							width={40}
							height={40}
							decoding="async"
							data-fallback={DEFAULT_AVATAR}
							className="bg-brand-50 fallback-picture size-10 rounded-full object-cover"
						/>
					) : (
						<Initials firstName={profile.name.firstName} lastName={profile.name.lastName} />
					)}
				</div>
			</div>
		</header>
	)
}

export function EditButton({
	label,
	onClick,
	className,
}: {
	label: string
	onClick: () => void
	className?: string
}) {
	return (
		<button
			type="button"
			onClick={onClick}
			aria-label={label}
			title={label}
			className={cx(
				'border-line text-muted hover:border-brand hover:text-brand bg-surface inline-flex size-10 shrink-0 items-center justify-center rounded-full border shadow-sm transition-colors',
				className,
			)}
		>
			<PencilIcon />
		</button>
	)
}

/** A titled card of a profile or project page, with an optional action (an edit button). */
export function Section({
	title,
	id,
	action,
	children,
}: {
	title: string
	id: string
	action?: ReactNode
	children: ReactNode
}) {
	return (
		<section aria-labelledby={id} className="card p-5 sm:p-7">
			<div className="mb-4 flex flex-wrap items-center justify-between gap-3">
				<h2 id={id} className="text-lg font-bold tracking-tight">
					{title}
				</h2>
				{action}
			</div>
			{children}
		</section>
	)
}

/** What the owner sees where a visitor would see nothing. */
export function Placeholder({ children, onClick }: { children: ReactNode; onClick: () => void }) {
	return (
		<button
			type="button"
			onClick={onClick}
			className="border-brand-200 bg-brand-50/40 text-brand-700 hover:border-brand hover:bg-brand-50 w-full rounded-xl border-2 border-dashed px-4 py-6 text-sm font-medium transition-colors"
		>
			{children}
		</button>
	)
}

/**
 * A section the owner edits (of a profile or a project): hidden from visitors while `empty`;
 * the owner sees its edit button, and the `prompt` in place of the content while it is empty.
 */
export function EditableSection<S extends string>({
	title,
	id,
	mode,
	section,
	editLabel,
	empty,
	prompt,
	children,
}: {
	title: string
	id: string
	mode: { kind: 'public' } | { kind: 'builder'; onEdit: (section: S) => void }
	section: S
	/** The edit button's name ('Edit bio'). */
	editLabel: string
	empty: boolean
	prompt: ReactNode
	children: ReactNode
}) {
	const builder = mode.kind === 'builder' ? mode : null
	if (empty && !builder) return null
	return (
		<Section
			title={title}
			id={id}
			action={
				builder ? <EditButton label={editLabel} onClick={() => builder.onEdit(section)} /> : null
			}
		>
			{empty ? (
				<Placeholder onClick={() => builder!.onEdit(section)}>{prompt}</Placeholder>
			) : (
				children
			)}
		</Section>
	)
}

/** Paragraphs of the owner's text, each in its own direction. */
export function Paragraphs({ items, className }: { items: string[]; className: string }) {
	return (
		<div className={className}>
			{items.map((paragraph, index) => (
				<p key={index} dir="auto">
					{paragraph}
				</p>
			))}
		</div>
	)
}

/**
 * What the h-card (microformats2: https://microformats.org/wiki/h-card) says that the page does
 * not show as text: the profile's canonical URL (`u-url u-uid`, the representative h-card of its
 * page) and the owner's social links (`u-url`; the links themselves carry `rel="me"`), email and
 * phone. Empty `<data>` elements: no box, nothing read out.
 */
