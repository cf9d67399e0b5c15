/**
 * The builder's Links editor (ARCHITECTURE.md "Links of your own"): the owner's own
 * links, up to 50, each with a title, a URL, an icon ('Automatic' from the URL, shown as it is
 * typed, or one of the list), visible or hidden, one highlighted, and a schedule typed and shown
 * in the owner's own time zone (stored as instants). Reordered by drag and by keyboard
 * (./reorder.tsx), saved whole in one call with the version of the list the editor opened
 * (a stale tab is refused and keeps its draft), each refusal next to its item's field.
 *
 * What it knows of the icons comes from the page's loader (names, the hosts of the brands, the
 * drawings of those in use): app/data/brand-icons.ts is never part of the builder's script.
 */
import { type MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui as useLinguiRuntime } from '@lingui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { LINK_TITLE_MAX, LINKS_MAX, type OwnLink } from '~/utils/links'
import { cx } from '~/utils/misc'
import { withHttps } from '~/utils/text'
import { errorUnder, FieldError, TextInput } from './editor-fields'
import { EditorForm, useEditor, useSectionReload, type Reload } from './editor-form'
import { GripIcon, PencilIcon, PlusIcon, TrashIcon } from './icons'
import {
	autoIcon,
	browserTimeZone,
	instantOf,
	linkStatus,
	localInputOf,
	type BrandHosts,
} from './link-editing'
import { DrawnIcon, STATUS_LABELS, type IconDrawings } from './links-section'
import { Modal, useDraft } from './modal'
import { useReorder } from './reorder'

/** What the page's loader sends the editor (app/routes/builder._index.tsx). */
export type LinksEditorData = {
	/** The owner's links as stored (`icon` null: automatic), in their order. */
	items: OwnLink[]
	/** The version of that list: a save from a stale tab is refused (412). */
	version: string
	/** The drawings of the icons in use and of the generic ones, by slug. */
	icons: IconDrawings
	/** The brands one may choose, by name. */
	brands: Array<{ slug: string; title: string }>
	/** Which brand each host is: what 'Automatic' picks for a URL. */
	hosts: BrandHosts
}

/** The generic icons' names (the same messages as app/components/link-icon.tsx's). */
const GENERIC_NAMES: Record<string, MessageDescriptor> = {
	link: msg`Link`,
	mail: msg`Email`,
	phone: msg`Phone`,
}

/** One link being edited: its schedule as the owner's clock reads it (datetime-local). */
type DraftLink = {
	/** The row's key: the link's id, or one made for a new link. */
	key: string
	linkId?: string
	title: string
	url: string
	/** The icon chosen; null: automatic. */
	icon: string | null
	active: boolean
	highlight: boolean
	startsAt: string
	endsAt: string
	/** The instants as saved: sent back as they were when their local time is not changed. */
	saved: { startsAt: string | null; endsAt: string | null }
}

const draftOf = (link: OwnLink, zone: string): DraftLink => ({
	key: link.linkId,
	linkId: link.linkId,
	title: link.title,
	url: link.url,
	icon: link.icon,
	active: link.active,
	highlight: link.highlight,
	startsAt: localInputOf(link.startsAt, zone),
	endsAt: localInputOf(link.endsAt, zone),
	saved: { startsAt: link.startsAt, endsAt: link.endsAt },
})

/** A schedule's local time as the instant to save: the saved one when unchanged. */
function instantToSave(local: string, saved: string | null, zone: string) {
	if (!local) return null
	if (saved && localInputOf(saved, zone) === local) return saved
	// An unreadable value goes as typed: the server names it ('Enter a valid date and time').
	return instantOf(local, zone) ?? local
}

