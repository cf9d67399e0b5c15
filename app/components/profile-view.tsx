/**
 * The profile page, one component for both modes: visitors at /{pname} (read-only, empty
 * sections hidden) and the owner at /builder (edit buttons, placeholder prompts).
 */
import { msg } from '@lingui/core/macro'
import { useLingui as useLinguiRuntime } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@remix-run/react'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { optionLabel } from '~/data/options'
import { type MessageDescriptor } from '@lingui/core'
import { type ProfileData } from '~/models/profile.server'
import { type Resume } from '~/models/resume.server'
import { cx } from '~/utils/misc'
import { SOCIAL_FIELDS } from '~/utils/social'
import {
	placeName,
	placeSeparator,
	ratingLabel,
	ratingToHalves,
	resumeVisibility,
	socialHref,
} from '~/utils/text'
import { Avatar, DEFAULT_AVATAR, Initials } from './avatar'
import { LinkIcon, MapPinIcon, PencilIcon, ShareIcon } from './icons'
import { LinkButtons, type IconDrawings, type SectionLink } from './links-section'
import { Logo } from './logo'
import { DialogOpener } from './public-sheets'
import { educationYears, workPeriod } from './resume-dates'
import { ResumeNotice } from './resume-notice'
import { ResumeSectionLinks } from './resume-links'

const FindMeModal = lazy(() =>
	import('./find-me-modal').then((module) => ({ default: module.FindMeModal })),
)

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

type Mode = { kind: 'public' } | { kind: 'builder'; onEdit: (section: ProfileSection) => void }

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
function HCardData({
	profile,
	email,
	profileUrl,
}: {
	profile: ProfileData
	email: string | null
	profileUrl: string
}) {
	const links = SOCIAL_FIELDS.filter((field) => field !== 'email' && field !== 'mobileNumber')
		.map((field) => socialHref(profile.socialLinks[field]))
		.flatMap((target) => (target.kind === 'url' ? [target.href] : []))
	const phone = socialHref(profile.socialLinks.mobileNumber)
	return (
		<>
			<data className="u-url u-uid" value={profileUrl} />
			{links.map((href) => (
				<data key={href} className="u-url" value={href} />
			))}
			{email ? <data className="u-email" value={`mailto:${email}`} /> : null}
			{phone.kind === 'tel' ? (
				<data className="p-tel" value={profile.socialLinks.mobileNumber ?? ''} />
			) : null}
		</>
	)
}

/** The owner's name, its parts marked for the h-card (`p-given-name`, `p-family-name`). */
function NameParts({ firstName, lastName }: { firstName: string; lastName: string }) {
	return (
		<>
			{firstName ? <span className="p-given-name">{firstName}</span> : null}
			{firstName && lastName ? ' ' : null}
			{lastName ? <span className="p-family-name">{lastName}</span> : null}
		</>
	)
}

