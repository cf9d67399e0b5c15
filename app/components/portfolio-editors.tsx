/**
 * The builder's edit modals for a project, one per section (head, skills, challenges, solutions,
 * result). Like the profile editors: JSON submit with an intent, 'Update In Progress' while
 * busy, the modal closes on success and stays open with 'Please try again' on failure. List
 * fields are edited one item per line; a hidden portfolioId goes with every edit.
 */
import { useFetcher } from '@remix-run/react'
import { useCallback, useEffect, useRef } from 'react'
import toast from 'react-hot-toast'
import { INDUSTRIES, PROJECT_CATEGORIES, SKILLS } from '~/data/options'
import { type PortfolioItem } from '~/models/portfolio.server'
import { type EditorResult } from '~/utils/editor'
import { PORTFOLIO_LIMITS } from '~/utils/field-limits'
import { STATUS_LABELS, type PortfolioSection, type StatusField } from '~/utils/portfolio-schemas'
import { errorUnder, TextArea, TextInputs, type TextFields } from './editor-fields'
import { EditorForm, useEditor, useSectionReload, type Reload } from './editor-form'
import { Modal, useDraft } from './modal'
import { Switch } from './switch'
import { TagPicker } from './tag-picker'

/** The head's tag fields: a picker each, over its own list of options. */
const TAG_FIELDS = [
	{ key: 'industries', label: 'Industries', options: INDUSTRIES },
	{ key: 'categories', label: 'Project Categories', options: PROJECT_CATEGORIES },
] as const

type EditorProps = { item: PortfolioItem; close: () => void; version?: string; reload: Reload }

const HEAD_FIELDS: TextFields<
	Pick<PortfolioItem, 'productName' | 'company' | 'role' | 'duration' | 'link'>
> = [
	{
		key: 'productName',
		label: 'Product Name',
		placeholder: 'Checkout redesign',
		limit: PORTFOLIO_LIMITS.productName,
	},
	[
		{ key: 'company', label: 'Agency Name', limit: PORTFOLIO_LIMITS.company },
		{ key: 'role', label: 'Role', placeholder: 'Lead designer', limit: PORTFOLIO_LIMITS.role },
	],
	{ key: 'duration', label: 'Duration', placeholder: '6 months', limit: PORTFOLIO_LIMITS.duration },
	{
		key: 'link',
		label: 'Project link',
		type: 'url',
		placeholder: 'https://example.com/work',
		limit: PORTFOLIO_LIMITS.link,
	},
]

function HeadEditor({ item, close, version, reload }: EditorProps) {
	const [draft, setDraft] = useDraft(() => ({
		productName: item.productName,
		company: item.company,
		role: item.role,
		projectSummary: item.projectSummary.join('\n'),
		duration: item.duration,
		industries: item.industries,
		categories: item.categories,
		link: item.link,
	}))
	const editor = useEditor('head', close, 'Product details updated', version)
	const set =
		<K extends keyof typeof draft>(key: K) =>
		(value: (typeof draft)[K]) =>
			setDraft((d) => ({ ...d, [key]: value }))
	const patch = (values: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...values }))
	return (
		<EditorForm
			editor={editor}
			reload={reload}
			onSubmit={() => editor.submit({ portfolioId: item.portfolioId, ...draft })}
		>
			<input type="hidden" name="portfolioId" value={item.portfolioId} />
			<TextInputs
				fields={HEAD_FIELDS.slice(0, 2)}
				values={draft}
				onChange={patch}
				errors={editor.errors}
			/>
			<TextArea
				label="Project Summary"
				rows={6}
				value={draft.projectSummary}
				onChange={set('projectSummary')}
				hint="One paragraph per line."
				error={errorUnder(editor.errors, 'projectSummary')}
				limit={{ lines: PORTFOLIO_LIMITS.summaryLines, lineChars: PORTFOLIO_LIMITS.summaryLine }}
			/>
			<TextInputs
				fields={HEAD_FIELDS.slice(2)}
				values={draft}
				onChange={patch}
				errors={editor.errors}
			/>
			{TAG_FIELDS.map(({ key, label, options }) => (
				<TagPicker
					key={key}
					label={label}
					options={options}
					value={draft[key]}
					onChange={set(key)}
					error={errorUnder(editor.errors, key)}
				/>
			))}
		</EditorForm>
	)
}

function SkillsEditor({ item, close, version, reload }: EditorProps) {
	const [skills, setSkills] = useDraft(() => item.skills)
	const editor = useEditor('skills', close, 'Skills updated', version)
	return (
		<EditorForm
			editor={editor}
			reload={reload}
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
	version,
	reload,
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
	const [text, setText] = useDraft(() => item[field].join('\n'))
	const editor = useEditor(section, close, successMessage, version)
	return (
		<EditorForm
			editor={editor}
			reload={reload}
			onSubmit={() => editor.submit({ portfolioId: item.portfolioId, [field]: text })}
		>
			<input type="hidden" name="portfolioId" value={item.portfolioId} />
			<TextArea
				label={label}
				rows={8}
				value={text}
				placeholder={placeholder}
				onChange={setText}
				hint="One item per line."
				error={errorUnder(editor.errors, field)}
				limit={{ lines: PORTFOLIO_LIMITS.listLines, lineChars: PORTFOLIO_LIMITS.listLine }}
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

const LINES_EDITORS = {
	challenges: {
		field: 'challenges',
		label: 'Challenges',
		placeholder: 'Add project challenges here...',
		successMessage: 'Challenges updated',
	},
	solutions: {
		field: 'solution',
		label: 'Solutions',
		placeholder: 'Add project solutions here...',
		successMessage: 'Solutions updated',
	},
	result: {
		field: 'results',
		label: 'Result',
		placeholder: 'Add project results here...',
		successMessage: 'Result updated',
	},
} as const

/** The modal for the section being edited. */
export function PortfolioEditorModal({
	section,
	onClose,
	item,
	versions,
}: {
	section: PortfolioSection | null
	onClose: () => void
	item: PortfolioItem
	/** Each section's version in the page's data: a stale one is refused when saving. */
	versions: Partial<Record<PortfolioSection, string>>
}) {
	const close = useCallback(() => onClose(), [onClose])
	const { generation, ...reload } = useSectionReload(versions)
	const base = section ? { item, close, version: versions[section], reload } : null
	return (
		<Modal
			open={section !== null}
			onOpenChange={(open) => (open ? null : close())}
			title={section ? TITLES[section] : ''}
			size={section === 'head' || section === 'skills' ? 'lg' : 'md'}
		>
			{/* A reload starts the editor again (a new key) from the latest saved section. */}
			{base && section === 'head' ? <HeadEditor key={generation} {...base} /> : null}
			{base && section === 'skills' ? <SkillsEditor key={generation} {...base} /> : null}
			{base && (section === 'challenges' || section === 'solutions' || section === 'result') ? (
				<LinesEditor
					key={`${section}-${generation}`}
					{...base}
					section={section}
					{...LINES_EDITORS[section]}
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
