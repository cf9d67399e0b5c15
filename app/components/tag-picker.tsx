import { useId, useState, type KeyboardEvent } from 'react'
import { uniqueChoices } from '~/data/options'
import { cx } from '~/utils/misc'
import { ErrorList } from './forms'
import { CloseIcon } from './icons'

/**
 * A multi-select over a fixed list: the chosen tags as removable chips, a filter field, and the
 * (filtered) list as checkboxes. Enter in the filter picks the first match. Empty and repeated
 * choices are ignored; every choice takes the list's own spelling.
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
	const chosen = uniqueChoices(value, options)
	const query = filter.trim().toLowerCase()
	const shown = query ? options.filter((option) => option.toLowerCase().includes(query)) : options

	const add = (choice: string) => onChange(uniqueChoices([...chosen, choice], options))
	const remove = (choice: string) => onChange(chosen.filter((tag) => tag !== choice))
	const toggle = (choice: string, on: boolean) => (on ? add(choice) : remove(choice))

	const onFilterKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
		if (event.key !== 'Enter') return
		// Enter picks a match instead of submitting the form; nothing to pick is ignored.
		event.preventDefault()
		if (!query) return
		const exact = options.find((option) => option.toLowerCase() === query)
		const pick = exact ?? shown.find((option) => !chosen.includes(option))
		if (pick) {
			add(pick)
			setFilter('')
		}
	}

	return (
		<fieldset
			className="min-w-0"
			aria-describedby={cx(hint && `${id}-hint`, error && `${id}-error`) || undefined}
		>
			<legend className="field-label">{label}</legend>
			{chosen.length ? (
				<ul className="mb-2 flex flex-wrap gap-1.5" aria-label={`Chosen ${label.toLowerCase()}`}>
					{chosen.map((tag) => (
						<li key={tag}>
							<button
								type="button"
								onClick={() => remove(tag)}
								aria-label={`Remove ${tag}`}
								className="bg-brand-50 text-brand-800 hover:bg-brand-100 border-brand-200 inline-flex min-h-8 items-center gap-1.5 rounded-full border py-1 pr-2 pl-3 text-sm font-medium transition-colors"
							>
								{tag}
								<CloseIcon className="size-3.5" strokeWidth={2.2} />
							</button>
						</li>
					))}
				</ul>
			) : (
				<p className="text-muted mb-2 text-sm">None chosen yet.</p>
			)}
			<div className="border-line bg-surface overflow-hidden rounded-xl border">
				<label htmlFor={`${id}-filter`} className="sr-only">
					Filter {label.toLowerCase()}
				</label>
				<input
					id={`${id}-filter`}
					type="search"
					value={filter}
					onChange={(event) => setFilter(event.target.value)}
					onKeyDown={onFilterKeyDown}
					placeholder={`Search ${label.toLowerCase()}`}
					aria-controls={`${id}-options`}
					autoComplete="off"
					className="border-line placeholder:text-muted/70 focus:bg-brand-50/40 block min-h-11 w-full border-b px-3.5 py-2.5 text-base focus:outline-none"
				/>
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
										onChange={(event) => toggle(option, event.target.checked)}
										className="accent-brand size-4.5 shrink-0"
									/>
									{option}
								</label>
							)
						})
					) : (
						<p className="text-muted px-2.5 py-2 text-sm">No matches for “{filter.trim()}”.</p>
					)}
				</div>
			</div>
			<p className="text-muted mt-1 text-xs" aria-live="polite">
				{chosen.length} selected
				{hint ? (
					<span id={`${id}-hint`}>
						{' · '}
						{hint}
					</span>
				) : null}
			</p>
			<ErrorList id={`${id}-error`} errors={[error]} />
		</fieldset>
	)
}