function ProfileCard({
	profile,
	email,
	mode,
	onShare,
	profileUrl,
	actions,
}: {
	profile: ProfileData
	email: string | null
	mode: Mode
	onShare: () => void
	profileUrl?: string
	/** More actions of a visitor's page, first in the card's row ('Exchange contact'). */
	actions?: ReactNode
}) {
	const [findMeOpen, setFindMeOpen] = useState(false)
	// The dialog code loads the first time a visitor opens Find Me, then stays.
	const [findMeUsed, setFindMeUsed] = useState(false)
	const fullName = [profile.name.firstName, profile.name.lastName].filter(Boolean).join(' ')
	const location = placeName(profile.city, profile.country)
	const builder = mode.kind === 'builder' ? mode : null
	const { t } = useLingui()
	return (
		<section aria-label={t`Profile`} className="card overflow-hidden">
			{/* The owner's header style: gradient, solid or none (tailwind.css header-band). */}
			<div className="header-band h-24 sm:h-32" />
			<div className="flex flex-col items-center px-5 pb-7 text-center sm:px-8">
				<div className="header-overlap relative -mt-14 sm:-mt-16">
					<Avatar
						src={profile.pictureUrl}
						firstName={profile.name.firstName}
						lastName={profile.name.lastName}
						// The h-card's photo: the owner's own picture, not the default one.
						className={cx(
							'ring-surface size-28 ring-4 sm:size-32',
							profile.pictureUrl && 'u-photo',
						)}
						priority
					/>
					{builder ? (
						<EditButton
							label={t`Edit display picture`}
							onClick={() => builder.onEdit('picture')}
							className="absolute end-0 bottom-0"
						/>
					) : null}
				</div>
				<div className="mt-4 flex items-start justify-center gap-2">
					{/* Balances the edit button so the name stays centred. */}
					{builder ? <span className="size-10 shrink-0" aria-hidden="true" /> : null}
					<h1
						dir="auto"
						className={cx(
							'min-w-0 text-2xl font-bold tracking-tight text-balance wrap-anywhere sm:text-3xl',
							(fullName || !builder) && 'p-name',
							!fullName && builder && 'text-muted',
						)}
					>
						{fullName ? (
							<NameParts firstName={profile.name.firstName} lastName={profile.name.lastName} />
						) : builder ? (
							t`Add your name`
						) : (
							profile.path
						)}
					</h1>
					{builder ? (
						<EditButton
							label={t`Edit name, designation and location`}
							onClick={() => builder.onEdit('name')}
						/>
					) : null}
				</div>
				{profile.designation ? (
					<p
						dir="auto"
						className="p-job-title text-brand-700 mt-1 max-w-full text-base font-medium wrap-anywhere"
					>
						{profile.designation}
					</p>
				) : builder ? (
					<button
						type="button"
						className="text-muted hover:text-brand-700 mt-1 rounded text-sm underline-offset-4 hover:underline"
						onClick={() => builder.onEdit('name')}
					>
						<Trans>Add your designation</Trans>
					</button>
				) : null}
				{location ? (
					<p className="text-muted mt-1.5 inline-flex max-w-full items-center gap-1 text-sm">
						<MapPinIcon className="size-4 shrink-0" />
						<span dir="auto" className="min-w-0 wrap-anywhere">
							{profile.city ? <span className="p-locality">{profile.city}</span> : null}
							{profile.city && profile.country ? placeSeparator(profile.city) : null}
							{profile.country ? <span className="p-country-name">{profile.country}</span> : null}
						</span>
					</p>
				) : null}
				{profile.tagline || builder ? (
					<div className="mt-4 flex max-w-full items-center justify-center gap-2 sm:max-w-xl">
						{builder ? <span className="size-10 shrink-0" aria-hidden="true" /> : null}
						{profile.tagline ? (
							<p dir="auto" className="p-note text-ink/80 min-w-0 text-pretty wrap-anywhere">
								{profile.tagline}
							</p>
						) : builder ? (
							<button
								type="button"
								className="text-muted hover:text-brand-700 rounded text-sm underline-offset-4 hover:underline"
								onClick={() => builder.onEdit('tagline')}
							>
								<Trans>Add a tagline: one line about what you do best.</Trans>
							</button>
						) : null}
						{builder ? (
							<EditButton label={t`Edit tagline`} onClick={() => builder.onEdit('tagline')} />
						) : null}
					</div>
				) : null}
				<div className="mt-6 flex w-full max-w-sm flex-wrap items-center justify-center gap-3">
					{builder ? null : actions}
					<DialogOpener
						dialog="find-me"
						link={!builder}
						className="btn-primary flex-1"
						onOpen={() => {
							setFindMeUsed(true)
							setFindMeOpen(true)
						}}
					>
						<LinkIcon className="size-4" />
						<Trans>Find Me</Trans>
					</DialogOpener>
					<DialogOpener
						dialog="share"
						link={!builder}
						className="btn-secondary flex-1"
						onOpen={onShare}
					>
						<ShareIcon className="size-4" />
						<Trans>Share</Trans>
					</DialogOpener>
					{builder ? (
						<button
							type="button"
							className="btn-ghost text-brand-700 w-full"
							onClick={() => builder.onEdit('social')}
						>
							<PencilIcon />
							<Trans>Edit social and contact links</Trans>
						</button>
					) : null}
				</div>
			</div>
			{profileUrl && !builder ? (
				<HCardData profile={profile} email={email} profileUrl={profileUrl} />
			) : null}
			{findMeUsed ? (
				<Suspense fallback={null}>
					<FindMeModal
						open={findMeOpen}
						onOpenChange={setFindMeOpen}
						firstName={profile.name.firstName}
						email={email}
						links={profile.socialLinks}
					/>
				</Suspense>
			) : null}
		</section>
	)
}

