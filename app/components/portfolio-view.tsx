/**
 * The project detail page, one component for both modes (like profile-view.tsx): visitors at
 * /{pname}/portfolio/{id} (read-only, empty sections hidden) and the owner at
 * /builder/portfolio/{id} (edit buttons, placeholder prompts, 'Manage Images').
 */
import { type I18n, type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui as useLinguiRuntime } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@remix-run/react'
import { type ReactNode } from 'react'
import { optionLabel, type OptionKind } from '~/data/options'
import { type DisplayImage, type PortfolioItem } from '~/models/portfolio.server'
import { projectSrcSet } from '~/utils/image-sizes'
import { type PortfolioSection } from '~/utils/portfolio-schemas'
import { DEFAULT_AVATAR } from './avatar'
import { ArrowRightIcon, PencilIcon } from './icons'
import { PlaceholderGallery } from './placeholder-gallery'
import { type ViewerLabels } from './image-viewer'
import { MISSING_TITLE } from './portfolio-card'
import { EditableSection, EditButton, Paragraphs, Placeholder, Section } from './profile-sections'

/** Whose work it is: the owner's name and picture, linking to their profile. */
export type ProjectOwner = {
	name: string
	designation: string
	pictureUrl: string | null
	profileHref: string
}

type Mode =
	| { kind: 'public'; owner: ProjectOwner }
	| { kind: 'builder'; onEdit: (section: PortfolioSection) => void }

/** The project's cover: the featured active image, else the first active one (SPEC `coverImage`). */
export function coverOf(item: PortfolioItem): DisplayImage | undefined {
	const active = item.displayImages.filter((image) => image.active)
	return active.find((image) => image.featured) ?? active[0]
}

const IMAGE_ALT = msg({ message: '{name} ({position} of {count})' })

/** An image's alt text: the owner's, else the project's name and its place in the gallery. */
function altOf(i18n: I18n, image: DisplayImage, name: string, index: number, count: number) {
	return (
		image.alt ||
		i18n._(IMAGE_ALT.id, { name, position: index + 1, count }, { message: IMAGE_ALT.message })
	)
}

/** Fixed choices (skills, categories, industries) in the page's language; own words as typed. */
function Badges({ items, kind }: { items: string[]; kind: OptionKind }) {
	const { i18n } = useLingui()
	return (
		<ul className="flex flex-wrap gap-2">
			{items.map((item) => (
				<li
					key={item}
					dir="auto"
					className="bg-brand-50 text-brand-800 border-brand-100 rounded-full border px-3 py-1 text-sm font-medium"
				>
					{optionLabel(i18n, kind, item)}
				</li>
			))}
		</ul>
	)
}

/** Names in a line, with the language's comma ('A, B', 'A، B'). */
const joinNames = (i18n: I18n, names: string[]) => names.join(i18n.locale === 'ar' ? '، ' : ', ')

function Fact({ label, children }: { label: string; children: ReactNode }) {
	return (
		<div className="bg-canvas min-w-0 rounded-xl px-3 py-2">
			<dt className="text-muted text-xs font-semibold tracking-wide uppercase">{label}</dt>
			<dd dir="auto" className="mt-0.5 text-sm font-medium wrap-anywhere">
				{children}
			</dd>
		</div>
	)
}

function Head({ item, mode }: { item: PortfolioItem; mode: Mode }) {
	const { t, i18n } = useLingui()
	const builder = mode.kind === 'builder' ? mode : null
	const industries = item.industries.map((industry) => optionLabel(i18n, 'industry', industry))
	const facts = [
		{ key: 'company', label: t`Agency Name`, value: item.company },
		{ key: 'role', label: t`Role`, value: item.role },
		{ key: 'duration', label: t`Duration`, value: item.duration },
		{ key: 'industries', label: t`Industries`, value: joinNames(i18n, industries) },
	].filter((fact) => fact.value || builder)
	return (
		<section aria-label={t`Project`} className="card overflow-hidden">
			<div className="header-band h-3" />
			<div className="flex flex-col gap-5 p-5 sm:p-7">
				<div className="flex items-start justify-between gap-3">
					<h1
						dir="auto"
						className="min-w-0 text-2xl font-bold tracking-tight text-balance wrap-anywhere sm:text-3xl"
					>
						{item.productName ? (
							item.productName
						) : builder ? (
							<span className="text-muted">
								<Trans>Add Product Name</Trans>
							</span>
						) : (
							i18n._(MISSING_TITLE)
						)}
					</h1>
					{builder ? (
						<EditButton label={t`Edit product details`} onClick={() => builder.onEdit('head')} />
					) : null}
				</div>
				{facts.length ? (
					<dl className="grid grid-cols-2 gap-2">
						{facts.map((fact) => (
							<Fact key={fact.key} label={fact.label}>
								{fact.value || (
									<span className="text-muted font-normal">
										<Trans>Not added yet</Trans>
									</span>
								)}
							</Fact>
						))}
					</dl>
				) : null}
				{item.projectSummary.length ? (
					<Paragraphs
						items={item.projectSummary}
						className="text-ink/85 flex flex-col gap-3 leading-relaxed wrap-anywhere"
					/>
				) : builder ? (
					<Placeholder onClick={() => builder.onEdit('head')}>
						<Trans>Add Product Description</Trans>
					</Placeholder>
				) : null}
				{item.link ? (
					<a
						href={item.link}
						target="_blank"
						rel="noopener noreferrer"
						className="btn-primary self-start"
						data-track={`portfolio-link:${item.portfolioId}`}
					>
						<Trans>
							Visit project
							<ArrowRightIcon className="size-4 -rotate-45 rtl:-scale-x-100 rtl:rotate-45" />
							<span className="sr-only"> (opens in a new tab)</span>
						</Trans>
					</a>
				) : null}
				{item.categories.length || builder ? (
					<div>
						<h2 className="text-muted mb-2 text-sm font-bold tracking-wide uppercase">
							<Trans>Project Categories</Trans>
						</h2>
						{item.categories.length ? (
							<Badges items={item.categories} kind="category" />
						) : (
							<p className="text-muted text-sm">
								<Trans>No categories yet.</Trans>
							</p>
						)}
					</div>
				) : null}
			</div>
		</section>
	)
}

