/**
 * The profile page, one component for both modes: visitors at /{pname} (read-only, empty
 * sections hidden) and the owner at /builder (edit buttons, placeholder prompts). Its pieces are
 * in profile-sections.tsx, the resume in resume-view.tsx.
 */
import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { type ProfileData } from '~/models/profile.server'
import { type Resume } from '~/models/resume.server'
import { cx } from '~/utils/misc'
import { SOCIAL_FIELDS } from '~/utils/social'
import { placeName, placeSeparator, socialHref } from '~/utils/text'
import { Avatar } from './avatar'
import { LinkIcon, MapPinIcon, PencilIcon, ShareIcon } from './icons'
import { LinkButtons, type IconDrawings, type SectionLink } from './links-section'
import { DialogOpener } from './public-sheets'
import { EditButton, EditableSection, type Mode, Paragraphs } from './profile-sections'
import { ResumeSection } from './resume-view'

const FindMeModal = lazy(() =>
	import('./find-me-modal').then((module) => ({ default: module.FindMeModal })),
)

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