/**
 * The owner's own links, directly under the profile card, where a link-in-bio visitor
 * looks first: full-width labelled buttons (links-section.tsx). No links: no section for
 * visitors, a prompt for the owner.
 */
function Links({
	links,
	icons,
	mode,
}: {
	links: readonly SectionLink[]
	icons: IconDrawings
	mode: Mode
}) {
	const { t } = useLingui()
	return (
		<EditableSection
			title={t`Links`}
			id="links"
			mode={mode}
			section="links"
			editLabel={t`Edit links`}
			empty={!links.length}
			prompt={t`Add your links`}
		>
			<LinkButtons links={links} icons={icons} builder={mode.kind === 'builder'} />
		</EditableSection>
	)
}

function Highlights({ profile, mode }: { profile: ProfileData; mode: Mode }) {
	const items = [
		profile.carHighlights.highOne,
		profile.carHighlights.highTwo,
		profile.carHighlights.highThree,
	].filter((item): item is string => Boolean(item))
	const { t } = useLingui()
	return (
		<EditableSection
			title={t`Career Highlights`}
			id="highlights"
			mode={mode}
			section="highlights"
			editLabel={t`Edit career highlights`}
			empty={!items.length}
			prompt={t`Add up to three career highlights`}
		>
			<ol className="grid gap-3 sm:grid-cols-3">
				{items.map((item, index) => (
					<li key={index} className="bg-brand-50/60 min-w-0 rounded-xl p-4">
						<span className="text-brand text-xs font-bold" aria-hidden="true">
							{String(index + 1).padStart(2, '0')}
						</span>
						<p dir="auto" className="mt-1 text-sm leading-relaxed font-medium wrap-anywhere">
							{item}
						</p>
					</li>
				))}
			</ol>
		</EditableSection>
	)
}

function About({ profile, mode }: { profile: ProfileData; mode: Mode }) {
	const { t } = useLingui()
	return (
		<EditableSection
			title={t`About Me`}
			id="about"
			mode={mode}
			section="bio"
			editLabel={t`Edit bio`}
			empty={!profile.bio.length}
			prompt={t`Tell visitors about yourself`}
		>
			<Paragraphs
				items={profile.bio}
				className={cx(
					'text-ink/85 flex flex-col gap-3 leading-relaxed wrap-anywhere whitespace-pre-line',
					// The h-card's note when there is no tagline.
					!profile.tagline && 'p-note',
				)}
			/>
		</EditableSection>
	)
}

const STAR = 'M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z'
/** The left half of {@link STAR} (the star is symmetric about x = 10). */
const HALF_STAR = 'M10 1.8V14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z'

/**
 * A skill rating as five stars in half steps, read out as text ('3.5 of 5'). Right to left, the
 * stars fill from the right (the half star is mirrored).
 */
export function Stars({ rating }: { rating: number }) {
	const { i18n } = useLingui()
	const halves = ratingToHalves(rating) ?? 0
	return (
		<span
			className="inline-flex shrink-0 items-center gap-0.5"
			role="img"
			aria-label={ratingLabel(halves, i18n)}
		>
			{Array.from({ length: 5 }, (_, index) => {
				const fill = Math.max(0, Math.min(2, halves - index * 2))
				return (
					<svg
						key={index}
						viewBox="0 0 20 20"
						className="size-4 rtl:-scale-x-100"
						aria-hidden="true"
					>
						<path d={STAR} fill={fill === 2 ? 'var(--color-brand)' : 'var(--color-line)'} />
						{fill === 1 ? <path d={HALF_STAR} fill="var(--color-brand)" /> : null}
					</svg>
				)
			})}
		</span>
	)
}

