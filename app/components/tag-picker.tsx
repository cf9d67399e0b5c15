import { type MessageDescriptor } from '@lingui/core'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type KeyboardEvent } from 'react'
import {
	choicesWithOwn,
	optionLabel,
	OWN_CHOICE_MAX,
	TAGS_MAX,
	type OptionKind,
} from '~/data/options'
import { cx } from '~/utils/misc'
import { ErrorList } from './forms'
import { CloseIcon, PlusIcon } from './icons'

/** What a picker says about its list, each a whole message ('Chosen industries'). */
export type TagPickerText = {
	label: MessageDescriptor
	chosen: MessageDescriptor
	filter: MessageDescriptor
	search: MessageDescriptor
	options: MessageDescriptor
}

/** Lower case, without accents: 'Energía' is found by 'energia'. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * A multi-select over a list of suggestions that also takes the owner's own words: the chosen
 * tags as removable chips, a filter field, the (filtered) suggestions as checkboxes, and an
 * 'Add' button for a word that is not among them. Enter in the filter picks the exact or first
 * match, else adds the word typed. Empty and repeated choices (any case) are ignored; a
 * suggestion takes the list's own spelling, an own word is kept as typed (at most
 * OWN_CHOICE_MAX characters, TAGS_MAX tags). A suggestion is shown in the page's language
 * (`optionLabel`) and found by its shown name or its stored key; the key is what is kept.
 */