const VIEWER = {
	viewer: msg`Image viewer`,
	close: msg`Close`,
	previous: msg`Previous image`,
	next: msg`Next image`,
	counter: msg({ message: 'Image {index} of {count}' }),
}

/**
 * What the full-screen viewer says (./image-viewer.ts, which loads no catalog), in the page's
 * language: its counter keeps `{index}` and `{count}` for the viewer to fill in.
 */
function viewerLabels(i18n: I18n): ViewerLabels {
	return {
		viewer: i18n._(VIEWER.viewer),
		close: i18n._(VIEWER.close),
		previous: i18n._(VIEWER.previous),
		next: i18n._(VIEWER.next),
		counter: i18n._(
			VIEWER.counter.id,
			{ index: '{index}', count: '{count}' },
			{ message: VIEWER.counter.message },
		),
	}
}

/**
 * The gallery: every active image whole, in rows of equal height whose widths follow each
 * image's own ratio (portrait phone screens and panoramas side by side). Each image is a link to
 * its large rendition, which the viewer (./image-viewer.ts) opens full screen when a script runs.
 */
function Gallery({ item, mode }: { item: PortfolioItem; mode: Mode }) {
	const { t, i18n } = useLingui()
	const images = item.displayImages.filter((image) => image.active)
	const builder = mode.kind === 'builder'
	const name = item.productName || t`Project`
	return (
		<Section
			title={t`Gallery`}
			id="gallery"
			action={
				builder ? (
					<Link
						to={`/builder/portfolio/manage-images/${item.portfolioId}`}
						className="btn-secondary min-h-10 py-2"
					>
						<PencilIcon />
						<Trans>Manage Images</Trans>
					</Link>
				) : null
			}
		>
			{images.length ? (
				<ul
					className="flex flex-wrap items-start gap-2 after:grow-[999] after:content-['']"
					data-gallery=""
					data-viewer-labels={JSON.stringify(viewerLabels(i18n))}
					aria-label={t`Images of ${name}`}
				>
					{images.map((image, index) => {
						const ratio = image.width / image.height
						return (
							<li
								key={image.pProductImageId}
								// Rows about 9rem high; each image's share of a row is its ratio.
								style={{ flexGrow: ratio, flexBasis: `${(ratio * 9).toFixed(3)}rem` }}
								className="min-w-0"
							>
								<a
									href={image.largeImageUrl}
									data-viewer=""
									data-caption={image.caption || undefined}
									data-width={image.width}
									data-height={image.height}
									className="bg-canvas focus-visible:ring-brand block overflow-hidden rounded-lg focus-visible:ring-2"
								>
									<img
										src={image.pProductImageUrl}
										srcSet={projectSrcSet({
											...image,
											url: image.pProductImageUrl,
											cardUrl: image.cardImageUrl,
										})}
										// A row holds one to three images of the section's width (about 700 px).
										sizes="(min-width: 768px) 400px, 70vw"
										alt={altOf(i18n, image, name, index, images.length)}
										loading={index < 2 ? 'eager' : 'lazy'}
										decoding="async"
										width={image.width}
										height={image.height}
										className="block h-[auto] w-full"
									/>
								</a>
							</li>
						)
					})}
				</ul>
			) : (
				<PlaceholderGallery />
			)}
		</Section>
	)
}

/**
 * The cover at the head of the page, whole (a tall screenshot is shown at most about half a
 * phone screen high, letterboxed), so the work is on the first screen. Opens the viewer at it.
 */