/** The resume's blocks: heading, anchor, edit button and prompt of each, by its editor. */
const RESUME_BLOCKS = {
	workexp: {
		title: msg`Work Experience`,
		id: 'work',
		edit: msg`Edit work experience`,
		prompt: msg`Add your work experience`,
	},
	education: {
		title: msg`Education`,
		id: 'education',
		edit: msg`Edit education`,
		prompt: msg`Add your education`,
	},
	skills: {
		title: msg`Skills`,
		id: 'skills',
		edit: msg`Edit skills`,
		prompt: msg`Add your skills`,
	},
	certificates: {
		title: msg`Certificates`,
		id: 'certificates',
		edit: msg`Edit certificates`,
		prompt: msg`Add your certificates`,
	},
	achievements: {
		title: msg`Achievements`,
		id: 'achievements',
		edit: msg`Edit achievements`,
		prompt: msg`Add your achievements`,
	},
} as const satisfies Partial<
	Record<
		EditSection,
		{ title: MessageDescriptor; id: string; edit: MessageDescriptor; prompt: MessageDescriptor }
	>
>

function ResumeBlock({
	section,
	mode,
	empty,
	children,
}: {
	section: keyof typeof RESUME_BLOCKS
	mode: Mode
	empty: boolean
	children: ReactNode
}) {
	const { _ } = useLinguiRuntime()
	const { title, id, edit, prompt } = RESUME_BLOCKS[section]
	const builder = mode.kind === 'builder' ? mode : null
	if (empty && !builder) return null
	return (
		<div className="border-line border-t pt-5 first:border-t-0 first:pt-0">
			<div className="mb-3 flex items-center justify-between gap-3">
				<h3 id={id} className="text-muted text-sm font-bold tracking-wide uppercase">
					{_(title)}
				</h3>
				{builder ? <EditButton label={_(edit)} onClick={() => builder.onEdit(section)} /> : null}
			</div>
			{empty ? (
				<Placeholder onClick={() => builder!.onEdit(section)}>{_(prompt)}</Placeholder>
			) : (
				children
			)}
		</div>
	)
}

/** 'View', and for a screen reader which certificate (the link's name). */
export function ViewCertificate({ name }: { name: string }) {
	return (
		<Trans>
			View<span className="sr-only"> certificate {name}</span>
		</Trans>
	)
}

/** A resume entry's name and where (role and company, degree and school, …). */
function EntryLines({ title, detail }: { title: string; detail: string }) {
	return (
		<>
			<p dir="auto" className="font-semibold">
				{title}
			</p>
			<p dir="auto" className="text-ink/80 text-sm">
				{detail}
			</p>
		</>
	)
}