export function TagPicker({
	text,
	kind,
	options,
	value,
	onChange,
	error,
	hint,
}: {
	text: TagPickerText
	/** Which fixed list the suggestions are (their names in the catalogs). */
	kind: OptionKind
	options: readonly string[]
	value: readonly string[]
	onChange: (value: string[]) => void
	error?: string
	hint?: string
}) {
	const { t, i18n } = useLingui()
	const id = useId()
	const [filter, setFilter] = useState('')
	const labelOf = (choice: string) => optionLabel(i18n, kind, choice)
	const chosen = choicesWithOwn(value, options)
	const typed = filter.trim()
	const query = folded(typed)
	const matches = (option: string) =>
		folded(labelOf(option)).includes(query) || folded(option).includes(query)
	const shown = query ? options.filter(matches) : options
	const full = chosen.length >= TAGS_MAX
	const exact = options.find(
		(option) => folded(labelOf(option)) === query || folded(option) === query,
	)
	const isChosen = chosen.some((tag) => folded(tag) === query || folded(labelOf(tag)) === query)
	// A word of the owner's own: offered when it is not a suggestion, nor chosen already.
	const own = typed && !exact && !isChosen ? typed : ''
	const ownTooLong = own.length > OWN_CHOICE_MAX
	const ownLength = own.length
	const count = chosen.length

	const add = (choice: string) => {
		if (full) return
		onChange(choicesWithOwn([...chosen, choice], options))
	}
	const remove = (choice: string) => onChange(chosen.filter((tag) => tag !== choice))
	const toggle = (choice: string, on: boolean) => (on ? add(choice) : remove(choice))
	const addOwn = () => {
		if (!own || ownTooLong || full) return
		add(own)
		setFilter('')
	}

	const onFilterKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
		if (event.key !== 'Enter') return
		// Enter picks a match (or adds the word typed) instead of submitting the form.
		event.preventDefault()
		if (!query) return
		const pick = exact ?? shown.find((option) => !chosen.includes(option))
		if (pick) {
			add(pick)
			setFilter('')
		} else addOwn()
	}

	const describedBy = cx(`${id}-hint`, error && `${id}-error`)
	return (
		<fieldset className="min-w-0" aria-describedby={describedBy}>
			<legend className="field-label">{i18n._(text.label)}</legend>
			{chosen.length ? (
				<ul className="mb-2 flex flex-wrap gap-1.5" aria-label={i18n._(text.chosen)}>
					{chosen.map((tag) => {
						const shownTag = labelOf(tag)
						return (
							<li key={tag}>
								<button
									type="button"
									onClick={() => remove(tag)}
									aria-label={t`Remove ${shownTag}`}
									className="bg-brand-50 text-brand-800 hover:bg-brand-100 border-brand-200 inline-flex min-h-8 max-w-full items-center gap-1.5 rounded-full border py-1 ps-3 pe-2 text-start text-sm font-medium wrap-anywhere transition-colors"
								>
									<span dir="auto">{shownTag}</span>
									<CloseIcon className="size-3.5 shrink-0" strokeWidth={2.2} />
								</button>
							</li>
						)
					})}
				</ul>
			) : (
				<p className="text-muted mb-2 text-sm">
					<Trans>None chosen yet.</Trans>
				</p>
			)}
			<div className="border-line bg-surface overflow-hidden rounded-xl border">
				<label htmlFor={`${id}-filter`} className="sr-only">
					{i18n._(text.filter)}
				</label>
				<input
					id={`${id}-filter`}
					type="search"
					dir="auto"
					value={filter}
					onChange={(event) => setFilter(event.target.value)}
					onKeyDown={onFilterKeyDown}
					placeholder={i18n._(text.search)}
					aria-controls={`${id}-options`}
					aria-invalid={error ? true : undefined}
					aria-describedby={describedBy}
					autoComplete="off"
					className="border-line placeholder:text-muted/70 focus:bg-brand-50/40 block min-h-11 w-full border-b px-3.5 py-2.5 text-base focus:outline-none"
				/>
				{own ? (
					<div className="border-line border-b p-1.5">
						<button
							type="button"
							onClick={addOwn}
							disabled={ownTooLong || full}
							className="hover:bg-canvas text-brand-800 flex min-h-10 w-full items-center gap-2 rounded-lg px-2.5 text-start text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60"
						>
							<PlusIcon className="size-4 shrink-0" />
							<span className="min-w-0 wrap-anywhere">
								<Trans>
									Add “<span dir="auto">{own}</span>”
								</Trans>
							</span>
						</button>
						{ownTooLong ? (
							<p className="px-2.5 pb-1 text-sm text-red-700" role="status">
								{t`Your own words can be at most ${plural(OWN_CHOICE_MAX, {
									one: '# character',
									other: '# characters',
								})} (${ownLength} now).`}
							</p>
						) : null}
					</div>
				) : null}
				<div
					id={`${id}-options`}
					role="group"
					aria-label={i18n._(text.options)}
					className="max-h-52 overflow-y-auto p-1.5"
				>
					{shown.length ? (
						shown.map((option) => {
							const checked = chosen.includes(option)
							return (
								<label
									key={option}
									className={cx(
										'flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-2.5 text-sm',
										checked ? 'bg-brand-50 text-brand-800 font-medium' : 'hover:bg-canvas',
									)}
								>
									<input
										type="checkbox"
										checked={checked}
										disabled={full && !checked}
										onChange={(event) => toggle(option, event.target.checked)}
										className="accent-brand size-4.5 shrink-0"
									/>
									{labelOf(option)}
								</label>
							)
						})
					) : (
						<p className="text-muted px-2.5 py-2 text-sm">
							<Trans>
								No suggestions for “<span dir="auto">{typed}</span>”.
							</Trans>
						</p>
					)}
				</div>
			</div>
			<p className="text-muted mt-1 text-xs" aria-live="polite">
				{full
					? t`${plural(count, { one: '# selected', other: '# selected' })} (at most ${TAGS_MAX})`
					: t`${plural(count, { one: '# selected', other: '# selected' })}`}
				<span id={`${id}-hint`}>
					{' · '}
					{hint ?? t`Not in the list? Type your own and choose Add.`}
				</span>
			</p>
			<ErrorList id={`${id}-error`} errors={[error]} />
		</fieldset>
	)
}
