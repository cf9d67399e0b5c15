/**
 * The builder's edit modals for a project, one per section (head, skills, challenges, solutions,
 * result). Like the profile editors: JSON submit with an intent, 'Update In Progress' while
 * busy, the modal closes on success and stays open with 'Please try again' on failure. List
 * fields are edited one item per line; a hidden portfolioId goes with every edit.
 */
import { useFetcher } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import toast from 'react-hot-toast'
import { INDUSTRIES, PROJECT_CATEGORIES, SKILLS } from '~/data/options'
import { type PortfolioItem } from '~/models/portfolio.server'
import { type EditorResult } from '~/utils/editor'
import { STATUS_LABELS, type PortfolioSection, type StatusField } from '~/utils/portfolio-schemas'
import { EditorForm, useEditor } from './editor-form'
import { Field, TextareaField } from './forms'
import { Modal } from './modal'
import { Switch } from './switch'
import { TagPicker } from './tag-picker'

type EditorProps = { item: PortfolioItem; close: () => void }

function errorUnder(errors: Record<string, string>, prefix: string) {
	const key = Object.keys(errors).find(
		(candidate) => candidate === prefix || candidate.startsWith(`${prefix}.`),
	)
	return key ? errors[key] : undefined
}

function HeadEditor({ item, close }: EditorProps) {
	const [draft, setDraft] = useState({
		productName: item.productName,
		company: item.company,
		role: item.role,
		projectSummary: item.projectSummary.join('\n'),
		duration: item.duration,
	})
	const [industries, setIndustries] = useState(item.industries)
	const [categories, setCategories] = useState(item.categories)
	const editor = useEditor('head', close, 'Product details updated')
	const input = (key: Exclude<keyof typeof draft, 'projectSummary'>) => ({
		name: key,
		value: draft[key],
		onChange: (event: { target: { value: string } }) =>
			setDraft((d) => ({ ...d, [key]: event.target.value })),
	})
	return (
		<EditorForm
			busy={editor.busy}
			failed={editor.failed}
			onSubmit={() =>
				editor.submit({ portfolioId: item.portfolioId, ...draft, industries, categories })
			}
		>
			<input type="hidden" name="portfolioId" value={item.portfolioId} />
			<Field
				labelProps={{ children: 'Product Name' }}
				inputProps={{ ...input('productName'), placeholder: 'Checkout redesign' }}
				errors={[editor.errors.productName]}
			/>
			<div className="grid gap-4 sm:grid-cols-2">
				<Field
					labelProps={{ children: 'Agency Name' }}
					inputProps={input('company')}
					errors={[editor.errors.company]}
				/>
				<Field
					labelProps={{ children: 'Role' }}
					inputProps={{ ...input('role'), placeholder: 'Lead designer' }}
					errors={[editor.errors.role]}
				/>
			</div>
			<TextareaField
				labelProps={{ children: 'Project Summary' }}
				textareaProps={{
					name: 'projectSummary',
					rows: 6,
					value: draft.projectSummary,
					onChange: (event) => setDraft((d) => ({ ...d, projectSummary: event.target.value })),
				}}
				hint="One paragraph per line."
				errors={[errorUnder(editor.errors, 'projectSummary')]}
			/>
			<Field
				labelProps={{ children: 'Duration' }}
				inputProps={{ ...input('duration'), placeholder: '6 months' }}
				errors={[editor.errors.duration]}
			/>
			<TagPicker
				label="Industries"
				options={INDUSTRIES}
				value={industries}
				onChange={setIndustries}
				error={errorUnder(editor.errors, 'industries')}
			/>
			<TagPicker
				label="Project Categories"
				options={PROJECT_CATEGORIES}
				value={categories}
				onChange={setCategories}
				error={errorUnder(editor.errors, 'categories')}
			/>
		</EditorForm>
	)
}

function SkillsEditor({ item, close }: EditorProps) {
	const [skills, setSkills] = useState(item.skills)
	const editor = useEditor('skills', close, 'Skills updated')
	return (
		<EditorForm
			busy={editor.busy}
			failed={editor.failed}
			onSubmit={() => editor.submit({ portfolioId: item.portfolioId, skills })}
		>
			<input type="hidden" name="portfolioId" value={item.portfolioId} />
			<TagPicker
				label="Skills And Expertise"
				options={SKILLS}
				value={skills}
				onChange={setSkills}
				error={errorUnder(editor.errors, 'skills')}
			/>
		</EditorForm>
	)
}

