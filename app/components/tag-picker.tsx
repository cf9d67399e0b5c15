import { useId, useState, type KeyboardEvent } from 'react'
import { choicesWithOwn, OWN_CHOICE_MAX, TAGS_MAX } from '~/data/options'
import { cx } from '~/utils/misc'
import { ErrorList } from './forms'
import { CloseIcon, PlusIcon } from './icons'

/**
 * A multi-select over a list of suggestions that also takes the owner's own words: the chosen
 * tags as removable chips, a filter field, the (filtered) suggestions as checkboxes, and an
 * 'Add' button for a word that is not among them. Enter in the filter picks the exact or first
 * match, else adds the word typed. Empty and repeated choices (any case) are ignored; a
 * suggestion takes the list's own spelling, an own word is kept as typed (at most
 * OWN_CHOICE_MAX characters, TAGS_MAX tags).
 */
export function TagPicker({
	label,
	options,
	value,
	onChange,
	error,
	hint,
}: {
	label: string
	options: readonly string[]
	value: readonly string[]
	onChange: (value: string[]) => void
	error?: string
	hint?: string
}) {
	const id = useId()
	const [filter, setFilter] = useState('')
	const chosen = choicesWithOwn(value, options)
	const typed = filter.trim()
	const query = typed.toLowerCase()
	const shown = query ? options.filter((option) => option.toLowerCase().includes(query)) : options
	const full = chosen.length >= TAGS_MAX
	const exact = options.find((option) => option.toLowerCase() === query)
	const isChosen = chosen.some((tag) => tag.toLowerCase() === query)
	// A word of the owner's own: offered when it is not a suggestion, nor chosen already.
	const own = typed && !exact && !isChosen ? typed : ''
	const ownTooLong = own.length > OWN_CHOICE_MAX

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
			<legend className="field-label">{label}</legend>
			{chosen.length ? (
				<ul className="mb-2 flex flex-wrap gap-1.5" aria-label={`Chosen ${label.toLowerCase()}`}>
					{chosen.map((tag) => (
						<li key={tag}>
							<button
								type="button"
								onClick={() => remove(tag)}
								aria-label={`Remove ${tag}`}
								className="bg-brand-50 text-brand-800 hover:bg-brand-100 border-brand-200 inline-flex min-h-8 max-w-full items-center gap-1.5 rounded-full border py-1 pr-2 pl-3 text-start text-sm font-medium wrap-anywhere transition-colors"
							>
								<span dir="auto">{tag}</span>
								<CloseIcon className="size-3.5 shrink-0" strokeWidth={2.2} />
							</button>
						</li>
					))}
				</ul>
			) : (
				<p className="text-muted mb-2 text-sm">None chosen yet.</p>
			)}
			<div className="border-line bg-surface overflow-hidden rounded-xl border">
				<label htmlFor={`${id}-filter`} className="sr-only">
					Filter {label.toLowerCase()}, or type your own
				</label>
				<input
					id={`${id}-filter`}
					type="search"
					dir="auto"
					value={filter}
					onChange={(event) => setFilter(event.target.value)}
					onKeyDown={onFilterKeyDown}
					placeholder={`Search ${label.toLowerCase()}`}
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
								Add “<span dir="auto">{own}</span>”
							</span>
						</button>
						{ownTooLong ? (
							<p className="px-2.5 pb-1 text-sm text-red-700" role="status">
								Your own words can be at most {OWN_CHOICE_MAX} characters ({own.length} now).
							</p>
						) : null}
					</div>
				) : null}
				<div
					id={`${id}-options`}
					role="group"
					aria-label={`${label} options`}
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
									{option}
								</label>
							)
						})
					) : (
						<p className="text-muted px-2.5 py-2 text-sm">No suggestions for “{typed}”.</p>
					)}
				</div>
			</div>
			<p className="text-muted mt-1 text-xs" aria-live="polite">
				{chosen.length} selected
				{full ? ` (at most ${TAGS_MAX})` : ''}
				<span id={`${id}-hint`}>
					{' · '}
					{hint ?? 'Not in the list? Type your own and choose Add.'}
				</span>
			</p>
			<ErrorList id={`${id}-error`} errors={[error]} />
		</fieldset>
	)
}