function ResumeSection({
	resume,
	mode,
	path,
}: {
	resume: Resume
	mode: Mode
	path: string | null
}) {
	const { t, i18n } = useLingui()
	const visible = resumeVisibility(resume)
	if (mode.kind === 'public' && !visible.showResume) return null
	return (
		<Section
			title={t`Resume`}
			id="resume"
			action={<ResumeSectionLinks path={path} builder={mode.kind === 'builder'} />}
		>
			<div className="flex flex-col gap-6">
				{/* The owner is told whether visitors see the resume, and which lists it waits for. */}
				{mode.kind === 'builder' ? <ResumeNotice resume={resume} /> : null}
				<ResumeBlock section="workexp" mode={mode} empty={!resume.workExp.length}>
					<ol className="border-brand-100 relative flex flex-col gap-5 border-s-2 ps-5">
						{resume.workExp.map((item) => (
							<li key={item.workId} className="relative min-w-0 wrap-anywhere">
								<span
									className="bg-brand border-surface absolute -start-[1.65rem] top-1.5 size-3 rounded-full border-2"
									aria-hidden="true"
								/>
								<EntryLines title={item.role} detail={item.company} />
								<p className="text-muted mt-0.5 text-xs">{workPeriod(item, i18n)}</p>
								{item.experience.length ? (
									<ul className="text-ink/85 marker:text-brand mt-2 flex list-disc flex-col gap-1 ps-4 text-sm">
										{item.experience.map((line, index) => (
											<li key={index} dir="auto">
												{line}
											</li>
										))}
									</ul>
								) : null}
							</li>
						))}
					</ol>
				</ResumeBlock>
				<ResumeBlock section="education" mode={mode} empty={!visible.education}>
					<ul className="flex flex-col gap-3">
						{resume.education.map((item) => (
							<li key={item.eduId} className="min-w-0 wrap-anywhere">
								<EntryLines title={item.eduName} detail={item.eduInstitution} />
								<p className="text-muted text-xs">{educationYears(item)}</p>
							</li>
						))}
					</ul>
				</ResumeBlock>
				<ResumeBlock section="skills" mode={mode} empty={!visible.skills}>
					<ul className="grid gap-2 sm:grid-cols-2">
						{resume.skills.map((item) => (
							<li
								key={item.skillId}
								className="bg-canvas flex items-center justify-between gap-3 rounded-xl px-3 py-2"
							>
								<span dir="auto" className="min-w-0 text-sm font-medium wrap-anywhere">
									{optionLabel(i18n, 'skill', item.skillName)}
								</span>
								<Stars rating={item.rating} />
							</li>
						))}
					</ul>
				</ResumeBlock>
				<ResumeBlock section="certificates" mode={mode} empty={!visible.certificates}>
					<ul className="flex flex-col gap-3">
						{resume.certificates.map((item) => (
							<li key={item.crtId} className="flex items-start justify-between gap-3">
								<div className="min-w-0 wrap-anywhere">
									<EntryLines
										title={item.crtName}
										detail={[item.crtPlat, item.endDate].filter(Boolean).join(' · ')}
									/>
								</div>
								{item.crtUrl && socialHref(item.crtUrl).kind === 'url' ? (
									<a
										href={item.crtUrl}
										target="_blank"
										rel="noopener noreferrer"
										className="text-brand shrink-0 text-sm font-semibold hover:underline"
									>
										<ViewCertificate name={item.crtName} />
									</a>
								) : null}
							</li>
						))}
					</ul>
				</ResumeBlock>
				<ResumeBlock section="achievements" mode={mode} empty={!visible.achievements}>
					<ul className="flex flex-col gap-2">
						{resume.achievements.map((item, index) => (
							<li key={index} className="flex gap-2.5 text-sm">
								<span className="bg-brand mt-1.5 size-2 shrink-0 rounded-full" aria-hidden="true" />
								<span dir="auto" className="min-w-0 wrap-anywhere">
									{item}
								</span>
							</li>
						))}
					</ul>
				</ResumeBlock>
			</div>
		</Section>
	)
}

export function ProfileView({
	profile,
	resume,
	email,
	mode,
	onShare,
	portfolio,
	profileUrl,
	links = [],
	linkIcons = {},
	cardActions,
}: {
	profile: ProfileData
	resume: Resume
	email: string | null
	mode: Mode
	onShare: () => void
	portfolio?: ReactNode
	/** A visitor's page: the profile's canonical URL, the h-card's `u-url`. */
	profileUrl?: string
	/** The owner's own links: a visitor's, those live now; the builder's, all of them. */
	links?: readonly SectionLink[]
	/** The drawings of the links' icons, by slug (sent by the page's loader). */
	linkIcons?: IconDrawings
	/** A visitor's page: more actions in the profile card's row. */
	cardActions?: ReactNode
}) {
	return (
		<main className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:py-8">
			{/*
			 * On a visitor's page the owner's card, links, highlights and bio are a microformats2 h-card
			 * (IndieWeb readers, Mastodon's verification): its classes add no style, and the
			 * wrapper no box (`contents`), so the sections stay the column's items.
			 */}
			<div className={cx('contents', mode.kind === 'public' && 'h-card')}>
				<ProfileCard
					profile={profile}
					email={email}
					mode={mode}
					onShare={onShare}
					profileUrl={profileUrl}
					actions={cardActions}
				/>
				<Links links={links} icons={linkIcons} mode={mode} />
				<Highlights profile={profile} mode={mode} />
				<About profile={profile} mode={mode} />
			</div>
			{portfolio}
			<ResumeSection resume={resume} mode={mode} path={profile.path} />
		</main>
	)
}