function LinksEditor({
	data,
	close,
	reload,
}: {
	data: LinksEditorData
	close: () => void
	reload: Reload
}) {
	const { t, i18n } = useLingui()
	const [zone] = useState(browserTimeZone)
	const [items, setItems] = useDraft<DraftLink[]>(() =>
		data.items.map((link) => draftOf(link, zone)),
	)
	const editor = useEditor('links', close, t`Links updated`, data.version)
	// Rows open for editing: new ones, those the owner opened, and any the server refused.
	const [open, setOpen] = useState<Set<string>>(() => new Set())
	const made = useRef(0)
	const [added, setAdded] = useState<string | null>(null)
	const listRef = useRef<HTMLOListElement>(null)
	useEffect(() => {
		if (!added) return
		listRef.current?.querySelector<HTMLElement>(`[data-row="${CSS.escape(added)}"] input`)?.focus()
	}, [added])

	const brandTitles = new Map(data.brands.map((brand) => [brand.slug, brand.title]))
	const iconName = (slug: string) =>
		brandTitles.get(slug) ?? i18n._(GENERIC_NAMES[slug] ?? GENERIC_NAMES.link!)
	const nameOf = (item: DraftLink, index: number) => {
		const number = i18n.number(index + 1)
		return item.title.trim() || t`Link ${number}`
	}
	const byKey = new Map(items.map((item) => [item.key, item]))
	const sortable = useReorder({
		ids: items.map((item) => item.key),
		nameOf: (key) => {
			const item = byKey.get(key)
			return item ? nameOf(item, items.indexOf(item)) : ''
		},
		// A new order is part of the draft, saved with the rest.
		onCommit: (order) =>
			setItems(order.map((key) => byKey.get(key)).filter((item): item is DraftLink => !!item)),
	})

	const update = (key: string, patch: Partial<DraftLink>) =>
		setItems((current) =>
			current.map((item) =>
				item.key === key
					? { ...item, ...patch }
					: // One highlighted link: choosing one unchooses the other.
						patch.highlight
						? { ...item, highlight: false }
						: item,
			),
		)
	const remove = (key: string) => setItems((current) => current.filter((item) => item.key !== key))
	const add = () => {
		made.current += 1
		const key = `new-${made.current}`
		setItems((current) => [
			...current,
			{
				key,
				title: '',
				url: '',
				icon: null,
				active: true,
				highlight: false,
				startsAt: '',
				endsAt: '',
				saved: { startsAt: null, endsAt: null },
			},
		])
		setOpen((current) => new Set(current).add(key))
		setAdded(key)
	}

	const submit = () =>
		editor.submit({
			links: items.map((item) => ({
				...(item.linkId ? { linkId: item.linkId } : {}),
				title: item.title,
				url: withHttps(item.url),
				icon: item.icon,
				active: item.active,
				highlight: item.highlight,
				startsAt: instantToSave(item.startsAt, item.saved.startsAt, zone),
				endsAt: instantToSave(item.endsAt, item.saved.endsAt, zone),
			})),
		})

	const full = items.length >= LINKS_MAX
	const count = i18n.number(items.length, { useGrouping: false })
	const max = i18n.number(LINKS_MAX, { useGrouping: false })
	const now = new Date()
	const shownItems = sortable.order
		.map((key) => byKey.get(key))
		.filter((item): item is DraftLink => !!item)
	return (
		<EditorForm editor={editor} reload={reload} onSubmit={submit}>
			<p className="text-muted text-sm">
				<Trans>
					Dates and times are in your time zone:{' '}
					<bdi dir="ltr" className="text-ink font-medium">
						{zone}
					</bdi>
				</Trans>
			</p>
			{sortable.instructions}
			{sortable.liveRegion}
			{items.length === 0 ? (
				<p className="text-muted text-sm">
					<Trans>Nothing here yet.</Trans>
				</p>
			) : null}
			<ol ref={listRef} className="flex flex-col gap-3">
				{shownItems.map((item) => {
					const index = items.indexOf(item)
					const name = nameOf(item, index)
					const prefix = `links.${index}`
					const hasError = Boolean(errorUnder(editor.errors, prefix))
					const expanded = open.has(item.key) || hasError
					const resolved = item.icon ?? autoIcon(withHttps(item.url), data.hosts)
					const status = linkStatus(
						{
							active: item.active,
							startsAt: instantOf(item.startsAt, zone),
							endsAt: instantOf(item.endsAt, zone),
						},
						now,
					)
					return (
						<li
							key={item.key}
							ref={sortable.rowRef(item.key)}
							data-row={item.key}
							className={cx(
								'border-line bg-surface rounded-2xl border',
								sortable.dragging === item.key && 'ring-brand relative z-10 shadow-lg ring-2',
							)}
						>
							<fieldset className="min-w-0 p-3 sm:p-4">
								<legend className="sr-only">{name}</legend>
								<LinkSummary
									item={item}
									name={name}
									drawing={data.icons[resolved]}
									status={status}
									zone={zone}
									handle={
										<button
											type="button"
											{...sortable.handleProps(item.key)}
											className="btn-ghost -ms-1 size-10 min-h-10 shrink-0 cursor-grab p-0 active:cursor-grabbing"
											aria-label={t`Reorder ${name}`}
											title={t`Drag to reorder`}
										>
											<GripIcon />
										</button>
									}
									toggle={
										<button
											type="button"
											className="btn-ghost size-10 min-h-10 shrink-0 p-0"
											aria-expanded={expanded}
											aria-controls={`${item.key}-fields`}
											aria-label={t`Edit ${name}`}
											title={t`Edit`}
											onClick={() =>
												setOpen((current) => {
													const next = new Set(current)
													if (next.has(item.key)) next.delete(item.key)
													else next.add(item.key)
													return next
												})
											}
										>
											<PencilIcon />
										</button>
									}
								/>
								{expanded ? (
									<LinkFields
										id={`${item.key}-fields`}
										item={item}
										name={name}
										prefix={prefix}
										errors={editor.errors}
										data={data}
										autoName={iconName(autoIcon(withHttps(item.url), data.hosts))}
										iconName={iconName}
										drawing={data.icons[resolved]}
										update={(patch) => update(item.key, patch)}
										remove={() => remove(item.key)}
									/>
								) : null}
							</fieldset>
						</li>
					)
				})}
			</ol>
			<button type="button" className="btn-secondary" disabled={full} onClick={add}>
				<PlusIcon className="size-4" />
				<Trans>Add link</Trans>
			</button>
			<p className="text-muted -mt-2 text-end text-xs tabular-nums">{t`${count}/${max} links`}</p>
		</EditorForm>
	)
}

