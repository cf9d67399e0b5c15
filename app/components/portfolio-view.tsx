/**
 * The project detail page, one component for both modes (like profile-view.tsx): visitors at
 * /{pname}/portfolio/{id} (read-only, empty sections hidden) and the owner at
 * /builder/portfolio/{id} (edit buttons, placeholder prompts, 'Manage Images').
 */
import { Link } from '@remix-run/react'
import { type ReactNode } from 'react'
import { type PortfolioItem } from '~/models/portfolio.server'
import { type PortfolioSection } from '~/utils/portfolio-schemas'
import { ArrowRightIcon, PencilIcon } from './icons'
import { PlaceholderGallery } from './placeholder-gallery'
import { MISSING_TITLE, projectImageSrcSet } from './portfolio-card'
import { EditableSection, EditButton, Paragraphs, Placeholder, Section } from './profile-view'

type Mode = { kind: 'public' } | { kind: 'builder'; onEdit: (section: PortfolioSection) => void }

function Badges({ items }: { items: string[] }) {
	return (
		<ul className="flex flex-wrap gap-2">
			{items.map((item) => (
				<li
					key={item}
					className="bg-brand-50 text-brand-800 border-brand-100 rounded-full border px-3 py-1 text-sm font-medium"
				>
					{item}
				</li>
			))}
		</ul>
	)
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
	return (
		<div className="bg-canvas min-w-0 rounded-xl px-4 py-3">
			<dt className="text-muted text-xs font-semibold tracking-wide uppercase">{label}</dt>
			<dd dir="auto" className="mt-0.5 text-sm font-medium wrap-anywhere">
				{children}
			</dd>
		</div>
	)
}

function Head({ item, mode }: { item: PortfolioItem; mode: Mode }) {
	const builder = mode.kind === 'builder' ? mode : null
	const facts = [
		{ label: 'Agency Name', value: item.company },
		{ label: 'Role', value: item.role },
		{ label: 'Duration', value: item.duration },
		{ label: 'Industries', value: item.industries.join(', ') },
	].filter((fact) => fact.value || builder)
	return (
		<section aria-label="Project" className="card overflow-hidden">
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
							<span className="text-muted">Add Product Name</span>
						) : (
							MISSING_TITLE
						)}
					</h1>
					{builder ? (
						<EditButton label="Edit product details" onClick={() => builder.onEdit('head')} />
					) : null}
				</div>
				{facts.length ? (
					<dl className="grid gap-2.5 sm:grid-cols-2">
						{facts.map((fact) => (
							<Fact key={fact.label} label={fact.label}>
								{fact.value || <span className="text-muted font-normal">Not added yet</span>}
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
					<Placeholder onClick={() => builder.onEdit('head')}>Add Product Description</Placeholder>
				) : null}
				{item.categories.length || builder ? (
					<div>
						<h2 className="text-muted mb-2 text-sm font-bold tracking-wide uppercase">
							Project Categories
						</h2>
						{item.categories.length ? (
							<Badges items={item.categories} />
						) : (
							<p className="text-muted text-sm">No categories yet.</p>
						)}
					</div>
				) : null}
			</div>
		</section>
	)
}

function Gallery({ item, mode }: { item: PortfolioItem; mode: Mode }) {
	const images = item.displayImages.filter((image) => image.active)
	const builder = mode.kind === 'builder'
	const name = item.productName || 'Project'
	return (
		<Section
			title="Gallery"
			id="gallery"
			action={
				builder ? (
					<Link
						to={`/builder/portfolio/manage-images/${item.portfolioId}`}
						className="btn-secondary min-h-10 py-2"
					>
						<PencilIcon />
						Manage Images
					</Link>
				) : null
			}
		>
			{images.length ? (
				<ul className="grid grid-cols-2 gap-3">
					{images.map((image, index) => {
						const wide = index === 0 || (images.length % 2 === 0 && index === images.length - 1)
						return (
							<li key={image.pProductImageId} className={wide ? 'col-span-2' : undefined}>
								<img
									src={image.pProductImageUrl}
									srcSet={projectImageSrcSet(image.pProductImageUrl)}
									// The section's content box: at most 3xl minus paddings (about 700 px).
									sizes={
										wide
											? '(min-width: 768px) 700px, calc(100vw - 4.5rem)'
											: '(min-width: 768px) 344px, calc(50vw - 2.5rem)'
									}
									alt={`${name} (${index + 1} of ${images.length})`}
									loading={index === 0 ? 'eager' : 'lazy'}
									decoding="async"
									width={1600}
									height={900}
									className="bg-canvas aspect-video w-full rounded-xl object-cover"
								/>
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

/** The project's lists: title, section (also the heading's id), field and prompt. */
const LISTS: Array<
	[
		title: string,
		section: PortfolioSection,
		field: 'challenges' | 'solution' | 'results',
		prompt: string,
	]
> = [
	['Challenges', 'challenges', 'challenges', 'Add project challenges here...'],
	['Solutions', 'solutions', 'solution', 'Add project solutions here...'],
	['Result', 'result', 'results', 'Add project results here...'],
]

function ListSection({
	list: [title, section, field, prompt],
	item,
	mode,
}: {
	list: (typeof LISTS)[number]
	item: PortfolioItem
	mode: Mode
}) {
	const items = item[field]
	return (
		<EditableSection
			title={title}
			id={section}
			mode={mode}
			section={section}
			empty={!items.length}
			prompt={prompt}
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
	return (
		<EditableSection
			title="Skills And Expertise"
			id="skills"
			mode={mode}
			section="skills"
			empty={!item.skills.length}
			prompt="Add the skills and expertise this project used"
		>
			<Badges items={item.skills} />
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
				<ArrowRightIcon className="size-4 rotate-180" />
				{backLabel}
			</Link>
			{toolbar}
			<Head item={item} mode={mode} />
			<Skills item={item} mode={mode} />
			<Gallery item={item} mode={mode} />
			{LISTS.map((list) => (
				<ListSection key={list[1]} list={list} item={item} mode={mode} />
			))}
		</main>
	)
}