function Cover({ item }: { item: PortfolioItem }) {
	const { t, i18n } = useLingui()
	const cover = coverOf(item)
	if (!cover) return null
	const name = item.productName || t`Project`
	const active = item.displayImages.filter((image) => image.active)
	const index = active.indexOf(cover)
	return (
		<a
			href={cover.largeImageUrl}
			data-viewer-cover={index}
			className="card bg-canvas focus-visible:ring-brand block overflow-hidden focus-visible:ring-2"
		>
			<img
				src={cover.pProductImageUrl}
				srcSet={projectSrcSet({
					...cover,
					url: cover.pProductImageUrl,
					cardUrl: cover.cardImageUrl,
				})}
				sizes="(min-width: 768px) 736px, 100vw"
				alt={altOf(i18n, cover, name, index, active.length)}
				loading="eager"
				fetchPriority="high"
				decoding="async"
				width={cover.width}
				height={cover.height}
				className="mx-auto block max-h-[45svh] w-auto max-w-full object-contain"
			/>
		</a>
	)
}

/** The byline of a visitor's project page: the owner's picture and name, to their profile. */
function Byline({ owner }: { owner: ProjectOwner }) {
	return (
		<a
			href={owner.profileHref}
			className="hover:text-brand flex min-w-0 items-center gap-3 self-start rounded-full pe-2"
			data-byline=""
		>
			<img
				src={owner.pictureUrl ?? DEFAULT_AVATAR}
				alt=""
				width={44}
				height={44}
				loading="eager"
				decoding="async"
				data-fallback={DEFAULT_AVATAR}
				className="bg-brand-50 fallback-picture size-11 shrink-0 rounded-full object-cover"
			/>
			<span className="flex min-w-0 flex-col">
				<span className="text-muted text-xs">
					<Trans>A project by</Trans>
				</span>
				<span dir="auto" className="font-semibold wrap-anywhere">
					{owner.name}
				</span>
			</span>
			{owner.designation ? (
				<span dir="auto" className="text-muted hidden text-sm sm:inline">
					· {owner.designation}
				</span>
			) : null}
		</a>
	)
}

/** The project's lists: title, section (also the heading's id), field, prompt, edit button. */
const LISTS: Array<{
	title: MessageDescriptor
	section: PortfolioSection
	field: 'challenges' | 'solution' | 'results'
	prompt: MessageDescriptor
	edit: MessageDescriptor
}> = [
	{
		title: msg`Challenges`,
		section: 'challenges',
		field: 'challenges',
		prompt: msg`Add project challenges here...`,
		edit: msg`Edit challenges`,
	},
	{
		title: msg`Solutions`,
		section: 'solutions',
		field: 'solution',
		prompt: msg`Add project solutions here...`,
		edit: msg`Edit solutions`,
	},
	{
		title: msg`Result`,
		section: 'result',
		field: 'results',
		prompt: msg`Add project results here...`,
		edit: msg`Edit result`,
	},
]

function ListSection({
	list: { title, section, field, prompt, edit },
	item,
	mode,
}: {
	list: (typeof LISTS)[number]
	item: PortfolioItem
	mode: Mode
}) {
	const { _ } = useLinguiRuntime()
	const items = item[field]
	return (
		<EditableSection
			title={_(title)}
			id={section}
			mode={mode}
			section={section}
			editLabel={_(edit)}
			empty={!items.length}
			prompt={_(prompt)}
		>
			<ul className="flex flex-col gap-2.5">
				{items.map((line, index) => (
					<li key={index} className="text-ink/85 flex gap-3 leading-relaxed">
						<span className="bg-brand mt-2.5 size-2 shrink-0 rounded-full" aria-hidden="true" />
						<span dir="auto" className="min-w-0 wrap-anywhere">
							{line}
						</span>
					</li>
				))}
			</ul>
		</EditableSection>
	)
}

function Skills({ item, mode }: { item: PortfolioItem; mode: Mode }) {
	const { t } = useLingui()
	return (
		<EditableSection
			title={t`Skills And Expertise`}
			id="skills"
			mode={mode}
			section="skills"
			editLabel={t`Edit skills and expertise`}
			empty={!item.skills.length}
			prompt={t`Add the skills and expertise this project used`}
		>
			<Badges items={item.skills} kind="skill" />
		</EditableSection>
	)
}

export function PortfolioView({
	item,
	mode,
	backHref,
	backLabel,
	toolbar,
}: {
	item: PortfolioItem
	mode: Mode
	backHref: string
	backLabel: string
	/** Shown under the back link (the builder's status switches). */
	toolbar?: ReactNode
}) {
	return (
		<main className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-6 sm:py-8">
			<Link
				to={backHref}
				className="text-muted hover:text-brand inline-flex items-center gap-1.5 self-start text-sm font-semibold"
			>
				<ArrowRightIcon className="size-4 rotate-180 rtl:-scale-x-100" />
				{backLabel}
			</Link>
			{toolbar}
			{mode.kind === 'public' ? <Byline owner={mode.owner} /> : null}
			<Cover item={item} />
			<Head item={item} mode={mode} />
			<Skills item={item} mode={mode} />
			<Gallery item={item} mode={mode} />
			{LISTS.map((list) => (
				<ListSection key={list.section} list={list} item={item} mode={mode} />
			))}
		</main>
	)
}