/** Challenges, solutions and results: one text area, one item per line. */
function LinesEditor({
	item,
	close,
	section,
	field,
	label,
	placeholder,
	successMessage,
}: EditorProps & {
	section: 'challenges' | 'solutions' | 'result'
	field: 'challenges' | 'solution' | 'results'
	label: string
	placeholder: string
	successMessage: string
}) {
	const [text, setText] = useState(item[field].join('\n'))
	const editor = useEditor(section, close, successMessage)
	return (
		<EditorForm
			busy={editor.busy}
			failed={editor.failed}
			onSubmit={() => editor.submit({ portfolioId: item.portfolioId, [field]: text })}
		>
			<input type="hidden" name="portfolioId" value={item.portfolioId} />
			<TextareaField
				labelProps={{ children: label }}
				textareaProps={{
					name: field,
					rows: 8,
					value: text,
					placeholder,
					onChange: (event) => setText(event.target.value),
				}}
				hint="One item per line."
				errors={[errorUnder(editor.errors, field)]}
			/>
		</EditorForm>
	)
}

const TITLES: Record<PortfolioSection, string> = {
	head: 'Edit Product Details',
	skills: 'Edit Skills And Expertise',
	challenges: 'Edit Challenges',
	solutions: 'Edit Solutions',
	result: 'Edit Result',
}

/** The modal for the section being edited. */
export function PortfolioEditorModal({
	section,
	onClose,
	item,
}: {
	section: PortfolioSection | null
	onClose: () => void
	item: PortfolioItem
}) {
	const close = useCallback(() => onClose(), [onClose])
	return (
		<Modal
			open={section !== null}
			onOpenChange={(open) => (open ? null : close())}
			title={section ? TITLES[section] : ''}
			size={section === 'head' || section === 'skills' ? 'lg' : 'md'}
		>
			{section === 'head' ? <HeadEditor item={item} close={close} /> : null}
			{section === 'skills' ? <SkillsEditor item={item} close={close} /> : null}
			{section === 'challenges' ? (
				<LinesEditor
					item={item}
					close={close}
					section="challenges"
					field="challenges"
					label="Challenges"
					placeholder="Add project challenges here..."
					successMessage="Challenges updated"
				/>
			) : null}
			{section === 'solutions' ? (
				<LinesEditor
					item={item}
					close={close}
					section="solutions"
					field="solution"
					label="Solutions"
					placeholder="Add project solutions here..."
					successMessage="Solutions updated"
				/>
			) : null}
			{section === 'result' ? (
				<LinesEditor
					item={item}
					close={close}
					section="result"
					field="results"
					label="Result"
					placeholder="Add project results here..."
					successMessage="Result updated"
				/>
			) : null}
		</Modal>
	)
}

/** The answer of the 'status' intent of /builder/portfolio. */
export type StatusResult =
	| { ok: true; intent: 'status'; at: number; field: StatusField; value: boolean }
	| Extract<EditorResult, { ok: false }>

/** Where status switches submit (the portfolio list page's action). */
export const STATUS_ACTION = '/builder/portfolio?index'

export const STATUS_FAILED = 'Failed to update status'

/**
 * The 'Is Active' or 'Is Featured' switch of an item. It changes at once (showing the submitted
 * value while the call runs), toasts '{label} enabled' / '{label} disabled', and on failure
 * toasts 'Failed to update status' and shows the server's state again.
 */
export function StatusSwitch({
	item,
	field,
}: {
	item: Pick<PortfolioItem, 'portfolioId' | 'productName' | 'active' | 'featured'>
	field: StatusField
}) {
	const fetcher = useFetcher<StatusResult>({
		key: `portfolio-status-${item.portfolioId}-${field}`,
	})
	// Answers from before this switch mounted (the fetcher outlives the page) are not news.
	const handled = useRef(fetcher.data?.at ?? 0)
	useEffect(() => {
		const data = fetcher.data
		if (fetcher.state !== 'idle' || !data || handled.current === data.at) return
		handled.current = data.at
		if (data.ok) {
			toast.success(`${STATUS_LABELS[data.field]} ${data.value ? 'enabled' : 'disabled'}`)
		} else {
			toast.error(STATUS_FAILED)
		}
	}, [fetcher.state, fetcher.data])
	const pending = fetcher.json as Partial<Record<StatusField, unknown>> | undefined
	const value = pending?.[field]
	const checked = typeof value === 'boolean' ? value : item[field]
	const label = STATUS_LABELS[field]
	return (
		<Switch
			label={label}
			accessibleName={`${label}: ${item.productName || 'Untitled project'}`}
			checked={checked}
			onCheckedChange={(next) =>
				fetcher.submit(
					{ intent: 'status', portfolioId: item.portfolioId, [field]: next },
					{ method: 'POST', encType: 'application/json', action: STATUS_ACTION },
				)
			}
		/>
	)
}