/** A link's row when closed: its handle, icon, title, address, what visitors see of it. */
function LinkSummary({
	item,
	name,
	drawing,
	status,
	zone,
	handle,
	toggle,
}: {
	item: DraftLink
	name: string
	drawing: IconDrawings[string] | undefined
	status: ReturnType<typeof linkStatus>
	zone: string
	handle: ReactNode
	toggle: ReactNode
}) {
	const { t, i18n } = useLingui()
	const { _ } = useLinguiRuntime()
	const when = (local: string) => {
		const instant = instantOf(local, zone)
		return instant
			? i18n.date(new Date(instant), { dateStyle: 'medium', timeStyle: 'short', timeZone: zone })
			: null
	}
	const start = when(item.startsAt)
	const end = when(item.endsAt)
	const schedule =
		start && end
			? t`Visible from ${start} until ${end}`
			: start
				? t`Visible from ${start}`
				: end
					? t`Visible until ${end}`
					: null
	return (
		<div className="flex items-center gap-2">
			{handle}
			<DrawnIcon drawing={drawing} className="text-muted size-5" />
			<div className="min-w-0 flex-1">
				{/* The owner's words in their own direction, lined up where the page's lines start. */}
				<p className="truncate text-sm font-semibold">
					<bdi>{name}</bdi>
				</p>
				{item.url ? (
					// Left to right, cut at its end (never its beginning) on a right-to-left page too,
					// lined up where that page's lines start.
					<p dir="ltr" className="text-muted truncate text-xs rtl:text-right">
						{item.url}
					</p>
				) : null}
				{status !== 'live' || item.highlight || schedule ? (
					<div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs">
						{item.highlight ? (
							<span className="bg-brand-50 text-brand-800 rounded-full px-2 py-0.5 font-semibold">
								<Trans>Highlighted</Trans>
							</span>
						) : null}
						{status !== 'live' ? (
							<span className="bg-canvas text-muted rounded-full px-2 py-0.5 font-semibold">
								{_(STATUS_LABELS[status])}
							</span>
						) : null}
						{schedule ? <span className="text-muted">{schedule}</span> : null}
					</div>
				) : null}
			</div>
			{toggle}
		</div>
	)
}

/** A link's fields, shown when its row is open. */
function LinkFields({
	id,
	item,
	name,
	prefix,
	errors,
	data,
	autoName,
	iconName,
	drawing,
	update,
	remove,
}: {
	id: string
	item: DraftLink
	name: string
	prefix: string
	errors: Record<string, string>
	data: LinksEditorData
	autoName: string
	iconName: (slug: string) => string
	drawing: IconDrawings[string] | undefined
	update: (patch: Partial<DraftLink>) => void
	remove: () => void
}) {
	const { t } = useLingui()
	// The name the remove button says (the same message as the resume lists' button).
	const label = name
	const iconId = useId()
	const activeId = useId()
	const highlightId = useId()
	const iconError = errorUnder(errors, `${prefix}.icon`)
	const highlightError = errorUnder(errors, `${prefix}.highlight`)
	// A refusal of the item itself, not of one of its fields (an unknown linkId).
	const known = ['title', 'url', 'icon', 'highlight', 'startsAt', 'endsAt', 'active']
	const otherError = Object.entries(errors).find(
		([key]) =>
			key === prefix ||
			(key.startsWith(`${prefix}.`) && !known.includes(key.slice(prefix.length + 1))),
	)?.[1]
	return (
		<div id={id} className="mt-3 flex flex-col gap-3">
			<FieldError id={`${id}-error`} error={otherError} />
			<TextInput
				label={t`Title`}
				value={item.title}
				onChange={(title) => update({ title })}
				error={errorUnder(errors, `${prefix}.title`)}
				placeholder={t`My newsletter`}
				limit={{ chars: LINK_TITLE_MAX }}
			/>
			<TextInput
				label={t`URL`}
				type="url"
				value={item.url}
				onChange={(url) => update({ url })}
				error={errorUnder(errors, `${prefix}.url`)}
				placeholder="https://"
				hint={t`A web address, or mailto: and an email, or tel: and a phone number.`}
			/>
			<div className="min-w-0">
				<label htmlFor={iconId} className="field-label">
					<Trans>Icon</Trans>
				</label>
				<div className="flex items-center gap-3">
					<span className="border-line bg-canvas text-ink inline-flex size-11 shrink-0 items-center justify-center rounded-xl border">
						<DrawnIcon drawing={drawing} />
					</span>
					<select
						id={iconId}
						value={item.icon ?? ''}
						onChange={(event) => update({ icon: event.target.value || null })}
						aria-invalid={iconError ? true : undefined}
						aria-describedby={iconError ? `${iconId}-error` : undefined}
						className="field-input min-w-0"
					>
						<option value="">{t`Automatic (${autoName})`}</option>
						<optgroup label={t`Brands`}>
							{data.brands.map((brand) => (
								<option key={brand.slug} value={brand.slug}>
									{brand.title}
								</option>
							))}
						</optgroup>
						<optgroup label={t`Other icons`}>
							{Object.keys(GENERIC_NAMES).map((slug) => (
								<option key={slug} value={slug}>
									{iconName(slug)}
								</option>
							))}
						</optgroup>
					</select>
				</div>
				<FieldError id={`${iconId}-error`} error={iconError} />
			</div>
			<div className="flex flex-wrap items-center gap-x-6 gap-y-3">
				<label htmlFor={activeId} className="flex items-center gap-2.5 text-sm font-medium">
					<input
						id={activeId}
						type="checkbox"
						className="accent-brand size-5 shrink-0"
						checked={item.active}
						onChange={(event) => update({ active: event.target.checked })}
					/>
					<Trans>Visible</Trans>
				</label>
				<div>
					<label htmlFor={highlightId} className="flex items-center gap-2.5 text-sm font-medium">
						<input
							id={highlightId}
							type="checkbox"
							className="accent-brand size-5 shrink-0"
							checked={item.highlight}
							onChange={(event) => update({ highlight: event.target.checked })}
							aria-invalid={highlightError ? true : undefined}
							aria-describedby={highlightError ? `${highlightId}-error` : undefined}
						/>
						<Trans>Highlight this link</Trans>
					</label>
					<FieldError id={`${highlightId}-error`} error={highlightError} />
				</div>
			</div>
			<div className="grid gap-3 sm:grid-cols-2">
				<TextInput
					label={t`Visible from`}
					type="datetime-local"
					value={item.startsAt}
					onChange={(startsAt) => update({ startsAt })}
					error={errorUnder(errors, `${prefix}.startsAt`)}
				/>
				<TextInput
					label={t`Visible until`}
					type="datetime-local"
					value={item.endsAt}
					onChange={(endsAt) => update({ endsAt })}
					error={errorUnder(errors, `${prefix}.endsAt`)}
				/>
			</div>
			<p className="text-muted -mt-1 text-xs">
				<Trans>Leave both empty to show the link all the time.</Trans>
			</p>
			<div className="flex justify-end">
				<button type="button" className="btn-ghost min-h-10 text-red-700" onClick={remove}>
					<TrashIcon />
					<Trans>
						Remove<span className="sr-only"> {label}</span>
					</Trans>
				</button>
			</div>
		</div>
	)
}

/**
 * The Links editor's modal, opened from the profile's 'Links' section. Its code loads the first
 * time the owner opens it (app/routes/builder._index.tsx), not with the builder.
 */
export default function LinksEditorModal({
	open,
	onClose,
	data,
}: {
	open: boolean
	onClose: () => void
	data: LinksEditorData
}) {
	const { t } = useLingui()
	const close = useCallback(() => onClose(), [onClose])
	const { generation, ...reload } = useSectionReload(data)
	return (
		<Modal
			open={open}
			onOpenChange={(next) => (next ? null : close())}
			title={t`Edit links`}
			size="lg"
		>
			{open ? (
				<Fragment key={generation}>
					<LinksEditor data={data} close={close} reload={reload} />
				</Fragment>
			) : null}
		</Modal>
	)
}
